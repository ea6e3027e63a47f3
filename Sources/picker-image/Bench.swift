import Foundation
import PickerImaging

/// `picker-image bench`: the reference workload, timed. A 4032×3024 opaque RGBA photo (seeded
/// noise over gradients); crop (400,100,2800,2800) and area-average it to 1024×1024; the same
/// with Lanczos-3; turn the whole photo a quarter turn (EXIF 6); the avatar pipeline (crop,
/// scale, circle mask); and a plain copy, the memory-bandwidth floor. Single thread, median of
/// `runs`.
struct Bench {
    var runs = 7
    var json = false

    static let crop = PixelRect(x: 400, y: 100, width: 2800, height: 2800)
    static let output = PixelSize(width: 1024, height: 1024)

    func run() throws {
        let photo = try Self.photo()
        var results: [(String, Double)] = []
        results.append(("area_crop_scale_ms", try time { _ = try photo.resampled(displayRect: Self.crop, to: Self.output, filter: .area) }))
        results.append(("lanczos_crop_scale_ms", try time { _ = try photo.resampled(displayRect: Self.crop, to: Self.output, filter: .lanczos3) }))
        let pipeline = AvatarPipeline(crop: Self.crop, outputSize: Self.output, filter: .area, mask: .circle)
        results.append(("pipeline_circle_ms", try time { _ = try pipeline.render(photo) }))
        var turned = photo
        turned.orientation = .right
        results.append(("rotate90_ms", try time { _ = turned.normalized() }))
        results.append(("copy_ms", try time { _ = photo.copiedBytes() }))
        if json {
            let body = results.map { "\"\($0.0)\": \(String(format: "%.2f", $0.1))" }.joined(separator: ", ")
            print("{\(body)}")
        } else {
            for (name, ms) in results { print(name.padding(toLength: 24, withPad: " ", startingAt: 0) + String(format: "%8.2f", ms)) }
        }
    }

    /// The median wall time of `runs` calls, in milliseconds.
    func time(_ body: () throws -> Void) throws -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return samples.sorted()[samples.count / 2]
    }

    /// The bench photo: seeded noise with a horizontal red and vertical green gradient, opaque.
    static func photo() throws -> PixelBuffer {
        let width = 4032, height = 3024
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt64 = 20_261_129
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = UInt32(truncatingIfNeeded: state >> 32)
                let i = (y * width + x) * 4
                bytes[i] = UInt8(min(255, x * 255 / width + Int(noise & 0xFF) / 8))
                bytes[i + 1] = UInt8(min(255, y * 255 / height + Int((noise >> 8) & 0xFF) / 8))
                bytes[i + 2] = UInt8(truncatingIfNeeded: noise >> 16)
            }
        }
        return try PixelBuffer(width: width, height: height, bytes: bytes)
    }
}

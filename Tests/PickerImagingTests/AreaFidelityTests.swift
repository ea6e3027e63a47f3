import Foundation
import PickerImaging
import Testing

/// How close the area crop's fixed-point arithmetic comes to the exact coverage-weighted
/// average, across the output sizes avatars use: the figure README states comes from here.
@Suite("Area crop fidelity")
struct AreaFidelityTests {
    /// A photo-like picture: gradients, soft shapes, hard edges and seeded noise.
    static let photo: PixelBuffer = {
        let width = 1600, height = 1560
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt64 = 2026
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int(state >> 58) - 32
                let ring = ((x - 700) * (x - 700) + (y - 800) * (y - 800)) / 900 % 2 == 0 ? 40 : 0
                let i = (y * width + x) * 4
                bytes[i] = UInt8(clamping: x * 255 / width + noise / 2 + ring)
                bytes[i + 1] = UInt8(clamping: y * 255 / height + noise)
                bytes[i + 2] = UInt8(clamping: (x / 37 + y / 53) % 2 == 0 ? 200 + noise : 40 - noise)
            }
        }
        return try! PixelBuffer(width: width, height: height, bytes: bytes)
    }()

    /// The exact area average of `rect` of the photo at `side`², in doubles, separably: each
    /// input pixel weighed by the fraction of it an output pixel covers.
    static func exact(_ rect: PixelRect, side: Int) -> [Double] {
        func weights(_ n: Int) -> [(start: Int, w: [Double])] {
            (0..<side).map { j in
                let lo = Double(j) * Double(n) / Double(side), hi = Double(j + 1) * Double(n) / Double(side)
                let first = Int(lo), last = min(n - 1, Int(hi.rounded(.up)) - 1)
                return (first, (first...last).map { i in (min(hi, Double(i + 1)) - max(lo, Double(i))) / (hi - lo) })
            }
        }
        let across = weights(rect.width), down = weights(rect.height)
        var columns = [Double](repeating: 0, count: rect.width * side * 4)
        photo.bytes.withUnsafeBufferPointer { src in
            for (oy, (start, w)) in down.enumerated() {
                for (t, weight) in w.enumerated() {
                    let row = (rect.y + start + t) * photo.rowStride + rect.x * 4
                    for k in 0..<(rect.width * 4) { columns[oy * rect.width * 4 + k] += weight * Double(src[row + k]) }
                }
            }
        }
        var out = [Double](repeating: 0, count: side * side * 4)
        for oy in 0..<side {
            for (ox, (start, w)) in across.enumerated() {
                for (t, weight) in w.enumerated() {
                    for c in 0..<4 { out[(oy * side + ox) * 4 + c] += weight * columns[(oy * rect.width + start + t) * 4 + c] }
                }
            }
        }
        return out
    }

    @Test("within 1 of the exact average, and the PSNR README states", arguments: [96, 128, 256, 512, 1024])
    func fidelity(side: Int) throws {
        let rect = PixelRect(x: 37, y: 23, width: 1500, height: 1500)
        let out = try Self.photo.resampled(displayRect: rect, to: PixelSize(width: side, height: side), filter: .area)
        let exact = Self.exact(rect, side: side)
        var squared = 0.0, worst = 0.0
        for (value, reference) in zip(out.bytes, exact) {
            let difference = abs(Double(value) - reference.rounded())
            squared += difference * difference
            worst = max(worst, difference)
        }
        let psnr = squared == 0 ? Double.infinity : 10 * log10(255 * 255 * Double(out.bytes.count) / squared)
        print("area crop 1500² → \(side)²: \(String(format: "%.1f", psnr)) dB against the rounded exact average, worst \(Int(worst))")
        #expect(worst <= 1)
        // README states the measured figures: 71.8 dB at 96² (15.6 : 1), 78.4 dB at 128², about
        // 80 dB from 256² to 1024². The more taps per pixel, the more the fixed-point weights'
        // rounding shows.
        #expect(psnr >= (side == 96 ? 71.5 : 78))
    }
}

import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import Testing

/// Cropping while decoding gives exactly what decoding the whole image and cropping gives.
@Suite("Streaming PNG decode")
struct StreamingDecodeTests {
    /// A noisy RGBA photo large enough that its inflated data (over 140 KB) passes through the
    /// streaming window several times.
    static func photo(width: Int = 240, height: Int = 150, orientation: ImageOrientation = .up, opaque: Bool = false) throws -> Data {
        var image = try PixelBuffer(width: width, height: height)
        var state: UInt64 = 99
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let n = UInt8(truncatingIfNeeded: state >> 56)
                image[x, y] = RGBA(UInt8(x % 256), UInt8(truncatingIfNeeded: y * 3) &+ n / 8, n, opaque ? 255 : 128 &+ n / 2)
            }
        }
        var data = [UInt8](PNG.encode(image))
        if orientation != .up {
            // An eXIf chunk right after IHDR.
            let exif: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 1, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation.rawValue), 0, 0]
            data.insert(contentsOf: PNGChunkTests.chunk("eXIf", exif), at: 33)
        }
        return Data(data)
    }

    static let rects = [
        PixelRect(x: 0, y: 0, width: 1, height: 1), PixelRect(x: 17, y: 33, width: 120, height: 90),
        PixelRect(x: -20, y: 100, width: 400, height: 400), PixelRect(x: 0, y: 0, width: 240, height: 240),
    ]

    @Test("the same pixels as decoding whole, for every orientation", arguments: ImageOrientation.allCases)
    func sameAsWhole(orientation: ImageOrientation) throws {
        let data = try Self.photo(orientation: orientation)
        let whole = try PNG.decode(data)
        #expect(whole.orientation == orientation)
        for rect in Self.rects {
            #expect(try PNG.decode(data, croppingTo: rect) == (try whole.cropped(to: rect)), "\(rect)")
        }
    }

    @Test("every fixture, interlaced ones included", arguments: PNGTests.fixtureNames)
    func fixtures(name: String) throws {
        let data = try PNGTests.fixture(name + ".png")
        let whole = try PNG.decode(data)
        for rect in [PixelRect(x: 2, y: 1, width: 9, height: 5), PixelRect(x: 12, y: 6, width: 5, height: 5)] {
            #expect(try PNG.decode(data, croppingTo: rect) == (try whole.cropped(to: rect)), "\(name) \(rect)")
        }
    }

    @Test func damageAnywhereIsStillFound() throws {
        let data = [UInt8](try Self.photo())
        let rect = PixelRect(x: 0, y: 0, width: 4, height: 4)
        // The last bytes of the image data (far below the crop), and a truncation.
        var late = data
        late[data.count - 20] ^= 0x55
        #expect(throws: ImagingError.self) { try PNG.decode(Data(late), croppingTo: rect) }
        #expect(throws: ImagingError.self) { try PNG.decode(Data(data.prefix(data.count / 2)), croppingTo: rect) }
        #expect(throws: ImagingError.cropOutsideImage(rect: PixelRect(x: 300, y: 0, width: 4, height: 4), imageSize: PixelSize(width: 240, height: 150))) {
            try PNG.decode(Data(data), croppingTo: PixelRect(x: 300, y: 0, width: 4, height: 4))
        }
    }

    @Test func streamingInflateHandsOnTheWholeStreamInOrder() throws {
        var raw = [UInt8](repeating: 0, count: 150_000)
        var state: UInt32 = 5
        for i in raw.indices {
            state = state &* 1_103_515_245 &+ 12345
            raw[i] = i % 7 == 0 ? UInt8(truncatingIfNeeded: state >> 24) : raw[max(0, i - 1 - Int(state >> 28))]
        }
        let compressed = Deflate.zlib(raw)
        for chunk in [1, 1000, 1 << 16] {
            var received: [UInt8] = []
            try Inflate.zlib(compressed, limit: raw.count, format: .png, chunk: chunk) { received += $0 }
            #expect(received == raw, "chunk \(chunk)")
        }
        #expect(throws: ImagingError.corruptFile(format: .png, reason: "more data than the image needs")) {
            try Inflate.zlib(compressed, limit: raw.count - 1, format: .png, chunk: 4096) { _ in }
        }
    }

    @Test("the pipeline from a file gives the same avatar", arguments: [0.0, 7, -30])
    func pipelineFromAFile(angle: Double) throws {
        for (orientation, opaque) in [(ImageOrientation.up, false), (.right, true), (.leftMirrored, false)] {
            do {
                let data = try Self.photo(orientation: orientation, opaque: opaque)
                for mask in [AvatarMask.circle, .square] {
                    let pipeline = AvatarPipeline(
                        crop: PixelRect(x: 20, y: 10, width: 120, height: 120), outputSize: PixelSize(width: 64, height: 64),
                        mask: mask, angle: angle)
                    let expected = try pipeline.render(try PNG.decode(data)).image
                    #expect(try pipeline.render(png: data).image == expected, "\(orientation) opaque \(opaque) \(mask)")
                }
            }
        }
        let data = try Self.photo()
        // Half off the photo: an error straight, transparent where it is off when turned.
        let half = AvatarPipeline(crop: PixelRect(x: 220, y: 0, width: 50, height: 50), outputSize: PixelSize(width: 8, height: 8), angle: angle)
        if angle == 0 {
            #expect(throws: ImagingError.cropOutsideImage(rect: half.crop, imageSize: PixelSize(width: 240, height: 150))) { try half.render(png: data) }
        } else {
            #expect(try half.render(png: data).image == (try half.render(try PNG.decode(data)).image))
        }
        let away = AvatarPipeline(crop: PixelRect(x: 400, y: 0, width: 50, height: 50), outputSize: PixelSize(width: 8, height: 8), angle: angle)
        #expect(throws: ImagingError.cropOutsideImage(rect: away.crop, imageSize: PixelSize(width: 240, height: 150))) { try away.render(png: data) }
    }
}

import Foundation
import PickerImaging
import Testing

@Suite("Normalising orientation and alpha")
struct NormalizeTests {
    @Test("normalising bakes each orientation into the pixels", arguments: ImageOrientation.allCases)
    func normalizes(orientation: ImageOrientation) throws {
        let image = try PixelBufferCropTests.gradient(orientation)
        let upright = image.normalized()
        #expect(upright.orientation == .up)
        #expect(upright.pixelSize == image.displaySize)
        for y in 0..<upright.height {
            for x in 0..<upright.width { #expect(upright[x, y] == image.displayPixel(x: x, y: y)) }
        }
    }

    /// Quarter turns move pixels in vector lanes in optimized builds, in strips of 16 output
    /// rows; these sizes leave rows past the strips, columns past the lanes, or both, and some
    /// rows are padded. Both ways must show every pixel where the orientation puts it.
    @Test("quarter turns in lanes give the plain gather's pixels", arguments: ImageOrientation.allCases)
    func lanesMatchThePlainGather(orientation: ImageOrientation) throws {
        let shapes = [(1, 1), (4, 16), (16, 4), (37, 21), (21, 37), (33, 48), (64, 17), (5, 70), (19, 23), (18, 70)]
        for (width, height) in shapes {
            for padding in [0, 12] {
                let stride = width * 4 + padding
                let bytes = (0..<(stride * height)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 8) }
                let image = try PixelBuffer(width: width, height: height, bytes: bytes, rowStride: stride, orientation: orientation)
                let lanes = image.normalized(inLanes: true), plain = image.normalized(inLanes: false)
                #expect(lanes == plain, "\(width)x\(height) +\(padding)")
                #expect(lanes.pixelSize == image.displaySize)
                var mismatches = 0
                for y in 0..<lanes.height {
                    for x in 0..<lanes.width where lanes[x, y] != image.displayPixel(x: x, y: y) { mismatches += 1 }
                }
                #expect(mismatches == 0, "\(width)x\(height) +\(padding)")
            }
        }
    }

    @Test func unpremultipliesWithRounding() throws {
        let premultiplied = try PixelBuffer(
            width: 3, height: 1, format: .rgba8Premultiplied,
            bytes: [64, 32, 0, 128, 10, 20, 30, 0, 255, 255, 255, 255])
        let straight = premultiplied.unpremultiplied()
        #expect(straight.format == .rgba8)
        #expect(straight.bytes == [128, 64, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255])
    }
}

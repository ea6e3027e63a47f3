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

    @Test func unpremultipliesWithRounding() throws {
        let premultiplied = try PixelBuffer(
            width: 3, height: 1, format: .rgba8Premultiplied,
            bytes: [64, 32, 0, 128, 10, 20, 30, 0, 255, 255, 255, 255])
        let straight = premultiplied.unpremultiplied()
        #expect(straight.format == .rgba8)
        #expect(straight.bytes == [128, 64, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255])
    }
}

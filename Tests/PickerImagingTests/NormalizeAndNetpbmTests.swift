import Foundation
import PickerImaging
import Testing

@Suite("Normalising and PAM output")
struct NormalizeAndNetpbmTests {
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

    @Test func writesPAMBytesExactly() throws {
        let buffer = try PixelBuffer(width: 1, height: 2, bytes: [1, 2, 3, 4, 5, 6, 7, 8], orientation: .left)
        let header = "P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
        #expect(buffer.pamData() == Data(header.utf8) + Data([1, 2, 3, 4, 5, 6, 7, 8]))
        let gray = try PixelBuffer(width: 1, height: 2, format: .gray8, bytes: [9, 0, 7, 0], rowStride: 2)
        let grayHeader = "P7\nWIDTH 1\nHEIGHT 2\nDEPTH 1\nMAXVAL 255\nTUPLTYPE GRAYSCALE\nENDHDR\n"
        #expect(gray.pamData() == Data(grayHeader.utf8) + Data([9, 7]), "row padding is not written")
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

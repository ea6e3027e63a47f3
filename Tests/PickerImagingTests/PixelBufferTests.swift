import Testing
import PickerImaging

@Suite("PixelBuffer")
struct PixelBufferTests {
    @Test func readsAndWritesPixelsWithRowStride() throws {
        var buffer = try PixelBuffer(
            width: 2, height: 2, format: .rgba8,
            bytes: [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 9, 10, 11, 12, 13, 14, 15, 16, 0, 0],
            rowStride: 10)
        #expect(buffer[0, 0] == RGBA(1, 2, 3, 4))
        #expect(buffer[1, 1] == RGBA(13, 14, 15, 16))
        let copy = buffer
        buffer[0, 1] = RGBA(255, 0, 0, 128)
        #expect(buffer[0, 1] == RGBA(255, 0, 0, 128))
        #expect(copy[0, 1] == RGBA(9, 10, 11, 12), "copies do not share writes")
        #expect(buffer.bytes[10..<14] == [255, 0, 0, 128])
    }

    @Test func grayPixelsReadAsOpaqueGrayAndStoreLuma() throws {
        var gray = try PixelBuffer(width: 1, height: 1, format: .gray8)
        gray[0, 0] = RGBA(255, 0, 0)
        #expect(gray.bytes == [76])
        #expect(gray[0, 0] == RGBA(76, 76, 76, 255))
    }

    @Test("bad sizes from outside throw typed errors", arguments: [
        (0, 5, ImagingError.invalidDimensions(width: 0, height: 5)),
        (5, -1, ImagingError.invalidDimensions(width: 5, height: -1)),
        (Int.max, 2, ImagingError.dimensionsOverflow(width: Int.max, height: 2)),
        (Int.max / 4 + 1, 1, ImagingError.dimensionsOverflow(width: Int.max / 4 + 1, height: 1)),
        (20_000, 10_000, ImagingError.tooManyPixels(count: 200_000_000, limit: 100_000_000)),
    ])
    func rejectsBadDimensions(width: Int, height: Int, error: ImagingError) {
        #expect(throws: error) { try PixelBuffer(width: width, height: height) }
    }

    @Test func honoursACustomPixelLimit() {
        #expect(throws: ImagingError.tooManyPixels(count: 12, limit: 11)) {
            try PixelBuffer(width: 4, height: 3, pixelLimit: 11)
        }
    }

    @Test func rejectsDataOfTheWrongLengthOrStride() {
        #expect(throws: ImagingError.dataLengthMismatch(expected: 8, actual: 7)) {
            try PixelBuffer(width: 2, height: 1, bytes: [UInt8](repeating: 0, count: 7))
        }
        #expect(throws: ImagingError.invalidRowStride(stride: 7, minimum: 8)) {
            try PixelBuffer(width: 2, height: 1, bytes: [UInt8](repeating: 0, count: 7), rowStride: 7)
        }
    }
}

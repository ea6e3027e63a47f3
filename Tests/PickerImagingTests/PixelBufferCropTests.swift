import Testing
import PickerImaging

@Suite("PixelBuffer cropping")
struct PixelBufferCropTests {
    /// A 5×3 RGBA image whose every pixel is distinct: red = x, green = y.
    static func gradient(_ orientation: ImageOrientation) throws -> PixelBuffer {
        var buffer = try PixelBuffer(width: 5, height: 3, orientation: orientation)
        for y in 0..<3 { for x in 0..<5 { buffer[x, y] = RGBA(UInt8(x), UInt8(y), 7, 255) } }
        return buffer
    }

    @Test("every display rect crops to exactly the pixels shown in it", arguments: ImageOrientation.allCases)
    func cropsInDisplayOrientation(orientation: ImageOrientation) throws {
        let image = try Self.gradient(orientation)
        let size = image.displaySize
        for y in 0..<size.height {
            for x in 0..<size.width {
                for h in 1...(size.height - y) {
                    for w in 1...(size.width - x) {
                        let crop = try image.cropped(to: PixelRect(x: x, y: y, width: w, height: h))
                        #expect(crop.displaySize == PixelSize(width: w, height: h))
                        #expect(crop.orientation == orientation)
                        for cy in 0..<h {
                            for cx in 0..<w {
                                #expect(crop.displayPixel(x: cx, y: cy) == image.displayPixel(x: x + cx, y: y + cy))
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func exactPixelsOfARightTurnedCrop() throws {
        let image = try Self.gradient(.right)  // displays 3 wide, 5 tall
        let crop = try image.cropped(to: PixelRect(x: 1, y: 1, width: 2, height: 2))
        #expect(crop.pixelSize == PixelSize(width: 2, height: 2))
        #expect(crop[0, 0] == RGBA(1, 0, 7, 255))
        #expect(crop[1, 0] == RGBA(2, 0, 7, 255))
        #expect(crop[0, 1] == RGBA(1, 1, 7, 255))
        #expect(crop[1, 1] == RGBA(2, 1, 7, 255))
    }

    @Test func rectsPartlyOutsideAreClamped() throws {
        let image = try Self.gradient(.up)
        let crop = try image.cropped(to: PixelRect(x: 3, y: -2, width: 10, height: 4))
        #expect(crop.displaySize == PixelSize(width: 2, height: 2))
        #expect(crop[0, 0] == RGBA(3, 0, 7, 255))
        #expect(crop[1, 1] == RGBA(4, 1, 7, 255))
    }

    @Test("rects that cover no pixel throw", arguments: [
        PixelRect(x: 5, y: 0, width: 2, height: 2),
        PixelRect(x: -3, y: 0, width: 3, height: 3),
        PixelRect(x: 1, y: 1, width: 0, height: 2),
        PixelRect(x: 1, y: 1, width: 2, height: -1),
    ])
    func emptyOrOutsideRectsThrow(rect: PixelRect) throws {
        let image = try Self.gradient(.up)
        #expect(throws: ImagingError.cropOutsideImage(rect: rect, imageSize: PixelSize(width: 5, height: 3))) {
            try image.cropped(to: rect)
        }
    }
}

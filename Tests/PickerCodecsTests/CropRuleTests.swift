import Foundation
import PickerCodecs
import PickerImaging
import Testing

/// PNG and JPEG crop by one rule, as `PixelBuffer.cropped(to:)` does: a rectangle partly
/// outside the image is clamped to it, and one with no pixel inside (or empty) throws.
@Suite("One crop rule for both codecs")
struct CropRuleTests {
    /// A 40×30 gradient, turned `orientation`, as a PNG and as a JPEG (4:4:4, quality 100).
    static func files(orientation: ImageOrientation) throws -> (png: Data, jpeg: Data, whole: PixelBuffer) {
        var image = try PixelBuffer(width: 40, height: 30, orientation: orientation)
        for y in 0..<30 { for x in 0..<40 { image[x, y] = RGBA(UInt8(x * 6), UInt8(y * 8), 100) } }
        var options = JPEG.EncodingOptions()
        options.quality = 100
        options.chroma = .full
        options.orientation = .exif
        return (PNG.encode(image), try JPEG.encode(image, options: options), image)
    }

    static let reaching = [
        PixelRect(x: -5, y: -5, width: 10, height: 10), PixelRect(x: 0, y: 0, width: .max, height: .max),
        PixelRect(x: -(1 << 62), y: 3, width: .max, height: 4), PixelRect(x: 25, y: 20, width: 100, height: 100),
    ]
    static let outside = [
        PixelRect(x: 40, y: 0, width: 4, height: 4), PixelRect(x: 0, y: 40, width: 4, height: 4), PixelRect(x: -10, y: 0, width: 10, height: 4),
        PixelRect(x: 0, y: .max, width: 1, height: 1), PixelRect(x: 2, y: 2, width: 0, height: 5),
        PixelRect(x: .min, y: 3, width: .max, height: 4),
    ]

    @Test("partly outside: clamped; outside: cropOutsideImage", arguments: [ImageOrientation.up, .right, .leftMirrored])
    func oneRule(orientation: ImageOrientation) throws {
        let (png, jpeg, image) = try Self.files(orientation: orientation)
        let shown = image.displaySize
        for rect in Self.reaching {
            let expected = try image.cropped(to: rect)
            let fromPNG = try PNG.decode(png, croppingTo: rect)
            let fromJPEG = try JPEG.decode(jpeg, croppingTo: rect)
            #expect(fromPNG.displaySize == expected.displaySize && fromJPEG.displaySize == expected.displaySize, "\(rect)")
            #expect(fromPNG.normalized() == expected.normalized(), "PNG \(rect)")
            #expect(fromJPEG.displaySize == rect.intersection(PixelRect(size: shown))?.size, "JPEG \(rect)")
        }
        #expect(try PNG.decode(png, croppingTo: PixelRect(x: -5, y: -5, width: 10, height: 10)).displaySize == PixelSize(width: 5, height: 5))
        #expect(try JPEG.decode(jpeg, croppingTo: PixelRect(x: 0, y: 0, width: .max, height: .max)).displaySize == shown)
        for rect in Self.outside {
            #expect(throws: ImagingError.cropOutsideImage(rect: rect, imageSize: shown)) { try PNG.decode(png, croppingTo: rect) }
            #expect(throws: ImagingError.cropOutsideImage(rect: rect, imageSize: shown)) { try JPEG.decode(jpeg, croppingTo: rect) }
        }
    }
}

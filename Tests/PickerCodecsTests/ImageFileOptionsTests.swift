import Foundation
import PickerCodecs
import PickerImaging
import Testing

@Suite("Upload-ready files: ImageFileOptions and PixelBuffer.fileData")
struct ImageFileOptionsTests {
    /// One row of pixels.
    static func row(_ pixels: [RGBA], format: PixelFormat = .rgba8) throws -> PixelBuffer {
        try PixelBuffer(width: pixels.count, height: 1, format: format, bytes: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] })
    }

    static func pixels(_ image: PixelBuffer) -> [RGBA] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }
    }

    @Test("straight pixels are composited as straight, premultiplied ones as premultiplied")
    func flattenedExactly() throws {
        let straight = try Self.row([RGBA(255, 255, 255, 128), RGBA(255, 0, 0, 64), RGBA(10, 20, 30, 0), RGBA(1, 2, 3, 255)])
        #expect(Self.pixels(straight.flattened(over: RGBA(255, 255, 255))) == [
            RGBA(255, 255, 255), RGBA(255, 191, 191), RGBA(255, 255, 255), RGBA(1, 2, 3),
        ])
        #expect(Self.pixels(straight.flattened(over: RGBA(0, 0, 255, 0))) == [
            RGBA(128, 128, 255), RGBA(64, 0, 191), RGBA(0, 0, 255), RGBA(1, 2, 3),
        ])
        // White at half coverage, premultiplied: 128 already holds the alpha.
        let premultiplied = try Self.row([RGBA(128, 128, 128, 128), RGBA(64, 0, 0, 64), RGBA(0, 0, 0, 0)], format: .rgba8Premultiplied)
        #expect(Self.pixels(premultiplied.flattened(over: RGBA(255, 255, 255))) == [RGBA(255, 255, 255), RGBA(255, 191, 191), RGBA(255, 255, 255)])
        #expect(Self.pixels(premultiplied.flattened(over: RGBA(0, 0, 0))) == [RGBA(128, 128, 128), RGBA(64, 0, 0), RGBA(0, 0, 0)])
        let gray = try PixelBuffer(width: 2, height: 1, format: .gray8, bytes: [7, 9])
        #expect(gray.flattened(over: RGBA(255, 0, 0)) == gray)
    }

    /// A white photo's circular avatar: every pixel of its edge is half covered.
    static func whiteAvatar(premultiplied: Bool) throws -> PixelBuffer {
        let photo = try PixelBuffer(width: 24, height: 24, format: .rgba8, bytes: [UInt8](repeating: 255, count: 24 * 24 * 4))
        let avatar = try AvatarPipeline(crop: PixelRect(x: 0, y: 0, width: 24, height: 24), outputSize: PixelSize(width: 24, height: 24), mask: .circle)
            .render(photo).image
        guard premultiplied else { return avatar }
        let bytes = Self.pixels(avatar).flatMap { p in
            [p.r, p.g, p.b].map { UInt8((Int($0) * Int(p.a) + 127) / 255) } + [p.a]
        }
        return try PixelBuffer(width: 24, height: 24, format: .rgba8Premultiplied, bytes: bytes)
    }

    @Test("a white avatar's half-transparent edge over white is white: no dark fringe, straight or premultiplied",
          arguments: [false, true])
    func noDarkFringe(premultiplied: Bool) throws {
        let avatar = try Self.whiteAvatar(premultiplied: premultiplied)
        let edge = Self.pixels(avatar).filter { $0.a > 0 && $0.a < 255 }
        #expect(edge.count >= 20)
        let prepared = try ImageFileOptions.jpeg().prepared(avatar)
        #expect(Set(Self.pixels(prepared)) == [RGBA(255, 255, 255)])
        let file = try JPEG.decode(try avatar.fileData(.jpeg(quality: 0.9)))
        #expect(Self.pixels(file).allSatisfy { $0.r >= 254 && $0.g >= 254 && $0.b >= 254 })
        // Over black, each edge pixel is as bright as it is covered.
        let overBlack = try ImageFileOptions.jpeg(background: RGBA(0, 0, 0)).prepared(avatar)
        let straight = avatar.asStraightRGBA()
        for (p, q) in zip(Self.pixels(straight), Self.pixels(overBlack)) {
            #expect(abs(Int(q.r) - Int(p.a)) <= 1 && q.g == q.r && q.b == q.r && q.a == 255)
        }
    }

    @Test("PNG keeps the alpha, exactly, and the file is upright")
    func pngKeepsAlpha() throws {
        var image = try Self.row([RGBA(255, 0, 0, 128), RGBA(0, 255, 0, 255), RGBA(0, 0, 255, 0)])
        image.orientation = .right
        let decoded = try PNG.decode(try image.fileData(.png()))
        #expect(decoded.orientation == .up && decoded.pixelSize == PixelSize(width: 1, height: 3))
        #expect(Self.pixels(decoded.asStraightRGBA()) == [RGBA(255, 0, 0, 128), RGBA(0, 255, 0, 255), RGBA(0, 0, 255, 0)])
        let jpeg = try JPEG.decode(try image.fileData(.jpeg()))
        #expect(jpeg.orientation == .up && jpeg.pixelSize == PixelSize(width: 1, height: 3))
    }

    @Test("a Display P3 photo: sRGB by default, or tagged with its own profile when kept")
    func displayP3() throws {
        let photo = try ColourProfileTests.decode("photo-p3.jpg")
        let p3 = try #require(photo.colorProfile)
        #expect(p3.model != nil && !p3.isSRGB)
        let kept = try JPEG.decode(try photo.fileData(.jpeg(quality: 0.95, colorOutput: .keepProfile)))
        #expect(kept.colorProfile?.iccData == p3.iccData)
        let keptPNG = try PNG.decode(try photo.fileData(.png(colorOutput: .keepProfile)))
        #expect(keptPNG.colorProfile?.iccData == p3.iccData)
        #expect(keptPNG.asStraightRGBA() == photo.asStraightRGBA().normalized().tagged(p3))

        let converted = try photo.convertedToSRGB().normalized()
        let sRGBPNG = try PNG.decode(try photo.fileData(.png()))
        #expect(sRGBPNG.colorProfile?.isSRGB == true)
        #expect(Self.pixels(sRGBPNG.asStraightRGBA()) == Self.pixels(converted.asStraightRGBA()))
        #expect(Self.pixels(sRGBPNG) != Self.pixels(photo.asStraightRGBA().normalized()))
        // JPEG: untagged, which is sRGB by convention, and the converted values within the codec's loss.
        let sRGBJPEG = try JPEG.decode(try photo.fileData(.jpeg(quality: 1)))
        #expect(sRGBJPEG.colorProfile == nil)
        let differences = zip(Self.pixels(sRGBJPEG), Self.pixels(converted.asStraightRGBA())).map { p, q in
            max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
        }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 2)
    }

    @Test("the quality: clamped to 0…1, a number, and HEIF is named as not written here")
    func qualityAndHEIF() throws {
        let image = try Self.row([RGBA(200, 100, 50), RGBA(10, 20, 30), RGBA(90, 90, 90), RGBA(255, 255, 255)])
        #expect(try image.fileData(.jpeg(quality: 7)) == (try image.fileData(.jpeg(quality: 1))))
        #expect(try image.fileData(.jpeg(quality: -3)) == (try image.fileData(.jpeg(quality: 0))))
        #expect(try image.fileData(.jpeg(quality: 0)) != (try image.fileData(.jpeg(quality: 1))))
        let notANumber = #expect(throws: ImagingError.self) { try image.fileData(.jpeg(quality: .nan)) }
        guard case let .invalidNumber(parameter, value)? = notANumber else {
            Issue.record("expected invalidNumber, got \(String(describing: notANumber))")
            return
        }
        #expect(parameter == "quality" && value.isNaN)
        #expect(throws: ImagingError.unsupportedFeature(
            format: "HEIF", feature: "writing (PickerCodecs writes JPEG and PNG; ImageIO writes HEIF on Apple platforms)")) {
            try image.fileData(.heif())
        }
        #expect(ImageFileOptions.Format.allCases.map(\.mimeType) == ["image/jpeg", "image/png", "image/heic"])
        #expect(ImageFileOptions.Format.allCases.map(\.typeIdentifier) == ["public.jpeg", "public.png", "public.heic"])
        #expect(ImageFileOptions.Format.allCases.map(\.filenameExtension) == ["jpg", "png", "heic"])
        #expect(ImageFileOptions.Format.allCases.map(\.hasAlpha) == [false, true, true])
    }
}

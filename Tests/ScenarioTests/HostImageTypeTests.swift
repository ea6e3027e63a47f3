import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// An app's own image type gets the same Choose as `PixelBuffer`: size, mask and maximum
/// dimension are honoured, never silently dropped.
@MainActor
@Suite("Output settings for any image type (B16, B22)")
struct HostImageTypeTests {
    /// An image type of the app's that does not convert: it can only be cropped.
    struct CropOnlyImage: ImageBuffer {
        var pixels: PixelBuffer
        var pixelSize: PixelSize { pixels.pixelSize }
        var orientation: ImageOrientation { pixels.orientation }
        func cropped(to rect: PixelRect) throws -> CropOnlyImage { CropOnlyImage(pixels: try pixels.cropped(to: rect)) }
    }

    /// An image type of the app's that converts to and from pixel buffers.
    struct ConvertingImage: ImageBuffer {
        var pixels: PixelBuffer
        var pixelSize: PixelSize { pixels.pixelSize }
        var orientation: ImageOrientation { pixels.orientation }
        func cropped(to rect: PixelRect) throws -> ConvertingImage { ConvertingImage(pixels: try pixels.cropped(to: rect)) }
        func pixelBuffer() throws -> PixelBuffer? { pixels }
        static func make(from pixels: PixelBuffer) throws -> ConvertingImage? { ConvertingImage(pixels: pixels) }
    }

    static func photo() throws -> PixelBuffer {
        var photo = try PixelBuffer(width: 8, height: 6, orientation: .right)
        for y in 0..<6 { for x in 0..<8 { photo[x, y] = RGBA(UInt8(x * 30), UInt8(y * 40), 90, 255) } }
        return photo
    }

    static func choose(_ image: any ImageBuffer, output: AvatarOutput) async throws -> (PickerScenario, ProfilePickerResult?) {
        var configuration = PickerConfiguration()
        configuration.output = output
        let s = PickerScenario(configuration: configuration, exhaustivity: .off)
        try s.picker.edit(image)
        s.user.tapChoose()
        await s.settle()
        return (s, s.delegate.lastResult)
    }

    @Test func aConvertingTypeGetsTheSamePixelsAsAPixelBuffer() async throws {
        var output = AvatarOutput()
        output.size = 4
        output.mask = .circle
        let (_, expected) = try await Self.choose(try Self.photo(), output: output)
        let (_, result) = try await Self.choose(ConvertingImage(pixels: try Self.photo()), output: output)
        let edited = try #require(result?.editedImage as? ConvertingImage, "comes back as the app's own type")
        #expect(edited.pixels == expected?.editedImage as? PixelBuffer)
        #expect(edited.pixelSize == PixelSize(width: 4, height: 4))
    }

    @Test func aCropOnlyTypeIsCroppedWhenNothingMoreIsAsked() async throws {
        let (_, result) = try await Self.choose(CropOnlyImage(pixels: try Self.photo()), output: AvatarOutput())
        let edited = try #require(result?.editedImage as? CropOnlyImage)
        #expect(edited.displaySize == PixelSize(width: 6, height: 6))
        #expect(edited.pixels == (try Self.photo().cropped(to: PixelRect(x: 0, y: 1, width: 6, height: 6))))
    }

    /// A crop that asks for nothing else is still converted when the output asks for sRGB and
    /// the photo is in other colours: cropping alone would hand them back unconverted.
    @Test func aConvertingTypeInOtherColoursIsConvertedToSRGBWhenAsked() async throws {
        var photo = try Self.photo()
        photo.colorProfile = ColorProfile.png(gamma: 1, chromaticities: .rec709)   // linear light, Rec. 709 primaries
        var output = AvatarOutput()
        output.colorOutput = .sRGB
        let (_, expected) = try await Self.choose(photo, output: output)
        let (_, result) = try await Self.choose(ConvertingImage(pixels: photo), output: output)
        let edited = try #require(result?.editedImage as? ConvertingImage)
        let reference = try #require(expected?.editedImage as? PixelBuffer)
        #expect(reference.colorProfile?.isSRGB == true)
        #expect(reference != (try photo.cropped(to: PixelRect(x: 0, y: 1, width: 6, height: 6))), "the colours changed")
        #expect(edited.pixels == reference)
    }

    @Test func aCropOnlyTypeWithOutputSettingsIsAClearError() async throws {
        var output = AvatarOutput()
        output.size = 4
        let (s, result) = try await Self.choose(CropOnlyImage(pixels: try Self.photo()), output: output)
        #expect(result == nil)
        let expected = PickerError.editFailed(.unsupportedFeature(
            format: "CropOnlyImage",
            feature: "output settings (size, mask, maximum dimension) without pixelBuffer() and make(from:)"))
        guard case let .failed(error)? = s.delegate.callbacks.last else {
            Issue.record("no failure: \(s.delegate.callbacks)")
            return
        }
        #expect(error == expected)
    }

    /// Converts to pixel buffers, recording the size of each conversion, and keeps a tag of
    /// its own through renders (as a CGImage keeps its colour space).
    struct TaggedImage: ImageBuffer {
        final class Log: @unchecked Sendable { var converted: [PixelSize] = [] }
        var pixels: PixelBuffer
        var tag: String
        var log: Log
        var pixelSize: PixelSize { pixels.pixelSize }
        var orientation: ImageOrientation { pixels.orientation }
        func cropped(to rect: PixelRect) throws -> TaggedImage { TaggedImage(pixels: try pixels.cropped(to: rect), tag: tag, log: log) }
        func pixelBuffer() throws -> PixelBuffer? {
            log.converted.append(pixels.pixelSize)
            return pixels
        }
        static func make(from pixels: PixelBuffer) throws -> TaggedImage? { TaggedImage(pixels: pixels, tag: "made", log: Log()) }
        func remade(from pixels: PixelBuffer) throws -> TaggedImage? { TaggedImage(pixels: pixels, tag: tag, log: log) }
    }

    @Test func onlyTheCropsPixelsAreConvertedAndTheTypeKeepsWhatItKeeps() throws {
        let log = TaggedImage.Log()
        let photo = TaggedImage(pixels: try Self.photo(), tag: "Display P3", log: log)
        var output = AvatarOutput()
        output.size = 4
        let edit = EditSession(geometry: try EditorGeometry(imageSize: photo.displaySize), output: output)
        let avatar = try #require(try edit.apply(to: photo) as? TaggedImage)
        #expect(log.converted == [PixelSize(width: 6, height: 6)], "the 6x6 crop, not the whole 8x6 photo")
        #expect(avatar.tag == "Display P3", "remade from the photo, not made anew")
        #expect(avatar.pixels == (try edit.apply(to: try Self.photo()) as? PixelBuffer))
        // Straightened, the crop's turned corners reach past it: the whole photo is read.
        var geometry = try EditorGeometry(imageSize: photo.displaySize)
        geometry.apply(.straighten(degrees: 10))
        geometry.apply(.ended)
        log.converted = []
        let turned = try #require(try EditSession(geometry: geometry, output: output).apply(to: photo) as? TaggedImage)
        #expect(log.converted == [PixelSize(width: 8, height: 6)])
        #expect(turned.pixels == (try EditSession(geometry: geometry, output: output).apply(to: try Self.photo()) as? PixelBuffer))
    }
}

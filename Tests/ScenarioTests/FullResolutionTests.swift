import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// A photo source that reduces a large photo at load (ImageIO thumbnailing on a device) still
/// reports the crop and the saved edit in the full-resolution original's pixels, so the edit
/// re-applies to the original exactly.
@MainActor
@Suite("Photos reduced at load report the original's pixels (B20, B24)")
struct FullResolutionTests {
    /// Pixels reduced from a larger original, as a photo source hands them over.
    struct Reduced: ImageBuffer {
        var pixels: PixelBuffer
        var fullResolutionPixelSize: PixelSize?
        var pixelSize: PixelSize { pixels.pixelSize }
        var orientation: ImageOrientation { pixels.orientation }
        func cropped(to rect: PixelRect) throws -> Reduced { Reduced(pixels: try pixels.cropped(to: rect)) }
        func pixelBuffer() throws -> PixelBuffer? { pixels }
        static func make(from pixels: PixelBuffer) throws -> Reduced? { Reduced(pixels: pixels) }
    }

    /// A 400x300 photo (stored), a gradient, and its 100x75 reduction.
    static func photos(orientation: ImageOrientation = .up) throws -> (full: PixelBuffer, reduced: Reduced) {
        var full = try PixelBuffer(width: 400, height: 300, orientation: orientation)
        for y in 0..<300 { for x in 0..<400 { full[x, y] = RGBA(UInt8(x * 255 / 399), UInt8(y * 255 / 299), 60) } }
        // Resampling sizes are as shown: a quarter of the shown size is a quarter of the stored one.
        let small = try full.resampled(to: PixelSize(width: full.displaySize.width / 4, height: full.displaySize.height / 4))
        return (full, Reduced(pixels: small, fullResolutionPixelSize: full.pixelSize))
    }

    static func pick(_ image: Reduced, configure: (inout PickerConfiguration) -> Void = { _ in }) async throws -> PickerScenario {
        var configuration = PickerConfiguration()
        configuration.output.size = 50
        configure(&configuration)
        let s = PickerScenario(items: [.image("IMG_1", image)], configuration: configuration)
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        return s
    }

    @Test func theCropAndTheSavedEditAreInTheOriginalsPixels() async throws {
        let (full, reduced) = try Self.photos()
        let s = try await Self.pick(reduced)
        #expect(s.picker.navigation.top?.screen == .editor(EditorScreen(
            imageSize: PixelSize(width: 100, height: 75), cropRect: PixelRect(x: 13, y: 0, width: 75, height: 75))))
        s.user.tapChoose()
        await s.settle()
        let result = try #require(s.delegate.lastResult)
        #expect(result.cropRect == PixelRect(x: 50, y: 0, width: 300, height: 300))
        #expect(result.originalSize == PixelSize(width: 400, height: 300))
        #expect(result.originalImage?.displaySize == PixelSize(width: 100, height: 75), "the image is what was loaded")
        #expect(result.summary == "public.image edited 50x50 from 400x300 (loaded at 100x75) crop (50,0,300,300)")
        let session = try #require(result.editSession)
        #expect(session.geometry.imageSize == PixelSize(width: 400, height: 300))
        // The saved edit re-applies to the original: the same crop as editing the original itself.
        let fromOriginal = try #require(try session.apply(to: full) as? PixelBuffer)
        let direct = try AvatarPipeline(crop: PixelRect(x: 50, y: 0, width: 300, height: 300), outputSize: PixelSize(width: 50, height: 50))
            .render(full).image
        #expect(fromOriginal == direct)
        // And to the reduction again, in its own pixels.
        let fromReduced = try #require(try session.apply(to: reduced) as? Reduced)
        #expect(fromReduced.pixels == (try #require(result.editedImage as? Reduced)).pixels)
    }

    @Test(arguments: [ImageOrientation.right, .leftMirrored, .down])
    func aTurnedEditOfATurnedPhotoReappliesToTheOriginal(orientation: ImageOrientation) async throws {
        let (full, reduced) = try Self.photos(orientation: orientation)
        let s = try await Self.pick(reduced) { $0.editor.shape = .rectangle(aspectRatio: 1.5) }
        s.user.gesture(.transform(.turnRight))
        s.user.gesture(.pinch(scale: 1.5, focus: CGPoint(x: 150, y: 300)))
        s.user.gesture(.ended)
        s.user.tapChoose()
        await s.settle()
        let result = try #require(s.delegate.lastResult)
        let session = try #require(result.editSession)
        let crop = try #require(result.cropRect)
        // The crop is the reduced one scaled by 4, within a pixel per edge.
        let small = session.resized(for: reduced).cropRect
        #expect(abs(crop.x - small.x * 4) <= 2 && abs(crop.y - small.y * 4) <= 2)
        #expect(abs(crop.width - small.width * 4) <= 2 && abs(crop.height - small.height * 4) <= 2)
        #expect(session.geometry.quarterTurns == 1)
        let avatar = try session.apply(to: full)
        #expect(avatar.displaySize == (try #require(result.editedImage)).displaySize)
    }

    @Test func aSessionSavedOnTheOriginalReopensOnAReduction() async throws {
        let (full, reduced) = try Self.photos()
        var geometry = try EditorGeometry(imageSize: full.displaySize)
        geometry.apply(.pinch(scale: 2, focus: geometry.maskRect.center))
        geometry.apply(.ended)
        let saved = EditSession(geometry: geometry, output: AvatarOutput())
        #expect(saved.cropRect == PixelRect(x: 125, y: 75, width: 150, height: 150))
        let s = PickerScenario()
        s.exhaustivity = .off
        try s.picker.edit(reduced, restoring: saved)
        #expect(s.picker.editorGeometry?.cropRect == PixelRect(x: 31, y: 19, width: 38, height: 38))
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.lastResult?.cropRect == PixelRect(x: 125, y: 75, width: 150, height: 150))
    }

    @Test func aSavedEditReopensWithItsTurnsMirrorAndAngleAndChoosesTheSameAvatar() async throws {
        let (full, _) = try Self.photos(orientation: .right)
        var configuration = PickerConfiguration()
        configuration.output.size = 40
        let s = PickerScenario(configuration: configuration)
        s.exhaustivity = .off
        try s.picker.edit(full)
        for gesture: EditorGesture in [.transform(.turnRight), .transform(.flipHorizontal), .straighten(degrees: 9), .ended] {
            s.user.gesture(gesture)
        }
        s.user.tapChoose()
        await s.settle()
        let first = try #require(s.delegate.lastResult)
        let saved = try #require(first.editSession)
        try s.picker.edit(full, restoring: saved)
        let reopened = try #require(s.picker.editorGeometry)
        #expect(reopened.quarterTurns == saved.geometry.quarterTurns && reopened.isMirrored && reopened.angle == 9)
        #expect(reopened == saved.geometry)
        s.user.tapChoose()
        await s.settle()
        let second = try #require(s.delegate.lastResult)
        #expect(second.cropRect == first.cropRect)
        #expect(second.editedImage as? PixelBuffer == first.editedImage as? PixelBuffer)
    }

    @Test func anImageThatHoldsItsFullResolutionIsReportedAsItIs() throws {
        let (full, _) = try Self.photos()
        let edit = EditSession(geometry: try EditorGeometry(imageSize: full.displaySize), output: AvatarOutput())
        #expect(edit.atFullResolution(of: full) == edit)
        #expect(edit.resized(for: full) == edit)
        #expect(full.fullResolutionDisplaySize == full.displaySize)
    }
}

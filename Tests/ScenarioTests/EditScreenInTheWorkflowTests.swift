import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("The editor in the workflow (B5, B21, B22, B24)")
struct EditScreenInTheWorkflowTests {
    static func photo() throws -> PixelBuffer {
        var photo = try PixelBuffer(width: 400, height: 300)
        for y in 0..<300 { for x in 0..<400 { photo[x, y] = RGBA(UInt8(x * 255 / 399), UInt8(y * 255 / 299), 90) } }
        return photo
    }

    @Test func gesturesAppearInTheTranscriptAndShapeTheResult() async throws {
        var configuration = PickerConfiguration()
        configuration.output.size = 64
        configuration.output.mask = .circle
        let s = PickerScenario(items: [.image("IMG_1", try Self.photo())], configuration: configuration)
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        let mark = s.transcript.lines.count
        let centre = try #require(s.picker.editorGeometry).maskRect.center
        s.user.gesture(.pinch(scale: 2, focus: centre))
        s.user.gesture(.pan(CGPoint(x: 40, y: 0)))
        s.user.gesture(.ended)
        s.user.tapChoose()
        await s.settle()
        #expect(s.transcript.lines(since: mark) == [
            "user: pinch(2 at 187.5,333.5) on #2",
            "picker: editor pinch(2 at 187.5,333.5): crop (125,75,150,150)",
            "user: pan(40,0) on #2",
            "picker: editor pan(40,0): crop (108,75,150,150)",
            "user: ended on #2",
            "picker: editor ended: crop (108,75,150,150)",
            "user: choose on #2",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 64x64 from 400x300 crop (108,75,150,150)",
            "delegate: didFinish public.image edited 64x64 from 400x300 crop (108,75,150,150)",
        ])
        let result = try #require(s.delegate.lastResult)
        let edited = try #require(result.editedImage as? PixelBuffer)
        #expect(edited.displaySize == PixelSize(width: 64, height: 64))
        #expect(edited[0, 0].a == 0, "the circle's corners are transparent")
        #expect(edited[32, 32].a == 255)
        let expected = try AvatarPipeline(
            crop: PixelRect(x: 108, y: 75, width: 150, height: 150), outputSize: PixelSize(width: 64, height: 64), mask: .circle
        ).render(try Self.photo()).image
        #expect(edited == expected)
    }

    @Test func gesturesOffTheEditScreenAreIgnored() async throws {
        let s = PickerScenario(items: [.image("IMG_1", try Self.photo())])
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.gesture(.pan(CGPoint(x: 1, y: 1)))
        #expect(s.transcript.lines.last == "picker: ignored editorGesture(pan(1,1)) on #1: not offered here")
        #expect(s.picker.editorGeometry == nil)
    }

    @Test func aSavedSessionReopensOnTheSameCropAndReappliesWithoutUI() async throws {
        let s = PickerScenario()
        s.exhaustivity = .off
        let photo = try Self.photo()
        try s.picker.edit(photo)
        s.user.gesture(.pinch(scale: 3, focus: CGPoint(x: 60, y: 200)))
        s.user.gesture(.ended)
        s.user.tapChoose()
        await s.settle()
        let first = try #require(s.delegate.lastResult)
        let saved = try JSONEncoder().encode(try #require(first.editSession))

        let session = try JSONDecoder().decode(EditSession.self, from: saved)
        let again = try session.apply(to: photo) as? PixelBuffer
        #expect(again == first.editedImage as? PixelBuffer)

        try s.picker.edit(photo, restoring: session)
        #expect(s.picker.editorGeometry?.cropRect == first.cropRect)
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.lastResult?.cropRect == first.cropRect)
        #expect(s.delegate.callbacks.count == 2)
    }

    @Test func aSessionRefusesAnotherImage() throws {
        let geometry = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        let session = EditSession(geometry: geometry, output: AvatarOutput())
        #expect(throws: PickerError.imageMismatch(expected: PixelSize(width: 400, height: 300), actual: PixelSize(width: 300, height: 400))) {
            try session.apply(to: try PixelBuffer(width: 300, height: 400))
        }
    }

    @Test func anUnusableEditorLayoutFailsTheSessionAfterThePick() async throws {
        var configuration = PickerConfiguration()
        configuration.editor.margin = 1000
        let s = PickerScenario(items: [.image("IMG_1", try Self.photo())], configuration: configuration)
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        #expect(Array(s.transcript.lines.suffix(3)) == [
            "presenter: dismiss animated",
            "picker: end failed: the edit screen cannot be laid out: the safe area and margin leave no room for the mask",
            "delegate: didFail the edit screen cannot be laid out: the safe area and margin leave no room for the mask",
        ])
    }

    @Test func aSquareOutputOfTheCropsOwnPixelsIsTheDefault() async throws {
        let s = PickerScenario()
        s.exhaustivity = .off
        try s.picker.edit(try Self.photo())
        s.user.tapChoose()
        await s.settle()
        let edited = try #require(s.delegate.lastResult?.editedImage as? PixelBuffer)
        #expect(edited.displaySize == PixelSize(width: 300, height: 300))
        #expect(edited == (try Self.photo().cropped(to: PixelRect(x: 50, y: 0, width: 300, height: 300))))
    }
}

extension EditScreenInTheWorkflowTests {
    @Test func emptySpaceStaysTransparentAndTheOutputKeepsItsShape() async throws {
        var configuration = PickerConfiguration()
        configuration.editor.allowsEmptySpace = true
        configuration.output.size = 8
        let s = PickerScenario(configuration: configuration)
        s.exhaustivity = .off
        let white = try PixelBuffer(width: 40, height: 20, bytes: [UInt8](repeating: 255, count: 40 * 20 * 4))
        try s.picker.edit(white)
        s.user.gesture(.pinch(scale: 0.01, focus: .zero))
        s.user.gesture(.ended)
        s.user.tapChoose()
        await s.settle()
        let result = try #require(s.delegate.lastResult)
        #expect(result.cropRect == PixelRect(x: 0, y: -10, width: 40, height: 40))
        let edited = try #require(result.editedImage as? PixelBuffer)
        #expect(edited.displaySize == PixelSize(width: 8, height: 8))
        #expect((0..<8).map { edited[3, $0].a } == [0, 0, 255, 255, 255, 255, 0, 0])
    }
}

import Foundation
import PickerCodecs
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// An edit saved with its original, written as JSON, read back in a "later launch" and reopened
/// exactly as it was left.
@MainActor
@Suite("Saved edits that reopen (B24)")
struct SavedEditTests {
    /// A session made on a 60×40 photo shown turned (EXIF 6), zoomed and moved.
    static func edited() async throws -> (photo: PixelBuffer, session: EditSession, crop: PixelRect) {
        let photo = try PickerScenario.photo(width: 60, height: 40, orientation: .right, colour: RGBA(10, 200, 90))
        let s = PickerScenario(configuration: .profilePhoto(size: 32))
        s.exhaustivity = .off
        try s.picker.edit(photo)
        s.user.pinch(by: 1.5)
        s.user.drag(dx: 0, dy: -20)
        s.user.tapChoose()
        await s.settle()
        let result = try #require(s.delegate.lastResult)
        let session = try #require(result.editSession)
        let crop = try #require(result.cropRect)
        return (photo, session, crop)
    }

    @Test func aSavedEditReopensOnTheSameCropInANewPicker() async throws {
        let (photo, session, crop) = try await Self.edited()
        let json = try JSONEncoder().encode(try SavedEdit(losslessCopyOf: photo, session: session))
        // A later launch: a new picker, the document read back.
        let saved = try JSONDecoder().decode(SavedEdit.self, from: json)
        #expect(saved.session == session)
        #expect(saved.displaySize == PixelSize(width: 40, height: 60))
        let original = try saved.originalPixels()
        #expect(original == photo, "the lossless copy is the photo, pixel for pixel, with its orientation")
        let again = PickerScenario(configuration: .profilePhoto(size: 32))
        again.exhaustivity = .off
        try again.picker.edit(original, restoring: saved.session)
        #expect(again.picker.editorGeometry?.cropRect == crop)
        again.user.tapChoose()
        await again.settle()
        #expect(again.delegate.lastResult?.cropRect == crop)
        #expect(try session.apply(to: original).displaySize == PixelSize(width: 32, height: 32))
    }

    @Test func theJSONIsTheDocumentedObject() throws {
        let photo = try PickerScenario.photo(width: 4, height: 2)
        let session = EditSession(geometry: try EditorGeometry(imageSize: photo.displaySize), output: AvatarOutput())
        let saved = try SavedEdit(originalFile: Data([1, 2, 3]), orientation: .up, fullResolutionPixelSize: photo.pixelSize, session: session)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(saved)) as? [String: Any])
        #expect(object.keys.sorted() == ["fullResolutionPixelSize", "orientation", "originalFile", "session", "version"])
        #expect(object["version"] as? Int == 1)
        #expect(object["originalFile"] as? String == "AQID")
        #expect(object["orientation"] as? Int == 1)
        #expect((object["fullResolutionPixelSize"] as? [String: Int]) == ["width": 4, "height": 2])
    }

    @Test func aSessionMadeOnAnotherPhotoIsRefused() throws {
        let session = EditSession(geometry: try EditorGeometry(imageSize: PixelSize(width: 4, height: 2)), output: AvatarOutput())
        #expect(throws: PickerError.imageMismatch(expected: PixelSize(width: 4, height: 2), actual: PixelSize(width: 2, height: 4))) {
            try SavedEdit(originalFile: Data([1]), orientation: .right, fullResolutionPixelSize: PixelSize(width: 4, height: 2), session: session)
        }
        #expect(throws: PickerError.editFailed(.unknownFormat)) {
            try SavedEdit(originalFile: Data(), orientation: .up, fullResolutionPixelSize: PixelSize(width: 4, height: 2), session: session)
        }
    }

    @Test("a damaged document is a DecodingError, never a crash", arguments: [
        #"{"version":2,"originalFile":"AQID","orientation":1,"fullResolutionPixelSize":{"width":4,"height":2},"session":SESSION}"#,
        #"{"version":1,"originalFile":"AQID","orientation":9,"fullResolutionPixelSize":{"width":4,"height":2},"session":SESSION}"#,
        #"{"version":1,"originalFile":"AQID","orientation":1,"fullResolutionPixelSize":{"width":4,"height":3},"session":SESSION}"#,
        #"{"version":1,"originalFile":"","orientation":1,"fullResolutionPixelSize":{"width":4,"height":2},"session":SESSION}"#,
        #"{"version":1,"originalFile":"AQID","orientation":1,"fullResolutionPixelSize":{"width":-4,"height":2},"session":SESSION}"#,
        #"{"version":1,"orientation":1,"fullResolutionPixelSize":{"width":4,"height":2},"session":SESSION}"#,
        #"{"version":1,"originalFile":"AQID","orientation":1,"fullResolutionPixelSize":{"width":4,"height":2},"session":{}}"#,
    ])
    func damaged(document: String) throws {
        let session = EditSession(geometry: try EditorGeometry(imageSize: PixelSize(width: 4, height: 2)), output: AvatarOutput())
        let json = String(decoding: try JSONEncoder().encode(session), as: UTF8.self)
        let data = Data(document.replacingOccurrences(of: "SESSION", with: json).utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SavedEdit.self, from: data) }
    }

    @Test func aCopyOfAnotherSizeIsNotReadAsTheOriginalOnLinux() throws {
        let photo = try PickerScenario.photo(width: 4, height: 2)
        let session = EditSession(geometry: try EditorGeometry(imageSize: PixelSize(width: 8, height: 4)), output: AvatarOutput())
        let saved = try SavedEdit(originalFile: PNG.encode(photo), orientation: .up, fullResolutionPixelSize: PixelSize(width: 8, height: 4), session: session)
        #expect(throws: ImagingError.imageMismatch(expected: PixelSize(width: 8, height: 4), actual: PixelSize(width: 4, height: 2))) {
            try saved.originalPixels()
        }
    }
}

import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Quarter turns and flips on the edit screen: the crop turns with the image, output is
/// pixel-exact for any EXIF orientation, and a saved session re-applies them.
@MainActor
@Suite("Turns and flips on the edit screen")
struct TurnAndFlipTests {
    /// A 6×4 stored photo whose every pixel differs.
    static func photo(_ orientation: ImageOrientation = .up) throws -> PixelBuffer {
        var photo = try PixelBuffer(width: 6, height: 4, orientation: orientation)
        for y in 0..<4 { for x in 0..<6 { photo[x, y] = RGBA(UInt8(40 * x + 3), UInt8(60 * y + 5), 90, 255) } }
        return photo
    }

    /// `image` as shown, turned and flipped by hand, then cropped to `rect`.
    static func byHand(_ image: PixelBuffer, _ transforms: [DisplayTransform], crop rect: PixelRect) throws -> PixelBuffer {
        var shown = image.normalized()
        for transform in transforms {
            let size = transform.size(shown.displaySize)
            var out = try PixelBuffer(width: size.width, height: size.height)
            for y in 0..<shown.height {
                for x in 0..<shown.width {
                    let moved = transform.rect(PixelRect(x: x, y: y, width: 1, height: 1), size: shown.displaySize)
                    out[moved.x, moved.y] = shown[x, y]
                }
            }
            shown = out
        }
        return try shown.cropped(to: rect)
    }

    @Test("a turned and flipped crop has exactly the pixels turned by hand", arguments: ImageOrientation.allCases)
    func pixelExact(orientation: ImageOrientation) throws {
        let sequences: [[DisplayTransform]] = [[.turnRight], [.turnLeft], [.flipHorizontal], [.flipVertical],
                                               [.turnRight, .flipHorizontal], [.flipVertical, .turnLeft, .turnLeft], [.turnRight, .turnRight, .turnRight, .turnRight]]
        for transforms in sequences {
            let original = try Self.photo(orientation)
            var editor = try EditorGeometry(imageSize: original.displaySize, orientation: original.orientation)
            for transform in transforms { editor.apply(.transform(transform)) }
            #expect(editor.orientation == editor.displayOrientation(of: orientation), "the kept turns and mirror tell the orientation")
            let crop = editor.cropRect
            #expect(crop.width == crop.height)
            let edited = try EditSession(geometry: editor, output: AvatarOutput()).apply(to: original)
            let pixels = try #require(edited as? PixelBuffer)
            #expect(pixels.normalized() == (try Self.byHand(original, transforms, crop: crop)), "\(orientation) \(transforms)")
        }
    }

    @Test func theCropTurnsWithTheImage() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.pinch(scale: 2, focus: editor.maskRect.center))
        editor.apply(.pan(CGPoint(x: 60, y: 40)))
        editor.apply(.ended)
        let before = editor.cropRect
        editor.apply(.transform(.turnRight))
        #expect(editor.imageSize == PixelSize(width: 300, height: 400))
        #expect(editor.cropRect == DisplayTransform.turnRight.rect(before, size: PixelSize(width: 400, height: 300)))
        editor.apply(.transform(.turnLeft))
        #expect(editor.cropRect == before)
        #expect(editor.quarterTurns == 0 && !editor.isMirrored && editor.orientation == .up)
    }

    @Test func aPickedPhotoTurnedOnTheEditScreenComesBackTurned() async throws {
        let photo = try Self.photo()
        let s = PickerScenario(items: [.image("IMG_1", photo)])
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.gesture(.transform(.turnRight))
        s.user.gesture(.transform(.flipHorizontal))
        s.user.tapChoose()
        await s.settle()
        let result = try #require(s.delegate.lastResult)
        let edited = try #require(result.editedImage as? PixelBuffer)
        #expect(edited.normalized() == (try Self.byHand(photo, [.turnRight, .flipHorizontal], crop: PixelRect(x: 0, y: 1, width: 4, height: 4))))
        // Saved and re-applied later, with no UI: the same pixels.
        let saved = try JSONEncoder().encode(try #require(result.editSession))
        let again = try JSONDecoder().decode(EditSession.self, from: saved).apply(to: photo) as? PixelBuffer
        #expect(again == edited)
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 6x4 up (1)",
            "presenter: push #2 editor(6x4 crop (1,0,4,4))",
            "presenter: navigation bar hidden",
            "user: turnRight on #2",
            "picker: editor turnRight: crop (0,1,4,4)",
            "user: flipHorizontal on #2",
            "picker: editor flipHorizontal: crop (0,1,4,4)",
            "user: choose on #2",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 4x4 from 6x4 crop (0,1,4,4)",
            "delegate: didFinish public.image edited 4x4 from 6x4 crop (0,1,4,4)",
        ])
    }
}

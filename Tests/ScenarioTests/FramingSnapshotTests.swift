import Foundation
import PickerCodecs
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// The edit screen opening on a photo whose person stands to one side, centred and framed on
/// the person, rendered and compared with the reference PNGs in
/// `__Snapshots__/FramingSnapshotTests/` (the Framing article shows them).
@Suite("Framing snapshots")
struct FramingSnapshotTests {
    /// The astronaut portrait, reduced to 320×320, at the bottom left of a 960×640 photo whose
    /// backdrop carries on the portrait's own warm grey: a person standing to one side, her
    /// face where a reference detector puts it in the portrait, reduced with it. (On a wall of
    /// another colour the portrait's backdrop, as pale as the palest skin, would be a patch of
    /// "skin" joined to her face that reaches no edge of the photo: the pure-Swift locator
    /// then falls back to the salient region.)
    static func sidePortrait() throws -> (photo: PixelBuffer, face: PixelRect) {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PickerCodecsTests/Fixtures/people/astronaut.jpg")
        let portrait = try JPEG.decode(Data(contentsOf: file))
            .resampled(displayRect: PixelRect(x: 0, y: 0, width: 512, height: 512), to: PixelSize(width: 320, height: 320), filter: .area)
        var photo = try PixelBuffer(width: 960, height: 640)
        for y in 0..<640 {
            for x in 0..<960 { photo[x, y] = x < 320 && y >= 320 ? portrait[x, y - 320] : RGBA(197, 188, 183) }
        }
        // (176, 66, 96, 96) × 320 / 512, then 320 down.
        return (photo, PixelRect(x: 110, y: 361, width: 60, height: 60))
    }

    static func configuration() -> EditorConfiguration {
        var c = EditorConfiguration()
        c.viewport = CGSize(width: 200, height: 300)
        c.margin = 10
        return c
    }

    @Test func thePersonToOneSideIsFramed() throws {
        let (photo, face) = try Self.sidePortrait()
        let centred = try EditorGeometry(imageSize: photo.displaySize, configuration: Self.configuration())
        // Centred, the crop holds a sliver of her face at its edge.
        #expect(centred.cropRect == PixelRect(x: 160, y: 0, width: 640, height: 640))
        #expect(centred.cropRect.intersection(face) == PixelRect(x: 160, y: 361, width: 10, height: 60))
        assertSnapshot(try EditorRenderer(scale: 1).render(centred, image: photo), named: "editor-framing-centre")
        var framed = centred
        framed.frame(on: AttentionLocator().locate(photo))
        #expect(framed.cropRect.contains(face), "\(framed.cropRect)")
        #expect(framed.openingCrop == framed.cropRect)
        // A portrait: the face is 40 % of the crop's height, give or take the locator's box.
        #expect((200...300).contains(framed.cropRect.height), "\(framed.cropRect)")
        assertSnapshot(try EditorRenderer(scale: 1).render(framed, image: photo), named: "editor-framing-subject")
    }
}

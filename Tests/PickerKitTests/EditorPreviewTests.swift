import Foundation
import PickerImaging
import PickerKit
import Testing

/// The edit screen's moving frames, drawn from a reduced copy of the photo.
@Suite("The edit screen's preview")
struct EditorPreviewTests {
    /// A smooth photo stored turned (EXIF 6), so a reduced copy differs from it only a little.
    static func photo() throws -> PixelBuffer {
        var image = try PixelBuffer(width: 300, height: 400, orientation: .right)
        for y in 0..<400 { for x in 0..<300 { image[x, y] = RGBA(UInt8(x * 255 / 299), UInt8(y * 255 / 399), UInt8((x + y) / 3 + 20)) } }
        return image
    }

    @Test func atRestItIsTheRenderersPictureOfTheOriginal() throws {
        let preview = try EditorPreview(try Self.photo(), reducedSide: 100)
        #expect(preview.reduced.displaySize == PixelSize(width: 100, height: 75))
        var geometry = try EditorGeometry(imageSize: preview.original.displaySize, orientation: .right)
        geometry.apply(.transform(.turnRight))
        let renderer = EditorRenderer(scale: 1)
        #expect(try preview.render(geometry, renderer: renderer, moving: false) == renderer.render(geometry, image: preview.original))
    }

    @Test("moving, it is the same picture from the reduced copy", arguments: [0, 1, 2, 3])
    func movingItIsTheSamePictureReduced(turns: Int) throws {
        let preview = try EditorPreview(try Self.photo(), reducedSide: 200)
        var geometry = try EditorGeometry(imageSize: preview.original.displaySize, orientation: .right)
        for _ in 0..<turns { geometry.apply(.transform(.turnRight)) }
        if turns == 3 { geometry.apply(.transform(.flipHorizontal)) }
        geometry.apply(.pinch(scale: 1.5, focus: CGPoint(x: 150, y: 300)))
        var renderer = EditorRenderer(scale: 1)
        renderer.showsGrid = true
        let moving = try preview.render(geometry, renderer: renderer, moving: true)
        let still = try preview.render(geometry, renderer: renderer, moving: false)
        #expect(moving.pixelSize == still.pixelSize)
        var total = 0, worst = 0
        for y in 0..<still.height {
            for x in 0..<still.width {
                let a = moving[x, y], b = still[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                total += d
                worst = max(worst, d)
            }
        }
        let mean = Double(total) / Double(still.width * still.height)
        // The same place, turn and mirror: a wrong one would differ by tens on average.
        #expect(mean < 1.5, "mean difference \(mean)")
        #expect(worst < 40, "worst difference \(worst)")
    }

    @Test func movingFramesAreDrawnAtTwiceThePointsAtMost() {
        #expect(EditorPreview.scale(screen: 3, moving: true) == 2)
        #expect(EditorPreview.scale(screen: 3, moving: false) == 3)
        #expect(EditorPreview.scale(screen: 1, moving: true) == 1)
    }

    @Test func aSmallPhotoIsItsOwnReducedCopy() throws {
        let photo = try PixelBuffer(width: 30, height: 20)
        let preview = try EditorPreview(photo)
        #expect(preview.reduced == photo)
    }
}

import Foundation
import PickerImaging
import PickerKit
import Testing

/// Free-angle straightening on the edit screen: the cover constraint of a turned rectangle,
/// gestures on a turned image, and how it composes with turns, flips, reset and undo.
@Suite("Straightening the photo")
struct StraightenGeometryTests {
    /// A 4032 × 3024 photo under a 300-point circle (the default 375 × 667 viewport).
    static func editor(shape: CropShape = .circle) throws -> EditorGeometry {
        var configuration = EditorConfiguration()
        configuration.shape = shape
        return try EditorGeometry(imageSize: PixelSize(width: 4032, height: 3024), configuration: configuration)
    }

    @Test func theMinimumZoomIsTheTurnedMasksBoundingBoxOverTheImage() throws {
        var editor = try Self.editor()
        let side = Double(editor.maskRect.width)
        editor.apply(.straighten(degrees: 10))
        let c = cos(10 * Double.pi / 180), s = sin(10 * Double.pi / 180)
        // A square of side m turned by θ needs m(|cos θ| + |sin θ|) on each axis: the shorter side binds.
        #expect(abs(editor.minimumZoom - side * (c + s) / 3024) < 1e-12)
        #expect(abs(editor.zoom - editor.minimumZoom) < 1e-12, "settled at the covering zoom")
        // The crop: the largest square the turned frame allows, centred: 3024 / (cos + sin) = 2610.5.
        #expect(editor.cropRect == PixelRect(x: 711, y: 207, width: 2610, height: 2610))
    }

    @Test func aRectangularMaskTurnsWithBothOfItsSides() throws {
        var editor = try Self.editor(shape: .rectangle(aspectRatio: 16.0 / 9))
        let mask = editor.maskRect
        editor.apply(.straighten(degrees: -30))
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let across = (Double(mask.width) * c + Double(mask.height) * s) / 4032
        let down = (Double(mask.width) * s + Double(mask.height) * c) / 3024
        #expect(abs(editor.minimumZoom - max(across, down)) < 1e-12)
        #expect(editor.angle == -30)
    }

    @Test func anglesClampToFortyFiveDegreesAndNonsenseIsIgnored() throws {
        var editor = try Self.editor()
        editor.apply(.straighten(degrees: 80))
        #expect(editor.angle == 45)
        editor.apply(.rotate(degrees: -100))
        #expect(editor.angle == -45)
        let before = editor
        for gesture in [EditorGesture.rotate(degrees: .nan), .straighten(degrees: .infinity), .rotate(degrees: -.infinity)] {
            editor.apply(gesture)
            #expect(editor == before, "\(gesture)")
        }
    }

    @Test func aTwoFingerTurnMayUncoverUntilTheFingersLift() throws {
        var editor = try Self.editor()
        editor.apply(.rotate(degrees: 20))
        #expect(editor.angle == 20)
        #expect(editor.zoom < editor.minimumZoom, "mid-gesture: the zoom has not caught up")
        editor.apply(.ended)
        #expect(abs(editor.zoom - editor.minimumZoom) < 1e-12)
        #expect(editor.angle == 20)
    }

    @Test func aPanFollowsTheFingerOnScreenWhenTurned() throws {
        var editor = try Self.editor()
        editor.apply(.straighten(degrees: 30))
        editor.apply([.pinch(scale: 2, focus: editor.maskRect.center), .ended])
        let before = editor.cropRect
        // The finger moves 40 points right: the image moves right on screen, so the crop's
        // centre moves left along the screen's x axis, which is turned 30° on the image.
        editor.apply([.pan(CGPoint(x: 40, y: 0)), .ended])
        let after = editor.cropRect
        let shift = 40 / editor.zoom
        let dx = Double(after.x - before.x), dy = Double(after.y - before.y)
        #expect(abs(dx - -shift * cos(Double.pi / 6)) <= 1 && abs(dy - shift * sin(Double.pi / 6)) <= 1, "moved (\(dx), \(dy))")
    }

    @Test func resetStraightensDoubleTapKeepsTheAngle() throws {
        var editor = try Self.editor()
        editor.apply(.straighten(degrees: 12))
        editor.apply(.doubleTap(editor.maskRect.center))
        #expect(editor.angle == 12 && editor.zoom > editor.minimumZoom)
        editor.apply(.doubleTap(editor.maskRect.center))
        #expect(editor.angle == 12 && abs(editor.zoom - editor.minimumZoom) < 1e-12)
        editor.apply(.reset)
        #expect(editor == (try Self.editor()))
    }

    @Test func flipsMirrorTheAngleAndTurnsKeepIt() throws {
        var editor = try Self.editor()
        editor.apply(.straighten(degrees: 8))
        editor.apply(.transform(.flipHorizontal))
        #expect(editor.angle == -8)
        editor.apply(.transform(.turnRight))
        #expect(editor.angle == -8 && editor.imageSize == PixelSize(width: 3024, height: 4032))
        editor.apply(.transform(.flipVertical))
        #expect(editor.angle == 8)
    }

    @Test func undoGoesBackOverAStraightenButNotOverEachTurnOfTheFingers() throws {
        let start = try Self.editor()
        var editor = start
        var history = EditHistory(start: editor)
        for gesture in [EditorGesture.straighten(degrees: 5), .rotate(degrees: 3), .rotate(degrees: 2), .ended] {
            editor.apply(gesture)
            if gesture.commitsStep { history.commit(editor) }
        }
        #expect(editor.angle == 10)
        editor = history.undo(from: editor)!
        #expect(editor.angle == 5)
        editor = history.undo(from: editor)!
        #expect(editor == start)
        #expect(history.redo()?.angle == 5)
    }

    @Test func theSavedEditRendersTheTurnedCrop() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.straighten(degrees: 7))
        var output = AvatarOutput()
        output.size = 96
        output.mask = .circle
        let photo = try PixelBuffer(width: 400, height: 300, bytes: (0..<480_000).map { $0 % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: $0 / 4 &* 13) })
        let rendered = try EditSession(geometry: editor, output: output).apply(to: photo) as? PixelBuffer
        let expected = try photo.resampled(displayRect: editor.cropRect, rotatedBy: 7, to: PixelSize(width: 96, height: 96)).masked(.circle)
        #expect(rendered == expected)
        // Settled, the turned frame is on the photo: every pixel inside the circle is opaque.
        #expect(rendered.map { image in (0..<96).allSatisfy { image[$0, 48].a == 255 || $0 < 2 || $0 > 93 } } == true)
    }

    @Test("a photo a pixel or two wide is not straightened without empty space, and has no see-through pixel",
        arguments: [(1, 40, 45.0), (1, 40, -45.0), (2, 9, 45.0), (40, 1, -45.0), (3, 3, 30.0)])
    func aNarrowPhotoStraightenedStaysOpaque(width: Int, height: Int, degrees: Double) throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: width, height: height))
        editor.apply(.straighten(degrees: degrees))
        editor.apply(.ended)
        // A turned crop of whole pixels has no place inside a photo under 3 pixels a side: there
        // the angle stays 0 (the crop stays inside the photo); from 3 pixels it turns.
        #expect(editor.angle == (min(width, height) >= 3 ? degrees : 0))
        var output = AvatarOutput()
        output.size = 64
        let photo = try PixelBuffer(width: width, height: height, bytes: (0..<width * height).flatMap { [UInt8($0 % 200), 90, 30, 255] })
        let rendered = try #require(try EditSession(geometry: editor, output: output).apply(to: photo) as? PixelBuffer)
        #expect(rendered.displaySize == PixelSize(width: 64, height: 64))
        let seeThrough = (0..<64).flatMap { y in (0..<64).map { x in (x, y) } }.filter { rendered[$0.0, $0.1].a != 255 }
        #expect(seeThrough.count == 0, "first see-through pixels: \(seeThrough.prefix(3))")
        // With empty space allowed, what lies off the photo stays transparent.
        var loose = EditorConfiguration()
        loose.allowsEmptySpace = true
        var free = try EditorGeometry(imageSize: PixelSize(width: width, height: height), configuration: loose)
        free.apply(.straighten(degrees: degrees))
        free.apply(.ended)
        let freeRendered = try #require(try EditSession(geometry: free, output: output).apply(to: photo) as? PixelBuffer)
        let transparent = (0..<64).flatMap { y in (0..<64).map { x in freeRendered[x, y].a } }.filter { $0 == 0 }.count
        #expect(transparent > 64, "the turned frame reaches past the photo")
    }

    @Test func voiceOverHearsTheAngle() throws {
        var editor = try Self.editor()
        editor.apply(.straighten(degrees: -7.4))
        #expect(editor.accessibility.value == "zoomed 100%, showing the center, straightened 7° counterclockwise")
        editor.apply(EditorAccessibilityAction.straightenClockwise.gestures(for: editor))
        #expect(editor.angle == -6.4)
        #expect(editor.accessibility(in: PickerStrings(language: .simplifiedChinese)).value.hasSuffix("，已逆时针拉直 6°"))
    }
}

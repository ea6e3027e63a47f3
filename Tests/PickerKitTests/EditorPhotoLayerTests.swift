import Foundation
import PickerImaging
import PickerKit
import Testing

/// The photo layer's transform and the headless renderer are two pictures of one geometry: a
/// point of the photo lands at the same place in both.
@Suite("The edit screen's photo layer")
struct EditorPhotoLayerTests {
    /// The upright photo: 120×90 black, with a red, a green and a blue 6×6 square centred on
    /// these points (pixel edges at whole numbers), far enough apart to fix any affine map.
    static let markers: [(colour: Int, centre: CGPoint)] = [
        (0, CGPoint(x: 42, y: 30)), (1, CGPoint(x: 84, y: 36)), (2, CGPoint(x: 48, y: 63)),
    ]
    static let uprightSize = PixelSize(width: 120, height: 90)

    /// The photo stored with `orientation`: its pixels arranged so that, with the orientation
    /// applied, it is the upright photo.
    static func stored(_ orientation: ImageOrientation) throws -> PixelBuffer {
        let rawSize = orientation.swapsAxes ? PixelSize(width: 90, height: 120) : uprightSize
        var image = try PixelBuffer(width: rawSize.width, height: rawSize.height, orientation: orientation)
        for y in 0..<rawSize.height {
            for x in 0..<rawSize.width {
                let shown = orientation.displayPoint(forRawX: x, y: y, rawSize: rawSize)
                var pixel = RGBA(0, 0, 0)
                for (colour, centre) in markers
                where abs(Double(shown.x) + 0.5 - Double(centre.x)) < 3 && abs(Double(shown.y) + 0.5 - Double(centre.y)) < 3 {
                    pixel = RGBA(colour == 0 ? 255 : 0, colour == 1 ? 255 : 0, colour == 2 ? 255 : 0)
                }
                image[x, y] = pixel
            }
        }
        #expect(image.displaySize == uprightSize)
        return image
    }

    static func configuration() -> EditorConfiguration {
        var configuration = EditorConfiguration()
        configuration.viewport = CGSize(width: 160, height: 200)
        configuration.margin = 20
        return configuration
    }

    /// A renderer that draws the photo alone: nothing dimmed, no outline.
    static func plain(scale: Double) -> EditorRenderer {
        EditorRenderer(scale: scale, dimming: 1, outlineWidth: 0)
    }

    /// Where each marker's colour is drawn, in points: the centroid of its channel.
    static func drawnCentres(_ canvas: PixelBuffer, scale: Double) -> [CGPoint?] {
        var total = [0.0, 0.0, 0.0], sumX = [0.0, 0.0, 0.0], sumY = [0.0, 0.0, 0.0]
        let bytes = canvas.bytes, stride = canvas.rowStride
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let i = y * stride + x * 4
                for channel in 0..<3 where bytes[i + channel] != 0 {
                    let value = Double(bytes[i + channel])
                    total[channel] += value
                    sumX[channel] += value * (Double(x) + 0.5)
                    sumY[channel] += value * (Double(y) + 0.5)
                }
            }
        }
        return (0..<3).map { channel in
            total[channel] > 0 ? CGPoint(x: sumX[channel] / total[channel] / scale, y: sumY[channel] / total[channel] / scale) : nil
        }
    }

    /// The edits the snapshots show, on the photo stored with `orientation`: the person's
    /// mirror, `turns` quarter turns, a straighten `angle`, and (when `zoomed`) a pinch and a pan.
    static func editor(_ orientation: ImageOrientation, mirrored: Bool, turns: Int, angle: Double, zoomed: Bool) throws -> EditorGeometry {
        var editor = try EditorGeometry(imageSize: uprightSize, orientation: orientation, configuration: configuration())
        if mirrored { editor.apply(.transform(.flipHorizontal)) }
        for _ in 0..<turns { editor.apply(.transform(.turnRight)) }
        if angle != 0 { editor.apply(.straighten(degrees: angle)) }
        if zoomed {
            editor.apply(.pinch(scale: 1.3, focus: CGPoint(x: 70, y: 90)))
            editor.apply(.pan(CGPoint(x: 6.25, y: -3.5)))
            editor.apply(.ended)
        }
        return editor
    }

    static let angles = [0, 12, -20, 45, -45, 7.5]

    @Test(
        "each marker lands within ¼ point of where the renderer draws it",
        arguments: ImageOrientation.allCases, [false, true])
    func theLayerAndTheRendererAgree(orientation: ImageOrientation, mirrored: Bool) throws {
        let photo = try Self.stored(orientation)
        var worst = 0.0
        for turns in 0..<4 {
            // Three of the angles for each turn, all six for every two; zoomed for every other.
            for index in [turns % 2, turns % 2 + 2, turns % 2 + 4] {
                let angle = Self.angles[index]
                let zoomed = (index + turns / 2).isMultiple(of: 2)
                let scale = 2.0
                let editor = try Self.editor(orientation, mirrored: mirrored, turns: turns, angle: angle, zoomed: zoomed)
                let layer = editor.photoLayer
                #expect(layer.size == (turns.isMultiple(of: 2) ? editor.imageSize : PixelSize(width: editor.imageSize.height, height: editor.imageSize.width)))
                #expect(layer.size == Self.uprightSize)
                let drawn = Self.drawnCentres(try Self.plain(scale: scale).render(editor, image: photo), scale: scale)
                for (colour, centre) in Self.markers {
                    let expected = layer.transform.apply(centre)
                    let measured = try #require(drawn[colour], "marker \(colour) not drawn: \(turns) turns, \(angle)°")
                    let error = max(abs(Double(measured.x - expected.x)), abs(Double(measured.y - expected.y)))
                    worst = max(worst, error)
                    #expect(error <= 0.25, "marker \(colour), \(turns) turns, \(angle)°, zoomed \(zoomed): drawn at \(measured), layer puts it at \(expected)")
                }
            }
        }
        #expect(worst > 0, "the centroids are measured, not copied")
    }

    @Test func aSettledUnturnedPhotoIsItsZoomAndOrigin() throws {
        let editor = try EditorGeometry(imageSize: Self.uprightSize, configuration: Self.configuration())
        // Mask 120×120 at (20, 40); the photo fills it: zoom 120/90 = 4/3, 160 wide, from x −20.
        #expect(editor.maskRect == CGRect(x: 20, y: 40, width: 120, height: 120))
        let layer = editor.photoLayer
        #expect(layer.size == PixelSize(width: 120, height: 90))
        #expect(layer.transform == EditorTransform(a: editor.zoom, b: 0, c: 0, d: editor.zoom, tx: -0, ty: 40))
        #expect(abs(editor.zoom - 4.0 / 3) < 1e-12)
        #expect(layer.transform.apply(CGPoint(x: 0, y: 0)) == CGPoint(x: -0.0, y: 40))
        #expect(abs(Double(layer.transform.apply(CGPoint(x: 120, y: 90)).x) - 160) < 1e-9)
    }

    @Test("a turn and a mirror move the photo's corners as the screen shows them")
    func turnsAndMirrorMoveTheCorners() throws {
        var editor = try EditorGeometry(imageSize: Self.uprightSize, configuration: Self.configuration())
        editor.apply(.transform(.turnRight))
        var layer = editor.photoLayer
        // Turned right, the photo's top-left corner is at the shown image's top right.
        let frame = editor.imageFrame
        #expect(layer.size == PixelSize(width: 120, height: 90))
        #expect(editor.imageSize == PixelSize(width: 90, height: 120))
        Self.expectClose(layer.transform.apply(CGPoint(x: 0, y: 0)), CGPoint(x: frame.maxX, y: frame.minY))
        Self.expectClose(layer.transform.apply(CGPoint(x: 120, y: 0)), CGPoint(x: frame.maxX, y: frame.maxY))
        Self.expectClose(layer.transform.apply(CGPoint(x: 0, y: 90)), CGPoint(x: frame.minX, y: frame.minY))
        editor.apply(.transform(.turnLeft))
        editor.apply(.transform(.flipHorizontal))
        layer = editor.photoLayer
        let flat = editor.imageFrame
        Self.expectClose(layer.transform.apply(CGPoint(x: 0, y: 0)), CGPoint(x: flat.maxX, y: flat.minY))
        Self.expectClose(layer.transform.apply(CGPoint(x: 120, y: 90)), CGPoint(x: flat.minX, y: flat.maxY))
    }

    @Test func straighteningTurnsAboutTheMasksCentre() throws {
        var editor = try EditorGeometry(imageSize: Self.uprightSize, configuration: Self.configuration())
        editor.apply(.straighten(degrees: 30))
        let layer = editor.photoLayer
        let centre = editor.maskRect.center
        // The photo point under the mask's centre stays there; a point to its right goes down.
        let under = CGPoint(x: (Double(centre.x) - Double(editor.origin.x)) / editor.zoom, y: (Double(centre.y) - Double(editor.origin.y)) / editor.zoom)
        Self.expectClose(layer.transform.apply(under), centre)
        let right = layer.transform.apply(CGPoint(x: Double(under.x) + 10, y: Double(under.y)))
        Self.expectClose(right, CGPoint(x: Double(centre.x) + 10 * editor.zoom * cos(.pi / 6), y: Double(centre.y) + 10 * editor.zoom * sin(.pi / 6)))
    }

    @Test func theOverlayIsTheMaskItsThirdsAndTheGuides() throws {
        var editor = try EditorGeometry(imageSize: Self.uprightSize, configuration: Self.configuration())
        let overlay = editor.overlay()
        #expect(overlay.viewport == CGSize(width: 160, height: 200))
        #expect(overlay.mask == CGRect(x: 20, y: 40, width: 120, height: 120))
        #expect(overlay.isRound)
        // Chords of the circle of radius 60 about (80, 100), 20 from its centre: ±√3200 long.
        let half = 3200.0.squareRoot()
        #expect(overlay.grid == [
            EditorSegment(from: CGPoint(x: 60, y: 100 - half), to: CGPoint(x: 60, y: 100 + half)),
            EditorSegment(from: CGPoint(x: 100, y: 100 - half), to: CGPoint(x: 100, y: 100 + half)),
            EditorSegment(from: CGPoint(x: 80 - half, y: 80), to: CGPoint(x: 80 + half, y: 80)),
            EditorSegment(from: CGPoint(x: 80 - half, y: 120), to: CGPoint(x: 80 + half, y: 120)),
        ])
        // 40 points below the mask: the dial sits 20 down, 19 ticks 4.8 pt apart (0° taller),
        // the pointer at 0°.
        let ticks = stride(from: -45, through: 45, by: 5).map { (degrees: Int) -> EditorGuideMark in
            let x: Double = 80 + Double(degrees) / 45 * 48 - 0.5
            let tall: Double = degrees == 0 ? 10 : 6
            return EditorGuideMark(rect: CGRect(x: x, y: 180 - tall / 2, width: 1, height: tall), opacity: 0.5)
        }
        #expect(overlay.guides == ticks + [EditorGuideMark(rect: CGRect(x: 79, y: 173, width: 2, height: 14), opacity: 1)])
        // A pan and a pinch leave it; a straighten moves the pointer; a turn adds the mark.
        editor.apply(.pinch(scale: 1.5, focus: CGPoint(x: 70, y: 90)))
        editor.apply(.pan(CGPoint(x: 4, y: 9)))
        #expect(editor.overlay() == overlay)
        editor.apply(.straighten(degrees: -22.5))
        #expect(editor.overlay().guides.last == EditorGuideMark(rect: CGRect(x: 55, y: 173, width: 2, height: 14), opacity: 1))
        editor.apply(.transform(.turnRight))
        #expect(editor.overlay().guides.last == EditorGuideMark(rect: CGRect(x: 144, y: 97, width: 6, height: 6), opacity: 1))
        // A two-point outline: no room for the dial (48 points needed), the mark twice as large.
        #expect(editor.overlay(lineWidth: 2).guides == [EditorGuideMark(rect: CGRect(x: 148, y: 94, width: 12, height: 12), opacity: 1)])
        var square = Self.configuration()
        square.shape = .square
        let squared = try EditorGeometry(imageSize: Self.uprightSize, configuration: square).overlay()
        #expect(!squared.isRound)
        #expect(squared.grid == [
            EditorSegment(from: CGPoint(x: 60, y: 40), to: CGPoint(x: 60, y: 160)),
            EditorSegment(from: CGPoint(x: 100, y: 40), to: CGPoint(x: 100, y: 160)),
            EditorSegment(from: CGPoint(x: 20, y: 80), to: CGPoint(x: 140, y: 80)),
            EditorSegment(from: CGPoint(x: 20, y: 120), to: CGPoint(x: 140, y: 120)),
        ])
    }

    @Test func theLayersContentsAreThePhotoUprightAndReduced() throws {
        let stored = try Self.stored(.right)
        let copy = try EditorPreview.uprightCopy(of: stored, longestSide: 60)
        #expect(copy.orientation == .up && copy.pixelSize == PixelSize(width: 60, height: 45))
        #expect(copy == (try stored.resampled(to: PixelSize(width: 60, height: 45), filter: .area).normalized()))
        // The red marker, centred at (42, 30) of 120×90, is centred at (21, 15) of the copy.
        #expect(copy[20, 14].r > 200 && copy[21, 15].r > 200 && copy[20, 14].g == 0)
        #expect(try EditorPreview.uprightCopy(of: stored) == stored.normalized(), "no larger than the side: upright, not reduced")
    }

    @Test func aSharperCopyIsAskedForOnlyWhenTheContentsAreCoarserThanTheScreen() throws {
        let editor = try EditorGeometry(imageSize: Self.uprightSize, configuration: Self.configuration())
        // Zoom 4/3 at 2x: 2.67 screen pixels a photo pixel; contents 60 across hold 0.5.
        #expect(editor.detail(contentsLongestSide: 60, screenScale: 2) == EditorDetail(
            region: PixelRect(x: 0, y: 0, width: 120, height: 90), size: PixelSize(width: 120, height: 90)))
        // Contents of the whole photo, or a screen no finer than them (within a quarter): none.
        #expect(editor.detail(contentsLongestSide: 120, screenScale: 3) == nil)
        #expect(editor.detail(contentsLongestSide: 500, screenScale: 3) == nil)
        #expect(editor.detail(contentsLongestSide: 60, screenScale: 0.375 * 1.25) == nil)
        #expect(editor.detail(contentsLongestSide: 60, screenScale: 0.375 * 1.25 + 0.01) != nil)
        #expect(editor.detail(contentsLongestSide: 60, screenScale: 0.3)?.size == nil)
        #expect(editor.detail(contentsLongestSide: 60, screenScale: .nan) == nil)
        #expect(editor.detail(contentsLongestSide: 60, screenScale: 0) == nil)
        // At 0.6 screen pixels a photo pixel, the copy has 0.6 of the region's pixels.
        #expect(editor.detail(contentsLongestSide: 30, screenScale: 0.45)?.size == PixelSize(width: 72, height: 54))
    }

    @Test("the sharper copy covers every point of the photo on screen, and little more", arguments: [0.0, 17, -45])
    func theSharperCopyCoversWhatIsOnScreen(angle: Double) throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 1200, height: 900), configuration: Self.configuration())
        editor.apply(.transform(.turnRight))
        editor.apply(.straighten(degrees: angle))
        editor.apply(.pinch(scale: 3, focus: CGPoint(x: 60, y: 90)))
        editor.apply(.ended)
        let detail = try #require(editor.detail(contentsLongestSide: 300, screenScale: 3))
        let placement = editor.photoLayer
        #expect(PixelRect(size: placement.size).contains(detail.region))
        let inverse = try #require(placement.transform.inverted)
        var low = (x: Double.infinity, y: Double.infinity), high = (x: -Double.infinity, y: -Double.infinity)
        for vy in stride(from: 0.0, through: 200, by: 2) {
            for vx in stride(from: 0.0, through: 160, by: 2) {
                let p = inverse.apply(CGPoint(x: vx, y: vy))
                let x = Double(p.x), y = Double(p.y)
                guard x >= 0, y >= 0, x <= Double(placement.size.width), y <= Double(placement.size.height) else { continue }
                #expect(
                    x >= Double(detail.region.x) && x <= Double(detail.region.maxX) && y >= Double(detail.region.y)
                        && y <= Double(detail.region.maxY), "(\(vx), \(vy)) shows (\(x), \(y)), outside \(detail.region)")
                low = (min(low.x, x), min(low.y, y))
                high = (max(high.x, x), max(high.y, y))
            }
        }
        // Tight: each side within a pixel and a sample step (2 points) of what is seen.
        let slack = 1 + 2 / editor.zoom
        #expect(low.x - Double(detail.region.x) <= slack && Double(detail.region.maxX) - high.x <= slack)
        #expect(low.y - Double(detail.region.y) <= slack && Double(detail.region.maxY) - high.y <= slack)
        // Drawn at the screen's pixels across it, no more than the photo's own.
        let k = min(1, editor.zoom * 3)
        #expect(detail.size == PixelSize(
            width: Int((Double(detail.region.width) * k).rounded(.up)), height: Int((Double(detail.region.height) * k).rounded(.up))))
        // Placed by `showing`, each point of the region lands where the whole photo puts it.
        let part = placement.showing(detail.region)
        #expect(part.size == detail.region.size)
        for (x, y) in [(0.0, 0.0), (Double(detail.region.width), 0), (13.5, 7.25), (Double(detail.region.width), Double(detail.region.height))] {
            Self.expectClose(part.transform.apply(CGPoint(x: x, y: y)), placement.transform.apply(CGPoint(x: x + Double(detail.region.x), y: y + Double(detail.region.y))), tolerance: 1e-6)
        }
    }

    @Test func theSharperCopyIsTheRegionUprightAndCountsAsPixelWork() throws {
        let stored = try Self.stored(.right)
        let detail = EditorDetail(region: PixelRect(x: 36, y: 24, width: 12, height: 12), size: PixelSize(width: 6, height: 6))
        let work = EditorPixelWork.Counter()
        let copy = try EditorPixelWork.count.withValue(work) { try EditorPreview.detail(detail, of: stored) }
        #expect(work.value == 1)
        #expect(copy.orientation == .up && copy.pixelSize == PixelSize(width: 6, height: 6))
        #expect(copy == (try stored.resampled(displayRect: detail.region, to: detail.size, filter: .area).normalized()))
        // The red marker covers x and y 39…44 of the upright photo (3…8 of the region): the
        // copy's pixels 2 and 3 whole, 1 and 4 half, 0 and 5 not at all.
        #expect([copy[0, 0].r, copy[1, 1].r, copy[2, 2].r, copy[3, 3].r, copy[4, 4].r, copy[5, 5].r] == [0, 64, 255, 255, 64, 0])
        #expect([copy[1, 2].r, copy[4, 3].r, copy[2, 5].r] == [128, 128, 0])
        #expect(throws: PickerError.self) {
            try EditorPreview.detail(EditorDetail(region: PixelRect(x: 100, y: 80, width: 40, height: 40), size: PixelSize(width: 4, height: 4)), of: stored)
        }
    }

    @Test func transformsComposeInvertAndPrint() throws {
        let move = EditorTransform.scale(1, 1, then: 5, -2)
        let double = EditorTransform.scale(2, 3)
        // Moved, then scaled: (1, 1) → (6, −1) → (12, −3).
        #expect(move.concatenating(double).apply(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: -3))
        #expect(double.concatenating(move).apply(CGPoint(x: 1, y: 1)) == CGPoint(x: 7, y: 1))
        let turn = EditorTransform.rotation(degrees: 90, about: CGPoint(x: 10, y: 10))
        Self.expectClose(turn.apply(CGPoint(x: 20, y: 10)), CGPoint(x: 10, y: 20))
        let mixed = turn.concatenating(double).concatenating(move)
        let inverse = try #require(mixed.inverted)
        Self.expectClose(inverse.apply(mixed.apply(CGPoint(x: 3.5, y: -7))), CGPoint(x: 3.5, y: -7))
        Self.expectClose(mixed.concatenating(inverse).apply(CGPoint(x: 100, y: 40)), CGPoint(x: 100, y: 40))
        #expect(EditorTransform.scale(0, 1).inverted == nil)
        #expect(EditorTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted == nil)
        #expect(EditorTransform.identity.concatenating(move) == move)
        #expect(double.description == "[2 0 0 3 0 0]")
    }

    static func expectClose(
        _ point: CGPoint, _ expected: CGPoint, tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            abs(Double(point.x - expected.x)) < tolerance && abs(Double(point.y - expected.y)) < tolerance, "\(point) is not \(expected)",
            sourceLocation: sourceLocation)
    }
}

import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@Suite("Editor geometry properties")
struct EditorGeometryPropertyTests {
    static func randomConfiguration(_ rng: inout SeededRandomNumberGenerator) -> EditorConfiguration {
        var c = EditorConfiguration()
        c.viewport = CGSize(width: Double.random(in: 120...1400, using: &rng), height: Double.random(in: 120...1400, using: &rng))
        c.safeArea = EdgeInsets(
            top: Double.random(in: 0...50, using: &rng), left: Double.random(in: 0...20, using: &rng),
            bottom: Double.random(in: 0...40, using: &rng), right: Double.random(in: 0...20, using: &rng))
        c.margin = Double.random(in: 0...30, using: &rng)
        c.shape = [.circle, .square, .rectangle(aspectRatio: Double.random(in: 0.3...3, using: &rng))][Int.random(in: 0..<3, using: &rng)]
        c.allowsEmptySpace = Int.random(in: 0..<4, using: &rng) == 0
        c.maximumZoom = Bool.random(using: &rng)
            ? .factor(Double.random(in: 1...8, using: &rng)) : .minimumOutputPixels(Int.random(in: 1...2000, using: &rng))
        return c
    }

    static func randomGesture(_ rng: inout SeededRandomNumberGenerator, _ editor: EditorGeometry) -> EditorGesture {
        let v = editor.configuration.viewport
        func point() -> CGPoint {
            CGPoint(x: Double.random(in: -50...(Double(v.width) + 50), using: &rng), y: Double.random(in: -50...(Double(v.height) + 50), using: &rng))
        }
        switch Int.random(in: 0..<24, using: &rng) {
        case 20, 21: return .rotate(degrees: Double.random(in: -20...20, using: &rng))
        case 22: return .straighten(degrees: Double.random(in: -60...60, using: &rng))
        case 23: return [.rotate(degrees: .nan), .straighten(degrees: .infinity), .rotate(degrees: 1e300)][Int.random(in: 0..<3, using: &rng)]
        case 0..<7: return .pan(CGPoint(x: Double.random(in: -400...400, using: &rng), y: Double.random(in: -400...400, using: &rng)))
        case 7..<12: return .pinch(scale: exp(Double.random(in: -1.5...1.5, using: &rng)), focus: point())
        case 12..<16: return .ended
        case 16: return .doubleTap(point())
        case 17: return .reset
        case 18: return .pan(CGPoint(x: [1e300, -1e300, .nan, .infinity][Int.random(in: 0..<4, using: &rng)], y: 0))
        default: return .pinch(scale: [0, -1, .nan, 1e300, 1e-300][Int.random(in: 0..<5, using: &rng)], focus: point())
        }
    }

    @Test("invariants hold after every gesture")
    func invariants() throws {
        var events = 0
        for seed in 0..<400 {
            var rng = SeededRandomNumberGenerator(seed: UInt64(seed))
            let configuration = Self.randomConfiguration(&rng)
            let orientation = ImageOrientation.allCases.randomElement(using: &rng)!
            let size = PixelSize(width: Int.random(in: 1...5000, using: &rng), height: Int.random(in: 1...5000, using: &rng))
            var editor: EditorGeometry
            do { editor = try EditorGeometry(imageSize: size, orientation: orientation, configuration: configuration) } catch {
                continue  // a layout with no room for a mask: a typed error, tested elsewhere
            }
            try check(editor, settled: true, "start seed \(seed)")
            for _ in 0..<25 {
                let gesture = Self.randomGesture(&rng, editor)
                editor.apply(gesture)
                events += 1
                let settles: Bool = switch gesture { case .ended, .reset, .doubleTap: true; case let .straighten(degrees): degrees.isFinite; default: false }
                try check(editor, settled: settles, "seed \(seed) after \(gesture)")
            }
        }
        #expect(events > 8_000)
        #expect(turnedEvents.value > 1_000, "\(turnedEvents.value) checks while straightened")
    }

    /// How many checks ran with a straighten angle.
    final class Counter: @unchecked Sendable { var value = 0 }
    let turnedEvents = Counter()

    func check(_ e: EditorGeometry, settled: Bool, _ context: String) throws {
        let rect = e.cropRect, image = PixelRect(size: e.imageSize)
        #expect(e.angle.isFinite && abs(e.angle) <= 45, "\(context)")
        if e.angle != 0 { turnedEvents.value += 1 }
        #expect(e.zoom.isFinite && e.zoom > 0, "\(context)")
        #expect(e.origin.x.isFinite && e.origin.y.isFinite, "\(context)")
        #expect(e.zoom >= e.minimumZoom / 2 * (1 - 1e-12) && e.zoom <= e.maximumZoom * 2 * (1 + 1e-12), "\(context)")
        #expect(rect.width >= 1 && rect.height >= 1, "\(context)")
        if e.configuration.shape.isSquare { #expect(rect.width == rect.height, "square: \(rect) \(context)") }
        // Straightened, it is the turned crop that stays on the image (checked below).
        if !e.configuration.allowsEmptySpace, e.angle == 0 { #expect(image.contains(rect), "\(rect) outside \(e.imageSize): \(context)") }
        if !e.configuration.allowsEmptySpace, e.angle != 0 {
            // The turned crop's corners are on the image, to within the whole-pixel rounding.
            let r = e.angle * .pi / 180, cx = Double(rect.x) + Double(rect.width) / 2, cy = Double(rect.y) + Double(rect.height) / 2
            for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                let hx = dx * Double(rect.width) / 2, hy = dy * Double(rect.height) / 2
                let x = cx + hx * cos(r) + hy * sin(r), y = cy - hx * sin(r) + hy * cos(r)
                #expect(x >= -1 && x <= Double(e.imageSize.width) + 1 && y >= -1 && y <= Double(e.imageSize.height) + 1, "corner (\(x), \(y)) of \(rect): \(context)")
            }
        }
        guard settled else { return }
        #expect(e.zoom >= e.minimumZoom * (1 - 1e-9) && e.zoom <= e.maximumZoom * (1 + 1e-9), "\(context)")
        if !e.configuration.allowsEmptySpace {
            // Every corner of the mask, turned back onto the image's axes, is on the image.
            let frame = e.imageFrame, mask = e.maskRect, slack = 1e-6 * Double(max(frame.width, frame.height))
            let t = -e.angle * .pi / 180, centre = mask.center
            for (x, y) in [(mask.minX, mask.minY), (mask.maxX, mask.minY), (mask.minX, mask.maxY), (mask.maxX, mask.maxY)] {
                let dx = Double(x - centre.x), dy = Double(y - centre.y)
                let ux = Double(centre.x) + dx * cos(t) - dy * sin(t), uy = Double(centre.y) + dx * sin(t) + dy * cos(t)
                #expect(ux >= Double(frame.minX) - slack && ux <= Double(frame.maxX) + slack, "\(context)")
                #expect(uy >= Double(frame.minY) - slack && uy <= Double(frame.maxY) + slack, "\(context)")
            }
        }
        guard e.angle == 0 else { return }
        // Re-opening on the same crop gives the same crop.
        let reopened = try EditorGeometry(
            imageSize: e.imageSize, orientation: e.orientation, configuration: e.configuration, restoring: rect)
        #expect(reopened.cropRect == rect, "restore \(rect) → \(reopened.cropRect): \(context)")
    }
}

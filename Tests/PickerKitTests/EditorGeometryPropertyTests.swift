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
        switch Int.random(in: 0..<20, using: &rng) {
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
                let settles: Bool = switch gesture { case .ended, .reset, .doubleTap: true; default: false }
                try check(editor, settled: settles, "seed \(seed) after \(gesture)")
            }
        }
        #expect(events > 8_000)
    }

    func check(_ e: EditorGeometry, settled: Bool, _ context: String) throws {
        let rect = e.cropRect, image = PixelRect(size: e.imageSize)
        #expect(e.zoom.isFinite && e.zoom > 0, "\(context)")
        #expect(e.origin.x.isFinite && e.origin.y.isFinite, "\(context)")
        #expect(e.zoom >= e.minimumZoom / 2 * (1 - 1e-12) && e.zoom <= e.maximumZoom * 2 * (1 + 1e-12), "\(context)")
        #expect(rect.width >= 1 && rect.height >= 1, "\(context)")
        if e.configuration.shape.isSquare { #expect(rect.width == rect.height, "square: \(rect) \(context)") }
        if !e.configuration.allowsEmptySpace { #expect(image.contains(rect), "\(rect) outside \(e.imageSize): \(context)") }
        guard settled else { return }
        #expect(e.zoom >= e.minimumZoom * (1 - 1e-9) && e.zoom <= e.maximumZoom * (1 + 1e-9), "\(context)")
        if !e.configuration.allowsEmptySpace {
            let frame = e.imageFrame, mask = e.maskRect, slack = 1e-6 * Double(max(frame.width, frame.height))
            #expect(Double(frame.minX) <= Double(mask.minX) + slack && Double(frame.maxX) >= Double(mask.maxX) - slack, "\(context)")
            #expect(Double(frame.minY) <= Double(mask.minY) + slack && Double(frame.maxY) >= Double(mask.maxY) - slack, "\(context)")
        }
        // Re-opening on the same crop gives the same crop.
        let reopened = try EditorGeometry(
            imageSize: e.imageSize, orientation: e.orientation, configuration: e.configuration, restoring: rect)
        #expect(reopened.cropRect == rect, "restore \(rect) → \(reopened.cropRect): \(context)")
    }
}

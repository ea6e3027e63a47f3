import Foundation
import ImagingTestSupport
import PickerImaging
import PickerKit
import Testing

/// Every public entry point of the editor's geometry, given the hostile numbers (±0, subnormals,
/// the largest finite values, ±∞, NaN, Int's extremes), in seeded random sequences: after every
/// step the geometry is finite and the crop is whole pixels inside the photo. A configuration
/// the initialiser accepts is one the gestures cannot break.
@Suite("The editor's geometry stays finite")
struct EditorFinitenessTests {
    static let reals: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1, -1, 0.5, 3,
        1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        Double(Int.max), Double(Int.min),
    ]
    static let integers: [Int] = [0, -1, 1, 2, .min, .max, Int(Int32.max), 1 << 53, 4032]

    /// The geometry is finite, and its crop whole pixels inside the photo (or, with empty space
    /// allowed, at least overlapping it).
    static func check(_ editor: EditorGeometry, _ step: String) {
        let frame = editor.imageFrame
        let finite = [editor.zoom, editor.angle, Double(editor.origin.x), Double(editor.origin.y),
                      Double(frame.width), Double(frame.height), editor.minimumZoom, editor.maximumZoom, editor.coveringZoom]
        #expect(finite.allSatisfy { $0.isFinite }, "\(step): \(finite)")
        #expect(editor.zoom > 0, "\(step)")
        let crop = editor.cropRect
        let photo = PixelRect(size: editor.imageSize)
        #expect(!crop.isEmpty, "\(step): \(crop)")
        if editor.configuration.allowsEmptySpace {
            #expect(crop.intersection(photo) != nil, "\(step): \(crop) misses \(photo)")
        } else {
            #expect(photo.contains(crop), "\(step): \(crop) outside \(photo)")
        }
        _ = editor.rawCropRect
        _ = editor.accessibility(in: PickerStrings())
        // The edit screen's layers: a finite, invertible transform, a finite overlay, and a
        // sharper copy (when one is asked for) inside the photo.
        let t = editor.photoLayer.transform
        #expect([t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) && t.inverted != nil, "\(step): \(t)")
        let overlay = editor.overlay()
        let points = overlay.grid.flatMap { [$0.from, $0.to] } + overlay.guides.map { CGPoint(x: $0.rect.maxX, y: $0.rect.maxY) }
        #expect(points.allSatisfy { Double($0.x).isFinite && Double($0.y).isFinite }, "\(step): \(overlay)")
        if let detail = editor.detail(contentsLongestSide: 64, screenScale: 3) {
            #expect(PixelRect(size: editor.photoLayer.size).contains(detail.region) && !detail.size.isEmpty, "\(step): \(detail)")
        }
    }

    /// The configurations the initialiser is given: each setting set to each hostile value.
    static func configurations() -> [EditorConfiguration] {
        var all: [EditorConfiguration] = []
        for value in reals {
            for setting in 0..<8 {
                var c = EditorConfiguration()
                switch setting {
                case 0: c.viewport = CGSize(width: value, height: 700)
                case 1: c.viewport = CGSize(width: 400, height: value)
                case 2: c.margin = value
                case 3: c.safeArea = EdgeInsets(top: value, left: 0, bottom: 0, right: 0)
                case 4: c.safeArea = EdgeInsets(top: 0, left: value, bottom: value, right: 0)
                case 5: c.shape = .rectangle(aspectRatio: value)
                case 6: c.maximumZoom = .factor(value)
                default:
                    c.maximumZoom = .factor(value)
                    c.allowsEmptySpace = true
                }
                all.append(c)
            }
        }
        for count in integers {
            var c = EditorConfiguration()
            c.maximumZoom = .minimumOutputPixels(count)
            all.append(c)
        }
        return all
    }

    /// A random gesture, its numbers drawn from the table.
    static func gesture(_ rng: inout SeededRandomNumberGenerator) -> EditorGesture {
        func real() -> Double { reals.randomElement(using: &rng)! }
        func point() -> CGPoint { CGPoint(x: real(), y: real()) }
        switch Int.random(in: 0..<11, using: &rng) {
        case 0: return .pan(point())
        case 1: return .pinch(scale: real(), focus: point())
        case 2: return .doubleTap(point())
        case 3: return .rotate(degrees: real())
        case 4: return .straighten(degrees: real())
        case 5: return .transform(DisplayTransform.allCases.randomElement(using: &rng)!)
        case 6: return .aspect(.ratio(real(), real()))
        case 7: return .aspect([AspectPreset.original, .square, .ratio(4, 3)].randomElement(using: &rng)!)
        case 8: return .reset
        default: return .ended
        }
    }

    @Test("a zoom factor of 1e308 and a pinch of 1e308 keep the crop at the photo's centre")
    func aHugeZoomFactor() throws {
        var configuration = EditorConfiguration()
        configuration.maximumZoom = .factor(1e308)
        var editor = try EditorGeometry(imageSize: PixelSize(width: 4032, height: 3024), configuration: configuration)
        #expect(editor.maximumZoom.isFinite)
        #expect(editor.maximumZoom == Double(editor.maskRect.width), "one of the photo's pixels fills the mask")
        editor.apply(.pinch(scale: 1e308, focus: editor.maskRect.center))
        editor.apply(.ended)
        Self.check(editor, "pinch 1e308")
        #expect(editor.cropRect == PixelRect(x: 2016, y: 1512, width: 1, height: 1), "the pixel at the photo's centre, not its corner")
    }

    @Test("every entry point, every hostile number, 40 steps from every accepted configuration")
    func everyEntryPoint() throws {
        var rng = SeededRandomNumberGenerator(seed: 39)
        var accepted = 0, steps = 0
        for (index, configuration) in Self.configurations().enumerated() {
            for size in [PixelSize(width: 4032, height: 3024), PixelSize(width: 1, height: 1), PixelSize(width: 3, height: 20_000)] {
                guard var editor = try? EditorGeometry(imageSize: size, orientation: .right, configuration: configuration) else { continue }
                accepted += 1
                Self.check(editor, "configuration \(index) at \(size)")
                for _ in 0..<40 {
                    let gesture = Self.gesture(&rng)
                    editor.apply(gesture)
                    steps += 1
                    Self.check(editor, "configuration \(index) at \(size) after \(gesture)")
                }
                // VoiceOver's actions are the same gestures.
                for action in EditorAccessibilityAction.allCases {
                    editor.apply(action.gestures(for: editor))
                    Self.check(editor, "configuration \(index) after \(action)")
                }
                // Laid out again with hostile sizes: a layout the check refuses keeps the last.
                for value in Self.reals {
                    if let relaid = try? editor.laidOut(viewport: CGSize(width: value, height: 800), safeArea: EdgeInsets(top: value)) {
                        Self.check(relaid, "configuration \(index) laid out at \(value)")
                    }
                }
                // Reopened on hostile rectangles: brought to the nearest allowed crop.
                for a in Self.integers {
                    let rect = PixelRect(x: a, y: a, width: a, height: 7)
                    if let restored = try? EditorGeometry(imageSize: size, configuration: configuration, restoring: rect) {
                        Self.check(restored, "configuration \(index) restoring \(rect)")
                    }
                }
            }
        }
        #expect(accepted > 100 && steps > 4_000, "the table reaches the gestures: \(accepted) configurations, \(steps) steps")
    }
}

extension EditorFinitenessTests {
    /// A session saved before the zoom stopped at one pixel across the mask, on a 2×2 photo
    /// zoomed 5× past covering (each pixel 2.5 masks wide): it still opens, settled at the cap.
    @Test func aSessionSavedBeyondTheCapStillOpens() throws {
        let editor = try EditorGeometry(imageSize: PixelSize(width: 2, height: 2))
        let mask = editor.maskRect
        let oldZoom = editor.coveringZoom * 5
        #expect(oldZoom > editor.maximumZoom * 2, "past today's limit and its stretch")
        let origin = CGPoint(x: Double(mask.midX) - oldZoom, y: Double(mask.midY) - oldZoom)
        var json = String(decoding: try JSONEncoder().encode(editor), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"zoom\":\(editor.zoom)", with: "\"zoom\":\(oldZoom)")
        json = json.replacingOccurrences(of: "\"origin\":[\(editor.origin.x),\(editor.origin.y)]", with: "\"origin\":[\(origin.x),\(origin.y)]")
        #expect(json.contains("\(oldZoom)"), "\(json)")
        let reopened = try JSONDecoder().decode(EditorGeometry.self, from: Data(json.utf8))
        #expect(reopened.zoom == reopened.maximumZoom)
        Self.check(reopened, "reopened")
        // Past even the old limit: still damage.
        let damaged = json.replacingOccurrences(of: "\(oldZoom)", with: "\(oldZoom * 10)")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(EditorGeometry.self, from: Data(damaged.utf8)) }
    }
}

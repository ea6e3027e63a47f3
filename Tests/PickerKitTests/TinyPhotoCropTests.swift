import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Photos of 1 to 16 pixels a side, where one pixel of rounding is a large part of the photo:
/// through every shape and aspect, quarter turns and flips, straightening and random gestures,
/// with empty space not allowed, the crop stays inside the photo after every step.
@Suite("Crops of tiny photos stay inside them")
struct TinyPhotoCropTests {
    /// How far a straightened crop's corner may lie past the photo's edge, in pixels: none, but
    /// for the floating-point error of turning it.
    static let turnedSlack = 1e-9

    /// The steps a walk takes: gestures, turns, flips, aspects and straightening.
    static func step(_ rng: inout SeededRandomNumberGenerator, _ editor: EditorGeometry) -> EditorGesture {
        let v = editor.configuration.viewport
        switch Int.random(in: 0..<12, using: &rng) {
        case 0, 1: return .pan(CGPoint(x: Double.random(in: -300...300, using: &rng), y: Double.random(in: -300...300, using: &rng)))
        case 2, 3:
            let focus = CGPoint(x: Double.random(in: 0...Double(v.width), using: &rng), y: Double.random(in: 0...Double(v.height), using: &rng))
            return .pinch(scale: exp(Double.random(in: -2...2, using: &rng)), focus: focus)
        case 4: return .ended
        case 5: return .transform(DisplayTransform.allCases.randomElement(using: &rng)!)
        case 6: return .aspect(AspectPreset.common.randomElement(using: &rng)!)
        case 7: return .aspect(.ratio(Double(Int.random(in: 1...16, using: &rng)), Double(Int.random(in: 1...16, using: &rng))))
        case 8: return .straighten(degrees: Double.random(in: -45...45, using: &rng))
        case 9: return .rotate(degrees: Double.random(in: -30...30, using: &rng))
        case 10: return .doubleTap(CGPoint(x: Double(v.width) / 2, y: Double(v.height) / 2))
        default: return .reset
        }
    }

    /// Where the crop is not inside the photo, or `nil`.
    static func escape(_ editor: EditorGeometry) -> String? {
        let rect = editor.cropRect, size = editor.imageSize
        guard rect.width >= 1, rect.height >= 1 else { return "empty crop \(rect)" }
        guard editor.angle != 0 else {
            return PixelRect(size: size).contains(rect) ? nil : "\(rect) outside \(size.width)x\(size.height)"
        }
        let r = editor.angle * .pi / 180, cx = Double(rect.x) + Double(rect.width) / 2, cy = Double(rect.y) + Double(rect.height) / 2
        for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
            let hx = dx * Double(rect.width) / 2, hy = dy * Double(rect.height) / 2
            let x = cx + hx * cos(r) + hy * sin(r), y = cy - hx * sin(r) + hy * cos(r)
            let slack = Self.turnedSlack
            if x < -slack || y < -slack || x > Double(size.width) + slack || y > Double(size.height) + slack {
                return "\(rect) turned \(editor.angle)° has a corner at (\(x), \(y)), outside \(size.width)x\(size.height)"
            }
        }
        return nil
    }

    @Test("every side from 1 to 16, every shape, turned, straightened and moved")
    func tinyPhotos() throws {
        var steps = 0
        var escapes: [String] = []
        let shapes: [CropShape] = [.circle, .square, .rectangle(aspectRatio: 3.0 / 4), .rectangle(aspectRatio: 16.0 / 9), .rectangle(aspectRatio: 12)]
        for width in 1...16 {
            for height in 1...16 {
                for (index, shape) in shapes.enumerated() {
                    var rng = SeededRandomNumberGenerator(seed: UInt64(width * 10_000 + height * 100 + index))
                    var configuration = EditorConfiguration()
                    configuration.shape = shape
                    configuration.allowsEmptySpace = false
                    configuration.viewport = CGSize(width: 390, height: 844)
                    let orientation = ImageOrientation.allCases.randomElement(using: &rng)!
                    var editor = try EditorGeometry(
                        imageSize: PixelSize(width: width, height: height), orientation: orientation, configuration: configuration)
                    if let escape = Self.escape(editor) { escapes.append("\(width)x\(height) \(shape) at start: \(escape)") }
                    for _ in 0..<40 {
                        let step = Self.step(&rng, editor)
                        editor.apply(step)
                        steps += 1
                        if let escape = Self.escape(editor), escapes.count < 20 {
                            escapes.append("\(width)x\(height) \(shape) after \(step): \(escape)")
                        }
                    }
                }
            }
        }
        #expect(escapes == [])
        #expect(steps == 16 * 16 * 5 * 40)
    }
}

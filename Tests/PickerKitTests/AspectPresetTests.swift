import Foundation
import PickerImaging
import PickerKit
import Testing

/// Switching aspect presets while editing: the crop keeps its centre and as much of its area as
/// fits; circles and squares stay exactly square.
@Suite("Aspect presets")
struct AspectPresetTests {
    static func editor(_ shape: CropShape = .rectangle(aspectRatio: 1.5)) throws -> EditorGeometry {
        var configuration = EditorConfiguration()
        configuration.shape = shape
        return try EditorGeometry(imageSize: PixelSize(width: 4000, height: 3000), configuration: configuration)
    }

    @Test("each common preset gives its ratio, about the same centre", arguments: AspectPreset.common)
    func presets(preset: AspectPreset) throws {
        var editor = try Self.editor()
        editor.apply(.pinch(scale: 2, focus: editor.maskRect.center))
        editor.apply(.ended)
        let before = editor.cropRect
        editor.apply(.aspect(preset))
        let after = editor.cropRect
        let wanted: Double = switch preset {
        case .original: 4.0 / 3
        case .square: 1
        case let .ratio(w, h): w / h
        }
        #expect(abs(Double(after.width) / Double(after.height) - wanted) < 0.01, "\(preset): \(after)")
        func centre(_ r: PixelRect) -> (Double, Double) { (Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2) }
        #expect(abs(centre(after).0 - centre(before).0) <= 1 && abs(centre(after).1 - centre(before).1) <= 1)
        let areaRatio = Double(after.width * after.height) / Double(before.width * before.height)
        #expect(areaRatio > 0.97 && areaRatio < 1.03, "\(preset): the area is kept (\(areaRatio))")
        #expect(PixelRect(size: editor.imageSize).contains(after))
    }

    @Test("a preset keeps the straightening, the turns and the mirror", arguments: [-12.5, 7.0, 45.0])
    func aPresetKeepsTheStraightening(degrees: Double) throws {
        var editor = try Self.editor()
        editor.apply(.transform(.turnRight))
        editor.apply(.transform(.flipHorizontal))
        editor.apply(.straighten(degrees: degrees))
        editor.apply(.ended)
        let (turns, mirrored, angle) = (editor.quarterTurns, editor.isMirrored, editor.angle)
        #expect(angle != 0)
        for preset in AspectPreset.common {
            editor.apply(.aspect(preset))
            #expect(editor.angle == angle, "\(preset)")
            #expect(editor.quarterTurns == turns && editor.isMirrored == mirrored, "\(preset)")
        }
    }

    @Test func aPresetThatCannotFitShrinksInsideTheImage() throws {
        var editor = try Self.editor()
        editor.apply(.aspect(.ratio(9, 16)))
        let crop = editor.cropRect
        #expect(crop.height <= 3000 && PixelRect(size: editor.imageSize).contains(crop))
        #expect(abs(Double(crop.width) / Double(crop.height) - 9.0 / 16) < 0.01)
    }

    @Test("circle and square masks stay as they are", arguments: [CropShape.circle, .square])
    func squareMasksIgnorePresets(shape: CropShape) throws {
        var editor = try Self.editor(shape)
        let before = editor
        for preset in AspectPreset.common {
            editor.apply(.aspect(preset))
            #expect(editor == before, "\(shape) \(preset)")
        }
    }

    @Test func aRectangleSwitchedToSquareIsExactlySquare() throws {
        var editor = try Self.editor()
        editor.apply(.aspect(.square))
        #expect(editor.configuration.shape == .rectangle(aspectRatio: 1))
        #expect(editor.cropRect.width == editor.cropRect.height)
        // Square is one preset among others: the menu still switches on from it.
        editor.apply(.aspect(.ratio(4, 3)))
        #expect(editor.configuration.shape == .rectangle(aspectRatio: 4.0 / 3))
        editor.apply(.aspect(.square))
        #expect(editor.cropRect.width == editor.cropRect.height)
    }

    @Test func badRatiosAreIgnored() throws {
        var editor = try Self.editor()
        let before = editor
        for preset in [AspectPreset.ratio(0, 3), .ratio(3, 0), .ratio(.nan, 1), .ratio(-4, 3), .ratio(.infinity, 1)] {
            editor.apply(.aspect(preset))
            #expect(editor == before, "\(preset)")
        }
    }
}

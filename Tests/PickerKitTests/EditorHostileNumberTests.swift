import Foundation
import PickerImaging
import PickerKit
import Testing

/// The editor's public entry points that take sizes, scales, angles or counts, given hostile
/// numbers: each works, clamps as documented, or throws a typed error; none traps.
@Suite("Hostile numbers on the edit screen")
struct EditorHostileNumberTests {
    static let integers: [Int] = [0, -1, .min, .max, .max / 2 + 1, 1 << 31, 1 << 20, (1 << 20) + 1]
    static let reals: [Double] = [0, -1, .nan, .infinity, -.infinity, 1e300, -1e300, 1e-300]

    @Test("image sizes", arguments: integers)
    func imageSizes(value: Int) {
        for size in [PixelSize(width: value, height: 1), PixelSize(width: 1, height: value), PixelSize(width: value, height: value)] {
            do {
                let editor = try EditorGeometry(imageSize: size)
                #expect(max(size.width, size.height) <= EditorGeometry.largestImageSide && !size.isEmpty)
                // A far pan, then the crop: the image stays under the mask.
                var moved = editor
                moved.apply([.pan(CGPoint(x: -1e12, y: 1e12)), .ended])
                #expect(PixelRect(size: size).contains(moved.cropRect))
                _ = try EditorGeometry(imageSize: size, restoring: PixelRect(x: value, y: value, width: value, height: value))
            } catch {
                guard case .invalidEditorLayout = error else { Issue.record("\(error)"); continue }
                #expect(max(size.width, size.height) > EditorGeometry.largestImageSide || size.isEmpty)
            }
        }
    }

    @Test("layouts", arguments: reals)
    func layouts(value: Double) {
        var configurations: [EditorConfiguration] = []
        for change in 0..<5 {
            var c = EditorConfiguration()
            switch change {
            case 0: c.viewport = CGSize(width: value, height: 600)
            case 1: c.margin = value
            case 2: c.safeArea = EdgeInsets(top: value, left: 0, bottom: 0, right: 0)
            case 3: c.shape = .rectangle(aspectRatio: value)
            default: c.maximumZoom = .factor(value)
            }
            configurations.append(c)
        }
        for configuration in configurations {
            do {
                var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300), configuration: configuration)
                for gesture in [EditorGesture.pan(CGPoint(x: value, y: value)), .pinch(scale: value, focus: CGPoint(x: value, y: 0)),
                                .doubleTap(CGPoint(x: 0, y: value)), .rotate(degrees: value), .straighten(degrees: value), .ended] {
                    editor.apply(gesture)
                    #expect(editor.zoom.isFinite && editor.origin.x.isFinite && editor.origin.y.isFinite && editor.angle.isFinite)
                }
                _ = editor.cropRect
                _ = try EditorRenderer(scale: value).render(editor, image: try PixelBuffer(width: 400, height: 300))
            } catch {
                guard case PickerError.invalidEditorLayout = error else { Issue.record("\(error)"); continue }
            }
        }
    }

    @Test("output sizes", arguments: integers)
    func outputSizes(value: Int) throws {
        var output = AvatarOutput()
        output.size = value
        #expect((output.problem == nil) == (1...AvatarOutput.largestSide).contains(value))
        output.size = 64
        output.maximumDimension = value
        #expect((output.problem == nil) == (1...AvatarOutput.largestSide).contains(value))
        var configuration = PickerConfiguration()
        configuration.output = output
        _ = configuration.largestUsefulSide(for: PixelSize(width: value, height: value))
        _ = AvatarOutput().pipeline(for: PixelRect(x: value, y: value, width: value, height: value), angle: 3).clampedOutputSize
    }
}

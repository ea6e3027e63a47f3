import Foundation
import PickerImaging
import PickerKit
import Testing

/// An edit saved on the device and rendered from its recipe alone (PickerImaging, no
/// workflow): the same pixels as `EditSession.apply`, for every orientation and kind of edit.
@Suite("Render recipes")
struct RenderRecipeTests {
    /// A 40×30 stored photo whose every pixel differs.
    static func photo(_ orientation: ImageOrientation) throws -> PixelBuffer {
        var photo = try PixelBuffer(width: 40, height: 30, orientation: orientation)
        for y in 0..<30 { for x in 0..<40 { photo[x, y] = RGBA(UInt8(6 * x + 3), UInt8(8 * y + 5), UInt8((x * y) % 251), 255) } }
        return photo
    }

    /// The edits: each a configuration and the gestures a person makes.
    static let edits: [(name: String, configure: @Sendable (inout EditorConfiguration) -> Void, gestures: [EditorGesture])] = [
        ("as opened", { _ in }, []),
        ("zoomed and moved", { _ in }, [.pinch(scale: 1.7, focus: CGPoint(x: 150, y: 300)), .pan(CGPoint(x: 30, y: -20)), .ended]),
        ("turned right", { _ in }, [.transform(.turnRight)]),
        ("mirrored", { _ in }, [.transform(.flipHorizontal)]),
        ("turned and mirrored", { _ in }, [.transform(.turnLeft), .transform(.flipVertical), .pan(CGPoint(x: 10, y: 5)), .ended]),
        ("straightened", { _ in }, [.straighten(degrees: 7.5), .ended]),
        ("straightened and turned", { _ in }, [.transform(.turnRight), .straighten(degrees: -12), .ended]),
        ("a 3:4 rectangle", { $0.shape = .rectangle(aspectRatio: 1) }, [.aspect(.ratio(3, 4)), .ended]),
        ("empty space", { $0.allowsEmptySpace = true }, [.pinch(scale: 0.5, focus: CGPoint(x: 187, y: 333)), .pan(CGPoint(x: 40, y: 0)), .ended]),
    ]

    static let outputs: [AvatarOutput] = [(nil, AvatarMask.square), (16, .circle), (64, .circleOn(RGBA(9, 8, 7)))].map { size, mask in
        var output = AvatarOutput()
        output.size = size
        output.mask = mask
        return output
    }

    @Test("the recipe from the session's JSON renders the session's pixels", arguments: ImageOrientation.allCases)
    func recipeRendersTheSession(orientation: ImageOrientation) throws {
        let photo = try Self.photo(orientation)
        for edit in Self.edits {
            var configuration = EditorConfiguration()
            edit.configure(&configuration)
            var editor = try EditorGeometry(imageSize: photo.displaySize, orientation: orientation, configuration: configuration)
            for gesture in edit.gestures { editor.apply(gesture) }
            for output in Self.outputs {
                let session = EditSession(geometry: editor, output: output)
                let json = try JSONEncoder().encode(session)
                let recipe = try RenderRecipe(editSessionJSON: json)
                #expect(recipe == session.recipe)
                let served = try recipe.render(photo)
                let device = try #require(try session.apply(to: photo) as? PixelBuffer)
                #expect(served == device, "\(orientation) \(edit.name) \(output)")
                #expect(served.displaySize == AvatarPipeline.outputSize(of: session.cropRect.size, longerSide: output.size))
            }
        }
    }

    @Test("a recipe names what is wrong with it: another photo, values out of range, a session without one")
    func recipeErrors() throws {
        let photo = try Self.photo(.up)
        let recipe = RenderRecipe(imageSize: PixelSize(width: 40, height: 30), crop: PixelRect(x: 0, y: 0, width: 30, height: 30))
        #expect(throws: ImagingError.imageMismatch(expected: PixelSize(width: 40, height: 30), actual: PixelSize(width: 30, height: 40))) {
            try recipe.render(Self.photo(.right))
        }
        var turned = recipe
        turned.quarterTurns = 4
        #expect(throws: ImagingError.invalidNumber(parameter: "quarterTurns", value: 4)) { try turned.render(photo) }
        #expect(throws: ImagingError.invalidNumber(parameter: "longerSide", value: 0)) { try recipe.render(photo, longerSide: 0) }
        let bad = Data(#"{"imageSize":{"width":40,"height":30},"crop":{"x":0,"y":0,"width":30,"height":30},"maximumDimension":0}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RenderRecipe.self, from: bad) }
        let old = Data(#"{"version":3,"geometry":{},"output":{}}"#.utf8)
        #expect(throws: DecodingError.self) { try RenderRecipe(editSessionJSON: old) }
    }
}

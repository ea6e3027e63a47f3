import Foundation
import PickerImaging
import Testing

/// The one description of an output: ``AvatarOutput``, carried by a ``RenderRecipe`` whose JSON
/// stays the flat object servers already read.
@Suite("Avatar output and the recipe that carries it")
struct AvatarOutputTests {
    static let imageSize = PixelSize(width: 40, height: 30)
    static let crop = PixelRect(x: 4, y: 2, width: 24, height: 24)

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("a recipe is written as one flat object, the output's settings beside the geometry")
    func recipeJSONIsFlat() throws {
        let output = AvatarOutput(size: 64, mask: .circle, filter: .lanczos3, maximumDimension: 512, colorOutput: .sRGB)
        let recipe = RenderRecipe(
            imageSize: Self.imageSize, isMirrored: true, quarterTurns: 1, crop: Self.crop, angle: 7.5, edges: .nearest, output: output)
        let text = try Self.json(recipe)
        #expect(
            text == #"{"angle":7.5,"colorOutput":"sRGB","crop":{"height":24,"width":24,"x":4,"y":2},"edges":"nearest","#
                + #""filter":"lanczos3","imageSize":{"height":30,"width":40},"isMirrored":true,"mask":{"circle":{}},"#
                + #""maximumDimension":512,"outputSize":64,"quarterTurns":1}"#)
        #expect(try JSONDecoder().decode(RenderRecipe.self, from: Data(text.utf8)) == recipe)

        let plain = RenderRecipe(imageSize: Self.imageSize, crop: Self.crop)
        #expect(
            try Self.json(plain)
                == #"{"angle":0,"colorOutput":"keepProfile","crop":{"height":24,"width":24,"x":4,"y":2},"edges":"transparent","#
                + #""imageSize":{"height":30,"width":40},"isMirrored":false,"mask":{"square":{}},"maximumDimension":4096,"quarterTurns":0}"#)
        let least = Data(#"{"imageSize":{"height":30,"width":40},"crop":{"height":24,"width":24,"x":4,"y":2}}"#.utf8)
        #expect(try JSONDecoder().decode(RenderRecipe.self, from: least) == plain)
    }

    @Test("output settings are written by name, the default colours left out, and read back with defaults")
    func outputJSON() throws {
        #expect(try Self.json(AvatarOutput()) == #"{"mask":{"square":{}},"maximumDimension":4096}"#)
        let output = AvatarOutput(size: 256, mask: .circleOn(RGBA(1, 2, 3)), filter: .area, maximumDimension: 300, colorOutput: .sRGB)
        let text = try Self.json(output)
        #expect(
            text == #"{"colorOutput":"sRGB","filter":"area","mask":{"circleOn":{"_0":{"a":255,"b":3,"g":2,"r":1}}},"#
                + #""maximumDimension":300,"size":256}"#)
        #expect(try JSONDecoder().decode(AvatarOutput.self, from: Data(text.utf8)) == output)
        #expect(try JSONDecoder().decode(AvatarOutput.self, from: Data("{}".utf8)) == AvatarOutput())
    }

    /// The message of the `DecodingError.dataCorrupted` that decoding `json` as `type` throws.
    static func corruption(_ type: (some Decodable).Type, _ json: String) -> String? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "a side out of 1...10000 is refused when read, saying the range, and named by the recipe",
        arguments: [(Int?(0), 4096), (10_001, 4096), (Int.max, 4096), (nil, 0), (64, -1), (nil, 10_001)])
    func sidesOutOfRange(size: Int?, maximumDimension: Int) throws {
        let output = AvatarOutput(size: size, maximumDimension: maximumDimension)
        let sizeIsWrong = size.map { !(1...10_000).contains($0) } ?? false
        let (parameter, value) = sizeIsWrong ? ("outputSize", size!) : ("maximumDimension", maximumDimension)
        let expected = sizeIsWrong
            ? "avatar output: size is \(value); use 1...10000, or leave it out for the crop's own pixels"
            : "avatar output: maximumDimension is \(value); use 1...10000"
        let saved = try Self.json(output)
        #expect(Self.corruption(AvatarOutput.self, saved) == expected)

        let recipe = RenderRecipe(imageSize: Self.imageSize, crop: Self.crop, output: output)
        #expect(recipe.problem == .invalidNumber(parameter: parameter, value: Double(value)))
        #expect(throws: ImagingError.invalidNumber(parameter: parameter, value: Double(value))) {
            try recipe.render(PixelBuffer(width: 40, height: 30))
        }
        #expect(Self.corruption(RenderRecipe.self, try Self.json(recipe)) == "render recipe: \(recipe.problem!)")
    }

    @Test("the sides at the ends of the range are taken")
    func sidesInRange() throws {
        for output in [AvatarOutput(size: 1, maximumDimension: 1), AvatarOutput(size: 10_000, maximumDimension: 10_000)] {
            #expect(try JSONDecoder().decode(AvatarOutput.self, from: Data(Self.json(output).utf8)) == output)
            #expect(RenderRecipe(imageSize: Self.imageSize, crop: Self.crop, output: output).problem == nil)
        }
    }

    @Test("the settings one by one make the same recipe as the output value")
    func bothInitialisersAgree() {
        let flat = RenderRecipe(
            imageSize: Self.imageSize, quarterTurns: 2, crop: Self.crop, angle: -3, outputSize: 16, filter: .bilinear,
            mask: .circle, maximumDimension: 12, colorOutput: .sRGB)
        let output = AvatarOutput(size: 16, mask: .circle, filter: .bilinear, maximumDimension: 12, colorOutput: .sRGB)
        #expect(flat == RenderRecipe(imageSize: Self.imageSize, quarterTurns: 2, crop: Self.crop, angle: -3, output: output))
        #expect(flat.output == output)
    }

    @Test("the recipe's pipeline is its output's, for its crop, angle and edges")
    func onePipeline() {
        let output = AvatarOutput(size: 12, mask: .circle, filter: .bilinear, maximumDimension: 10, colorOutput: .sRGB)
        let recipe = RenderRecipe(
            imageSize: Self.imageSize, crop: PixelRect(x: 0, y: 0, width: 30, height: 20), angle: 5, edges: .nearest, output: output)
        var expected = AvatarPipeline(
            crop: PixelRect(x: 0, y: 0, width: 30, height: 20), outputSize: PixelSize(width: 12, height: 8), filter: .bilinear,
            mask: .circle, maximumDimension: 10, angle: 5)
        expected.edges = .nearest
        expected.colorOutput = .sRGB
        #expect(recipe.pipeline() == expected)
        #expect(output.pipeline(for: recipe.crop, angle: 5, edges: .nearest) == expected)
        expected.outputSize = PixelSize(width: 6, height: 4)
        #expect(recipe.pipeline(longerSide: 6) == expected)
        expected.outputSize = PixelSize(width: 30, height: 20)
        #expect(AvatarOutput(mask: .circle, filter: .bilinear, maximumDimension: 10, colorOutput: .sRGB)
            .pipeline(for: recipe.crop, angle: 5, edges: .nearest) == expected)
        #expect(output.pipeline(for: recipe.crop, angle: 5, edges: .nearest, longerSide: 0) == expected, "0 keeps the crop's own")
        #expect(output.pipeline(for: recipe.crop, angle: 5, edges: .nearest, longerSide: -3) == expected)
        // Clamped when rendered: 30x20 at most 10 across is 10x7.
        #expect(expected.clampedOutputSize == PixelSize(width: 10, height: 7))
    }
}

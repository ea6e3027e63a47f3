import Foundation
import PickerCodecs
import PickerImaging
import Testing

@testable import picker_image

/// Render recipes from files: exactly the decoded photo's pixels at full size, every size from
/// one decode, and picker-image apply.
@Suite("Render recipes from files")
struct RecipeFileTests {
    /// A 60×40 stored photo whose every pixel differs, as a JPEG of quality 100 with EXIF `orientation`.
    static func jpeg(_ orientation: ImageOrientation) throws -> Data {
        var photo = try PixelBuffer(width: 60, height: 40, orientation: orientation)
        for y in 0..<40 { for x in 0..<60 { photo[x, y] = RGBA(UInt8(4 * x + 3), UInt8(6 * y + 5), UInt8((x * y) % 251), 255) } }
        return try JPEG.encode(photo, options: .init(quality: 100, chroma: .full, orientation: .exif))
    }

    /// Recipes for a photo shown `shown` (before the recipe's own turns): each kind of edit.
    static func recipes(for shown: PixelSize) -> [RenderRecipe] {
        func sized(_ turns: Int, mirrored: Bool) -> PixelSize { turns % 2 == 1 ? shown.transposed : shown }
        var out: [RenderRecipe] = []
        for (turns, mirrored) in [(0, false), (1, false), (0, true), (3, true)] {
            let size = sized(turns, mirrored: mirrored)
            let side = min(size.width, size.height) - 6
            let square = PixelRect(x: 3, y: 2, width: side, height: side)
            out.append(RenderRecipe(imageSize: size, isMirrored: mirrored, quarterTurns: turns, crop: square))
            out.append(RenderRecipe(imageSize: size, isMirrored: mirrored, quarterTurns: turns, crop: square, angle: 8, mask: .circle))
            out.append(RenderRecipe(
                imageSize: size, isMirrored: mirrored, quarterTurns: turns, crop: PixelRect(x: 1, y: 1, width: side * 3 / 4, height: side),
                outputSize: 44, filter: .lanczos3))
            // Empty space: a crop reaching past the photo's edge.
            out.append(RenderRecipe(
                imageSize: size, isMirrored: mirrored, quarterTurns: turns, crop: PixelRect(x: -10, y: -4, width: side, height: side),
                mask: .circleOn(RGBA(1, 2, 3))))
        }
        return out
    }

    @Test("at full size, the file renders the decoded photo's pixels, for every orientation and kind of edit",
          arguments: ImageOrientation.allCases)
    func fileEqualsDecoded(orientation: ImageOrientation) throws {
        let data = try Self.jpeg(orientation)
        let photo = try JPEG.decode(data)
        let png = PNG.encode(photo.normalized())
        for recipe in Self.recipes(for: photo.displaySize) {
            // The recipe's own size keeps the crop's pixels: the JPEG is decoded at full size.
            #expect(try recipe.render(imageFile: data) == recipe.render(photo), "\(orientation) \(recipe)")
            if orientation == .up { #expect(try recipe.render(imageFile: png) == recipe.render(PNG.decode(png)), "\(recipe)") }
        }
    }

    @Test("three sizes come from one decode, the largest as it alone would render")
    func everySizeFromOneDecode() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/colour/photo-p3.jpg"))
        let recipe = RenderRecipe(imageSize: PixelSize(width: 64, height: 48), crop: PixelRect(x: 8, y: 4, width: 40, height: 40), mask: .circle)
        let counter = FileDecodes.Counter()
        let rendered = try FileDecodes.count.withValue(counter) {
            try recipe.render(imageFile: data, longerSides: [20, 10, 5])
        }
        let images = rendered.images
        #expect(counter.value == 1)
        #expect(images.map(\.displaySize) == [20, 10, 5].map { PixelSize(width: $0, height: $0) })
        #expect(images[0] == (try recipe.render(imageFile: data, longerSide: 20)))
        #expect(images.allSatisfy { $0.colorProfile?.name == "sP3C" })
        // Each size alone: one decode each.
        let alone = FileDecodes.Counter()
        for size in [20, 10, 5] { _ = try FileDecodes.count.withValue(alone) { try recipe.render(imageFile: data, longerSide: size) } }
        #expect(alone.value == 3)
    }

    @Test("a recipe for another photo, or sizes out of range, are typed errors")
    func recipeFileErrors() throws {
        let data = try Self.jpeg(.up)
        let recipe = RenderRecipe(imageSize: PixelSize(width: 40, height: 60), crop: PixelRect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: ImagingError.imageMismatch(expected: PixelSize(width: 40, height: 60), actual: PixelSize(width: 60, height: 40))) {
            try recipe.render(imageFile: data)
        }
        let fits = RenderRecipe(imageSize: PixelSize(width: 60, height: 40), crop: PixelRect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: ImagingError.invalidNumber(parameter: "longerSides", value: 0)) {
            try fits.render(imageFile: data, longerSides: [64, 0])
        }
        #expect(throws: ImagingError.unknownFormat) { try fits.render(imageFile: Data("nope".utf8)) }
    }

    @Test("picker-image apply renders a session's recipe at each size, named by {size}")
    func applyCommand() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apply-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = dir.appendingPathComponent("photo.jpg")
        try Self.jpeg(.right).write(to: photo)
        let recipe = RenderRecipe(imageSize: PixelSize(width: 60, height: 40), quarterTurns: 1, crop: PixelRect(x: 5, y: 5, width: 50, height: 30), angle: -4)
        let session = dir.appendingPathComponent("edit.json")
        // As an EditSession's JSON carries it: under "recipe", beside keys apply does not read.
        let recipeJSON = String(decoding: try JSONEncoder().encode(recipe), as: UTF8.self)
        try Data(#"{"version":3,"geometry":{"ignored":true},"output":{},"recipe":\#(recipeJSON)}"#.utf8).write(to: session)
        let output = dir.appendingPathComponent("avatar-{size}.png").path
        #expect(try Command.run(["apply", "--session", session.path, "--size", "32,8", photo.path, "--output", output]) == 0)
        // Both from the one decode the larger size needs.
        let expected = try recipe.render(imageFile: Data(contentsOf: photo), longerSides: [32, 8])
        #expect(expected.warnings.isEmpty)
        for (size, image) in zip([32, 8], expected.images) {
            let written = try PNG.decode(Data(contentsOf: dir.appendingPathComponent("avatar-\(size).png")))
            #expect(written == image)
        }
        #expect(throws: UsageError.self) {
            try Command.run(["apply", "--session", session.path, "--size", "32,8", photo.path, "--output", dir.appendingPathComponent("one.png").path])
        }
        #expect(throws: UsageError.self) { try Command.run(["apply", "--session", photo.path, photo.path, "--output", output]) }
    }
}

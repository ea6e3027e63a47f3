import Foundation
import PickerImaging
import PickerCodecs

/// A mistake in the command line; the tool prints it with the usage.
struct UsageError: Error {
    var message: String
}

/// The tool's subcommands.
enum Command {
    static func run(_ arguments: [String]) throws -> Int32 {
        guard let name = arguments.first else { throw UsageError(message: "no command") }
        var options = Options(Array(arguments.dropFirst()))
        switch name {
        case "crop": try crop(&options)
        case "info": try info(&options)
        case "frame": try frame(&options)
        case "apply": try apply(&options)
        case "bench":
            let runs = try options.value("--runs").map { text -> Int in
                guard let n = Int(text), n > 0 else { throw UsageError(message: "--runs takes a positive number") }
                return n
            } ?? 7
            let json = options.flag("--json")
            let only = try options.value("--only").map { text -> [String] in
                let prefixes = text.split(separator: ",").map(String.init)
                guard !prefixes.isEmpty else { throw UsageError(message: "--only takes row names or their beginnings, comma-separated") }
                return prefixes
            }
            let jpeg = try options.value("--jpeg")
            let filter = try options.value("--filter").map(parseFilter)
            let reference = try options.value("--reference").map(Bench.reference)
            try options.finish(positionals: 0)
            try Bench(runs: runs, json: json, only: only, jpeg: jpeg, filter: filter, reference: reference ?? [:]).run()
        case "-h", "--help", "help": print(usage)
        default: throw UsageError(message: "unknown command '\(name)'")
        }
        return 0
    }

    /// `--quality`, `--chroma`, `--optimize` and `--background`: how a .jpg output is written.
    static func jpegOptions(_ options: inout Options) throws -> JPEG.EncodingOptions {
        var jpeg = JPEG.EncodingOptions()
        if let text = try options.value("--quality") {
            guard let quality = Int(text), (1...100).contains(quality) else {
                throw UsageError(message: "--quality is 1...100, not '\(text)'")
            }
            jpeg.quality = quality
        }
        if let text = try options.value("--chroma") {
            switch text {
            case "444", "4:4:4": jpeg.chroma = .full
            case "420", "4:2:0": jpeg.chroma = .quarter
            default: throw UsageError(message: "--chroma is 444 or 420, not '\(text)'")
            }
        }
        jpeg.optimizedHuffman = options.flag("--optimize")
        if let text = try options.value("--background") {
            jpeg.background = try parseColour(text)
        }
        return jpeg
    }

    /// `--filter`: `area`, `bilinear` or `lanczos`.
    static func parseFilter(_ text: String) throws -> ResampleFilter {
        switch text {
        case "area": return .area
        case "bilinear": return .bilinear
        case "lanczos", "lanczos3": return .lanczos3
        default: throw UsageError(message: "--filter is area, bilinear or lanczos, not '\(text)'")
        }
    }

    /// `RRGGBB` or `#RRGGBB` in hexadecimal.
    static func parseColour(_ text: String) throws -> RGBA {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else {
            throw UsageError(message: "--background is a colour as RRGGBB in hexadecimal, not '\(text)'")
        }
        return RGBA(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    static func crop(_ options: inout Options) throws {
        let rectText = try options.value("--rect")
        let framing = try options.value("--framing")
        guard framing == nil || framing == "subject" else { throw UsageError(message: "--framing is subject, not '\(framing!)'") }
        guard (rectText == nil) != (framing == nil) else { throw UsageError(message: "crop needs --rect X,Y,W,H or --framing subject") }
        guard let sizeText = try options.value("--size") else { throw UsageError(message: "crop needs --size N or WxH") }
        var rect = try rectText.map(parseRect) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        let size = try parseSize(sizeText)
        let filter = try options.value("--filter").map(parseFilter)
        let mask = try options.value("--mask").map(parseMask) ?? .square
        let orientation = try options.value("--orientation").map(parseOrientation) ?? nil
        let transforms = try shownTransforms(&options)
        let angle = try options.value("--angle").map(parseAngle) ?? 0
        let jpeg = try jpegOptions(&options)
        let toSRGB = options.flag("--to-srgb")
        let files = try options.finish(positionals: 2)
        let output = AvatarOutput(mask: mask, filter: filter, colorOutput: toSRGB ? .sRGB : .keepProfile)
        var pipeline = output.pipeline(for: rect, angle: angle)
        pipeline.outputSize = size
        let rendering: AvatarPipeline.Rendering
        let shown: (size: PixelSize, orientation: ImageOrientation)
        if framing != nil || orientation != nil || !transforms.isEmpty {
            var photo = try ImageFile.read(files[0])
            if let orientation { photo.orientation = orientation }
            for transform in transforms { photo.orientation = photo.orientation.applying(transform) }
            if framing != nil {
                // The crop of the output's shape the edit screen would open with.
                rect = subjectFrame(photo, aspectRatio: Double(size.width) / Double(size.height)).crop
                pipeline.crop = rect
            }
            shown = (photo.displaySize, photo.orientation)
            rendering = try pipeline.render(photo)
            for warning in rendering.warnings { ImageFile.warn("\(files[0]): \(warning)") }
        } else if let file = try ImageFile.direct(files[0]) {
            // Straight from the file: a PNG's crop alone, a JPEG at the smallest scale that serves.
            shown = (file.info.displaySize, file.info.orientation)
            rendering = try pipeline.render(imageFile: file.data)
            // What the header already showed was said when it was read.
            for warning in rendering.warnings where !file.info.warnings.contains(warning) { ImageFile.warn("\(files[0]): \(warning)") }
        } else {
            let photo = try ImageFile.read(files[0])
            shown = (photo.displaySize, photo.orientation)
            rendering = try pipeline.render(photo)
            for warning in rendering.warnings { ImageFile.warn("\(files[0]): \(warning)") }
        }
        try ImageFile.write(rendering.image, to: files[1], jpeg: jpeg)
        print("\(files[1]): \(rendering.image.displaySize) from \(shown.size) crop \(rect)"
            + (angle == 0 ? ", " : " turned \(angle)°, ")
            + "orientation \(shown.orientation), \(Self.colours(rendering.image)), peak extra memory \(rendering.peakExtraBytes / 1024) KiB")
    }

    /// `--mask`: circle, or none (square).
    static func parseMask(_ text: String) throws -> AvatarMask {
        switch text {
        case "circle": return .circle
        case "none", "square": return .square
        default: throw UsageError(message: "--mask is circle or none, not '\(text)'")
        }
    }

    /// `--orientation`: `auto` (the file's, `nil`) or an EXIF value 1...8.
    static func parseOrientation(_ text: String) throws -> ImageOrientation? {
        if text == "auto" { return nil }
        guard let value = Int(text), let o = ImageOrientation(rawValue: value) else {
            throw UsageError(message: "--orientation is auto or 1...8, not '\(text)'")
        }
        return o
    }

    /// `--angle`: degrees clockwise, -360...360.
    static func parseAngle(_ text: String) throws -> Double {
        guard let degrees = Double(text), degrees.isFinite, abs(degrees) <= 360 else {
            throw UsageError(message: "--angle is degrees clockwise, -360...360, not '\(text)'")
        }
        return degrees
    }

    /// `--flip` and `--turn`: turned and flipped as shown, after the orientation (the rect is in
    /// what that shows).
    static func shownTransforms(_ options: inout Options) throws -> [DisplayTransform] {
        var transforms: [DisplayTransform] = []
        if let flip = try options.value("--flip") {
            switch flip {
            case "h", "horizontal": transforms.append(.flipHorizontal)
            case "v", "vertical": transforms.append(.flipVertical)
            default: throw UsageError(message: "--flip is h or v, not '\(flip)'")
            }
        }
        if let turn = try options.value("--turn") {
            guard let degrees = Int(turn), [0, 90, 180, 270].contains(degrees) else {
                throw UsageError(message: "--turn is 0, 90, 180 or 270 (clockwise), not '\(turn)'")
            }
            transforms += Array(repeating: .turnRight, count: degrees / 90)
        }
        return transforms
    }

    /// What colours an output is in, for the summary line.
    static func colours(_ image: PixelBuffer) -> String {
        guard let profile = image.colorProfile else { return "untagged (sRGB)" }
        return profile.isSRGB ? "sRGB" : "colour profile \(profile.name.map { "\"\($0)\"" } ?? "\(profile)")"
    }

    /// `apply --session FILE [--size N,N,…] [--to-srgb] IN --output OUT`: a saved edit rendered
    /// from the file, every size from one decode.
    static func apply(_ options: inout Options) throws {
        guard let sessionPath = try options.value("--session") else { throw UsageError(message: "apply needs --session FILE") }
        guard let output = try options.value("--output") else { throw UsageError(message: "apply needs --output PATH") }
        let sizes = try options.value("--size").map { text -> [Int] in
            let sizes = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard !sizes.isEmpty, sizes.allSatisfy({ $0 != nil && (1...RenderRecipe.largestSide).contains($0!) }) else {
                throw UsageError(message: "--size is N or N,N,... with each 1...\(RenderRecipe.largestSide), not '\(text)'")
            }
            return sizes.map { $0! }
        }
        let toSRGB = options.flag("--to-srgb")
        let jpeg = try jpegOptions(&options)
        let files = try options.finish(positionals: 1)
        if (sizes?.count ?? 1) > 1, !output.contains("{size}") {
            throw UsageError(message: "--output needs {size} in its name for several sizes, as avatar-{size}.png")
        }
        let sessionData: Data
        do { sessionData = try Data(contentsOf: URL(fileURLWithPath: sessionPath)) } catch {
            throw UsageError(message: "cannot read \(sessionPath): \((error as NSError).localizedDescription)")
        }
        var recipe: RenderRecipe
        do {
            // An EditSession's JSON, or (without a "recipe" key) a bare recipe.
            do { recipe = try RenderRecipe(editSessionJSON: sessionData) } catch DecodingError.keyNotFound(let key, let context)
            where key.stringValue == "recipe" && context.codingPath.isEmpty {
                recipe = try JSONDecoder().decode(RenderRecipe.self, from: sessionData)
            }
        } catch {
            throw UsageError(message: "\(sessionPath) holds no render recipe (an EditSession's JSON, or a RenderRecipe's): \(error)")
        }
        if toSRGB { recipe.output.colorOutput = .sRGB }
        let data = try ImageFile.contents(files[0])
        let rendered = try recipe.render(imageFile: data, longerSides: sizes)
        for warning in rendered.warnings { ImageFile.warn("\(files[0]): \(warning)") }
        for (index, image) in rendered.images.enumerated() {
            let name = sizes.map { output.replacingOccurrences(of: "{size}", with: String($0[index])) } ?? output
            try ImageFile.write(image, to: name, jpeg: jpeg)
            print("\(name): \(image.displaySize) from \(recipe.imageSize) crop \(recipe.crop), \(Self.colours(image))")
        }
    }

    static func info(_ options: inout Options) throws {
        let files = try options.finish(positionals: 1)
        let info = try ImageFile.info(files[0])
        print("\(files[0]): \(info)")
        for warning in info.warnings { print("\(files[0]): warning: \(warning)") }
    }

    static func parseRect(_ text: String) throws -> PixelRect {
        let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], w > 0, h > 0 else {
            throw UsageError(message: "--rect is X,Y,W,H with W and H positive, not '\(text)'")
        }
        return PixelRect(x: x, y: y, width: w, height: h)
    }

    static func parseSize(_ text: String) throws -> PixelSize {
        let parts = text.lowercased().split(separator: "x").map { Int($0) }
        if parts.count == 1, let n = parts[0], n > 0 { return PixelSize(width: n, height: n) }
        if parts.count == 2, let w = parts[0], let h = parts[1], w > 0, h > 0 { return PixelSize(width: w, height: h) }
        throw UsageError(message: "--size is N or WxH with positive numbers, not '\(text)'")
    }
}

/// Command-line options: `--name value` pairs, `--flag`s and positional arguments.
struct Options {
    private var remaining: [String]

    init(_ arguments: [String]) { remaining = arguments }

    /// The value after `name`, removing both; `nil` when absent.
    mutating func value(_ name: String) throws -> String? {
        guard let index = remaining.firstIndex(of: name) else { return nil }
        guard index + 1 < remaining.count else { throw UsageError(message: "\(name) needs a value") }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }

    /// Whether `name` is present, removing it.
    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// The positional arguments, which must be exactly `count`, with no unknown options left.
    @discardableResult
    func finish(positionals count: Int) throws -> [String] {
        if let unknown = remaining.first(where: { $0.hasPrefix("--") }) {
            throw UsageError(message: "unknown option \(unknown)")
        }
        guard remaining.count == count else {
            throw UsageError(message: "expected \(count) file argument(s), got \(remaining.count)")
        }
        return remaining
    }
}

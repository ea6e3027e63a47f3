import Foundation
import PickerImaging
import PickerCodecs
import PickerKit

/// The code that fuzzing drives, one function per harness: each takes arbitrary bytes, runs
/// them through PickerKit's public API, and traps only on a bug (a trap, a failed check, or an
/// answer that contradicts another). The libFuzzer harnesses in `Fuzz/Harness` call these, and
/// the regression tests replay every input in `Fuzz/regressions` through them.
public enum FuzzTargets {
    /// The most pixels a fuzzed image may have (512²): large enough for every code path (the
    /// 12 MP fixtures are tested, not fuzzed), small enough for thousands of runs a second now
    /// that a damaged JPEG decodes whole rather than failing at the damage.
    public static let pixelLimit = 1 << 18

    /// Every harness, by name.
    public static let all: [(name: String, run: @Sendable (Data) -> Void)] = [
        ("png", png), ("netpbm", netpbm), ("jpeg", jpeg), ("pipeline", pipeline), ("edit-session", editSession), ("icc", icc),
    ]

    /// PNG: the header alone, then the whole image; both must agree.
    public static func png(_ data: Data) {
        let info = try? PNG.info(data)
        guard let decoded = try? PNG.decode(data, options: DecodeOptions(pixelLimit: pixelLimit)) else { return }
        let (image, warnings) = (decoded.pixels, decoded.warnings)
        check(info != nil, "the header read, so info must")
        check(info?.pixelSize == image.pixelSize && info?.orientation == image.orientation, "info and decode agree")
        check(info?.warnings == warnings, "info and decode skip the same chunks")
        check(info?.colorProfile == image.colorProfile, "info and decode read the same colour profile")
        converts(image)
    }

    /// Converting a decoded image's profile to sRGB either works or is the typed refusal.
    static func converts(_ image: PixelBuffer) {
        do {
            let converted = try image.convertedToSRGB()
            check(converted.pixelSize == image.pixelSize, "conversion keeps the size")
            check(image.colorProfile == nil || converted.colorProfile == .sRGB, "a converted image is tagged sRGB")
        } catch {
            if case .unconvertibleColorProfile = error {} else { check(false, "conversion fails only as unconvertible") }
        }
    }

    /// An ICC profile: read, then converted on a small image, and written through both encoders,
    /// whose files must carry it back.
    public static func icc(_ data: Data) {
        guard let profile = try? ColorProfile(iccData: data) else { return }
        check(profile.iccData == data, "a profile keeps its bytes")
        check((profile.model == nil) == (profile.conversionProblem != nil), "a profile converts exactly when it has a model")
        let gray = profile.colorSpace == .gray
        let pixels = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ Int(data.count)) }
        guard var image = try? PixelBuffer(width: 4, height: gray ? 16 : 4, format: gray ? .gray8 : .rgba8, bytes: pixels) else {
            return check(false, "a 64-byte image")
        }
        image.colorProfile = profile
        converts(image)
        if profile.model != nil { check((try? image.convertedToSRGB()) != nil, "a profile with a model converts an image of its space") }
        // The files, for one profile in four (deflating a large profile costs more than the rest).
        guard profile.colorSpace == .rgb || gray, data.count % 4 == 0 else { return }
        check((try? PNG.decode(PNG.encode(image)))?.colorProfile == profile, "PNG carries the profile")
        check((try? JPEG.decode(JPEG.encode(image)))?.colorProfile == profile, "JPEG carries the profile")
    }

    /// Netpbm: the header alone, then the whole image; both must agree.
    public static func netpbm(_ data: Data) {
        let info = try? Netpbm.info(data)
        guard let image = try? Netpbm.decode(data, pixelLimit: pixelLimit) else { return }
        check(info?.pixelSize == image.pixelSize, "info and decode agree")
    }

    /// JPEG: the headers alone, then the whole image (damaged files decode, with warnings); both
    /// must agree, and so must a decode on two threads. Then a reduced decode
    /// (the scale from the file's length) and a crop of it, which must be that part of the
    /// whole; and, for one small image in eight, the encoder's file, which must decode to the
    /// same size.
    public static func jpeg(_ data: Data) {
        let info = try? JPEG.info(data)
        guard let decoded = try? JPEG.decode(data, options: DecodeOptions(pixelLimit: pixelLimit)) else { return }
        let (image, warnings) = (decoded.pixels, decoded.warnings)
        check(info?.pixelSize == image.pixelSize && info?.orientation == image.orientation, "info and decode agree")
        check(
            warnings.allSatisfy {
                switch $0 {
                case .damagedData(.jpeg, _), .ignoredColorProfile(.jpeg, _): true
                default: false
                }
            }, "JPEG warnings are JPEG damage or a profile left out")
        check(info?.colorProfile == image.colorProfile, "info and decode read the same colour profile")
        converts(image)
        // On two threads (for one input in two: a thread is started for each decode), the same
        // pixels and warnings.
        if data.count % 2 == 0 {
            var twoThreadWarnings: [ImagingWarning] = []
            let twoThreads = try? JPEG.decodeOnTwoThreads(data, pixelLimit: pixelLimit, warnings: &twoThreadWarnings)
            check(twoThreads == image && twoThreadWarnings == warnings, "two threads decode what one does")
        }
        let scale = JPEG.Scale.allCases[data.count % 4]
        guard let reduced = try? JPEG.decode(data, scale: scale, pixelLimit: pixelLimit) else {
            return check(false, "the full decode worked, so the reduced one must")
        }
        check(reduced.pixelSize == scale.size(of: image.pixelSize), "the reduced size is the scale's")
        let shown = reduced.displaySize
        let rect = PixelRect(x: shown.width / 3, y: shown.height / 2, width: max(1, shown.width / 2), height: max(1, shown.height / 3))
        let part = try? JPEG.decode(data, scale: scale, croppingTo: rect, pixelLimit: pixelLimit)
        check(part?.normalized() == (try? reduced.cropped(to: rect))?.normalized(), "a cropped decode is that part of the whole")
        // The encoder, for one small image in eight (it costs more than the decodes).
        guard let count = image.pixelSize.pixelCount, count <= 1 << 14, data.count % 8 == 0 else { return }
        let options = JPEG.EncodingOptions(
            quality: data.count % 100 + 1, chroma: data.count % 2 == 0 ? .quarter : .full, optimizedHuffman: data.count % 3 == 0,
            orientation: data.count % 5 == 0 ? .exif : .normalize)
        let again = (try? JPEG.encode(image, options: options)).flatMap { try? JPEG.decode($0) }
        check(again?.displaySize == image.displaySize, "the encoder's file decodes to the image's size")
    }

    /// The whole avatar path: decode (PNG, JPEG or Netpbm) → orient → crop → resample → mask →
    /// encode → decode, with the parameters taken from the input's last 43 bytes (see
    /// ``PipelineParameters``). The round trip through PNG must give back the same pixels.
    public static func pipeline(_ data: Data) {
        guard data.count > PipelineParameters.size else { return }
        let parameters = PipelineParameters(data.suffix(PipelineParameters.size))
        let file = data.prefix(data.count - PipelineParameters.size)
        guard var image = try? ImageFileFormat.decode(Data(file), pixelLimit: pixelLimit) else { return }
        image.orientation = parameters.orientation
        var pipeline = AvatarOutput(mask: parameters.mask, filter: parameters.filter, maximumDimension: 96)
            .pipeline(for: parameters.crop, angle: parameters.angle)
        pipeline.outputSize = parameters.outputSize
        if ImageFileFormat(sniffing: Data(file)) == .jpeg, let avatar = try? pipeline.render(jpeg: Data(file), pixelLimit: pixelLimit) {
            // Straight from the file, at whatever scale serves, with the file's own orientation.
            check(avatar.image.orientation == .up && avatar.image.displaySize == pipeline.clampedOutputSize, "the JPEG avatar is upright and sized")
        }
        guard let avatar = try? pipeline.render(image).image else { return }
        check(avatar.orientation == .up && avatar.displaySize == pipeline.clampedOutputSize, "the avatar is upright and sized")
        let straight = avatar.asStraightRGBA()
        let again = try? PNG.decode(PNG.encode(straight))
        check(again.map { $0.asStraightRGBA().bytes == straight.bytes } == true, "PNG round-trips the avatar")
    }

    /// A saved edit: decode it, apply it to an original of its size, and decode the geometry
    /// alone and move it about.
    public static func editSession(_ data: Data) {
        let decoder = JSONDecoder()
        if let recipe = try? decoder.decode(RenderRecipe.self, from: data) { renders(recipe) }
        if var geometry = try? decoder.decode(EditorGeometry.self, from: data) {
            geometry.apply([.pan(CGPoint(x: 40, y: -25)), .pinch(scale: 1.7, focus: geometry.maskRect.center), .rotate(degrees: 9), .ended])
            check(geometry.zoom.isFinite && geometry.origin.x.isFinite && abs(geometry.angle) <= 45, "the geometry stays finite")
        }
        guard let session = try? decoder.decode(EditSession.self, from: data) else { return }
        let shown = session.geometry.imageSize
        guard let count = shown.pixelCount, count <= 1 << 16 else { return }
        let raw = session.geometry.displayOrientation(of: .up).swapsAxes ? shown.transposed : shown
        // The original as stored: upright, so the session's turns alone make what it shows.
        guard var original = try? PixelBuffer(width: raw.width, height: raw.height) else { return }
        for y in 0..<raw.height { for x in 0..<raw.width { original[x, y] = RGBA(UInt8(truncatingIfNeeded: x * 7), UInt8(truncatingIfNeeded: y * 5), 99) } }
        do {
            _ = try session.apply(to: original)
        } catch {
            // A session that decoded is one the editor could have made: only its output may fail.
            guard case .editFailed = error else { return check(false, "apply failed with \(error)") }
        }
        // Its recipe, as a server reads it from the JSON, renders the same from the file.
        let recipe = session.recipe
        check((try? RenderRecipe(editSessionJSON: JSONEncoder().encode(session))) == recipe, "the JSON carries the recipe")
        renders(recipe)
    }

    /// A recipe that decoded renders on a small photo of its size, from pixels and from a PNG
    /// file, the same; or fails with a typed error, never a trap.
    static func renders(_ recipe: RenderRecipe) {
        let shown = recipe.imageSize
        guard let count = shown.pixelCount, count <= 1 << 14 else { return }
        let raw = recipe.displayOrientation(of: .up).swapsAxes ? shown.transposed : shown
        guard var original = try? PixelBuffer(width: raw.width, height: raw.height) else { return }
        for y in 0..<raw.height { for x in 0..<raw.width { original[x, y] = RGBA(UInt8(truncatingIfNeeded: x * 11), UInt8(truncatingIfNeeded: y * 3), 7) } }
        let pixels = try? recipe.render(original, longerSide: 24)
        let file = try? recipe.render(imageFile: PNG.encode(original), longerSides: [24, 7])
        check(pixels == file?.images.first, "the file renders the pixels' result")
    }

    /// Traps with `message` when `condition` is false: a finding for the fuzzer.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz check failed: \(message())") }
    }
}

/// The avatar pipeline's settings, read from 43 bytes: crop x, y, width, height and the output
/// side as 8-byte little-endian integers (any value, the hostile ones included), then a flags
/// byte (filter, mask, orientation) and the angle in tenths of a degree (2 bytes, signed).
public struct PipelineParameters: Equatable {
    public static let size = 43

    public var crop: PixelRect
    public var outputSize: PixelSize
    public var filter: ResampleFilter?
    public var mask: AvatarMask
    public var orientation: ImageOrientation
    public var angle: Double

    public init(_ bytes: Data) {
        let b = [UInt8](bytes)
        func integer(_ i: Int) -> Int {
            (0..<8).reduce(0) { $0 | Int(b[i + $1]) << (8 * $1) }
        }
        crop = PixelRect(x: integer(0), y: integer(8), width: integer(16), height: integer(24))
        let side = integer(32)
        outputSize = PixelSize(width: side, height: side)
        let flags = b[40]
        filter = [nil, .area, .bilinear, .lanczos3][Int(flags & 3)]
        mask = [.square, .circle, .circleOn(RGBA(10, 20, 30)), .square][Int(flags >> 2 & 3)]
        orientation = ImageOrientation(rawValue: Int(flags >> 4 & 7) + 1) ?? .up
        angle = flags & 0x80 == 0 ? 0 : Double(Int16(bitPattern: UInt16(b[41]) | UInt16(b[42]) << 8)) / 10
    }
}

import Foundation
import ImagingTestSupport
import PickerCodecs
import PickerImaging
import Testing

@testable import picker_image

/// Colour profiles through files: hostile profiles, JPEG's APP2 segments, PNG's colour chunks,
/// the encoders and the avatar pipeline.
@Suite("Colour profiles in files")
struct ColourProfileFileTests {
    static let gray22 = try! Data(contentsOf: ColourProfileTests.folder.appendingPathComponent("gray22.icc"))

    /// The Adobe RGB profile of the fixtures, as the file carries it.
    static func adobe() throws -> ColorProfile { try #require(ColourProfileTests.decode("lattice-adobergb.png").colorProfile) }

    /// `profile` with `tags` (signature, type body) appended to its tag table and data, sizes fixed.
    static func profile(_ base: Data, setting edits: [(Int, [UInt8])]) -> Data {
        var bytes = [UInt8](base)
        for (at, value) in edits { bytes.replaceSubrange(at..<(at + value.count), with: value) }
        return Data(bytes)
    }

    static func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    @Test("a hostile profile is a typed error naming what is wrong")
    func hostileProfiles() throws {
        let base = Self.gray22
        let cases: [(String, Data, String)] = [
            ("short", base.prefix(100), "100 bytes is shorter than the 132-byte header and tag count"),
            ("size field past the data", Self.profile(base, setting: [(0, Self.u32(base.count + 1))]), "the header declares \(base.count + 1) bytes; the profile has \(base.count)"),
            ("no signature", Self.profile(base, setting: [(36, Array("xxxx".utf8))]), "no 'acsp' signature at byte 36"),
            ("huge tag count", Self.profile(base, setting: [(128, Self.u32(0x7FFF_FFFF))]), "2147483647 tags; a profile may have at most 100"),
            ("tag table past the end", Self.profile(base, setting: [(128, Self.u32(60))]), "the table of 60 tags runs past the profile's end"),
            ("tag outside", Self.profile(base, setting: [(132 + 12 + 4, Self.u32(base.count - 4))]), "tag 'kTRC' at \(base.count - 4), 16 bytes, lies outside the \(base.count)-byte profile"),
            ("tag offset near overflow", Self.profile(base, setting: [(132 + 4, Self.u32(0xFFFF_FFF0))]), "tag 'wtpt' at 4294967280, 20 bytes, lies outside the \(base.count)-byte profile"),
        ]
        for (name, data, reason) in cases {
            #expect(throws: ImagingError.invalidColorProfile(reason: reason), "\(name)") { try ColorProfile(iccData: data) }
        }
        // The kTRC tag (the second) lies at the offset in its table entry: a curve of 1000 entries
        // in its 16 bytes, and a parametric type 9.
        let kTRC = Int([UInt8](base)[(132 + 12 + 4)..<(132 + 12 + 8)].reduce(0) { $0 << 8 | Int($1) })
        #expect(throws: ImagingError.invalidColorProfile(reason: "tag 'kTRC' lists 1000 curve entries in 16 bytes")) {
            try ColorProfile(iccData: Self.profile(base, setting: [(kTRC + 8, Self.u32(1000))]))
        }
        #expect(throws: ImagingError.invalidColorProfile(reason: "tag 'kTRC' has parametric curve type 9 (0...4)")) {
            try ColorProfile(iccData: Self.profile(base, setting: [(kTRC, Array("para".utf8)), (kTRC + 8, [0, 9])]))
        }
        #expect(throws: ImagingError.invalidColorProfile(reason: "tag 'kTRC' is not a curve")) {
            try ColorProfile(iccData: Self.profile(base, setting: [(kTRC, Array("XYZ ".utf8))]))
        }
    }

    @Test("a lookup-table, CMYK or device-link profile is read, kept, and refused for conversion with the reason")
    func unconvertibleProfiles() throws {
        let base = Self.gray22
        let lut = Self.profile(base, setting: [(132 + 12, Array("A2B0".utf8))])
        let cmyk = Self.profile(base, setting: [(16, Array("CMYK".utf8))])
        let link = Self.profile(base, setting: [(12, Array("link".utf8))])
        let expected = [
            (lut, "a lookup-table profile ('A2B0')"), (cmyk, "a CMYK profile"),
            (link, "a 'link' profile (only input, display and colour-space profiles convert)"),
        ]
        var written = 0
        for (data, reason) in expected {
            let profile = try ColorProfile(iccData: data)
            #expect(profile.model == nil)
            #expect(profile.conversionProblem == reason)
            var image = try PixelBuffer(width: 2, height: 1, format: .gray8, bytes: [10, 200])
            image.colorProfile = profile
            #expect(throws: ImagingError.unconvertibleColorProfile(reason: reason)) { try image.convertedToSRGB() }
            // The pipeline keeps it, and says why it did not convert.
            var pipeline = AvatarPipeline(crop: PixelRect(x: 0, y: 0, width: 2, height: 1), outputSize: PixelSize(width: 2, height: 1))
            pipeline.colorOutput = .sRGB
            let rendering = try pipeline.render(image)
            #expect(rendering.image.colorProfile == profile)
            #expect(rendering.colorConversionError == .unconvertibleColorProfile(reason: reason))
            #expect(rendering.warnings == [.colorProfileNotConverted(reason: reason)])
            #expect(rendering.image.bytes == [10, 200])
            // From its PNG file (a profile of the pixels' colour space is written): the same,
            // on the path that decodes only the crop.
            let file = PNG.encode(image)
            guard try PNG.info(file).colorProfile == profile else { continue }
            written += 1
            for fromFile in [try pipeline.render(png: file), try pipeline.render(imageFile: file)] {
                #expect(fromFile.image == rendering.image)
                #expect(fromFile.colorConversionError == .unconvertibleColorProfile(reason: reason))
                #expect(fromFile.warnings == [.colorProfileNotConverted(reason: reason)])
            }
        }
        #expect(written == 2, "the lookup-table and device-link profiles are written; a CMYK one is not")
    }

    @Test("an RGB profile on a gray image is refused; a gray profile converts each channel of RGBA")
    func spaceMismatch() throws {
        var gray = try PixelBuffer(width: 1, height: 1, format: .gray8, bytes: [128])
        gray.colorProfile = try Self.adobe()
        #expect(throws: ImagingError.unconvertibleColorProfile(reason: "an RGB profile on a gray image")) { try gray.convertedToSRGB() }
        var rgba = try PixelBuffer(width: 1, height: 1, format: .rgba8, bytes: [128, 128, 128, 77])
        rgba.colorProfile = try ColorProfile(iccData: Self.gray22)
        var single = try PixelBuffer(width: 1, height: 1, format: .gray8, bytes: [128])
        single.colorProfile = rgba.colorProfile
        let value = try single.convertedToSRGB().bytes[0]
        #expect(try rgba.convertedToSRGB().bytes == [value, value, value, 77])
        // gamma 2.2 (stored as 563/256) to sRGB: 128 → linear 0.2195 → 129.
        #expect(value == 129)
    }

    @Test("an untagged image is returned as it is; an sRGB one is only retagged")
    func untaggedAndSRGB() throws {
        let image = try PixelBuffer(width: 1, height: 1, format: .rgba8, bytes: [1, 2, 3, 4])
        #expect(try image.convertedToSRGB() == image)
        var chunk = image
        chunk.colorProfile = .sRGBChunk(renderingIntent: 1)
        #expect(try chunk.convertedToSRGB().bytes == [1, 2, 3, 4])
        #expect(try chunk.convertedToSRGB().colorProfile == .sRGB)
        #expect(ColorProfile.sRGB.isSRGB)
        #expect(!(try Self.adobe().isSRGB))
    }

    @Test("JPEG: a profile over several APP2 segments, in any order, is read whole; one missing is a warning")
    func jpegSegments() throws {
        // The Adobe profile, grown past two segments with bytes no tag points at.
        var bytes = [UInt8](try #require(try Self.adobe().iccData)) + [UInt8](repeating: 7, count: 140_000)
        bytes.replaceSubrange(0..<4, with: Self.u32(bytes.count))
        let big = try ColorProfile(iccData: Data(bytes))
        var image = try PixelBuffer(width: 8, height: 8, format: .rgba8, bytes: [UInt8](repeating: 200, count: 256))
        image.colorProfile = big
        let file = try JPEG.encode(image)
        let markers = Self.app2Segments(file)
        #expect(markers.map(\.sequence) == [1, 2, 3])
        #expect(try JPEG.decode(file).colorProfile == big)
        #expect(try JPEG.info(file).colorProfile == big)
        // Segments 3, 1, 2: still the profile.
        let swapped = Self.reordering(file, markers, [2, 0, 1])
        #expect(try JPEG.decode(swapped).colorProfile == big)
        // Segment 2 left out: decoded untagged, with the reason.
        let missing = try JPEG.decode(Self.reordering(file, markers, [0, 2]), options: DecodeOptions())
        #expect(missing.pixels.colorProfile == nil)
        #expect(missing.warnings == [.ignoredColorProfile(format: .jpeg, reason: "its APP2 segments are numbered [1, 3] of [3, 3], not 1 to 3 once each")])
    }

    /// The APP2 ICC segments of a file: their sequence numbers and byte ranges (marker included).
    static func app2Segments(_ file: Data) -> [(sequence: Int, range: Range<Int>)] {
        let b = [UInt8](file)
        var out: [(Int, Range<Int>)] = []
        var at = 2
        while at + 4 < b.count, b[at] == 0xFF, b[at + 1] != 0xDA {
            let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            if b[at + 1] == 0xE2 { out.append((Int(b[at + 4 + 12]), at..<(at + 2 + length))) }
            at += 2 + length
        }
        return out
    }

    /// `file` with its APP2 segments replaced by `order` of them.
    static func reordering(_ file: Data, _ segments: [(sequence: Int, range: Range<Int>)], _ order: [Int]) -> Data {
        let b = [UInt8](file)
        let first = segments.first!.range.lowerBound, last = segments.last!.range.upperBound
        return Data(b[..<first] + order.flatMap { b[segments[$0].range] } + b[last...])
    }

    @Test("PNG and JPEG written from a tagged image carry its profile; PNG keeps sRGB, gAMA and cHRM as chunks")
    func encodersKeepProfiles() throws {
        var image = try PixelBuffer(width: 3, height: 2, format: .rgba8, bytes: (0..<24).map { UInt8($0 * 10) })
        for profile in [try Self.adobe(), .sRGBChunk(renderingIntent: 2), ColorProfile.png(gamma: 0.5, chromaticities: .rec709)!] {
            image.colorProfile = profile
            #expect(try PNG.decode(PNG.encode(image)).colorProfile == profile)
            #expect(try PNG.info(PNG.encode(image)).colorProfile == profile)
        }
        // JPEG has no sRGB or gamma chunks: sRGB is written untagged; gamma is converted first.
        image.colorProfile = .sRGBChunk(renderingIntent: 0)
        #expect(try JPEG.decode(JPEG.encode(image)).colorProfile == nil)
        image.colorProfile = ColorProfile.png(gamma: 1, chromaticities: nil)
        #expect(try JPEG.decode(JPEG.encode(image)).colorProfile == nil)
        // A gray image with an RGB profile is written in colour; an RGBA one with a gray profile converted.
        var gray = try PixelBuffer(width: 2, height: 1, format: .gray8, bytes: [0, 255])
        gray.colorProfile = try Self.adobe()
        let colour = try PNG.decode(PNG.encode(gray))
        #expect(colour.format == .rgba8 && colour.colorProfile == gray.colorProfile)
        var rgba = try PixelBuffer(width: 1, height: 1, format: .rgba8, bytes: [128, 128, 128, 255])
        rgba.colorProfile = try ColorProfile(iccData: Self.gray22)
        let converted = try PNG.decode(PNG.encode(rgba))
        #expect(converted.colorProfile == .sRGBChunk(renderingIntent: 0))
        #expect(converted[0, 0] == RGBA(129, 129, 129, 255))
    }

    @Test("PNG gAMA and cHRM without a profile: libpng's model; damaged chunks are warnings")
    func pngGammaChunks() throws {
        let profile = try #require(ColorProfile.png(gamma: 1 / 2.2, chromaticities: nil))
        guard case let .rgb(curves, matrix)? = profile.model else { Issue.record("no model"); return }
        for curve in curves {
            guard case let .gamma(g) = curve else { Issue.record("not a gamma curve: \(curve)"); continue }
            #expect(abs(g - 2.2) < 1e-12)
        }
        // sRGB's primaries, D65 adapted to D50: the matrix's rows sum to D50.
        let whites: [Double] = [0.9642, 1.0, 0.8249]
        for row in 0..<3 {
            let sum: Double = matrix[3 * row] + matrix[3 * row + 1] + matrix[3 * row + 2]
            #expect(abs(sum - whites[row]) < 1e-4)
        }
        #expect(ColorProfile.png(gamma: nil, chromaticities: nil) == nil)
        // A gAMA of 0 is left out with a warning; the image still decodes.
        var image = try PixelBuffer(width: 1, height: 1, format: .rgba8, bytes: [1, 2, 3, 255])
        image.colorProfile = ColorProfile.png(gamma: 0.45455, chromaticities: nil)
        var file = [UInt8](PNG.encode(image))
        let at = try #require(file.indices.first { file[$0..<($0 + 4)].elementsEqual("gAMA".utf8) })
        file.replaceSubrange((at + 4)..<(at + 8), with: [0, 0, 0, 0])
        let crc = Self.crc(file[at..<(at + 8)])
        file.replaceSubrange((at + 8)..<(at + 12), with: Self.u32(Int(crc)))
        let decoded = try PNG.decode(Data(file), options: DecodeOptions())
        #expect(decoded.pixels.colorProfile == nil)
        #expect(decoded.warnings == [.ignoredColorProfile(format: .png, reason: "a gAMA chunk of 4 bytes or gamma 0")])
    }

    /// Primaries on one line span no colour space: their matrix is singular but for rounding,
    /// and converting with its inverse (entries near 1e15) used to trap. The chunk describes no
    /// model, so the conversion is refused, typed.
    @Test("a cHRM whose primaries lie on one line converts nothing, and does not trap")
    func collinearPrimaries() throws {
        let line = Chromaticities(white: Chromaticities.d65White, red: SIMD2(0.1, 0.3), green: SIMD2(0.2, 0.3), blue: SIMD2(0.4, 0.3))
        let profile = try #require(ColorProfile.png(gamma: 1 / 2.2, chromaticities: line))
        #expect(profile.model == nil && profile.conversionProblem != nil)
        var image = try PixelBuffer(width: 2, height: 1, format: .rgba8, bytes: [255, 0, 0, 255, 0, 0, 255, 255])
        image.colorProfile = profile
        #expect(throws: ImagingError.self) { try image.convertedToSRGB() }
        // Nearly on one line too.
        let nearly = Chromaticities(white: Chromaticities.d65White, red: SIMD2(0.1, 0.3), green: SIMD2(0.2, 0.3 + 1e-12), blue: SIMD2(0.4, 0.3))
        #expect(ColorProfile.png(gamma: nil, chromaticities: nearly)?.model == nil)
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 {
                let low: UInt32 = c & 1
                c = low != 0 ? (0xEDB8_8320 as UInt32) ^ (c >> 1) : c >> 1
            }
        }
        return c ^ (0xFFFF_FFFF as UInt32)
    }

    @Test("a damaged profile in a file is left out with a warning; the image decodes")
    func damagedProfileInFile() throws {
        var image = try PixelBuffer(width: 4, height: 4, format: .gray8, bytes: [UInt8](repeating: 90, count: 16))
        image.colorProfile = try ColorProfile(iccData: Self.gray22)
        var file = [UInt8](try JPEG.encode(image))
        // The profile's 'acsp' signature, inside the APP2 segment.
        let at = try #require(file.indices.first { file[$0..<min(file.count, $0 + 4)].elementsEqual("acsp".utf8) })
        file[at] = UInt8(ascii: "x")
        let decoded = try JPEG.decode(Data(file), options: DecodeOptions())
        #expect(decoded.pixels.colorProfile == nil && decoded.pixels.pixelSize == image.pixelSize)
        #expect(decoded.warnings == [.ignoredColorProfile(format: .jpeg, reason: "invalid ICC colour profile: no 'acsp' signature at byte 36")])
    }

    @Test("the pipeline keeps the photo's profile, or converts its output to sRGB: on every path", arguments: ["lattice-adobergb.png", "photo-p3.jpg"])
    func pipelineColours(file: String) throws {
        let data = try ColourProfileTests.data(file)
        let photo = try ColourProfileTests.decode(file)
        let crop = PixelRect(x: 4, y: 4, width: 40, height: 40)
        for angle in [0.0, 10] {
            for size in [40, 20, 9] {
                var pipeline = AvatarPipeline(crop: crop, outputSize: PixelSize(width: size, height: size), mask: .circle, angle: angle)
                let kept = try pipeline.render(imageFile: data)
                #expect(kept.image.colorProfile == photo.colorProfile)
                pipeline.colorOutput = .sRGB
                let converted = try pipeline.render(imageFile: data)
                #expect(converted.warnings.isEmpty)
                #expect(converted.image.colorProfile == .sRGB)
                #expect(converted.image == (try kept.image.convertedToSRGB()))
                // From the decoded photo: the same pixels, but for a JPEG decoded at a reduced scale.
                if file.hasSuffix(".png") || pipeline.jpegScale == .full {
                    #expect(try pipeline.render(photo).image == converted.image)
                }
            }
        }
    }
}

@Suite("picker-image and colour profiles")
struct PickerImageColourTests {
    @Test("crop keeps the photo's profile, or converts to sRGB under --to-srgb, within the LittleCMS goal",
          arguments: ["photo-adobergb.jpg", "photo-p3.jpg", "lattice-prophoto.png", "lattice-gray22.png"])
    func cropColours(file: String) throws {
        let input = ColourProfileTests.folder.appendingPathComponent(file).path
        let photo = try ColourProfileTests.decode(file)
        for (flags, ext) in [([String](), "png"), ([], "jpg"), (["--to-srgb"], "png"), (["--to-srgb"], "jpg")] {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("colour-\(UUID().uuidString).\(ext)").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            #expect(try Command.run(["crop", "--rect", "0,0,32,32", "--size", "32"] + flags + [input, out]) == 0)
            let written = try Data(contentsOf: URL(fileURLWithPath: out))
            let avatar = ext == "png" ? try PNG.decode(written) : try JPEG.decode(written)
            if flags.isEmpty {
                #expect(avatar.colorProfile == photo.colorProfile, "\(ext)")
            } else {
                // PNG says sRGB in a chunk; JPEG is untagged, which is sRGB.
                #expect(avatar.colorProfile == (ext == "png" ? .sRGBChunk(renderingIntent: 0) : nil))
            }
            guard ext == "png", !flags.isEmpty else { continue }
            // The crop's own pixels, converted: within the goal of LittleCMS's conversion of them.
            let reference = try PNG.decode(ColourProfileTests.data(file.split(separator: ".")[0] + ".srgb.png"))
                .cropped(to: PixelRect(x: 0, y: 0, width: 32, height: 32))
            let differences = ColourProfileTests.differences(avatar, reference)
            #expect(differences.max()! <= 1.0)
        }
    }
}

@Suite("Colour and recipe edge cases")
struct ColourAndRecipeEdgeTests {
    @Test("a recipe's crop far past any photo is a typed error, and output sizes never overflow")
    func hugeCrops() throws {
        let far = RenderRecipe(
            imageSize: PixelSize(width: 40, height: 30), crop: PixelRect(x: 0, y: 0, width: 1_000_000_000_000_000, height: 1), outputSize: 512)
        #expect(far.problem == .invalidNumber(parameter: "crop.width", value: 1e15))
        #expect(throws: ImagingError.invalidNumber(parameter: "crop.width", value: 1e15)) {
            try far.render(PixelBuffer(width: 40, height: 30))
        }
        #expect(AvatarPipeline.outputSize(of: PixelSize(width: .max, height: 1), longerSide: 512) == PixelSize(width: 512, height: 1))
        #expect(AvatarPipeline.outputSize(of: PixelSize(width: 3, height: 2), longerSide: 0) == PixelSize(width: 3, height: 2))
        let fits = RenderRecipe(imageSize: PixelSize(width: 40, height: 30), crop: PixelRect(x: 0, y: 0, width: 10, height: 10))
        let png = PNG.encode(try PixelBuffer(width: 40, height: 30))
        #expect(throws: ImagingError.invalidNumber(parameter: "longerSides.count", value: 0)) {
            try fits.render(imageFile: png, longerSides: [])
        }
        #expect(throws: ImagingError.invalidNumber(parameter: "longerSides.count", value: 17)) {
            try fits.render(imageFile: png, longerSides: Array(repeating: 8, count: 17))
        }
        // A straightened crop reaching 2⁴⁰ pixels, at a reduced JPEG scale: refused, not computed.
        let jpeg = try JPEG.encode(PixelBuffer(width: 64, height: 64))
        let turned = AvatarPipeline(
            crop: PixelRect(x: 10, y: 10, width: Int.max - 5, height: Int.max - 5), outputSize: PixelSize(width: 4, height: 4), angle: 5)
        #expect(throws: ImagingError.cropOutsideImage(rect: turned.crop, imageSize: PixelSize(width: 64, height: 64))) {
            try turned.render(jpeg: jpeg)
        }
    }

    @Test("a gray PNG's gAMA converts its gray; cHRM without gAMA reads the sRGB curve")
    func grayGamma() throws {
        var gray = try PixelBuffer(width: 2, height: 1, format: .gray8, bytes: [64, 200])
        gray.colorProfile = ColorProfile.png(gamma: 1.0, chromaticities: nil)
        let file = PNG.encode(gray)
        let decoded = try PNG.decode(file)
        #expect(decoded.format == .gray8 && decoded.colorProfile == gray.colorProfile, "written gray, with its gAMA")
        // Linear gray 64/255 and 200/255 are sRGB 137 and 229.
        #expect(try decoded.convertedToSRGB().bytes == [137, 229])
        // Written as JPEG, the gamma is converted first: the values, not the chunk, carry it.
        #expect(try JPEG.decode(JPEG.encode(gray, options: .init(quality: 100))).bytes.map { Int($0) }.enumerated().allSatisfy {
            abs($0.element - [137, 229][$0.offset]) <= 2
        })
        // sRGB's own primaries and no gamma: sRGB, so nothing moves.
        var colour = try PixelBuffer(width: 1, height: 1, format: .rgba8, bytes: [10, 120, 250, 255])
        colour.colorProfile = ColorProfile.png(gamma: nil, chromaticities: .rec709)
        #expect(try colour.convertedToSRGB().bytes == [10, 120, 250, 255])
    }

    @Test("a CMYK profile is left off the RGB pixels decoded from a JPEG, with a warning; non-finite chunk values are written as 0")
    func cmykProfileOnRGBPixels() throws {
        let gray = try Data(contentsOf: ColourProfileTests.folder.appendingPathComponent("gray22.icc"))
        var bytes = [UInt8](gray)
        bytes.replaceSubrange(16..<20, with: Array("CMYK".utf8))
        var image = try PixelBuffer(width: 8, height: 8, format: .rgba8, bytes: [UInt8](repeating: 120, count: 256))
        // The encoder writes only profiles that describe its pixels: splice the segment in by hand.
        let plain = [UInt8](try JPEG.encode(image))
        let body = Array("ICC_PROFILE\0".utf8) + [1, 1] + bytes
        let segment: [UInt8] = [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        let file = Data(plain[0..<2] + segment + plain[2...])
        let decoded = try JPEG.decode(file, options: DecodeOptions())
        #expect(decoded.pixels.colorProfile == nil)
        #expect(decoded.warnings == [.ignoredColorProfile(format: .jpeg, reason: "a CMYK profile does not describe the RGB pixels decoded from the file")])
        #expect(try JPEG.info(file).colorProfile == nil)
        image.colorProfile = ColorProfile.png(gamma: .infinity, chromaticities: nil)
        #expect(try PNG.decode(PNG.encode(image)).pixelSize == image.pixelSize)
    }
}

@Suite("picker-image apply and colour profiles")
struct PickerImageApplyColourTests {
    @Test("apply keeps the photo's profile, or converts to sRGB under --to-srgb, within the LittleCMS goal",
          arguments: ["photo-adobergb.jpg", "photo-p3.jpg"])
    func applyColours(file: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apply-colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = ColourProfileTests.folder.appendingPathComponent(file).path
        let photo = try ColourProfileTests.decode(file)
        // A bare recipe: the crop's own 32 pixels, so the file is decoded at full size.
        let recipe = RenderRecipe(imageSize: photo.displaySize, crop: PixelRect(x: 0, y: 0, width: 32, height: 32))
        let session = dir.appendingPathComponent("recipe.json")
        try JSONEncoder().encode(recipe).write(to: session)
        for flags in [[], ["--to-srgb"]] {
            let out = dir.appendingPathComponent("avatar\(flags.count).png").path
            #expect(try Command.run(["apply", "--session", session.path] + flags + [input, "--output", out]) == 0)
            let avatar = try PNG.decode(Data(contentsOf: URL(fileURLWithPath: out)))
            guard flags.isEmpty else {
                #expect(avatar.colorProfile == .sRGBChunk(renderingIntent: 0))
                let reference = try PNG.decode(ColourProfileTests.data(file.split(separator: ".")[0] + ".srgb.png"))
                    .cropped(to: PixelRect(x: 0, y: 0, width: 32, height: 32))
                let differences = ColourProfileTests.differences(avatar, reference)
                #expect(ColourDifference.percentile(differences, 0.99) <= 0.5)
                #expect(differences.max()! <= 1.0)
                continue
            }
            #expect(avatar.colorProfile == photo.colorProfile)
            #expect(avatar == (try photo.cropped(to: PixelRect(x: 0, y: 0, width: 32, height: 32))).normalized())
        }
    }
}

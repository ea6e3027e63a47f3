import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import ImagingTestSupport
import Testing

@Suite("PNG")
struct PNGTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/png")

    static var fixtureNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    @Test func everyColourTypeAndDepthHasAFixture() {
        #expect(Self.fixtureNames.count == 36)
    }

    @Test("decodes every colour type, bit depth, interlace and tRNS variant", arguments: fixtureNames)
    func decodesFixture(name: String) throws {
        let image = try PNG.decode(try Self.fixture(name + ".png"))
        let expected = try Netpbm.decode(try Self.fixture(name + ".pam"))
        #expect(image.pixelSize == PixelSize(width: 13, height: 7))
        var mismatches = 0
        for y in 0..<7 { for x in 0..<13 where image[x, y] != expected[x, y] { mismatches += 1 } }
        #expect(mismatches == 0, "\(name): \(mismatches) pixels differ")
        let gray = name.hasPrefix("c0") && !name.hasSuffix("t")
        #expect(image.format == (gray ? .gray8 : .rgba8))
    }

    @Test("encoding round-trips exactly", arguments: [PixelFormat.gray8, .rgba8])
    func roundTrips(format: PixelFormat) throws {
        var image = try PixelBuffer(width: 37, height: 23, format: format)
        for y in 0..<23 { for x in 0..<37 { image[x, y] = RGBA(UInt8(x * 7), UInt8(y * 11), UInt8((x * y) % 256), UInt8(255 - x)) } }
        let decoded = try PNG.decode(PNG.encode(image))
        #expect(decoded.format == format)
        #expect(decoded.bytes == image.bytes)
    }

    @Test("each row filter the encoder tries is undone by the decoder", arguments: [1, 3, 4])
    func everyFilterRoundTrips(channels: Int) {
        // The encoder keeps the filter with the smallest score, so some filters seldom win on
        // real pictures: hold every one to the decoder's inverse, and its score to the definition.
        var state: UInt64 = 41
        func byte() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for count in [channels, channels * 2, channels * 7 + channels] {
            var row = (0..<count).map { _ in byte() }, previous = (0..<count).map { _ in byte() }
            for filter: UInt8 in 0...4 {
                var out = [UInt8](repeating: 0, count: count)
                let score = PNGEncoder.filter(filter, &row, previous: previous, count: count, channels: channels, into: &out)
                #expect(score == out.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) })
                #expect(PNGDecoder.unfilter(&out, previous: previous, count: count, filter: filter, stride: channels))
                #expect(out == row, "filter \(filter), \(channels) channels, \(count) bytes")
            }
        }
    }

    @Test func opaqueColourIsWrittenAsRGBAndOrientationIsBakedIn() throws {
        var image = try PixelBuffer(width: 3, height: 2, orientation: .right)
        for y in 0..<2 { for x in 0..<3 { image[x, y] = RGBA(UInt8(10 * x), UInt8(10 * y), 5) } }
        let data = PNG.encode(image)
        #expect(data[25] == 2, "colour type RGB")
        let decoded = try PNG.decode(data)
        #expect(decoded.orientation == .up)
        #expect(decoded.bytes == image.normalized().bytes)
    }

    @Test func compressesRealImages() throws {
        var image = try PixelBuffer(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 { image[x, y] = RGBA(UInt8(x), UInt8(y), UInt8((x + y) / 2)) } }
        let data = PNG.encode(image)
        #expect(data.count < 256 * 256 * 3 / 20, "\(data.count) bytes for a smooth gradient")
        #expect(try PNG.decode(data).bytes == image.bytes)
    }

    @Test func deflateRoundTripsLongRepeatsAndNoise() throws {
        var rng = SeededRandomNumberGenerator(seed: 7)
        let noise = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let repeats = [UInt8](repeating: 7, count: 100_000) + Array("abcabcabcd".utf8) + noise.prefix(1000)
        for input in [[], [1], noise, repeats] {
            let z = Deflate.zlib(input)
            #expect(try Inflate.zlib(z, limit: input.count) == input)
        }
        #expect(Deflate.zlib([UInt8](repeating: 0, count: 100_000)).count < 300)
    }

    // MARK: Bad files

    static func png(_ chunks: [(String, [UInt8])]) -> Data {
        var out = Data(PNG.signature)
        for (type, data) in chunks { PNGEncoder.chunk(type, data, into: &out) }
        return out
    }

    static func ihdr(width: UInt32 = 2, height: UInt32 = 1, depth: UInt8 = 8, colour: UInt8 = 0, interlace: UInt8 = 0) -> (String, [UInt8]) {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        return ("IHDR", be(width) + be(height) + [depth, colour, 0, 0, interlace])
    }

    static let goodIDAT = ("IDAT", Deflate.zlib([0, 10, 20]))

    @Test func aValidHandBuiltFileDecodes() throws {
        let image = try PNG.decode(Self.png([Self.ihdr(), Self.goodIDAT, ("IEND", [])]))
        #expect(image.bytes == [10, 20])
    }

    @Test("truncated files say so", arguments: [8, 20, 33, 40, 50])
    func truncated(length: Int) throws {
        let whole = Self.png([Self.ihdr(), Self.goodIDAT, ("IEND", [])])
        #expect(throws: ImagingError.truncatedFile(format: .png)) { try PNG.decode(whole.prefix(length)) }
    }

    @Test func aBadCRCIsNamed() {
        var data = Self.png([Self.ihdr(), Self.goodIDAT, ("IEND", [])])
        data[data.count - 20] ^= 0xFF  // inside the IDAT data
        #expect(throws: ImagingError.corruptFile(format: .png, reason: "CRC mismatch in IDAT chunk")) { try PNG.decode(data) }
    }

    @Test("bad zlib streams are corrupt, never a crash or a hang", arguments: [
        [UInt8]([0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0]),  // block type 3
        [0x79, 0x9C, 3, 0, 0, 0, 0, 1],  // header check
        [0x78, 0x9C, 0x63, 0xE0, 0x12, 0x01, 0x00, 0x00, 0x00, 0x00],  // Adler mismatch
        [0x78, 0x9C, 0x01, 0x03, 0x00, 0x00, 0x00, 0, 10, 20, 0, 0, 0, 0],  // stored length check
    ])
    func badZlib(stream: [UInt8]) {
        let data = Self.png([Self.ihdr(), ("IDAT", stream), ("IEND", [])])
        #expect(throws: ImagingError.self) { try PNG.decode(data) }
        do { _ = try PNG.decode(data) } catch let error {
            if case .corruptFile = error {} else if case .truncatedFile = error {} else { Issue.record("unexpected \(error)") }
        }
    }

    @Test func aDistanceBeforeTheStartIsCorrupt() {
        // Fixed Huffman block: a match (length 3, distance 1) with no output before it.
        var writer = BitWriter()
        writer.write(1, bits: 1); writer.write(1, bits: 2)
        writer.write(0b0000001, bits: 7)  // symbol 257 (code 0000001, reversed is the same read order here)
        writer.write(0, bits: 5)  // distance code 0
        writer.flush()
        #expect(throws: ImagingError.self) { try Inflate.zlib([0x78, 0x9C] + writer.bytes + [0, 0, 0, 1], limit: 10) }
    }

    @Test func absurdDimensionsThrowBeforeInflating() {
        let data = Self.png([Self.ihdr(width: 100_000, height: 100_000, colour: 6), Self.goodIDAT, ("IEND", [])])
        #expect(throws: ImagingError.tooManyPixels(count: 10_000_000_000, limit: 100_000_000)) { try PNG.decode(data) }
    }

    @Test func moreDataThanTheImageNeedsIsCorrupt() {
        let bomb = Self.png([Self.ihdr(), ("IDAT", Deflate.zlib([UInt8](repeating: 0, count: 1_000_000))), ("IEND", [])])
        #expect(throws: ImagingError.corruptFile(format: .png, reason: "more data than the image needs")) { try PNG.decode(bomb) }
    }

    @Test func unknownCriticalChunksAreUnsupportedAndAncillaryOnesIgnored() throws {
        let critical = Self.png([Self.ihdr(), ("ABCD", [1]), Self.goodIDAT, ("IEND", [])])
        #expect(throws: ImagingError.unsupportedFeature(format: "PNG", feature: "critical chunk ABCD")) { try PNG.decode(critical) }
        let ancillary = Self.png([Self.ihdr(), ("abCD", [1]), Self.goodIDAT, ("IEND", [])])
        #expect(try PNG.decode(ancillary).bytes == [10, 20])
    }

    @Test("bad headers are named", arguments: [
        (ihdr(depth: 3), "bit depth 3 with colour type 0"),
        (ihdr(colour: 5), "colour type 5"),
        (ihdr(depth: 16, colour: 3), "bit depth 16 with colour type 3"),
        (ihdr(interlace: 2), "interlace method 2"),
    ])
    func badHeaders(header: (String, [UInt8]), reason: String) {
        #expect(throws: ImagingError.corruptFile(format: .png, reason: reason)) {
            try PNG.decode(Self.png([header, Self.goodIDAT, ("IEND", [])]))
        }
    }

    @Test func structuralMistakesAreNamed() {
        #expect(throws: ImagingError.corruptFile(format: .png, reason: "the first chunk is IDAT, not IHDR")) {
            try PNG.decode(Self.png([Self.goodIDAT, Self.ihdr(), ("IEND", [])]))
        }
        #expect(throws: ImagingError.corruptFile(format: .png, reason: "no IDAT")) {
            try PNG.decode(Self.png([Self.ihdr(), ("IEND", [])]))
        }
        #expect(throws: ImagingError.corruptFile(format: .png, reason: "row filter 9")) {
            try PNG.decode(Self.png([Self.ihdr(), ("IDAT", Deflate.zlib([9, 1, 2])), ("IEND", [])]))
        }
        #expect(throws: ImagingError.corruptFile(format: .png, reason: "palette image without PLTE")) {
            try PNG.decode(Self.png([Self.ihdr(colour: 3), Self.goodIDAT, ("IEND", [])]))
        }
        #expect(throws: ImagingError.unknownFormat) { try PNG.decode(Data("GIF89a".utf8)) }
    }

    @Test("the eXIf orientation is read", arguments: [(true, 6), (false, 8)])
    func exifOrientation(littleEndian: Bool, value: Int) throws {
        let tiff: [UInt8] = littleEndian
            ? [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(value), 0, 0, 0, 0, 0, 0, 0]
            : [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(value), 0, 0, 0, 0, 0, 0]
        let image = try PNG.decode(Self.png([Self.ihdr(), ("eXIf", tiff), Self.goodIDAT, ("IEND", [])]))
        #expect(image.orientation == ImageOrientation(rawValue: value))
        #expect(image.displaySize == PixelSize(width: 1, height: 2))
    }

    @Test func randomBytesNeverCrashOrHangTheInflater() {
        var rng = SeededRandomNumberGenerator(seed: 3)
        for _ in 0..<2_000 {
            let body = (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(throws: ImagingError.self) { try Inflate.zlib([0x78, 0x9C] + body + [0, 0, 0, 1], limit: 4096) }
        }
    }

    @Test func randomCorruptionGivesAFileErrorOrTheImage() throws {
        let original = try PixelBuffer(width: 9, height: 9, bytes: (0..<324).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let good = PNG.encode(original)
        var rng = SeededRandomNumberGenerator(seed: 7)
        var refused = 0
        for _ in 0..<500 {
            var data = good
            for _ in 0..<3 { data[Int.random(in: 8..<data.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            do {
                // Every chunk carries a CRC: what decodes at all is the image itself (a damaged
                // byte that changed nothing, or one in a CRC whose chunk is ancillary).
                let image = try PNG.decode(data)
                #expect(image.displaySize == original.displaySize)
                #expect(image.asStraightRGBA().bytes == original.bytes, "a corrupted file decoded to other pixels")
            } catch {
                refused += 1
                switch error {
                case .corruptFile(format: .png, _), .truncatedFile(format: .png), .unsupportedFeature(format: "PNG", _): break
                default: Issue.record("not a file error: \(error)")
                }
            }
        }
        #expect(refused > 400, "three damaged bytes are almost always caught")
    }
}

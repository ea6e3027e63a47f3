import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import Testing

/// The JPEG encoder: its tables and markers, the same pixels as cjpeg, and round trips.
@Suite("JPEG encoder")
struct JPEGEncoderTests {
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double { JPEGPipelineTests.psnr(a, b) }

    /// Fixtures with cjpeg's quality-90 encodes beside them (NAME.q90-444 / NAME.q90-420).
    static let cjpegCases: [(String, JPEG.ChromaSampling)] = [
        ("base-444-64x48", .full), ("base-444-64x48", .quarter), ("base-420-33x21", .full), ("base-420-33x21", .quarter),
        ("base-422-17x9", .full), ("base-422-17x9", .quarter), ("base-420-1x1", .full), ("base-420-1x1", .quarter),
        ("optimized-q50", .full), ("optimized-q50", .quarter), ("gray-17x9", .full),
    ]

    @Test("encodes what cjpeg encodes at quality 90: the same pixels decoded", arguments: cjpegCases)
    func sameAsCjpeg(name: String, chroma: JPEG.ChromaSampling) throws {
        let picture = try JPEGTests.reference(name)
        let cjpeg = try JPEGTests.reference(name + ".q90-" + (chroma == .full ? "444" : "420"))
        for optimized in [false, true] {
            let file = try JPEG.encode(picture, options: .init(quality: 90, chroma: chroma, optimizedHuffman: optimized))
            let back = try JPEG.decode(file)
            #expect(back.format == picture.format)
            let result = JPEGTests.compare(back, cjpeg)
            #expect(result.differing == 0, "\(name) \(chroma): \(result.differing) of \(result.samples) differ, by at most \(result.worst)")
        }
    }

    @Test("a photo round trips at quality 90 within 40 dB", arguments: JPEG.ChromaSampling.allCases)
    func photoRoundTrip(chroma: JPEG.ChromaSampling) throws {
        let picture = try JPEG.decode(JPEGTests.data("photo-640x480-420.jpg"))
        let standard = try JPEG.encode(picture, options: .init(quality: 90, chroma: chroma))
        let optimized = try JPEG.encode(picture, options: .init(quality: 90, chroma: chroma, optimizedHuffman: true))
        let back = try JPEG.decode(standard)
        let quality = Self.psnr(back, picture)
        #expect(quality >= 40, "\(chroma): \(quality) dB")
        // Optimized tables change the bits, never the pixels, and save some.
        #expect(try JPEG.decode(optimized).bytes == back.bytes)
        #expect(optimized.count < standard.count)
    }

    @Test func qualityScalesTheStandardTablesAsLibjpegDoes() throws {
        #expect(JPEGEncoder.table(JPEGEncoder.luminance, quality: 50) == JPEGEncoder.luminance)
        #expect(JPEGEncoder.table(JPEGEncoder.luminance, quality: 100) == [Int](repeating: 1, count: 64))
        #expect(JPEGEncoder.table(JPEGEncoder.chrominance, quality: 1) == [Int](repeating: 255, count: 64))
        #expect(Array(JPEGEncoder.table(JPEGEncoder.luminance, quality: 90).prefix(8)) == [3, 2, 2, 3, 5, 8, 10, 12])
        #expect(Array(JPEGEncoder.table(JPEGEncoder.chrominance, quality: 25).prefix(4)) == [34, 36, 48, 94])
        // Higher quality, larger file, closer pixels.
        let picture = try JPEG.decode(JPEGTests.data("photo-640x480-420.jpg"))
        let sizes = try [20, 50, 75, 95].map { try JPEG.encode(picture, options: .init(quality: $0)).count }
        #expect(sizes == sizes.sorted() && Set(sizes).count == 4, "\(sizes)")
        for bad in [0, 101, -1, Int.min, Int.max] {
            #expect(throws: ImagingError.invalidQuality(bad)) { try JPEG.encode(picture, options: .init(quality: bad)) }
        }
    }

    @Test func theStandardHuffmanTablesAreAnnexKs() {
        #expect(JPEGEncoder.acLuminance.symbols.count == 162 && JPEGEncoder.acChrominance.symbols.count == 162)
        #expect(JPEGEncoder.acLuminance.counts.reduce(0, +) == 162 && JPEGEncoder.acChrominance.counts.reduce(0, +) == 162)
        #expect(Set(JPEGEncoder.acLuminance.symbols).count == 162)
        #expect(Array(JPEGEncoder.acLuminance.symbols.suffix(3)) == [0xF8, 0xF9, 0xFA])
        #expect(Array(JPEGEncoder.acChrominance.symbols[40..<46]) == [0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19])
        let codes = JPEGEncoder.Codes(counts: JPEGEncoder.dcLuminance.counts, symbols: JPEGEncoder.dcLuminance.symbols)
        // Category 0 is "00", 1 is "010", 11 is "111111110".
        #expect((codes.code[0], codes.length[0]) == (0b00, 2))
        #expect((codes.code[1], codes.length[1]) == (0b010, 3))
        #expect((codes.code[11], codes.length[11]) == (0b1_1111_1110, 9))
    }

    @Test("optimal tables are prefix codes of at most 16 bits without the all-ones code", arguments: [1, 2, 3, 40, 256])
    func optimalTables(symbols: Int) {
        // Fibonacci-like frequencies make the deepest trees.
        var frequencies = [Int](repeating: 0, count: 256)
        var (a, b) = (1, 1)
        for s in 0..<symbols {
            frequencies[s] = min(a, 1 << 40)
            (a, b) = (b, min(a + b, 1 << 40))
        }
        let codes = JPEGEncoder.Codes(frequencies: frequencies)
        #expect(codes.symbols.count == symbols)
        #expect(codes.counts.count == 16)
        var kraft = 0.0
        for s in 0..<symbols {
            let length = Int(codes.length[s])
            #expect((1...16).contains(length))
            #expect(codes.code[s] != (1 << UInt32(length)) - 1, "symbol \(s) has the all-ones code")
            kraft += pow(2, -Double(length))
        }
        #expect(kraft < 1)
        // The decoder accepts the table.
        #expect(throws: Never.self) { try JPEGHuffmanTable(counts: codes.counts, symbols: codes.symbols) }
    }

    @Test func orientationIsNormalizedOrWrittenAsEXIF() throws {
        var picture = try JPEGTests.reference("base-444-64x48").asStraightRGBA()
        picture.orientation = .right
        let normalized = try JPEG.decode(JPEG.encode(picture, options: .init(quality: 100, chroma: .full)))
        #expect(normalized.orientation == .up)
        #expect(normalized.pixelSize == PixelSize(width: 48, height: 64))
        #expect(Self.psnr(normalized, picture.normalized()) > 45)
        let tagged = try JPEG.decode(JPEG.encode(picture, options: .init(quality: 100, chroma: .full, orientation: .exif)))
        #expect(tagged.orientation == .right)
        #expect(tagged.pixelSize == PixelSize(width: 64, height: 48))
        // The same picture, coded in other blocks.
        #expect(Self.psnr(tagged.normalized(), normalized) > 40)
        // Upright images carry no EXIF segment.
        picture.orientation = .up
        let plain = try JPEG.encode(picture, options: .init(orientation: .exif))
        #expect(!plain.contains(Data("Exif".utf8)))
    }

    @Test func transparentPixelsShowTheBackground() throws {
        let photo = try JPEG.decode(JPEGTests.data("photo-640x480-420.jpg"))
        let avatar = try photo.resampled(displayRect: PixelRect(x: 100, y: 0, width: 480, height: 480), to: PixelSize(width: 96, height: 96))
            .masked(.circle)
        for (background, chroma) in [(RGBA(255, 255, 255), JPEG.ChromaSampling.quarter), (RGBA(20, 200, 90), .full)] {
            let back = try JPEG.decode(JPEG.encode(avatar, options: .init(quality: 95, chroma: chroma, background: background)))
            // (4:2:0 colour spans 16×16 pixels, so the circle's edge rings a little further.)
            let tolerance = chroma == .full ? 3 : 10
            for (x, y) in [(0, 0), (95, 0), (0, 95), (95, 95), (2, 1)] {
                let p = back[x, y]
                #expect(abs(Int(p.r) - Int(background.r)) <= tolerance && abs(Int(p.g) - Int(background.g)) <= tolerance
                    && abs(Int(p.b) - Int(background.b)) <= tolerance && p.a == 255, "\(p) at \(x),\(y)")
            }
            let middle = back[48, 48], original = avatar[48, 48]
            #expect(abs(Int(middle.g) - Int(original.g)) <= 12, "\(middle) against \(original)")
        }
        // Premultiplied input is the same picture.
        let premultiplied = avatar.premultiplied(in: PixelRect(size: avatar.pixelSize))
        #expect(premultiplied.format == .rgba8Premultiplied)
        let fromPremultiplied = try JPEG.decode(JPEG.encode(premultiplied)), fromStraight = try JPEG.decode(JPEG.encode(avatar))
        #expect(Self.psnr(fromPremultiplied, fromStraight) > 45)
    }

    @Test func sidesOver65535CannotBeWritten() throws {
        let wide = try PixelBuffer(width: 65536, height: 1, format: .gray8)
        #expect(throws: ImagingError.cannotRepresent(format: "JPEG", reason: "a side of 65536 pixels (at most 65535)")) {
            try JPEG.encode(wide)
        }
        let widest = try PixelBuffer(width: 65535, height: 1, format: .gray8)
        #expect(try JPEG.decode(JPEG.encode(widest)).pixelSize == PixelSize(width: 65535, height: 1))
    }

    @Test func grayStaysOneComponent() throws {
        let gray = try JPEGTests.reference("gray-17x9")
        let file = try JPEG.encode(gray)
        #expect(try JPEG.info(file).layout == "gray 8-bit, sampling 1x1")
        #expect(try JPEG.decode(file).format == .gray8)
    }
}

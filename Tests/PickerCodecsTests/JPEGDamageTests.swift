import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import Testing

/// Damaged photos decode as libjpeg-turbo, and so Photos, browsers and Pillow, decode them: the
/// corpus in Fixtures/jpeg-damaged (made by make_damaged_fixtures.py) holds each kind of
/// damage beside libjpeg-turbo's decode of it.
@Suite("Damaged JPEG files")
struct JPEGDamageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/jpeg-damaged")

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent("damaged-\(name).jpg")) }

    static func damage(_ reasons: String...) -> [ImagingWarning] { reasons.map { .damagedData(format: .jpeg, reason: $0) } }

    static let lost = "they keep what earlier scans gave (gray where none did)"

    /// Each damaged file, and the warnings its decode gives.
    static let cases: [(name: String, warnings: [ImagingWarning])] = [
        // A restart marker gone: the interval after it has no data of its own.
        ("rst-missing", damage("scan 1: no data for 1 of its 48 MCUs; \(lost)", "scan 1: 1 restart marker missing or out of order")),
        // Two markers' numbers swapped: each is out of order.
        ("rst-swapped", damage("scan 1: no data for 1 of its 48 MCUs; \(lost)", "scan 1: 2 restart markers missing or out of order")),
        // A marker repeating the one before it: skipped for the next.
        ("rst-repeated", damage("scan 1: no data for 1 of its 48 MCUs; \(lost)", "scan 1: 1 restart marker missing or out of order")),
        // Two markers gone: the next is too far ahead to judge, and is taken as expected.
        ("rst-two-missing", damage("scan 1: no data for 3 of its 48 MCUs; \(lost)", "scan 1: 2 restart markers missing or out of order")),
        // Cut right after the scan's header: the first MCU decodes from zero bits, as in
        // libjpeg; the rest is gray.
        ("cut-before-data", damage("scan 1: no data for 47 of its 48 MCUs; \(lost)", "the file ends before its end-of-image marker")),
        // Cut inside the only scan: the rest is gray.
        ("cut-baseline", damage("scan 1: no data for 28 of its 48 MCUs; \(lost)", "the file ends before its end-of-image marker")),
        // A progressive file cut inside its first scan (its DC values) and inside a later one:
        // libjpeg's block smoothing fills in the low frequencies the missing scans would give.
        ("cut-progressive-first-scan", damage("scan 1: no data for 22 of its 48 MCUs; \(lost)", "the file ends before its end-of-image marker")),
        ("cut-progressive-fifth-scan", damage("scan 5: no data for 59 of its 192 blocks; \(lost)", "the file ends before its end-of-image marker")),
        // A marker gone in a progressive file's refining scan.
        ("progressive-rst-missing", damage("scan 9: no data for 2 of its 48 blocks; \(lost)", "scan 9: 1 restart marker missing or out of order")),
        // Bytes changed inside the data: valid codes, wrong values, nothing to notice.
        ("changed-bytes", []),
    ]

    @Test("shows what libjpeg-turbo shows, with a warning per kind of damage", arguments: cases.map(\.name))
    func showsWhatLibjpegShows(name: String) throws {
        let decoded = try JPEG.decode(Self.data(name), options: DecodeOptions())
        let image = decoded.pixels
        let reference = try Netpbm.decode(Data(contentsOf: Self.folder.appendingPathComponent("damaged-\(name).ppm")))
        #expect(image.pixelSize == reference.pixelSize)
        let result = JPEGTests.compare(image, reference)
        #expect(result.differing == 0, "\(name): \(result.differing) of \(result.samples) samples differ, by at most \(result.worst)")
        #expect(decoded.warnings == Self.cases.first { $0.name == name }?.warnings)
        // Without the warnings: the same pixels.
        #expect(try JPEG.decode(Self.data(name)) == image)
    }

    @Test("a cut progressive file is smoothed at every scale as libjpeg-turbo smooths it", arguments: ["cut-progressive-first-scan", "cut-progressive-fifth-scan"], [JPEG.Scale.half, .quarter, .eighth])
    func smoothedAtEveryScale(name: String, scale: JPEG.Scale) throws {
        let image = try JPEG.decode(Self.data(name), scale: scale)
        let reference = try Netpbm.decode(Data(contentsOf: Self.folder.appendingPathComponent("damaged-\(name).s\(scale.denominator).ppm")))
        #expect(image.pixelSize == reference.pixelSize)
        let result = JPEGTests.compare(image, reference)
        #expect(result.differing == 0, "\(name) 1/\(scale.denominator): \(result.differing) of \(result.samples) samples differ, by at most \(result.worst)")
    }

    @Test("a cropped, reduced decode of a damaged file is the crop of its whole decode", arguments: ["rst-missing", "cut-baseline", "progressive-rst-missing", "cut-progressive-first-scan"])
    func croppedDamage(name: String) throws {
        let data = try Self.data(name)
        for scale in JPEG.Scale.allCases {
            let whole = try JPEG.decode(data, scale: scale)
            let rect = PixelRect(x: 1, y: whole.height / 3, width: whole.width - 2, height: whole.height / 2)
            #expect(try JPEG.decode(data, scale: scale, croppingTo: rect) == (try whole.cropped(to: rect)), "\(name) 1/\(scale.denominator)")
        }
    }

    @Test("a cropped decode of a baseline file reads down to the crop's last row of MCUs and no further")
    func croppedDecodeStopsAfterItsRows() throws {
        // 128×96 in MCUs of 16×16, 8 across: the data runs out 4 MCUs into the third row.
        let data = try Self.data("cut-baseline")
        let whole = try JPEG.decode(data)
        // The first two rows of MCUs hold every block under a crop ending at row 15 (and its
        // neighbours, for upsampling): nothing wrong is read.
        for scale in [JPEG.Scale.full, .half] {
            let rect = PixelRect(x: 0, y: 0, width: 128 / scale.denominator, height: 16 / scale.denominator)
            let part = try JPEG.decode(data, options: DecodeOptions(scale: scale, crop: rect))
            #expect(part.pixels == (try JPEG.decode(data, scale: scale).cropped(to: rect)), "1/\(scale.denominator)")
            #expect(part.warnings == [], "1/\(scale.denominator)")
        }
        // Reaching into the third row: its 4 lost MCUs are reported, not the 24 below it, nor
        // the file's missing end.
        let rect = PixelRect(x: 0, y: 0, width: 128, height: 40)
        let part = try JPEG.decode(data, options: DecodeOptions(crop: rect))
        #expect(part.pixels == (try whole.cropped(to: rect)))
        #expect(part.warnings == Self.damage("scan 1: no data for 4 of its 48 MCUs; \(Self.lost)"))
    }

    @Test("the avatar pipeline renders a damaged photo and reports its damage", arguments: ["rst-missing", "cut-progressive-first-scan"])
    func pipelineReportsDamage(name: String) throws {
        let data = try Self.data(name)
        let decoded = try JPEG.decode(data, options: DecodeOptions())
        let (whole, expected) = (decoded.pixels, decoded.warnings)
        // Full scale (a crop of the photo's pixels) and half scale (from the DCT).
        for size in [PixelSize(width: 64, height: 64), PixelSize(width: 24, height: 24)] {
            let pipeline = AvatarPipeline(crop: PixelRect(x: 16, y: 8, width: 64, height: 64), outputSize: size)
            let avatar = try pipeline.render(imageFile: data)
            #expect(avatar.warnings == expected, "\(size)")
            if pipeline.jpegScale == .full { #expect(avatar.image == (try pipeline.render(whole)).image) }
        }
    }

    @Test func aFileCutBeforeItsImageDataIsTruncated() throws {
        let good = [UInt8](try Self.data("cut-baseline"))
        let sos = try #require((0..<(good.count - 1)).first { good[$0] == 0xFF && good[$0 + 1] == 0xDA })
        // Anywhere up to the end of the first scan's header: nothing to show. (Cut right
        // after it: "cut-before-data".)
        for cut in [2, 3, 20, 200, sos, sos + 5, sos + 13] {
            #expect(throws: ImagingError.truncatedFile(format: .jpeg), "cut at \(cut)") { try JPEG.decode(Data(good.prefix(cut))) }
        }
    }

    @Test func damageAfterABaselineImageIsReportedNotFatal() throws {
        // libjpeg has written every row of a baseline image before it reads what follows.
        var bytes = [UInt8](try JPEGTests.data("base-420-64x48.jpg"))
        let clean = try JPEG.decode(Data(bytes))
        #expect(bytes.suffix(2) == [0xFF, 0xD9])
        bytes.removeLast(2)
        bytes += [0xFF, 0xC4, 0x00, 0x05, 0x77, 0x77, 0x77]  // a Huffman table of class 7
        let decoded = try JPEG.decode(Data(bytes), options: DecodeOptions())
        #expect(decoded.pixels == clean)
        #expect(decoded.warnings == Self.damage("after the image: corrupt JPEG file: DHT segment"))
        // Before the image is whole, the same damage is an error.
        var early = [UInt8](try JPEGTests.data("prog-420-64x48.jpg"))
        early.removeLast(2)
        early += [0xFF, 0xC4, 0x00, 0x05, 0x77, 0x77, 0x77]
        #expect(throws: ImagingError.corruptFile(format: .jpeg, reason: "DHT segment")) { try JPEG.decode(Data(early)) }
    }

    @Test func dataAfterTheImageIsNeverCountedAsScans() throws {
        // A motion photo's movie after EOI, full of what look like scan headers naming the
        // frame's components: the work budget counts the image's own scans only.
        var bytes = [UInt8](try JPEGTests.data("photo-640x480-420.jpg"))
        let clean = try JPEG.decode(Data(bytes), scale: .eighth)
        let fakeScan: [UInt8] = [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00]
        for _ in 0..<2_000 { bytes += fakeScan + [UInt8](repeating: 0x5A, count: 30) }
        #expect(try JPEG.decode(Data(bytes), scale: .eighth) == clean)
    }

    @Test func aReducedDecodeAtAnEighthWrapsAsLibjpegsOnlyTransformForItDoes() {
        // libjpeg-turbo's 1×1 transform is C on every platform: a DC far out of range wraps.
        var block = [Int16](repeating: 0, count: 64), quantization = [Int32](repeating: 8, count: 64)
        var workspace = [Int32](repeating: 0, count: 64), out: [UInt8] = [7]
        for (dc, expected) in [(Int16(600), UInt8(0)), (40, 168), (-100, 28), (400, 255), (-600, 255)] {
            block[0] = dc
            block.withUnsafeBufferPointer { c in
                quantization.withUnsafeBufferPointer { q in
                    workspace.withUnsafeMutableBufferPointer { ws in
                        out.withUnsafeMutableBufferPointer { o in
                            JPEGIDCT.transform(c.baseAddress!, size: 1, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: o.baseAddress!, stride: 1)
                        }
                    }
                }
            }
            #expect(out[0] == expected, "DC \(dc)")
        }
    }

    @Test func bytesWhereAMarkerShouldBeAreSkippedWithAWarning() throws {
        var bytes = [UInt8](try JPEGTests.data("base-420-17x9.jpg"))
        // Garbage between the last segment before the scan and the scan.
        let sos = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let clean = try JPEG.decode(Data(bytes))
        bytes.insert(contentsOf: [1, 2, 3], at: sos)
        let decoded = try JPEG.decode(Data(bytes), options: DecodeOptions())
        #expect(decoded.pixels == clean)
        #expect(decoded.warnings == Self.damage("3 bytes that are no marker skipped at byte \(sos)"))
    }

    @Test func aRestartMarkerThatIsNoneOfTheNextIsSkippedLikeLibjpeg() throws {
        // Every decision of the resynchronization rule, on an interval of one MCU: the reader
        // expects RST2 and finds …
        let cases: [(found: [UInt8], consumed: Bool, exact: Bool)] = [
            ([0xFF, 0xD2], true, true),  // RST2: taken
            ([0xFF, 0xD3], false, false),  // RST3, one ahead: left for the next interval
            ([0xFF, 0xD4], false, false),  // RST4, two ahead: left
            ([0xFF, 0xD5], true, false),  // RST5, too far to judge: taken as RST2
            ([0xFF, 0xD1, 0xFF, 0xD2], true, false),  // RST1, the one before: skipped, then RST2
            ([0xFF, 0xD9], false, false),  // EOI, no restart: left
            ([0xFF, 0x02, 0xFF, 0xD2], true, false),  // an invalid marker: skipped
        ]
        for (found, consumed, exact) in cases {
            let bytes = [0xAB, 0xCD] + found + [0x12]
            bytes.withUnsafeBufferPointer { buffer in
                var reader = JPEGBitReader(bytes: buffer, position: 0)
                #expect(reader.restart(expecting: 10) == exact, "\(found)")
                #expect(reader.marker == (consumed ? nil : found.last), "\(found)")
                #expect(reader.position == (consumed ? bytes.count - 1 : 2), "\(found)")
            }
        }
    }
}

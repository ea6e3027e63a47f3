import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import Testing

/// A decode on two threads (the entropy-coded data on one; the chroma's inverse DCT,
/// upsampling and colour conversion on the other, `JPEGRowPipeline`) gives what one thread
/// gives: the same pixels, warnings and errors, for every file of the corpus, whole and cropped,
/// at every scale. The pipeline normally starts at a million pixels; here it runs on every file.
@Suite("JPEG on two threads")
struct ThreadedJPEGTests {
    static let folders = ["jpeg", "jpeg-damaged", "colour"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\($0)")
    }

    /// Every JPEG file of the fixtures but the 12 MP photo (seconds per decode in a debug build;
    /// JPEGPipelineTests decodes it on two threads).
    static let files: [URL] = folders.flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".jpg") && !$0.hasPrefix("photo-4032") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// What a decode gave: the image and its warnings, or the error.
    enum Outcome: Equatable {
        case image(PixelBuffer, [ImagingWarning])
        case error(ImagingError)
    }

    /// The middle half of the image, in stored orientation at the decode's scale.
    static func middleHalf(scale: JPEG.Scale) -> (JPEGDecoder.Header) throws(ImagingError) -> PixelRect {
        { (header: JPEGDecoder.Header) throws(ImagingError) -> PixelRect in
            let size = scale.size(of: PixelSize(width: header.frame!.width, height: header.frame!.height))
            return PixelRect(x: size.width / 4, y: size.height / 4, width: max(1, size.width / 2), height: max(1, size.height / 2))
        }
    }

    static func decode(_ bytes: [UInt8], scale: JPEG.Scale, cropped: Bool, threads: Int) -> Outcome {
        var decoder = JPEGDecoder(bytes: bytes, pixelLimit: PixelBuffer.defaultPixelLimit)
        decoder.threads = threads
        decoder.hooks.pipelineArea = 0
        let region = Self.middleHalf(scale: scale)
        var warnings: [ImagingWarning] = []
        do {
            let image = try decoder.decode(denominator: scale.rawValue, region: cropped ? region : nil, warnings: &warnings)
            return .image(image, warnings)
        } catch {
            return .error(error)
        }
    }

    @Test func theCorpusHasBaselineFilesOfEveryKind() {
        let names = Self.files.map(\.lastPathComponent)
        #expect(names.count >= 60)
        for kind in ["base-420", "base-444", "base-411", "gray-", "restart-rows", "cmyk", "damaged-cut-baseline", "photo-640"] {
            #expect(names.contains { $0.hasPrefix(kind) }, "\(kind)")
        }
    }

    @Test("two threads decode what one does", arguments: files)
    func sameOnTwoThreads(file: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        for scale in JPEG.Scale.allCases {
            for cropped in [false, true] {
                let one = Self.decode(bytes, scale: scale, cropped: cropped, threads: 1)
                let two = Self.decode(bytes, scale: scale, cropped: cropped, threads: 2)
                #expect(one == two, "\(file.lastPathComponent) 1/\(scale.denominator)\(cropped ? " cropped" : "")")
            }
        }
    }

    /// A file whose data turns out to be corrupt halfway down throws on two threads as on one,
    /// and leaves no thread waiting. Its top half is flat gray; its bottom half black and
    /// white blocks, whose DC differences take the largest magnitude categories (9 to 11),
    /// which its DC table here maps to 16, more than any DC may be.
    @Test func anErrorHalfwayStopsTheSecondThread() throws {
        var pixels = try PixelBuffer(width: 256, height: 256)
        for y in 0..<256 {
            for x in 0..<256 {
                let v: UInt8 = y < 128 ? 128 : (x / 8 + y / 8) % 2 == 0 ? 0 : 255
                pixels[x, y] = RGBA(v, v, v)
            }
        }
        let bytes = [UInt8](try JPEG.encode(pixels, options: JPEG.EncodingOptions(quality: 100)))
        // FF C4, its length, class 0 table 0, the 16 counts, then the symbols 0…11.
        let table: [UInt8] = [0x00, 0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0] + Array(0...11)
        let at = try #require((0..<(bytes.count - table.count)).first { Array(bytes[$0..<($0 + table.count)]) == table })
        var broken = bytes
        for category in 9...11 { broken[at + 17 + category] = 16 }
        #expect(Self.decode(bytes, scale: .full, cropped: false, threads: 1) != Self.decode(broken, scale: .full, cropped: false, threads: 1))
        let one = Self.decode(broken, scale: .full, cropped: false, threads: 1)
        #expect(one == .error(.corruptFile(format: .jpeg, reason: "DC magnitude 16")))
        for _ in 0..<20 { #expect(Self.decode(broken, scale: .full, cropped: false, threads: 2) == one) }
        // A crop of the top half is read no further than its rows: the damage below it, which
        // stops the whole decode, is never reached, on one thread or two.
        let top = PixelRect(x: 0, y: 0, width: 256, height: 100)
        let expected = try JPEG.decode(Data(bytes)).cropped(to: top)
        for threads in [1, 2] {
            var decoder = JPEGDecoder(bytes: broken, pixelLimit: PixelBuffer.defaultPixelLimit)
            decoder.threads = threads
            decoder.hooks.pipelineArea = 0
            var warnings: [ImagingWarning] = []
            #expect(try decoder.decode(denominator: 1, region: { _ in top }, warnings: &warnings) == expected, "\(threads) thread(s)")
            #expect(warnings == [], "\(threads) thread(s)")
        }
    }

    /// Area weights over an uneven span of `count` samples, to about two thirds as many.
    static func weights(_ count: Int) -> AxisWeights {
        AxisWeights(areaFrom: 0.3, to: Double(count) - 0.55, inputCount: count, outputCount: max(1, count * 2 / 3))
    }

    @Test("rows resampled as a decode on two threads writes them are the decoded image resampled", arguments: files)
    func resampledAsWritten(file: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        for scale in [JPEG.Scale.full, .half] {
            for cropped in [false, true] {
                guard case let .image(image, _) = Self.decode(bytes, scale: scale, cropped: cropped, threads: 1) else { continue }
                let (vertical, horizontal) = (Self.weights(image.height), Self.weights(image.width))
                let resample = StreamedResample(width: image.width, vertical: vertical, horizontal: horizontal)
                let told = Recorder()
                var decoder = JPEGDecoder(bytes: bytes, pixelLimit: PixelBuffer.defaultPixelLimit)
                decoder.threads = 2
                decoder.hooks.pipelineArea = 0
                decoder.rowsWritten = {
                    told.append($0)
                    resample.rowsWritten($0, width: $1, origin: $2, format: $3)
                }
                let region = Self.middleHalf(scale: scale)
                var warnings: [ImagingWarning] = []
                let decoded = try decoder.decode(denominator: scale.rawValue, region: cropped ? region : nil, warnings: &warnings)
                let name = "\(file.lastPathComponent) 1/\(scale.denominator)\(cropped ? " cropped" : "")"
                #expect(decoded == image, "\(name)")
                let expected = decoded.resampleRaw(PixelRect(size: decoded.pixelSize), vertical: vertical, horizontal: horizontal)
                // A progressive file is decoded whole, then turned into pixels: no rows to tell of.
                if try decoder.header().header.streamsRows {
                    #expect(resample.result() == expected, "\(name)")
                    // Rows told of in order, more each time, the last call with all of them; a
                    // large image in more than one call.
                    let counts = told.all
                    #expect(counts.last == image.height && zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "\(name)")
                    if image.height > 64 { #expect(counts.count > 1, "\(name)") }
                } else {
                    #expect(resample.result() == nil && told.all.isEmpty, "\(name)")
                }
            }
        }
    }

    /// The 12 MP avatar at half size on two threads: resampled as the decode writes its rows,
    /// for a crop of each shape, in each orientation an edit's turns give; the pixels are the
    /// one-thread avatar's.
    @Test(arguments: [
        (ImageOrientation.up, PixelRect(x: 400, y: 100, width: 2800, height: 2800), PixelSize(width: 1024, height: 1024)),
        (.right, PixelRect(x: 1, y: 3, width: 3001, height: 2417), PixelSize(width: 700, height: 501)),
        (.leftMirrored, PixelRect(x: 799, y: 1701, width: 2201, height: 2301), PixelSize(width: 1000, height: 999)),
    ])
    func avatarResampledAsWritten(orientation: ImageOrientation, crop: PixelRect, output: PixelSize) throws {
        let data = try JPEGTests.data("photo-4032x3024-420.jpg")
        let file = try PhotoFile(data, format: .jpeg, pixelLimit: PixelBuffer.defaultPixelLimit) { _ in orientation }
        var pipeline = AvatarPipeline(crop: crop, outputSize: output, mask: .circle)
        var renderings: [PixelBuffer] = []
        for threads in [1, 2] {
            pipeline.threads = threads
            var warnings: [ImagingWarning] = []
            let part = try file.decode(for: [pipeline], scale: .half, reachingOutside: false, warnings: &warnings)
            #expect((part.resampled != nil) == (threads == 2))
            renderings.append(try part.render(pipeline, reachingOutside: false).image)
        }
        #expect(renderings[0] == renderings[1])
        #expect(renderings[0].displaySize == output)
    }

    /// The progressive files of the corpus.
    static let progressiveFiles = files.filter { (try? JPEGDecoder(bytes: [UInt8](Data(contentsOf: $0)), pixelLimit: 1 << 30).header().frame.progressive) == true }

    /// `decode(_:scale:cropped:threads:)` on two threads, with `overlappedScan` picking the
    /// scan transformed as it is decoded; returns the outcome and the scans that were.
    static func decodeOverlapping(
        _ bytes: [UInt8], scale: JPEG.Scale, cropped: Bool, lockstep: Bool = false,
        overlappedScan: @escaping @Sendable (Int) -> Int = { $0 - 1 }
    ) -> (Outcome, [Int]) {
        var decoder = JPEGDecoder(bytes: bytes, pixelLimit: PixelBuffer.defaultPixelLimit)
        decoder.hooks.lastScanLockstep = lockstep
        decoder.threads = 2
        decoder.hooks.pipelineArea = 0
        decoder.hooks.overlappedScan = overlappedScan
        let overlaps = Recorder()
        decoder.hooks.overlapStarted = { overlaps.append($0) }
        let region = Self.middleHalf(scale: scale)
        var warnings: [ImagingWarning] = []
        do {
            let image = try decoder.decode(denominator: scale.rawValue, region: cropped ? region : nil, warnings: &warnings)
            return (.image(image, warnings), overlaps.all)
        } catch {
            return (.error(error), overlaps.all)
        }
    }

    @Test func theCorpusHasProgressiveFilesOfEveryKind() {
        let names = Self.progressiveFiles.map(\.lastPathComponent)
        for kind in ["prog-420", "prog-444", "prog-411", "gray-prog", "restart-blocks-prog", "damaged-cut-progressive-fifth-scan"] {
            #expect(names.contains { $0.hasPrefix(kind) }, "\(kind)")
        }
    }

    /// A complete progressive file's last scan is transformed and converted as it is decoded,
    /// at every scale, whole and cropped, and gives the one-thread pixels: as the threads run,
    /// and in lockstep (each row of units handed over before the next is decoded, so none is
    /// transformed late or early by luck). A file cut before its refinements (smoothed) is not.
    @Test("the last scan of a progressive file is transformed as it is decoded", arguments: progressiveFiles)
    func lastScanOverlapped(file: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        let (_, frame) = try JPEGDecoder(bytes: bytes, pixelLimit: PixelBuffer.defaultPixelLimit).header()
        let scans = JPEGDecoder.scansAhead(in: bytes, from: 2, frame: frame).scans
        let cut = file.lastPathComponent.hasPrefix("damaged-cut")
        for scale in JPEG.Scale.allCases {
            for cropped in [false, true] {
                let name = "\(file.lastPathComponent) 1/\(scale.denominator)\(cropped ? " cropped" : "")"
                let one = Self.decode(bytes, scale: scale, cropped: cropped, threads: 1)
                for lockstep in [false, true] {
                    let (two, overlapped) = Self.decodeOverlapping(bytes, scale: scale, cropped: cropped, lockstep: lockstep)
                    #expect(two == one, "\(name)\(lockstep ? " in lockstep" : "")")
                    #expect(overlapped == (cut ? [] : [scans - 1]), "\(name)")
                }
            }
        }
    }

    /// When a scan follows the one transformed as it was decoded (the headers ahead and the
    /// decode disagreeing), the decode transforms everything again after its scans. Each file
    /// here has its last scan twice (a second refinement of the same bits), and the first of
    /// the two is transformed as it is decoded: the pixels are still the one-thread pixels.
    @Test("a scan after the overlapped one starts the transforms over", arguments: progressiveFiles)
    func scanAfterTheOverlappedOne(file: URL) throws {
        let original = [UInt8](try Data(contentsOf: file))
        guard !file.lastPathComponent.hasPrefix("damaged-cut") else { return }
        let lastScan = try #require((0..<(original.count - 1)).last { original[$0] == 0xFF && original[$0 + 1] == 0xDA })
        #expect(Array(original.suffix(2)) == [0xFF, 0xD9])
        // A refinement (Ah above 0): read twice, it changes the coefficients.
        let members = Int(original[lastScan + 4])
        #expect(original[lastScan + 7 + 2 * members] >> 4 > 0)
        let bytes = Array(original.dropLast(2)) + original[lastScan..<(original.count - 2)] + [0xFF, 0xD9]
        let (_, frame) = try JPEGDecoder(bytes: bytes, pixelLimit: PixelBuffer.defaultPixelLimit).header()
        let scans = JPEGDecoder.scansAhead(in: bytes, from: 2, frame: frame).scans
        #expect(scans == JPEGDecoder.scansAhead(in: original, from: 2, frame: frame).scans + 1)
        for scale in [JPEG.Scale.full, .quarter] {
            for cropped in [false, true] {
                let name = "\(file.lastPathComponent) 1/\(scale.denominator)\(cropped ? " cropped" : "")"
                let one = Self.decode(bytes, scale: scale, cropped: cropped, threads: 1)
                let (two, overlapped) = Self.decodeOverlapping(bytes, scale: scale, cropped: cropped) { $0 - 2 }
                #expect(two == one, "\(name)")
                #expect(overlapped == [scans - 2], "\(name)")
            }
        }
    }

    /// A quantization table redefined after the last scan began (a DQT before EOI): the decode
    /// uses the new one, as on one thread, and so transforms everything again after its scans.
    @Test func aTableReplacedAfterTheLastScanStartsTheTransformsOver() throws {
        let original = [UInt8](try JPEGTests.data("prog-photo-640x480-420.jpg"))
        // FF DB, length 67, table 0 of 8-bit values: all 1s.
        let table: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00] + Array(repeating: 1, count: 64)
        let bytes = Array(original.dropLast(2)) + table + [0xFF, 0xD9]
        for scale in [JPEG.Scale.full, .half] {
            let one = Self.decode(bytes, scale: scale, cropped: false, threads: 1)
            #expect(one != Self.decode(original, scale: scale, cropped: false, threads: 1))
            let (two, overlapped) = Self.decodeOverlapping(bytes, scale: scale, cropped: false)
            #expect(two == one, "1/\(scale.denominator)")
            #expect(overlapped == [9], "1/\(scale.denominator)")
        }
    }
}

import PickerImaging

/// Decodes one JPEG file: baseline and progressive Huffman (SOF0, SOF1, SOF2), 8-bit, one or
/// three components, any sampling factors, restart intervals; the same samples as
/// libjpeg-turbo's defaults (islow IDCT, fancy upsampling, its YCbCr tables).
struct JPEGDecoder {
    let bytes: [UInt8]
    let pixelLimit: Int
    /// The most scans decoded; more is ``ImagingError/workLimitExceeded(format:reason:)``.
    var scanLimit = JPEG.defaultScanLimit
    /// The threads a decode may use (`nil`: `PixelBuffer.automaticThreads(sourcePixels:)` for
    /// the frame): with two or more, a baseline image of a million pixels or more is upsampled
    /// and converted on a second thread while its scan is decoded (``JPEGRowPipeline``). So is
    /// a progressive one's while its last scan is decoded, when its low coefficients are then
    /// all known (nothing is smoothed); otherwise it shares its transforms and pixels among the
    /// threads after its scans.
    var threads: Int? = 1
    /// The smallest region (pixels at the decode's scale) decoded on two threads; tests lower it
    /// to run the pipeline on small files.
    var pipelineArea = JPEGRowPipeline.smallestArea
    /// Told of the pixel rows as a decode on two threads writes them (see ``RowsWritten``).
    var rowsWritten: RowsWritten?
    /// Which scan (from 0), of the `scans` the headers ahead count, a progressive decode on two
    /// threads transforms as it decodes: the last. Tests pick an earlier one, to check that a
    /// scan after it makes the decode transform everything again after its scans.
    var overlappedScan: @Sendable (_ scans: Int) -> Int = { $0 - 1 }
    /// Whether the last scan's decoding waits for each row of units to be transformed before it
    /// decodes the next (tests: every row then changes hands while the scan goes on).
    var lastScanLockstep = false
    /// Told of the scan (from 0) a progressive decode transforms as it decodes, when it starts.
    var overlapStarted: (@Sendable (_ scan: Int) -> Void)?

    /// Told, on the thread that writes them, that the first `count` rows of the region's
    /// pixels (`width` each, from `origin`, in `format`, with no bytes between rows) are
    /// written: for work that can start on them while the rest is decoded. Only a baseline decode
    /// on two threads tells of its rows (the last call has every row); any other tells nothing.
    typealias RowsWritten = @Sendable (_ count: Int, _ width: Int, _ origin: UnsafePointer<UInt8>, _ format: PixelFormat) -> Void

    /// How many times, on average, the scans may walk each block of the frame: libjpeg's
    /// progressive script walks a luma block six times and a chroma block four (a scan per band
    /// and bit of refinement), and no encoder's script we know walks any block more than 12.
    static let passesPerBlock = 16
    /// Walks any image may make whatever its size: a million blocks walk in milliseconds.
    static let walksAlwaysAllowed = 1 << 20

    /// Stands in for a table a scan does not use.
    static let noTable = JPEGHuffmanTable()

    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
        28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
        54, 47, 55, 62, 63,
    ]

    struct Component {
        var id: Int
        var h: Int, v: Int
        var table: Int
        /// Blocks across and down, padded to whole MCUs.
        var blocksAcross = 0, blocksDown = 0
        /// The component's own size in samples, and in blocks (what a single-component scan covers).
        var width = 0, height = 0
        /// The quantized coefficients of every block, 64 each, row by row (a reference: the
        /// component's other fields copy freely, the coefficients never do).
        var coefficients = JPEGCoefficients(blocksAcross: 0, blocksDown: 0)
        var dcTable = 0, acTable = 0
        var prediction = 0
    }

    struct Frame {
        var width: Int, height: Int
        var progressive: Bool
        var components: [Component]
        var hMax: Int, vMax: Int
        var mcusAcross: Int, mcusDown: Int

        /// The rows of blocks of `component` in one row of MCUs of a scan of every component:
        /// its vertical sampling factor, or one when the frame has one component (its scan is
        /// not interleaved: each unit is a block, whatever the factors say).
        func blockRowsPerMCURow(_ component: Component) -> Int { components.count == 1 ? 1 : component.v }
    }

    /// What the markers said, up to the first scan: enough for `JPEG.info`.
    struct Header {
        var frame: Frame?
        var orientation = ImageOrientation.up
        var adobeTransform: Int?
        var jfif = false
        /// The APP2 `ICC_PROFILE` segments, in file order.
        var iccChunks: [ColorProfileFiles.JPEGChunk] = []
        /// How many components the first scan holds (0 before it).
        var firstScanComponents = 0

        /// Whether the image is decoded a row of MCUs at a time: a baseline image whose first
        /// scan holds every component is complete after it, so only that row's coefficients
        /// are held.
        var streamsRows: Bool {
            guard let frame else { return false }
            return !frame.progressive && firstScanComponents == frame.components.count
        }
    }

    private func fail(_ reason: String) -> ImagingError { .corruptFile(format: .jpeg, reason: reason) }

    /// The refusal of a file with more than `limit` scans.
    private static func tooManyScans(_ limit: Int) -> ImagingError {
        .workLimitExceeded(format: .jpeg, reason: "more than \(limit) scans (DecodeOptions.scanLimit raises it)")
    }

    /// The refusal of a file whose scans together walk the image's blocks too many times over.
    private static var tooManyWalks: ImagingError {
        .workLimitExceeded(format: .jpeg, reason: "its scans walk the image's blocks more than \(passesPerBlock) times over")
    }

    private func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

    /// The tables the segments define, as they are read.
    struct Tables {
        var quantization = [[Int32]](repeating: [], count: 4)
        var dc = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var ac = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var restartInterval = 0
    }

    /// What the markers say up to the first scan: the frame, the orientation and the colour
    /// transform. No pixel is decoded, and no coefficient memory is allocated.
    func header() throws(ImagingError) -> (header: Header, frame: Frame) {
        var warnings: [ImagingWarning] = []
        let (header, frame, _) = try readSegments(warnings: &warnings) { (_, _, _, _, _, _, _) throws(ImagingError) in nil }
        return (header, frame)
    }

    /// Decodes the image at 1/`denominator` of its size (1, 2, 4 or 8, straight from the DCT
    /// coefficients); with `region`, only the blocks under the rectangle it gives for the
    /// header become pixels.
    func decode(
        denominator: Int = 1, region: ((Header) throws(ImagingError) -> PixelRect)? = nil
    ) throws(ImagingError) -> PixelBuffer {
        var warnings: [ImagingWarning] = []
        return try decode(denominator: denominator, region: region, warnings: &warnings)
    }

    /// ``decode(denominator:region:)``, adding to `warnings` the damage worked around.
    func decode(
        denominator: Int, region: ((Header) throws(ImagingError) -> PixelRect)?, warnings: inout [ImagingWarning]
    ) throws(ImagingError) -> PixelBuffer {
        var coefficientBytes = 0
        return try decode(denominator: denominator, region: region, warnings: &warnings, coefficientBytes: &coefficientBytes)
    }

    /// ``decode(denominator:region:warnings:)``, setting `coefficientBytes` to the bytes the
    /// coefficients took.
    func decode(
        denominator: Int, region: ((Header) throws(ImagingError) -> PixelRect)?, warnings: inout [ImagingWarning],
        coefficientBytes: inout Int
    ) throws(ImagingError) -> PixelBuffer {
        let session = DecodeSession(self, denominator: denominator, region: region)
        defer { session.cancel() }
        let (_, frame, tables) = try readSegments(warnings: &warnings, complete: { session.rowsDone }) {
            (header, frame, tables, index, start, end, warnings) throws(ImagingError) -> Int? in
            try session.scan(header, frame: &frame, tables: tables, index: index, start: start, end: end, warnings: &warnings)
        }
        for component in frame.components where tables.quantization[component.table].isEmpty {
            throw fail("no quantization table \(component.table)")
        }
        coefficientBytes = frame.components.reduce(0) { $0 + $1.coefficients.bytes }
        return try session.finish(frame, tables: tables, warnings: &warnings)
    }

    /// One decode, as its scans come: what the first scan set up (the planes, the second
    /// thread), the work left, and how far the scans have filled in the coefficients. Its steps
    /// run on the decoding thread, one after another.
    private final class DecodeSession {
        let decoder: JPEGDecoder
        let denominator: Int
        let region: ((Header) throws(ImagingError) -> PixelRect)?
        /// The planes of a baseline image decoded a row of MCUs at a time.
        var streamed: JPEGPlanes?
        /// Upsampling and colour conversion on a second thread, for a large streamed image.
        var pipeline: JPEGRowPipeline?
        /// The same for a large progressive image, during its last scan.
        var lastScan: JPEGRowPipeline?
        /// The scans the headers count from the first.
        var scansAhead = 0
        /// The planes, made before the scans end: at the first scan when which blocks are kept
        /// depends on them, or for a last scan's second thread that was then stopped.
        var early: JPEGPlanes?
        /// Work bounded by the image: each scan walks every block of its components, however
        /// few bytes it has, so the count of scans and the blocks they walk together are capped.
        var walksLeft = 0
        var progress = JPEGSmoothing.Progress(components: 0)
        /// The header as it stood at the first scan, as `header()` and `JPEG.info` read it: what
        /// segments between scans say (a late EXIF orientation) changes nothing.
        var atFirstScan: Header?
        /// Whether a baseline image's one scan has been decoded: every row is out.
        var rowsDone = false

        init(_ decoder: JPEGDecoder, denominator: Int, region: ((Header) throws(ImagingError) -> PixelRect)?) {
            self.decoder = decoder
            self.denominator = denominator
            self.region = region
        }

        /// Whether only part of the image becomes pixels. (Matched, not compared with `!= nil`:
        /// a comparison is generic over the closure's type, whose metadata for a typed throw
        /// needs iOS 18's runtime.)
        var cropping: Bool { if case .some = region { true } else { false } }

        /// Stops the second threads still running (a decode that failed or returned).
        func cancel() {
            pipeline?.cancel()
            lastScan?.cancel()
        }

        /// Decodes scan `index` (its data from `start`), setting up the decode at the first;
        /// returns where the scan's data ends, as ``JPEGDecoder/scan`` does.
        func scan(
            _ header: Header, frame: inout Frame, tables: Tables, index: Int, start: Int, end: Int, warnings: inout [ImagingWarning]
        ) throws(ImagingError) -> Int? {
            guard streamed == nil else { throw decoder.fail("a scan after a sequential scan of every component") }
            guard index < decoder.scanLimit else { throw JPEGDecoder.tooManyScans(decoder.scanLimit) }
            if index == 0 { try setUp(header, frame: &frame, tables: tables, start: start) }
            if let overlapped = lastScan {
                // A scan after the one taken for the last: everything is transformed after the scans.
                overlapped.cancel()
                lastScan = nil
                early = overlapped.planes
            }
            let overlap = { (frame: Frame, progress: JPEGSmoothing.Progress, members: [Int]) -> JPEGRowPipeline? in
                self.overlapLastScan(frame, tables: tables, progress: progress, members: members, index: index)
            }
            let after = try decoder.scan(
                start, end, number: index + 1, frame: &frame, tables: tables, walksLeft: &walksLeft, progress: &progress,
                rows: streamed.map { ($0, tables.quantization, pipeline) },
                lastScan: frame.progressive && index == decoder.overlappedScan(scansAhead) ? overlap : nil, warnings: &warnings)
            rowsDone = streamed != nil
            return after
        }

        /// At the first scan: refuses a file asking for too much work, then reserves the
        /// coefficients (and, for a streamed image, its planes and second thread).
        private func setUp(_ header: Header, frame: inout Frame, tables: Tables, start: Int) throws(ImagingError) {
            atFirstScan = header
            progress = JPEGSmoothing.Progress(components: frame.components.count)
            try checkWork(header, frame: frame, start: start)
            // A baseline image whose first scan holds every component is complete after
            // it: its blocks are transformed a row of MCUs at a time, as they are decoded,
            // and only that row's coefficients are held.
            let (pixelLimit, byteCount) = (decoder.pixelLimit, decoder.bytes.count)
            if frame.progressive && (cropping || denominator > 1) {
                // Only the blocks the pixels come from are kept whole; of the others, what
                // later scans and smoothing need.
                _ = try PixelBuffer.checkedRowStride(width: frame.width, height: frame.height, format: .rgba8, pixelLimit: pixelLimit)
                let planes = try JPEGPlanes.make(frame, denominator: denominator, region: region?(header))
                JPEGDecoder.allocate(&frame, keeping: planes)
                early = planes
            } else {
                try JPEGDecoder.allocate(&frame, pixelLimit: pixelLimit, bytes: byteCount, mcuRows: header.streamsRows ? 1 : nil)
            }
            if header.streamsRows { try startStreaming(header, frame: &frame, tables: tables) }
        }

        /// Counts the scans ahead from their headers alone: a file asking for too much is
        /// refused before any memory is reserved or any block walked. (A streamed image is
        /// complete after its first scan, which walks its blocks once: a scan after it is
        /// damage, and the file need not be searched for them.)
        private func checkWork(_ header: Header, frame: Frame, start: Int) throws(ImagingError) {
            let frameBlocks = frame.components.reduce(0) { $0 + $1.blocksAcross * $1.blocksDown }
            walksLeft = max(JPEGDecoder.passesPerBlock * frameBlocks, JPEGDecoder.walksAlwaysAllowed)
            let (scans, walks) = header.streamsRows
                ? (1, frameBlocks) : JPEGDecoder.scansAhead(in: decoder.bytes, from: start - 4, frame: frame)
            scansAhead = scans
            guard scans <= decoder.scanLimit else { throw JPEGDecoder.tooManyScans(decoder.scanLimit) }
            guard walks <= walksLeft else { throw JPEGDecoder.tooManyWalks }
        }

        /// A streamed image's planes, and, when it is large and there are threads, the second
        /// thread with a ring of rows of MCUs, so the two threads work on different rows.
        private func startStreaming(_ header: Header, frame: inout Frame, tables: Tables) throws(ImagingError) {
            for component in frame.components where tables.quantization[component.table].isEmpty {
                throw decoder.fail("no quantization table \(component.table)")
            }
            let planes = try JPEGPlanes.make(frame, denominator: denominator, region: region?(header))
            streamed = planes
            let threads = PixelBuffer.threadCount(decoder.threads, sourcePixels: frame.width * frame.height)
            guard threads > 1 && planes.area.width * planes.area.height >= decoder.pipelineArea else { return }
            try JPEGDecoder.allocate(
                &frame, pixelLimit: decoder.pixelLimit, bytes: decoder.bytes.count, mcuRows: JPEGRowPipeline.slots)
            pipeline = JPEGRowPipeline(
                planes, frame: frame, header: header, quantization: tables.quantization, rowsWritten: decoder.rowsWritten)
        }

        /// Starts the second thread for the last scan (scan `index`), when it can run.
        private func overlapLastScan(
            _ frame: Frame, tables: Tables, progress: JPEGSmoothing.Progress, members: [Int], index: Int
        ) -> JPEGRowPipeline? {
            lastScan = decoder.lastScanPipeline(
                frame, header: atFirstScan!, quantization: tables.quantization, progress: progress, members: members,
                planes: early, denominator: denominator, region: region)
            if lastScan != nil { decoder.overlapStarted?(index) }
            return lastScan
        }

        /// The pixels, once the scans are read: a streamed image's rows, the last scan's
        /// second thread's work, or every block transformed now (sharing the threads).
        func finish(_ frame: Frame, tables: Tables, warnings: inout [ImagingWarning]) throws(ImagingError) -> PixelBuffer {
            guard let header = atFirstScan else { throw decoder.fail("no scan") }
            let profile = ColorProfileFiles.jpegProfile(
                header.iccChunks, in: decoder.bytes, gray: JPEGPixels.colourSpace(frame, header) == .gray, warnings: &warnings)
            if let streamed {
                return (pipeline.map { streamed.image($0.finish(), header) } ?? streamed.pixels(header)).tagged(profile)
            }
            if let overlapped = lastScan {
                lastScan = nil
                if overlapped.quantization == tables.quantization {
                    return overlapped.planes.image(overlapped.finish(), header).tagged(profile)
                }
                // A table the transforms used was replaced after the last scan began.
                overlapped.cancel()
                early = overlapped.planes
            }
            let planes: JPEGPlanes
            if let early { planes = early } else { planes = try JPEGPlanes.make(frame, denominator: denominator, region: region?(header)) }
            let cores = PixelBuffer.threadCount(decoder.threads, sourcePixels: frame.width * frame.height)
            let split = planes.area.width * planes.area.height >= decoder.pipelineArea ? cores : 1
            planes.transformAll(
                frame.components, quantization: tables.quantization,
                smoothing: JPEGSmoothing(frame, progress: progress, quantization: tables.quantization), threads: split)
            return planes.pixels(header, threads: split).tagged(profile)
        }
    }

    /// The second thread that transforms and converts a progressive image's blocks while its
    /// last scan (of `members`) is decoded, started; `nil` when the decode is to do that after
    /// its scans: on one thread, for a small region, when a table is missing or the region is
    /// refused (the decode then says why), or when smoothing would change blocks (it reads the
    /// neighbours of each, and where the data runs out).
    private func lastScanPipeline(
        _ frame: Frame, header: Header, quantization: [[Int32]], progress: JPEGSmoothing.Progress, members: [Int], planes early: JPEGPlanes?,
        denominator: Int, region: ((Header) throws(ImagingError) -> PixelRect)?
    ) -> JPEGRowPipeline? {
        guard PixelBuffer.threadCount(threads, sourcePixels: frame.width * frame.height) > 1,
            frame.components.allSatisfy({ quantization[$0.table].count == 64 }),
            JPEGSmoothing(frame, progress: progress, quantization: quantization) == nil
        else { return nil }
        let made = early ?? (try? JPEGPlanes.make(frame, denominator: denominator, region: region?(header)))
        guard let planes = made, planes.area.width * planes.area.height >= pipelineArea else { return nil }
        return JPEGRowPipeline(planes, frame: frame, header: header, quantization: quantization, source: .lastScan(members: members),
            lockstep: lastScanLockstep)
    }

    /// Reads the segments from SOI to EOI, handing each scan (SOS) to `scan` with the header,
    /// the frame, the tables so far and the scan's number from 0; `scan` returns where its
    /// entropy-coded data ends, or `nil` to stop reading there. Returns the header, the frame
    /// and the tables; a file without a frame or a scan is corrupt.
    private func readSegments(
        warnings: inout [ImagingWarning], complete: () -> Bool = { false },
        _ scan: (
            _ header: Header, _ frame: inout Frame, _ tables: Tables, _ index: Int, _ start: Int, _ end: Int,
            _ warnings: inout [ImagingWarning]
        ) throws(ImagingError) -> Int?
    ) throws(ImagingError) -> (header: Header, frame: Frame, tables: Tables) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw bytes.count < 2 && bytes.first == 0xFF ? .truncatedFile(format: .jpeg) : .unknownFormat
        }
        var header = Header()
        var tables = Tables()
        var position = 2
        var scans = 0
        // A file cut short once a scan has begun shows what its scans decoded, as libjpeg
        // shows it; before, there is nothing to show.
        func truncated() throws(ImagingError) {
            guard scans > 0 else { throw .truncatedFile(format: .jpeg) }
            warnings.append(.damagedData(format: .jpeg, reason: "the file ends before its end-of-image marker"))
        }
        // Once `complete` says the image is whole (a baseline image after its one scan), what
        // comes after is damage to report, not a reason to lose the image: libjpeg has written
        // every row before it reads those segments.
        func afterImage(_ error: ImagingError) throws(ImagingError) {
            guard complete() else { throw error }
            warnings.append(.damagedData(format: .jpeg, reason: "after the image: \(error)"))
        }
        segments: while true {
            guard position < bytes.count else { try truncated(); break }
            if bytes[position] != 0xFF || position + 1 == bytes.count || bytes[position + 1] == 0 {
                // Bytes where a marker should be: skipped to the next marker, as libjpeg does.
                let from = position
                position += 1
                while position + 1 < bytes.count && !(bytes[position] == 0xFF && bytes[position + 1] != 0) { position += 1 }
                guard position + 1 < bytes.count else { try truncated(); break }
                warnings.append(.damagedData(format: .jpeg, reason: "\(position - from) bytes that are no marker skipped at byte \(from)"))
            }
            // Markers may be preceded by fill bytes (0xFF).
            while position < bytes.count && bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { try truncated(); break }
            let marker = bytes[position]
            position += 1
            if marker == 0xD9 { break }  // EOI
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }  // stray RSTn, TEM: no length
            guard position + 2 <= bytes.count else { try truncated(); break }
            let length = u16(position)
            guard length >= 2 else { try afterImage(fail("segment length \(length)")); break }
            guard position + length <= bytes.count else { try truncated(); break }
            let start = position + 2, end = position + length
            position = end
            switch marker {
            case 0xDA:
                guard var frame = header.frame else { throw fail("a scan before the frame") }
                if scans == 0, end > start { header.firstScanComponents = Int(bytes[start]) }
                let after: Int?
                do {
                    after = try scan(header, &frame, tables, scans, start, end, &warnings)
                } catch {
                    try afterImage(error)
                    break segments
                }
                header.frame = frame
                scans += 1
                guard let after else { return (header, frame, tables) }
                position = after
            default:
                do {
                    try readSegment(marker, start, end, header: &header, tables: &tables)
                } catch {
                    try afterImage(error)
                    break segments
                }
            }
        }
        guard let frame = header.frame else { throw fail("no frame") }
        guard scans > 0 else { throw fail("no scan") }
        return (header, frame, tables)
    }

    /// Reads one segment other than a scan into the header or the tables.
    private func readSegment(_ marker: UInt8, _ start: Int, _ end: Int, header: inout Header, tables: inout Tables) throws(ImagingError) {
        let length = end - start + 2
        switch marker {
        case 0xC0, 0xC1, 0xC2:
            guard header.frame == nil else { throw fail("a second frame") }
            header.frame = try parseFrame(start, end, progressive: marker == 0xC2)
        case 0xC3, 0xC5, 0xC6, 0xC7:
            throw .unsupportedFeature(format: "JPEG", feature: "lossless or hierarchical coding (SOF\(marker - 0xC0))")
        case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
            throw .unsupportedFeature(format: "JPEG", feature: "arithmetic coding (SOF\(marker - 0xC0))")
        case 0xCC:
            throw .unsupportedFeature(format: "JPEG", feature: "arithmetic coding")
        case 0xC4:
            try readHuffmanTables(start, end, into: &tables)
        case 0xDB:
            try readQuantizationTables(start, end, into: &tables)
        case 0xDD:
            guard length == 4 else { throw fail("DRI segment") }
            tables.restartInterval = u16(start)
        case 0xE0:
            if length >= 7, Array(bytes[start..<(start + 5)]) == Array("JFIF\0".utf8) { header.jfif = true }
        case 0xE1:
            if length >= 8, Array(bytes[start..<(start + 6)]) == Array("Exif\0\0".utf8),
                let value = PNGDecoder.exifOrientation(Array(bytes[(start + 6)..<end])),
                let orientation = ImageOrientation(rawValue: value)
            {
                header.orientation = orientation
            }
        case 0xE2:
            let signature = ColorProfileFiles.jpegMarker
            if length >= 2 + signature.count + 2, bytes[start..<(start + signature.count)].elementsEqual(signature) {
                let at = start + signature.count
                header.iccChunks.append(.init(sequence: Int(bytes[at]), count: Int(bytes[at + 1]), bytes: (at + 2)..<end))
            }
        case 0xEE:
            if length >= 14, Array(bytes[start..<(start + 5)]) == Array("Adobe".utf8) { header.adobeTransform = Int(bytes[start + 11]) }
        case 0xDC:
            throw .unsupportedFeature(format: "JPEG", feature: "DNL marker")
        default:
            break  // APPn, COM and others: skipped
        }
    }

    /// Reads a DHT segment's tables (one or more).
    private func readHuffmanTables(_ start: Int, _ end: Int, into tables: inout Tables) throws(ImagingError) {
        var at = start
        while at < end {
            let tc = Int(bytes[at] >> 4), th = Int(bytes[at] & 15)
            guard tc <= 1, th <= 3, at + 17 <= end else { throw fail("DHT segment") }
            let counts = (0..<16).map { Int(bytes[at + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard total <= 256, at + 17 + total <= end else { throw fail("DHT segment") }
            let table = try JPEGHuffmanTable(counts: counts, symbols: Array(bytes[(at + 17)..<(at + 17 + total)]))
            if tc == 0 { tables.dc[th] = table } else { tables.ac[th] = table }
            at += 17 + total
        }
    }

    /// Reads a DQT segment's tables (one or more, 8- or 16-bit), into natural order.
    private func readQuantizationTables(_ start: Int, _ end: Int, into tables: inout Tables) throws(ImagingError) {
        var at = start
        while at < end {
            let pq = Int(bytes[at] >> 4), tq = Int(bytes[at] & 15)
            guard pq <= 1, tq <= 3, at + 1 + 64 * (pq + 1) <= end else { throw fail("DQT segment") }
            var table = [Int32](repeating: 0, count: 64)
            for i in 0..<64 {
                table[Self.zigzag[i]] = Int32(pq == 0 ? Int(bytes[at + 1 + i]) : u16(at + 1 + 2 * i))
            }
            tables.quantization[tq] = table
            at += 1 + 64 * (pq + 1)
        }
    }

    private func parseFrame(_ start: Int, _ end: Int, progressive: Bool) throws(ImagingError) -> Frame {
        guard end - start >= 6 else { throw fail("SOF segment") }
        let precision = Int(bytes[start])
        guard precision == 8 else { throw .unsupportedFeature(format: "JPEG", feature: "\(precision)-bit samples") }
        let height = u16(start + 1), width = u16(start + 3), count = Int(bytes[start + 5])
        guard height > 0 else { throw .unsupportedFeature(format: "JPEG", feature: "height defined by a DNL marker") }
        guard width > 0 else { throw .invalidDimensions(width: width, height: height) }
        guard count == 1 || count == 3 || count == 4 else { throw .unsupportedFeature(format: "JPEG", feature: "\(count) components") }
        guard end - start == 6 + 3 * count else { throw fail("SOF segment length") }
        var components: [Component] = []
        for i in 0..<count {
            let at = start + 6 + 3 * i
            let h = Int(bytes[at + 1] >> 4), v = Int(bytes[at + 1] & 15), tq = Int(bytes[at + 2])
            guard (1...4).contains(h), (1...4).contains(v), tq <= 3 else { throw fail("component sampling \(h)x\(v)") }
            guard !components.contains(where: { $0.id == Int(bytes[at]) }) else { throw fail("two components with one id") }
            components.append(Component(id: Int(bytes[at]), h: h, v: v, table: tq))
        }
        let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
        let mcusAcross = (width + 8 * hMax - 1) / (8 * hMax), mcusDown = (height + 8 * vMax - 1) / (8 * vMax)
        for i in components.indices {
            components[i].width = (width * components[i].h + hMax - 1) / hMax
            components[i].height = (height * components[i].v + vMax - 1) / vMax
            components[i].blocksAcross = mcusAcross * components[i].h
            components[i].blocksDown = mcusDown * components[i].v
        }
        return Frame(
            width: width, height: height, progressive: progressive, components: components, hMax: hMax, vMax: vMax,
            mcusAcross: mcusAcross, mcusDown: mcusDown)
    }

    /// The scans from the one whose marker is at `start` to the end of the image, and the
    /// blocks they walk, read from their headers: segments are passed by their lengths, a
    /// scan's entropy-coded data to the next marker other than a restart, and reading stops at
    /// EOI (data after the image, such as a motion photo's movie, is never read). A header
    /// naming no component of `frame` counts as no walk (its scan fails when it is read).
    static func scansAhead(in bytes: [UInt8], from start: Int, frame: Frame) -> (scans: Int, walks: Int) {
        var scans = 0, walks = 0
        var at = start
        bytes.withUnsafeBufferPointer { bytes in
            while at + 3 < bytes.count {
                guard bytes[at] == 0xFF else {
                    at += 1
                    continue
                }
                let marker = bytes[at + 1]
                if marker == 0xFF || marker == 0 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                    at += marker == 0xFF ? 1 : 2
                    continue
                }
                if marker == 0xD9 { break }
                let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
                guard length >= 2 else { break }
                if marker == 0xDA {
                    scans += 1
                    let count = at + 4 < bytes.count ? Int(bytes[at + 4]) : 0
                    let members = (0..<count).compactMap { i -> Component? in
                        let id = at + 5 + 2 * i
                        return id < bytes.count ? frame.components.first { $0.id == Int(bytes[id]) } : nil
                    }
                    if members.count == 1 {
                        walks += ((members[0].width + 7) / 8) * ((members[0].height + 7) / 8)
                    } else {
                        walks += frame.mcusAcross * frame.mcusDown * members.reduce(0) { $0 + $1.h * $1.v }
                    }
                }
                // Past the segment, and past a scan's entropy-coded data.
                at += 2 + length
                if marker == 0xDA { at = endOfScanData(in: bytes, from: at) }
            }
        }
        return (scans, walks)
    }

    /// Where a scan's entropy-coded data that goes on at `start` ends: at the next marker other
    /// than a restart (`FF` and a code other than `00`, `FF` or `D0`…`D7`), or at the file's end.
    static func endOfScanData(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var at = start
        while true {
            // Eight bytes at a time past data with no FF byte (most of it): no marker starts there.
            while at + 8 <= bytes.count {
                if JPEGBitReader.hasFF(UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt64.self)) { break }
                at += 8
            }
            guard at + 1 < bytes.count else { return bytes.count }
            if bytes[at] == 0xFF && bytes[at + 1] != 0 && bytes[at + 1] != 0xFF && !(0xD0...0xD7).contains(bytes[at + 1]) { return at }
            at += 1
        }
    }

    /// Checks the size against the limit before any coefficient memory is reserved, then
    /// reserves it.
    /// With `mcuRows`, each component holds that many rows of MCUs (`v` rows of blocks each;
    /// one row of blocks each when the frame has one component, whose scan walks blocks).
    static func allocate(_ frame: inout Frame, pixelLimit: Int, bytes: Int, mcuRows: Int? = nil) throws(ImagingError) {
        _ = try PixelBuffer.checkedRowStride(width: frame.width, height: frame.height, format: .rgba8, pixelLimit: pixelLimit)
        for i in frame.components.indices {
            let c = frame.components[i]
            frame.components[i].coefficients = JPEGCoefficients(
                blocksAcross: c.blocksAcross, blocksDown: mcuRows.map { $0 * frame.blockRowsPerMCURow(c) } ?? c.blocksDown,
                progressive: frame.progressive)
        }
    }

    /// Reserves the coefficients of a progressive image of which `planes` transforms only some
    /// blocks: those kept (the 25 coefficients a 2×2 inverse DCT reads, or all 64; none of a
    /// component transformed at one sample per block, whose DC is all its inverse DCT reads),
    /// the others as DC and nonzero bits.
    static func allocate(_ frame: inout Frame, keeping planes: JPEGPlanes) {
        for i in frame.components.indices {
            let c = frame.components[i]
            let size = planes.layouts[i].size
            frame.components[i].coefficients = JPEGCoefficients(
                blocksAcross: c.blocksAcross, blocksDown: c.blocksDown, keptRows: size == 1 ? 0..<0 : planes.blockRows[i],
                keptColumns: size == 1 ? 0..<0 : planes.blockColumns[i], slots: size == 2 ? JPEGIDCT.readBy2 : nil,
                progressive: true)
        }
    }

    /// What each block's decoding needs of a scan's component, taken out of the frame once.
    struct ScanMember {
        /// The first kept block, and the kept blocks' extent.
        let base: UnsafeMutablePointer<Int16>
        let keptRows: Range<Int>, keptColumns: Range<Int>
        /// Whether some blocks are not kept (held as DC and nonzero bits).
        let partial: Bool
        /// Per block of the component, `blocksAcross` a row: the DC of blocks not kept, and
        /// (in a progressive image) every block's nonzero bits.
        let dc: UnsafeMutablePointer<Int16>?, nonzero: UnsafeMutablePointer<UInt64>?
        let blocksAcross: Int
        /// The natural positions of the coefficients kept, when not all 64 are.
        let slots: UnsafeBufferPointer<Int>?
        let h: Int, v: Int
        // Tables the scan does not use are never read: any table stands in for them. (The
        // tables themselves live in the decode's `Tables` while the scan is walked.)
        let dcLookup: JPEGHuffmanTable.Lookup, acLookup: JPEGHuffmanTable.Lookup

        /// Whether every block is kept whole, with no nonzero bits: the walk then finds the
        /// blocks of a unit by stepping through the store.
        var plain: Bool { !partial && nonzero == nil && slots == nil }
    }

    /// Decodes one scan; returns the position after its entropy-coded data (`nil` when a
    /// streamed scan stops after the region's last row: nothing after it is read). The scan's kind
    /// (baseline, or progressive DC, first AC or refining AC) picks its block decoder once, and
    /// one walk over the scan's blocks serves them all.
    private func scan(
        _ start: Int, _ end: Int, number: Int, frame: inout Frame, tables: Tables, walksLeft: inout Int,
        progress: inout JPEGSmoothing.Progress, rows: ScanWalk.Rows? = nil,
        lastScan: ((_ frame: Frame, _ progress: JPEGSmoothing.Progress, _ members: [Int]) -> JPEGRowPipeline?)? = nil,
        warnings: inout [ImagingWarning]
    ) throws(ImagingError) -> Int? {
        let header = try scanHeader(start, end, frame: &frame, tables: tables)
        let (members, ss, se, ah, al) = (header.members, header.ss, header.se, header.ah, header.al)
        let scanMembers = members.map { index in
            let c = frame.components[index]
            let dc = tables.dc[c.dcTable] ?? Self.noTable, ac = tables.ac[c.acTable] ?? Self.noTable
            let store = c.coefficients
            return ScanMember(
                base: store.base, keptRows: store.keptRows, keptColumns: store.keptColumns, partial: store.dc != nil,
                dc: store.dc, nonzero: store.nonzero, blocksAcross: store.blocksAcross, slots: store.slotPointer, h: c.h, v: c.v,
                dcLookup: dc.lookup, acLookup: ac.lookup)
        }
        if frame.progressive { progress.start(scan: number, members: members, ss: ss, se: se, al: al) }
        var walk = ScanWalk(frame: frame, members: members, scanMembers: scanMembers, restartInterval: tables.restartInterval, rows: rows)
        walksLeft -= walk.blocks
        guard walksLeft >= 0 else {
            throw Self.tooManyWalks
        }
        walk.lastScan = lastScan?(frame, progress, members)
        if let rows { walk.lastRow = Self.lastRowShown(walk, rows) }
        let (after, damage) =
            if !frame.progressive {
                try walk.run(BaselineBlocks(zigzag: Self.zigzagTable.bytes), bytes: bytes, from: end, lastGoodRow: &progress.lastGoodRow)
            } else if ss == 0 {
                try walk.run(DCBlocks(refine: ah > 0, al: al), bytes: bytes, from: end, lastGoodRow: &progress.lastGoodRow)
            } else if ah == 0 {
                try walk.run(ACFirstBlocks(ss: ss, se: se, al: al), bytes: bytes, from: end, lastGoodRow: &progress.lastGoodRow)
            } else {
                try walk.run(ACRefineBlocks(ss: ss, se: se, al: al), bytes: bytes, from: end, lastGoodRow: &progress.lastGoodRow)
            }
        let units = walk.units
        warnings += damage.reasons(scan: number, units: units.across * units.down, single: walk.single).map {
            .damagedData(format: .jpeg, reason: $0)
        }
        return after
    }

    /// What a scan's header (SOS) says: its components (their indices in the frame, whose
    /// table selectors it sets), the spectral selection `ss...se` and the successive
    /// approximation `ah`, `al`; checked against the frame, and the tables it needs present.
    private func scanHeader(_ start: Int, _ end: Int, frame: inout Frame, tables: Tables) throws(ImagingError)
        -> (members: [Int], ss: Int, se: Int, ah: Int, al: Int)
    {
        guard end > start else { throw fail("SOS segment") }
        let count = Int(bytes[start])
        guard (1...4).contains(count), end - start == 4 + 2 * count else { throw fail("SOS segment") }
        var members: [Int] = []
        for i in 0..<count {
            let id = Int(bytes[start + 1 + 2 * i]), selectors = Int(bytes[start + 2 + 2 * i])
            guard let index = frame.components.firstIndex(where: { $0.id == id }), !members.contains(index) else {
                throw fail("scan component \(id)")
            }
            frame.components[index].dcTable = selectors >> 4
            frame.components[index].acTable = selectors & 15
            guard selectors >> 4 <= 3, selectors & 15 <= 3 else { throw fail("scan table selector") }
            members.append(index)
        }
        let ss = Int(bytes[end - 3]), se = Int(bytes[end - 2]), ah = Int(bytes[end - 1] >> 4), al = Int(bytes[end - 1] & 15)
        if frame.progressive {
            guard ss <= se, se <= 63, (ss == 0) == (se == 0), ss == 0 || count == 1, ah <= 13, al <= 13 else {
                throw fail("progressive scan parameters")
            }
        } else {
            guard ss == 0, se == 63, ah == 0, al == 0 else { throw fail("baseline scan parameters") }
        }
        // The tables the scan needs must exist.
        for index in members {
            let c = frame.components[index]
            if ss == 0 && ah == 0 && tables.dc[c.dcTable] == nil { throw fail("no DC table \(c.dcTable)") }
            if se > 0 && tables.ac[c.acTable] == nil { throw fail("no AC table \(c.acTable)") }
        }
        return (members, ss, se, ah, al)
    }

    /// The last row of units a streamed scan need walk, or `nil` for all. A streamed scan holds
    /// every component: past the row of units holding the last block row the region reads of
    /// each, nothing it decodes is shown. libjpeg-turbo stops there too when skipping to the
    /// end (`jpeg_skip_scanlines`).
    private static func lastRowShown(_ walk: ScanWalk, _ rows: ScanWalk.Rows) -> Int? {
        let last = zip(walk.members, walk.scanMembers).map { index, member in
            max(0, rows.planes.blockRows[index].upperBound - 1) / (walk.single ? 1 : member.v)
        }.max() ?? 0
        return last < walk.units.down - 1 ? last : nil
    }

    /// A table of bytes written once, when first used, and then only read by every decode on
    /// any thread, for the hot loops (a pointer: no bounds checks, no reference counting).
    struct ReadOnlyTable: @unchecked Sendable {
        let bytes: UnsafePointer<UInt8>

        init(count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
            let table = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            table.initialize(repeating: 0, count: count)
            fill(table)
            bytes = UnsafePointer(table)
        }
    }

    /// Natural-order positions of the zigzag indices.
    static let zigzagTable = ReadOnlyTable(count: 80) { table in
        // Indices past 63 (a run overshooting in a corrupt block is caught before use) land on 63.
        for k in 0..<80 { table[k] = UInt8(zigzag[min(k, 63)]) }
    }

    /// One baseline block: its DC difference and its run-length coded AC coefficients. Each
    /// symbol with its extra bits is at most 31 bits, so one refill serves it; the caller checks
    /// for overrun once per block.
    @inline(__always)
    static func decodeBaseline(
        _ source: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, dc: JPEGHuffmanTable.Lookup,
        ac: JPEGHuffmanTable.Lookup, prediction: inout Int, zigzag: UnsafePointer<UInt8>
    ) throws(ImagingError) {
        // A copy the block's loop keeps in registers (the walk's reader lives in memory its
        // closures share), written back however the block ends.
        var reader = source
        defer { source = reader }
        reader.ensure(32)
        let t = reader.decodeAvailable(dc)
        guard t <= 15 else { throw .corruptFile(format: .jpeg, reason: "DC magnitude \(t)") }
        prediction &+= reader.extendedAvailable(t)
        block[0] = Int16(truncatingIfNeeded: prediction)
        // The AC loop holds the bit buffer and the read position in locals, refills eight
        // bytes at a time inline when none is FF, and leaves everything else (stuffed bytes,
        // markers, the data's end, long codes) to calls that take the reader: fewer live values
        // than the whole reader, whose fields would otherwise crowd the loop's registers.
        guard let base = reader.bytes.baseAddress else { return }
        let end = reader.bytes.count
        var bits = reader.bits, count = reader.count, position = reader.position
        let fastAC = ac.fastAC
        var k = 1
        while k < 64 {
            if count < 32 {
                let word = position &+ 8 <= end
                    ? UInt64(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) : ~0
                if !JPEGBitReader.hasFF(word) {
                    position &+= JPEGBitReader.append(word, to: &bits, count: &count)
                } else {
                    reader.bits = bits
                    reader.count = count
                    reader.position = position
                    reader.fillSlowly()
                    bits = reader.bits
                    count = reader.count
                    position = reader.position
                }
            }
            let fast = fastAC[Int(truncatingIfNeeded: bits &>> UInt64(64 - JPEGHuffmanTable.lookupBits))]
            if fast != 0 {
                // Code and value in one look-up. (The block's end, or 16 zeros: the run alone.
                // Nothing is written for them: a component a second baseline scan names again
                // keeps what the first gave the coefficients the second passes over, as in
                // libjpeg.)
                let used = Int(truncatingIfNeeded: fast & 0xFF)
                bits &<<= UInt64(truncatingIfNeeded: used)
                count &-= used
                // (A run past the block lands on its last coefficient, as in libjpeg.)
                k &+= Int(truncatingIfNeeded: fast &>> 8 & 0xFF)
                let value = Int16(truncatingIfNeeded: fast &>> 16)
                if value != 0 { block[Int(zigzag[k])] = value }
                k &+= 1
                continue
            }
            reader.bits = bits
            reader.count = count
            let (r, value) = reader.decodeCoefficientSlowly(ac)
            bits = reader.bits
            count = reader.count
            guard let value else {
                if r != 15 { break }
                k &+= 16
                continue
            }
            k &+= r
            block[Int(zigzag[k])] = Int16(truncatingIfNeeded: value)
            k &+= 1
        }
        reader.bits = bits
        reader.count = count
        reader.position = position
    }

    @inline(__always)
    static func decodeDC(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, table: JPEGHuffmanTable.Lookup, refine: Bool, al: Int,
        prediction: inout Int
    ) throws(ImagingError) {
        if refine {
            if reader.bit() == 1 { block[0] |= Int16(truncatingIfNeeded: 1 << al) }
            return
        }
        let t = reader.decode(table)
        guard t <= 15 else { throw .corruptFile(format: .jpeg, reason: "DC magnitude \(t)") }
        prediction += reader.extended(t)
        block[0] = Int16(truncatingIfNeeded: prediction << al)
    }

    @inline(__always)
    static func decodeACFirst(
        _ source: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, table: JPEGHuffmanTable.Lookup, ss: Int, se: Int, al: Int,
        eobrun: inout Int, nonzero: inout UInt64
    ) {
        if eobrun > 0 {
            eobrun -= 1
            return
        }
        // (A copy in registers, as in decodeBaseline.)
        var reader = source
        defer { source = reader }
        let zigzag = zigzagTable.bytes
        var k = ss
        while k <= se {
            let rs = reader.decode(table)
            let r = rs >> 4, s = rs & 15
            if s == 0 {
                if r < 15 {
                    eobrun = (1 << r) - 1
                    if r > 0 { eobrun += reader.bits(r) }
                    break
                }
                k += 16
                continue
            }
            // (A run past the band lands past it, as in libjpeg; never past the block.)
            k += r
            let at = Int(zigzag[k]), value = Int16(truncatingIfNeeded: reader.extended(s) * (1 << al))
            block[at] = value
            // (A value that wraps to 0 in 16 bits is zero to later scans, as in libjpeg. The
            // bits are in zigzag order, and a run past the block lands on its last.)
            let bit: UInt64 = 1 << UInt64(min(k, 63))
            nonzero = value != 0 ? nonzero | bit : nonzero & ~bit
            k += 1
        }
    }

    @inline(__always)
    static func decodeACRefine(
        _ source: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, table: JPEGHuffmanTable.Lookup, ss: Int, se: Int, al: Int,
        eobrun: inout Int, nonzero: inout UInt64
    ) {
        let p1 = 1 << al, m1 = -1 << al
        // (A copy in registers, as in decodeBaseline.)
        var reader = source
        defer { source = reader }
        let zigzag = zigzagTable.bytes, selects = selectTable.bytes
        @inline(__always) func ahead(of k: Int) -> UInt64 { zigzagPositions(k, through: se) }
        var k = ss
        if eobrun == 0 {
            while k <= se {
                let rs = reader.decode(table)
                let r = rs >> 4
                var s = rs & 15
                if s != 0 {
                    // A magnitude other than 1 is damage; libjpeg reads it as 1.
                    if s != 1 { reader.badCodes += 1 }
                    s = reader.bit() == 1 ? p1 : m1
                } else if r != 15 {
                    eobrun = 1 << r
                    if r > 0 { eobrun += reader.bits(r) }
                    break
                }
                // Past r zero coefficients, refining the nonzero ones on the way: the symbol's
                // place is the (r + 1)th zero from k, or past the band when the run overshoots
                // it (as in libjpeg).
                let band = ahead(of: k)
                let zeros = band & ~nonzero
                let found = zeros.nonzeroBitCount > r
                let place = !found ? se + 1 : r == 0 ? zeros.trailingZeroBitCount : selectBit(r, of: zeros, table: selects)
                correct(!found ? band & nonzero : band & nonzero & ((1 << UInt64(place)) &- 1), &reader, block, zigzag: zigzag, p1: p1, m1: m1)
                k = place
                if s != 0 {
                    // (A run past the band puts it at zigzag se + 1, or past the block's end on
                    // its last coefficient.)
                    block[Int(zigzag[k])] = Int16(truncatingIfNeeded: s)
                    nonzero |= 1 << UInt64(min(k, 63))
                }
                k += 1
            }
        }
        if eobrun > 0 {
            correct(nonzero & ahead(of: k), &reader, block, zigzag: zigzag, p1: p1, m1: m1)
            eobrun -= 1
        }
    }

    /// The zigzag positions `first`…`last` (at most 63) as history bits; none when `first` is past `last`.
    @inline(__always)
    static func zigzagPositions(_ first: Int, through last: Int) -> UInt64 {
        first > last ? 0 : ~0 << UInt64(first) & ~0 >> UInt64(63 - last)
    }

    /// For each byte value and each n in 0…7: the position of its (n + 1)th set bit (0 past its last).
    static let selectTable = ReadOnlyTable(count: 256 * 8) { table in
        for byte in 0..<256 {
            var n = 0
            for bit in 0..<8 where byte & 1 << bit != 0 {
                table[byte * 8 + n] = UInt8(bit)
                n += 1
            }
        }
    }

    /// The position of the (n + 1)th set bit of `x`, which has more than `n`, without a loop:
    /// the set bits counted byte by byte, the byte holding it found from the running counts,
    /// and the bit within that byte looked up.
    @inline(__always)
    static func selectBit(_ n: Int, of x: UInt64, table: UnsafePointer<UInt8>) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var counts = x &- (x &>> 1 & 0x5555_5555_5555_5555)
        counts = (counts & 0x3333_3333_3333_3333) &+ (counts &>> 2 & 0x3333_3333_3333_3333)
        counts = (counts &+ counts &>> 4) & 0x0F0F_0F0F_0F0F_0F0F
        // Byte i: the set bits in bytes 0…i (at most 64, so no byte overflows).
        let running = counts &* ones
        // Byte i's top bit: whether bytes 0…i hold at most n (a byte of n + 128 less one of
        // at most 64 never borrows); those bytes come first, and the bit is in the next.
        let below = ((UInt64(truncatingIfNeeded: n) &* ones | highs) &- running) & highs
        let byte = below.nonzeroBitCount
        let before = byte == 0 ? 0 : Int(truncatingIfNeeded: running &>> UInt64(8 * byte - 8) & 0xFF)
        let bits = Int(truncatingIfNeeded: x &>> UInt64(8 * byte) & 0xFF)
        return 8 * byte + Int(table[bits * 8 + n - before])
    }

    /// The coefficients already nonzero at the zigzag positions set in `positions` take a
    /// correction bit each, in order: the bit at the scan's position (`p1`), away from zero,
    /// unless the coefficient has it. Read up to 32 at once, the positions found by their bits
    /// rather than by walking the zeros between them.
    @inline(__always)
    static func correct(
        _ positions: UInt64, _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, zigzag: UnsafePointer<UInt8>,
        p1: Int, m1: Int
    ) {
        var pending = positions
        while pending != 0 {
            let n = min(pending.nonzeroBitCount, 32)
            reader.ensure(n)
            var chunk = UInt64(truncatingIfNeeded: reader.peek(n)) &<< UInt64(64 - n)
            reader.skip(n)
            for _ in 0..<n {
                if chunk >> 63 != 0 {
                    let at = Int(zigzag[pending.trailingZeroBitCount]), value = Int(block[at])
                    if value & p1 == 0 { block[at] = Int16(truncatingIfNeeded: value >= 0 ? value + p1 : value + m1) }
                }
                chunk &<<= 1
                pending &= pending &- 1
            }
        }
    }
}

/// A component's coefficients, zeroed, freed with the last reference: the 64 of every block
/// in the kept rows and columns, row by row; when those are not all the blocks, the DC of
/// every block (all that block smoothing and later scans need of a block never transformed);
/// and, in a progressive image, a bit per zigzag position of every block's nonzero
/// coefficients (what refining scans need to know, and how they pass over empty blocks).
final class JPEGCoefficients: @unchecked Sendable {
    /// The kept blocks' coefficients, `perBlock` each: all 64, or those at the natural
    /// positions `slots` (what a reduced inverse DCT reads).
    let base: UnsafeMutablePointer<Int16>
    let count: Int
    let slots: [Int]?, perBlock: Int
    /// `slots` in fixed storage, for the block loop.
    let slotPointer: UnsafeBufferPointer<Int>?
    /// The blocks held whole.
    let keptRows: Range<Int>, keptColumns: Range<Int>
    /// Per block of the component (`blocksAcross` a row): the DC, when not every block is
    /// kept; the nonzero coefficients' bits, in a progressive image.
    let dc: UnsafeMutablePointer<Int16>?, nonzero: UnsafeMutablePointer<UInt64>?
    let blocksAcross: Int, blockCount: Int

    /// The blocks in `keptRows` × `keptColumns` (every block by default) kept whole, with
    /// nonzero bits for every block when `progressive`.
    init(
        blocksAcross: Int, blocksDown: Int, keptRows: Range<Int>? = nil, keptColumns: Range<Int>? = nil, slots: [Int]? = nil,
        progressive: Bool = false
    ) {
        self.slots = slots
        perBlock = slots?.count ?? 64
        slotPointer = slots.map { slots in
            let pointer = UnsafeMutableBufferPointer<Int>.allocate(capacity: slots.count)
            _ = pointer.initialize(from: slots)
            return UnsafeBufferPointer(pointer)
        }
        let keptRows = keptRows ?? 0..<blocksDown, keptColumns = keptColumns ?? 0..<blocksAcross
        let all = keptRows == 0..<blocksDown && keptColumns == 0..<blocksAcross
        (self.keptRows, self.keptColumns) = keptRows.isEmpty || keptColumns.isEmpty ? (0..<0, 0..<0) : (keptRows, keptColumns)
        self.blocksAcross = blocksAcross
        blockCount = blocksAcross * blocksDown
        count = self.keptRows.count * self.keptColumns.count * perBlock
        base = .allocate(capacity: max(1, count))
        // (Huge pages where the system allows: a progressive 12 MP photo's are 36 MB.)
        HugePages.advise(UnsafeMutableRawPointer(base), count: count * 2)
        base.initialize(repeating: 0, count: max(1, count))
        let blocks = max(1, blockCount)
        if all {
            dc = nil
        } else {
            dc = .allocate(capacity: blocks)
            dc!.initialize(repeating: 0, count: blocks)
        }
        if progressive || !all {
            nonzero = .allocate(capacity: blocks)
            nonzero!.initialize(repeating: 0, count: blocks)
        } else {
            nonzero = nil
        }
    }

    deinit {
        base.deallocate()
        dc?.deallocate()
        nonzero?.deallocate()
        slotPointer?.deallocate()
    }

    /// The bytes held: 2 per kept coefficient, 2 per block for the DC when not all are kept,
    /// and 8 per block for the nonzero bits.
    var bytes: Int { count * 2 + (dc == nil ? 0 : blockCount * 2) + (nonzero == nil ? 0 : blockCount * 8) }

    /// The kept block (`row`, `column`)'s `perBlock` coefficients, or `nil` when it is held as
    /// DC and bits.
    @inline(__always)
    func kept(row: Int, column: Int) -> UnsafeMutablePointer<Int16>? {
        guard keptRows.contains(row), keptColumns.contains(column) else { return nil }
        return base + ((row - keptRows.lowerBound) * keptColumns.count + column - keptColumns.lowerBound) * perBlock
    }

    /// The kept block (`row`, `column`) as 64 coefficients in place, when all 64 are kept.
    @inline(__always)
    func whole(row: Int, column: Int) -> UnsafeMutablePointer<Int16>? {
        slots == nil ? kept(row: row, column: column) : nil
    }

    /// The DC of block (`row`, `column`), kept or not.
    @inline(__always)
    func dcValue(row: Int, column: Int) -> Int16 {
        if let block = kept(row: row, column: column) { return block[0] }
        return dc.map { $0[row * blocksAcross + column] } ?? 0
    }

    /// Block (`row`, `column`) into `block` (64 coefficients): whole when kept; otherwise the
    /// DC, and 1 for each other nonzero coefficient.
    @inline(__always)
    func load(row: Int, column: Int, into block: UnsafeMutablePointer<Int16>) {
        if let kept = kept(row: row, column: column) {
            guard let slots else {
                block.update(from: kept, count: 64)
                return
            }
            block.update(repeating: 0, count: 64)
            for (i, at) in slots.enumerated() { block[at] = kept[i] }
            return
        }
        block.update(repeating: 0, count: 64)
        guard let dc, let nonzero else { return }
        let at = row * blocksAcross + column
        var bits = nonzero[at]
        while bits != 0 {
            block[JPEGDecoder.zigzag[bits.trailingZeroBitCount]] = 1
            bits &= bits - 1
        }
        block[0] = dc[at]
    }
}

/// How one kind of scan decodes a block.
protocol ScanBlocks {
    /// Decodes the next block of `member` from `reader` into `block` (64 coefficients), with
    /// the member's running DC `prediction`; an AC scan keeps `nonzero`, a bit per zigzag
    /// position of the block's nonzero coefficients (bit k for the kth in zigzag order, so a
    /// band is a run of bits), up to date, and reads it to know them.
    mutating func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) throws(ImagingError)
    /// A restart marker: a run of empty blocks ends with it.
    mutating func restart()
    /// Whether the scan leaves the next block, whose nonzero coefficients are `nonzero`, as it
    /// is, reading no bits for it; if so, the scan moves past it.
    mutating func skips(nonzero: UInt64) -> Bool
    /// How many blocks from here on the scan leaves as they are whatever they hold (a run of
    /// empty blocks in a first AC pass).
    var emptyRun: Int { get }
    /// Moves past `count` blocks of ``emptyRun``.
    mutating func skipEmpty(_ count: Int)
}

extension ScanBlocks {
    func skips(nonzero: UInt64) -> Bool { false }
    var emptyRun: Int { 0 }
    func skipEmpty(_ count: Int) {}
}

/// A baseline scan's blocks: DC difference, then run-length coded AC coefficients.
struct BaselineBlocks: ScanBlocks {
    let zigzag: UnsafePointer<UInt8>

    @inline(__always)
    func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) throws(ImagingError) {
        try JPEGDecoder.decodeBaseline(
            &reader, block, dc: member.pointee.dcLookup, ac: member.pointee.acLookup, prediction: &prediction, zigzag: zigzag)
    }

    func restart() {}
}

/// A progressive DC scan's blocks: the first pass, or a refinement bit.
struct DCBlocks: ScanBlocks {
    let refine: Bool, al: Int

    @inline(__always)
    func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) throws(ImagingError) {
        try JPEGDecoder.decodeDC(&reader, block, table: member.pointee.dcLookup, refine: refine, al: al, prediction: &prediction)
    }

    func restart() {}
}

/// A progressive AC scan's first pass over a band of coefficients.
struct ACFirstBlocks: ScanBlocks {
    let ss: Int, se: Int, al: Int
    var eobrun = 0

    @inline(__always)
    mutating func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) {
        JPEGDecoder.decodeACFirst(&reader, block, table: member.pointee.acLookup, ss: ss, se: se, al: al, eobrun: &eobrun, nonzero: &nonzero)
    }

    mutating func restart() { eobrun = 0 }

    var emptyRun: Int { eobrun }

    mutating func skipEmpty(_ count: Int) { eobrun -= count }
}

/// A progressive AC scan refining a band of coefficients by a bit.
struct ACRefineBlocks: ScanBlocks {
    let ss: Int, se: Int, al: Int
    var eobrun = 0
    /// The band's zigzag positions, as bits.
    let band: UInt64

    init(ss: Int, se: Int, al: Int) {
        (self.ss, self.se, self.al) = (ss, se, al)
        band = JPEGDecoder.zigzagPositions(ss, through: se)
    }

    @inline(__always)
    mutating func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) {
        JPEGDecoder.decodeACRefine(&reader, block, table: member.pointee.acLookup, ss: ss, se: se, al: al, eobrun: &eobrun, nonzero: &nonzero)
    }

    mutating func restart() { eobrun = 0 }

    /// A block in a run of empty ones, with nothing in the band to refine.
    mutating func skips(nonzero: UInt64) -> Bool {
        guard eobrun > 0, nonzero & band == 0 else { return false }
        eobrun -= 1
        return true
    }
}

/// The walk over a scan's blocks that every kind of scan shares: MCU by MCU (or block by
/// block, for a single component), restart markers, and, streamed, each finished row of MCUs
/// transformed and cleared.
struct ScanWalk {
    let frame: JPEGDecoder.Frame
    let members: [Int]
    let scanMembers: [JPEGDecoder.ScanMember]
    let restartInterval: Int
    let rows: Rows?
    /// The second thread that transforms a progressive image's last scan as it goes: told of
    /// each row of units done.
    var lastScan: JPEGRowPipeline? = nil
    /// Streamed, for a region above the image's last row of units: the last row of units it
    /// reads. The walk stops after it.
    var lastRow: Int? = nil

    /// A streamed scan's rows: where they are transformed, with which tables, and the second
    /// thread told of each (when there is one).
    typealias Rows = (planes: JPEGPlanes, quantization: [[Int32]], pipeline: JPEGRowPipeline?)

    /// Whether the scan holds one component: it then covers that component's own blocks, not
    /// whole MCUs.
    var single: Bool { members.count == 1 }
    /// The units the scan walks across and down: blocks of its one component, or MCUs.
    var units: (across: Int, down: Int) {
        let first = frame.components[members[0]]
        return single ? ((first.width + 7) / 8, (first.height + 7) / 8) : (frame.mcusAcross, frame.mcusDown)
    }
    /// How many blocks the scan walks.
    var blocks: Int {
        units.across * units.down * (single ? 1 : scanMembers.reduce(0) { $0 + $1.h * $1.v })
    }

    /// What a walk worked around in damaged data, as libjpeg does.
    struct Damage: Equatable {
        /// Units (MCUs, or blocks of a single-component scan) left as they were because the
        /// data had run out.
        var unitsSkipped = 0
        /// Restart markers that were missing or out of order.
        var resyncs = 0
        /// Codes no table holds (read as 0), and refinement magnitudes other than 1.
        var badCodes = 0

        /// The warnings for scan `number` (from 1) of `units` units, `single` if of one component.
        func reasons(scan number: Int, units: Int, single: Bool) -> [String] {
            var reasons: [String] = []
            if unitsSkipped > 0 {
                reasons.append(
                    "scan \(number): no data for \(unitsSkipped) of its \(units) \(single ? "blocks" : "MCUs"); "
                        + "they keep what earlier scans gave (gray where none did)")
            }
            if resyncs > 0 {
                reasons.append("scan \(number): \(resyncs) restart marker\(resyncs == 1 ? "" : "s") missing or out of order")
            }
            if badCodes > 0 {
                reasons.append("scan \(number): \(badCodes) Huffman code\(badCodes == 1 ? "" : "s") no table holds, read as 0")
            }
            return reasons
        }
    }

    /// Decodes every block of the scan with `blocks`, reading from `start`; returns the
    /// position after the scan's entropy-coded data (the file's end when no marker follows)
    /// and the damage worked around: once the data runs out, the rest of the restart interval
    /// is left as it is, and restart markers are resynchronized, both as libjpeg does.
    /// `lastGoodRow` becomes the last row of MCUs a unit of which is decoded while the data
    /// lasts, as libjpeg's `last_good_iMCU_row` (block smoothing reads it). With a ``lastRow``
    /// the walk stops after it, and the position is `nil`: the rest is not read.
    func run<Blocks: ScanBlocks>(
        _ blocks: Blocks, bytes: [UInt8], from start: Int, lastGoodRow: inout Int
    ) throws(ImagingError) -> (end: Int?, damage: Damage) {
        var blocks = blocks
        var endPosition: Int?
        var damage = Damage()
        try bytes.withUnsafeElements { (buffer) throws(ImagingError) in
            var reader = JPEGBitReader(bytes: buffer, position: start)
            // The DC predictions, one per member, in fixed storage: the block loop mutates them.
            let predictions = UnsafeMutablePointer<Int>.allocate(capacity: members.count)
            predictions.initialize(repeating: 0, count: members.count)
            defer { predictions.deallocate() }
            let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
            scratch.initialize(repeating: 0, count: 64)
            defer { scratch.deallocate() }
            let single = self.single
            let (unitsAcross, unitsDown) = units
            let rowsWalked = lastRow.map { $0 + 1 } ?? unitsDown
            let slots = rows?.pipeline == nil ? 1 : JPEGRowPipeline.slots
            var restartsSeen = 0, unitsUntilRestart = restartInterval
            try scanMembers.withUnsafeElements { (scanMembers) throws(ImagingError) in
                for unitY in 0..<rowsWalked {
                    // Streamed, the rows of MCUs are a ring: this one's slot must be free.
                    rows?.pipeline?.waitForSlot(row: unitY)
                    let slot = unitY % slots
                    var unitX = 0
                    while unitX < unitsAcross {
                        defer { unitX += 1 }
                        // Bits wanted past the data in the last unit: the data has run out.
                        if reader.overran { reader.starved = true }
                        if !reader.starved { lastGoodRow = single ? unitY / scanMembers[0].v : unitY }
                        if restartInterval > 0 {
                            restartIfDue(&reader, &blocks, seen: &restartsSeen, unitsLeft: &unitsUntilRestart, predictions, &damage)
                        }
                        if reader.starved {
                            damage.unitsSkipped += 1
                            continue
                        }
                        let skipped = skipEmptyRun(&blocks, single: single, unitsToRowEnd: unitsAcross - unitX, unitsLeft: &unitsUntilRestart)
                        if skipped > 0 {
                            unitX += skipped - 1
                            continue
                        }
                        try decodeUnit(
                            &blocks, &reader, scanMembers, single: single, unit: (unitX, rows == nil ? unitY : slot), predictions, scratch)
                    }
                    if let rows { finish(row: unitY, rows, single: single) }
                    lastScan?.decoded(unitRows: unitY + 1)
                }
            }
            damage.badCodes = reader.badCodes
            // (The reader stops at a marker without passing it.)
            if rowsWalked == unitsDown { endPosition = JPEGDecoder.endOfScanData(in: buffer, from: min(reader.position, buffer.count)) }
        }
        return (endPosition, damage)
    }

    /// Before a unit, where restart markers come every `restartInterval` units: at the end of
    /// an interval, reads the marker (a resync when it is not the one expected) and starts the
    /// blocks' state and the DC predictions over.
    @inline(__always)
    private func restartIfDue<Blocks: ScanBlocks>(
        _ reader: inout JPEGBitReader, _ blocks: inout Blocks, seen: inout Int, unitsLeft: inout Int,
        _ predictions: UnsafeMutablePointer<Int>, _ damage: inout Damage
    ) {
        if unitsLeft == 0 {
            if !reader.restart(expecting: seen) { damage.resyncs += 1 }
            seen += 1
            unitsLeft = restartInterval
            blocks.restart()
            predictions.update(repeating: 0, count: members.count)
        }
        unitsLeft -= 1
    }

    /// A run of blocks the scan leaves as they are (one component's, in a later scan of a
    /// progressive image), passed at once, up to the row's end or the next restart: returns the
    /// units passed, 0 when there is no such run.
    @inline(__always)
    private func skipEmptyRun<Blocks: ScanBlocks>(_ blocks: inout Blocks, single: Bool, unitsToRowEnd: Int, unitsLeft: inout Int) -> Int {
        guard single, blocks.emptyRun > 1 else { return 0 }
        var count = min(blocks.emptyRun, unitsToRowEnd)
        if restartInterval > 0 { count = min(count, unitsLeft + 1) }
        blocks.skipEmpty(count)
        if restartInterval > 0 { unitsLeft -= count - 1 }
        return count
    }

    /// Decodes one unit (an MCU, or a block of a one-component scan): each member's blocks in
    /// it. `unit` is its column and its row in the store (the row of MCUs, or its slot in the
    /// ring when streamed).
    @inline(__always)
    private func decodeUnit<Blocks: ScanBlocks>(
        _ blocks: inout Blocks, _ reader: inout JPEGBitReader, _ scanMembers: UnsafeBufferPointer<JPEGDecoder.ScanMember>,
        single: Bool, unit: (x: Int, row: Int), _ predictions: UnsafeMutablePointer<Int>, _ scratch: UnsafeMutablePointer<Int16>
    ) throws(ImagingError) {
        for m in 0..<scanMembers.count {
            let member = scanMembers.baseAddress! + m
            if member.pointee.plain {
                try decodePlain(&blocks, &reader, member, single: single, unit: unit, prediction: &predictions[m])
            } else {
                try decodeKept(&blocks, &reader, member, single: single, unit: unit, prediction: &predictions[m], scratch: scratch)
            }
        }
    }

    /// Decodes a unit's blocks of a member whose every block is kept whole with no nonzero
    /// bits (a baseline scan): they lie `across` apart in `down` rows of the store.
    @inline(__always)
    private func decodePlain<Blocks: ScanBlocks>(
        _ blocks: inout Blocks, _ reader: inout JPEGBitReader, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        single: Bool, unit: (x: Int, row: Int), prediction: inout Int
    ) throws(ImagingError) {
        let (across, down) = single ? (1, 1) : (member.pointee.h, member.pointee.v)
        let columns = member.pointee.keptColumns.count
        let offset: Int = (down * unit.row * columns + unit.x * across) * 64
        var first = member.pointee.base + offset
        var nonzero: UInt64 = 0
        for _ in 0..<down {
            var block = first
            for _ in 0..<across {
                try blocks.decode(&reader, block, UnsafePointer(member), prediction: &prediction, nonzero: &nonzero)
                block += 64
            }
            first += columns * 64
        }
    }

    /// Decodes a unit's blocks of any other member: a progressive image's blocks carry their
    /// nonzero bits (and are passed when the scan leaves them be); a block never transformed
    /// keeps only its DC and those bits, decoded in `scratch`; a block kept in part holds the
    /// coefficients a reduced inverse DCT reads, put in place for the scan and taken back.
    @inline(__always)
    private func decodeKept<Blocks: ScanBlocks>(
        _ blocks: inout Blocks, _ reader: inout JPEGBitReader, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        single: Bool, unit: (x: Int, row: Int), prediction: inout Int, scratch: UnsafeMutablePointer<Int16>
    ) throws(ImagingError) {
        let (across, down) = single ? (1, 1) : (member.pointee.h, member.pointee.v)
        let kept = member.pointee.keptRows, keptColumns = member.pointee.keptColumns
        for v in 0..<down {
            for h in 0..<across {
                // (Streamed, the buffer holds the current row of MCUs only.)
                let row = down * unit.row + v
                let column = single ? unit.x : unit.x * across + h
                let bits = member.pointee.nonzero.map { $0 + row * member.pointee.blocksAcross + column }
                var nonzero = bits?.pointee ?? 0
                if bits != nil, blocks.skips(nonzero: nonzero) { continue }
                if member.pointee.partial && !(kept.contains(row) && keptColumns.contains(column)) {
                    let dc = member.pointee.dc! + row * member.pointee.blocksAcross + column
                    scratch[0] = dc.pointee
                    try blocks.decode(&reader, scratch, UnsafePointer(member), prediction: &prediction, nonzero: &nonzero)
                    dc.pointee = scratch[0]
                } else if let slots = member.pointee.slots {
                    let held = member.pointee.base
                        + ((row - kept.lowerBound) * keptColumns.count + column - keptColumns.lowerBound) * slots.count
                    for i in slots.indices { scratch[slots[i]] = held[i] }
                    try blocks.decode(&reader, scratch, UnsafePointer(member), prediction: &prediction, nonzero: &nonzero)
                    for i in slots.indices { held[i] = scratch[slots[i]] }
                } else {
                    let block = member.pointee.base
                        + ((row - kept.lowerBound) * keptColumns.count + column - keptColumns.lowerBound) * 64
                    try blocks.decode(&reader, block, UnsafePointer(member), prediction: &prediction, nonzero: &nonzero)
                }
                bits?.pointee = nonzero
            }
        }
    }

    /// A streamed row of MCUs is complete: transform it, and clear it for the next.
    /// The second thread, when there is one, transforms the components it takes over.
    private func finish(row unitY: Int, _ rows: Rows, single: Bool) {
        for m in 0..<scanMembers.count {
            let member = scanMembers[m], index = members[m]
            if let pipeline = rows.pipeline, pipeline.transforms(index) { continue }
            // A single-component scan's units are single blocks.
            let blockRows = single ? 1 : member.v
            let slot = rows.pipeline == nil ? member.base : member.base + (unitY % JPEGRowPipeline.slots) * blockRows * member.keptColumns.count * 64
            rows.quantization[frame.components[index].table].withUnsafeBufferPointer { q in
                for v in 0..<blockRows {
                    rows.planes.transform(
                        index, row: unitY * blockRows + v, blocks: slot + v * member.keptColumns.count * 64, quantization: q.baseAddress!)
                }
            }
            slot.update(repeating: 0, count: member.keptColumns.count * blockRows * 64)
        }
        rows.pipeline?.decoded(unitRows: unitY + 1)
    }
}

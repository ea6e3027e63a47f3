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
    /// What tests and fuzzers change to reach the threaded paths on small files
    /// (``JPEGTestHooks``, in Instrumentation.swift); the defaults are the decode's own.
    var hooks = JPEGTestHooks()
    /// Told of the pixel rows as a decode on two threads writes them (see ``RowsWritten``).
    var rowsWritten: RowsWritten?

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

    func fail(_ reason: String) -> ImagingError { .corruptFile(format: .jpeg, reason: reason) }

    /// The refusal of a file with more than `limit` scans.
    static func tooManyScans(_ limit: Int) -> ImagingError {
        .workLimitExceeded(format: .jpeg, reason: "more than \(limit) scans (DecodeOptions.scanLimit raises it)")
    }

    /// The refusal of a file whose scans together walk the image's blocks too many times over.
    static var tooManyWalks: ImagingError {
        .workLimitExceeded(format: .jpeg, reason: "its scans walk the image's blocks more than \(passesPerBlock) times over")
    }

    func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

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
                lastScan: frame.progressive && index == decoder.hooks.overlappedScan(scansAhead) ? overlap : nil, warnings: &warnings)
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
            guard threads > 1 && planes.area.width * planes.area.height >= decoder.hooks.pipelineArea else { return }
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
            if lastScan != nil { decoder.hooks.overlapStarted?(index) }
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
            let split = planes.area.width * planes.area.height >= decoder.hooks.pipelineArea ? cores : 1
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
        guard let planes = made, planes.area.width * planes.area.height >= hooks.pipelineArea else { return nil }
        return JPEGRowPipeline(planes, frame: frame, header: header, quantization: quantization, source: .lastScan(members: members),
            lockstep: hooks.lastScanLockstep)
    }
}

import Foundation
import PickerImaging

/// From coefficients to pixels: the inverse DCT of every block, upsampling (libjpeg's "fancy"
/// triangle filters for 2×1, 1×2 and 2×2, replication otherwise) and colour conversion with
/// libjpeg's fixed-point tables.
enum JPEGPixels {
    /// The colour space of the components, by libjpeg's rules: one component is gray; three
    /// are YCbCr unless an Adobe marker says RGB (transform 0) or, without JFIF or Adobe
    /// markers, the components are named R, G, B; four are YCCK with Adobe transform 2, CMYK
    /// otherwise (inverted, as Adobe writes it, when an Adobe marker is present).
    enum ColourSpace: Equatable { case gray, yCbCr, rgb, cmyk(inverted: Bool), yCCK }

    static func colourSpace(_ frame: JPEGDecoder.Frame, _ header: JPEGDecoder.Header) -> ColourSpace {
        switch frame.components.count {
        case 1: return .gray
        case 3:
            if header.jfif { return .yCbCr }
            if let transform = header.adobeTransform { return transform == 0 ? .rgb : .yCbCr }
            return frame.components.map(\.id) == [82, 71, 66] ? .rgb : .yCbCr
        default:
            if header.adobeTransform == 2 { return .yCCK }
            return .cmyk(inverted: header.adobeTransform != nil)
        }
    }

    /// How one component becomes full-size rows at a given scale: libjpeg's choices. Its
    /// blocks are transformed to `size`×`size` samples (a subsampled component is given a
    /// larger reduced IDCT when that spares upsampling), then upsampled by `hx`×`vy`.
    struct Layout {
        /// Samples per block side: 8, 4, 2 or 1.
        var size: Int
        /// The component's samples that hold image data.
        var width: Int, height: Int
        /// Samples from one row of the component's plane to the next.
        var stride: Int
        /// The upsampling factors.
        var hx: Int, vy: Int
        /// Whether libjpeg's triangle filters apply (not when decoding at 1/8).
        var fancy: Bool
        /// Whether the component is at the image's size, its rows read in place (only the
        /// region's columns of them); an upsampled one's rows are read whole.
        var inPlace: Bool { hx == 1 && vy == 1 }

        init(_ c: JPEGDecoder.Component, frame: JPEGDecoder.Frame, smallest: Int) {
            var size = smallest
            while size < 8 && (frame.hMax * smallest) % (c.h * size * 2) == 0 && (frame.vMax * smallest) % (c.v * size * 2) == 0 {
                size *= 2
            }
            self.size = size
            width = (frame.width * c.h * size + frame.hMax * 8 - 1) / (frame.hMax * 8)
            height = (frame.height * c.v * size + frame.vMax * 8 - 1) / (frame.vMax * 8)
            stride = c.blocksAcross * size
            hx = frame.hMax * smallest / (c.h * size)
            vy = frame.vMax * smallest / (c.v * size)
            fancy = smallest > 1
        }
    }

    /// `a × b / 255`, rounded.
    @inline(__always)
    static func mulDiv255(_ a: Int, _ b: Int) -> UInt8 {
        let t = a * b + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    /// Image row `y` of a component, upsampled to full width (at least the image's width in
    /// samples), from its rows of samples (`row(r)`: row `r`'s first, each row whole).
    @inline(__always)
    static func upsampleRow(
        _ y: Int, _ layout: Layout, row: (Int) -> UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>
    ) {
        let (hx, vy) = (layout.hx, layout.vy)
        let n = layout.width
        let fancy = layout.fancy && n > 2
        switch (hx, vy) {
        case (1, 1):
            out.update(from: row(y), count: n)
        case (2, 1) where fancy:
            fancyRow(row(y), count: n, into: out)
        case (1, 2) where layout.fancy:
            // libjpeg-turbo's h1v2 fancy upsampling: the nearer neighbour row weighs 1, the row 3.
            let inRow = y / 2, upper = y % 2 == 0
            let neighbour = upper ? max(inRow - 1, 0) : min(inRow + 1, layout.height - 1)
            let this = row(inRow), that = row(neighbour)
            let bias = upper ? 1 : 2
            for x in 0..<n { out[x] = UInt8((Int(this[x]) * 3 + Int(that[x]) + bias) >> 2) }
        case (2, 2) where fancy:
            let inRow = y / 2, upper = y % 2 == 0
            let neighbour = upper ? max(inRow - 1, 0) : min(inRow + 1, layout.height - 1)
            let this = row(inRow), that = row(neighbour)
            // (Debug builds take the scalar loop alone: see JPEGIDCT.transform.)
            #if DEBUG
            fancyRows(this, that, count: n, into: out)
            #else
            fancyRows(this, that, count: n, into: out, from: fancyRowsVectors(this, that, count: n, into: out))
            #endif
        default:
            // Replication: each sample hx times, each row vy times.
            let source = row(y / vy)
            for x in 0..<n {
                let v = source[x]
                for i in 0..<hx { out[x * hx + i] = v }
            }
        }
    }

    /// libjpeg's h2v2 fancy upsampling of one output row from its nearer input row `this` and
    /// the other, `that` (¾ and ¼), then across (¾ its own column, ¼ the nearer): samples
    /// `2 × from` on (the first two, the edge's, whatever `from`).
    @inline(__always)
    static func fancyRows(
        _ this: UnsafePointer<UInt8>, _ that: UnsafePointer<UInt8>, count n: Int, into out: UnsafeMutablePointer<UInt8>, from: Int = 1
    ) {
        @inline(__always) func column(_ x: Int) -> Int { Int(this[x]) * 3 + Int(that[x]) }
        let first = column(0)
        out[0] = UInt8((first * 4 + 8) >> 4)
        out[1] = UInt8((first * 3 + column(1) + 7) >> 4)
        var x = max(1, from)
        while x < n - 1 {
            let current = column(x)
            out[2 * x] = UInt8((current * 3 + column(x - 1) + 8) >> 4)
            out[2 * x + 1] = UInt8((current * 3 + column(x + 1) + 7) >> 4)
            x += 1
        }
        let last = column(n - 1)
        out[2 * n - 2] = UInt8((last * 3 + column(n - 2) + 8) >> 4)
        out[2 * n - 1] = UInt8((last * 4 + 7) >> 4)
    }

    /// ``fancyRows(_:_:count:into:from:)`` for the inner columns, eight at a time in 16-bit
    /// lanes; returns the first column it left (1 when it did none).
    static func fancyRowsVectors(
        _ this: UnsafePointer<UInt8>, _ that: UnsafePointer<UInt8>, count n: Int, into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        typealias H = SIMD8<UInt16>
        // (Widened lane by lane: the generic conversion is not always inlined.)
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> H {
            let b = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self)
            return H(UInt16(b[0]), UInt16(b[1]), UInt16(b[2]), UInt16(b[3]), UInt16(b[4]), UInt16(b[5]), UInt16(b[6]), UInt16(b[7]))
        }
        @inline(__always) func column(_ x: Int) -> H { load(this + x) &* 3 &+ load(that + x) }
        var x = 1
        // Columns x − 1 … x + 8 are read.
        while x + 9 <= n {
            let left = column(x - 1), current = column(x) &* 3, right = column(x + 1)
            let even = (current &+ left &+ 8) &>> 4, odd = (current &+ right &+ 7) &>> 4
            let pairs = even | odd &<< 8
            UnsafeMutableRawPointer(out + 2 * x).storeBytes(of: pairs, as: H.self)
            x += 8
        }
        return x
    }

    /// libjpeg's h2v1 fancy upsampling: each output sample is ¾ its own input sample and ¼ the
    /// nearer neighbour.
    @inline(__always)
    static func fancyRow(_ input: UnsafePointer<UInt8>, count n: Int, into out: UnsafeMutablePointer<UInt8>) {
        out[0] = input[0]
        out[1] = UInt8((Int(input[0]) * 3 + Int(input[1]) + 2) >> 2)
        for x in 1..<(n - 1) {
            let v = Int(input[x]) * 3
            out[2 * x] = UInt8((v + Int(input[x - 1]) + 1) >> 2)
            out[2 * x + 1] = UInt8((v + Int(input[x + 1]) + 2) >> 2)
        }
        out[2 * n - 2] = UInt8((Int(input[n - 1]) * 3 + Int(input[n - 2]) + 1) >> 2)
        out[2 * n - 1] = input[n - 1]
    }
}

/// libjpeg's YCbCr → RGB tables: 16 fractional bits, rounded as its `FIX` and `ONE_HALF`.
struct ColourTables: Sendable {
    let crR: [Int32], cbB: [Int32], crG: [Int32], cbG: [Int32]

    static let shared = ColourTables()

    /// Converts the row's first multiple of 8 samples, eight at a time, with the tables'
    /// arithmetic rewritten so that every product is of two 16-bit numbers (which SSE2 does
    /// eight at a time, `pmaddwd`): each factor above 2^15 is split into a multiple of 65536,
    /// which becomes an exact shift, and a remainder below 2^15 in magnitude:
    ///
    /// - red: `(91881·r + 2^15) >> 16 = r + (26345·r + 2^15) >> 16`
    /// - blue: `(116130·b + 2^15) >> 16 = 2b + (−14942·b + 2^15) >> 16`
    /// - green: `(−22554·b − 46802·r + 2^15) >> 16 = (−22554·b + 18734·r + 2^15) >> 16 − r`
    ///
    /// with `r` and `b` the chroma samples less 128: the same values as the tables. (The factors
    /// are written out as literals, so the compiler sees that they fit; a test holds them to
    /// ``crRFactor`` and the others.) Returns how many samples it converted.
    static func convertVectors(
        y: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        // (The 16- and 32-bit lanes of the inverse DCT's vector passes, and their conversions.)
        typealias V = JPEGIDCT.V
        typealias H = JPEGIDCT.H
        @inline(__always) func wide(_ v: H) -> V { JPEGIDCT.wide(v) }
        @inline(__always) func narrow(_ v: V) -> H { JPEGIDCT.narrow(v) }
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> H {
            H(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self))
        }
        let half = V(repeating: 1 << 15), centre = H(repeating: 128), top = H(repeating: 255), zero = H.zero
        // (Clamped with min and max on 16-bit lanes: SSE2 has both.)
        @inline(__always) func byte(_ v: H) -> SIMD8<UInt32> {
            SIMD8<UInt32>(truncatingIfNeeded: v.clamped(lowerBound: zero, upperBound: top))
        }
        var x = 0
        while x + 8 <= count {
            let l = load(y + x), b = load(cb + x) &- centre, r = load(cr + x) &- centre
            let red = l &+ r &+ narrow((wide(r) &* V(repeating: 26345) &+ half) &>> 16)
            let blue = l &+ b &+ b &+ narrow((wide(b) &* V(repeating: -14942) &+ half) &>> 16)
            let green = l &- r &+ narrow((wide(b) &* V(repeating: -22554) &+ wide(r) &* V(repeating: 18734) &+ half) &>> 16)
            let pixels = byte(red) | byte(green) &<< 8 | byte(blue) &<< 16 | SIMD8(repeating: 0xFF00_0000)
            UnsafeMutableRawPointer(out + 4 * x).storeBytes(of: pixels, as: SIMD8<UInt32>.self)
            x += 8
        }
        return x
    }

    /// The literal factors of ``convertVectors(y:cb:cr:count:into:)``, as the split factors
    /// they stand for: red, blue, and green's two.
    static let vectorFactors: (red: Int32, blue: Int32, greenB: Int32, greenR: Int32) = (26345, -14942, -22554, 18734)

    /// `value` clamped to 0…255 (not the generic `UInt8(clamping:)`, which unoptimized builds
    /// call through the integer protocols).
    @_transparent
    static func byte(_ value: Int) -> UInt8 { value < 0 ? 0 : value > 255 ? 255 : UInt8(truncatingIfNeeded: value) }

    /// libjpeg's `FIX(1.40200)`, `FIX(1.77200)`, `FIX(0.71414)` and `FIX(0.34414)`.
    static let crRFactor = fix(1.40200), cbBFactor = fix(1.77200), crGFactor = fix(0.71414), cbGFactor = fix(0.34414)

    static func fix(_ x: Double) -> Int32 { Int32(x * 65536 + 0.5) }

    init() {
        let half = 1 << 15
        var crR = [Int32](repeating: 0, count: 256), cbB = crR, crG = crR, cbG = crR
        for i in 0..<256 {
            let x = i - 128
            crR[i] = Int32((Int(Self.crRFactor) * x + half) >> 16)
            cbB[i] = Int32((Int(Self.cbBFactor) * x + half) >> 16)
            crG[i] = Int32(-Int(Self.crGFactor) * x)
            cbG[i] = Int32(-Int(Self.cbGFactor) * x + half)
        }
        (self.crR, self.cbB, self.crG, self.cbG) = (crR, cbB, crG, cbG)
    }

    /// Converts a row of `count` samples to opaque RGBA: eight pixels at a time with the tables'
    /// own arithmetic in optimized builds (``convertVectors(y:cb:cr:count:into:)``), the rest
    /// through the tables.
    func convert(
        y: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        var x = 0
        // (Debug builds convert through the tables alone: see JPEGIDCT.transform.)
        #if !DEBUG
        x = Self.convertVectors(y: y, cb: cb, cr: cr, count: count, into: out)
        #endif
        crR.withUnsafeBufferPointer { crR in
            cbB.withUnsafeBufferPointer { cbB in
                crG.withUnsafeBufferPointer { crG in
                    cbG.withUnsafeBufferPointer { cbG in
                        while x < count {
                            let l = Int(y[x]), b = Int(cb[x]), r = Int(cr[x])
                            out[4 * x] = Self.byte(l + Int(crR[r]))
                            out[4 * x + 1] = Self.byte(l + ((Int(cbG[b]) + Int(crG[r])) >> 16))
                            out[4 * x + 2] = Self.byte(l + Int(cbB[b]))
                            out[4 * x + 3] = 255
                            x += 1
                        }
                    }
                }
            }
        }
    }
}

/// The decoded samples of each component, before upsampling and colour conversion: blocks go
/// in through the inverse DCT (all at once, or a row of MCUs at a time as a baseline scan is
/// decoded), pixels come out.
///
/// At 1/`denominator` of full size (1, 2, 4 or 8) the image is `⌈width / denominator⌉` ×
/// `⌈height / denominator⌉`; with a `region` (stored orientation, inside that size) only its
/// pixels come out, exactly as they are in the whole, and only the blocks under it (with their
/// neighbours, for upsampling) are transformed.
final class JPEGPlanes {
    let frame: JPEGDecoder.Frame
    let layouts: [JPEGPixels.Layout]
    let whole: PixelRect, area: PixelRect
    /// Per component: the part of its plane kept (the rows the region needs, and of a
    /// component read in place only its columns), `strides[i]` samples from one row to the
    /// next, starting at sample `origins[i]` of the whole plane.
    private var planes: [UnsafeMutablePointer<UInt8>] = []
    private var strides: [Int] = [], origins: [(x: Int, y: Int)] = []
    /// The planes' memory: one block, or one per plane.
    private var storage: [UnsafeMutableRawPointer] = []
    /// The block rows and columns needed, per component.
    let blockRows: [Range<Int>], blockColumns: [Range<Int>]
    private let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)

    /// Checks that the frame's sampling is one this can upsample, then makes the planes.
    /// (The check comes first, so nothing is allocated when it fails.)
    static func make(_ frame: JPEGDecoder.Frame, denominator: Int, region: PixelRect?) throws(ImagingError) -> JPEGPlanes {
        for c in frame.components where frame.hMax % c.h != 0 || frame.vMax % c.v != 0 {
            throw .unsupportedFeature(format: "JPEG", feature: "fractional sampling \(c.h)x\(c.v) of \(frame.hMax)x\(frame.vMax)")
        }
        return JPEGPlanes(frame, denominator: denominator, region: region)
    }

    /// Where sample (`x`, `y`) of component `index` is: one of the rows and columns kept.
    @inline(__always)
    func sample(_ index: Int, x: Int, y: Int) -> UnsafeMutablePointer<UInt8> {
        planes[index] + (y - origins[index].y) * strides[index] + (x - origins[index].x)
    }

    private init(_ frame: JPEGDecoder.Frame, denominator: Int, region: PixelRect?) {
        self.frame = frame
        let smallest = 8 / denominator
        layouts = frame.components.map { JPEGPixels.Layout($0, frame: frame, smallest: smallest) }
        whole = PixelRect(x: 0, y: 0, width: (frame.width * smallest + 7) / 8, height: (frame.height * smallest + 7) / 8)
        let area = region ?? whole
        self.area = area
        var rows: [Range<Int>] = [], columns: [Range<Int>] = [], counts: [Int] = []
        for layout in layouts {
            let size = layout.size
            let firstRow = max(0, area.y / layout.vy - 1), endRow = min(layout.height, (area.maxY - 1) / layout.vy + 2)
            let firstColumn = max(0, area.x / layout.hx - 1), endColumn = min(layout.width, (area.maxX - 1) / layout.hx + 2)
            rows.append((firstRow / size)..<((endRow + size - 1) / size))
            columns.append((firstColumn / size)..<((endColumn + size - 1) / size))
            // A component at the image's size is read in place, the region's columns alone;
            // upsampling reads the whole of every row it uses.
            let stride = layout.inPlace ? columns.last!.count * size : layout.stride
            strides.append(stride)
            origins.append((layout.inPlace ? columns.last!.lowerBound * size : 0, rows.last!.lowerBound * size))
            counts.append((stride * rows.last!.count * size + 63) & ~63)
        }
        (blockRows, blockColumns) = (rows, columns)
        // (Huge pages where the system allows: a 12 MP plane is thousands of page faults.) A
        // region's planes share one block, large enough for the advice where each alone is not
        // (an avatar's three, about 2 MB each); a whole image's keep their own, which the allocator
        // recycles between decodes.
        let total = counts.reduce(0, +)
        if area != whole && total >= HugePages.threshold {
            let block = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 64)
            HugePages.advise(block, count: total)
            storage = [block]
            var offset = 0
            for count in counts {
                planes.append((block + offset).bindMemory(to: UInt8.self, capacity: count))
                offset += count
            }
        } else {
            for count in counts {
                let plane = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 64)
                HugePages.advise(plane, count: count)
                storage.append(plane)
                planes.append(plane.bindMemory(to: UInt8.self, capacity: max(count, 1)))
            }
        }
        // Beside an upsampled component's transformed blocks, its rows must at least be
        // initialized.
        for (index, layout) in layouts.enumerated() where area != whole && !layout.inPlace {
            let size = layout.size, stride = strides[index]
            let left = columns[index].lowerBound * size, right = min(stride, columns[index].upperBound * size)
            for row in 0..<(rows[index].count * size) {
                let line = planes[index] + row * stride
                line.initialize(repeating: 0, count: left)
                (line + right).initialize(repeating: 0, count: stride - right)
            }
        }
    }

    deinit {
        for block in storage { block.deallocate() }
        workspace.deallocate()
    }

    /// Transforms block row `row` of component `index`, whose blocks start at `blocks` (64
    /// coefficients each, natural order), where the region needs it.
    /// A thread other than the decoding one passes a `workspace` (64 values) of its own.
    func transform(
        _ index: Int, row: Int, blocks: UnsafePointer<Int16>, quantization: UnsafePointer<Int32>,
        workspace: UnsafeMutablePointer<Int32>? = nil
    ) {
        guard blockRows[index].contains(row) else { return }
        let size = layouts[index].size, stride = strides[index], columns = blockColumns[index]
        let line = sample(index, x: columns.lowerBound * size, y: row * size)
        let workspace = workspace ?? self.workspace
        for column in columns {
            JPEGIDCT.transform(
                blocks + column * 64, size: size, quantization: quantization, workspace: workspace,
                into: line + (column - columns.lowerBound) * size, stride: stride)
        }
    }

    /// Transforms every needed block of `components`' coefficients (the frame's, decoded),
    /// smoothed where `smoothing` says (a progressive image with low coefficients still
    /// unknown), each component's rows shared out among `threads` threads.
    func transformAll(_ components: [JPEGDecoder.Component], quantization: [[Int32]], smoothing: JPEGSmoothing? = nil, threads: Int = 1) {
        let shared = Shared((self, components, quantization, smoothing))
        let runs = max(1, threads)
        performEach(runs, concurrently: true) { run in
            let (planes, components, quantization, smoothing) = shared.value
            let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
            defer { block.deallocate() }
            let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
            defer { workspace.deallocate() }
            for (index, c) in components.enumerated() {
                quantization[c.table].withUnsafeBufferPointer { q in
                    for row in planes.blockRows[index].band(run, of: runs) {
                        planes.transform(
                            index, row: row, of: c, quantization: q.baseAddress!, smoothing: smoothing, block: block, workspace: workspace)
                    }
                }
            }
        }
    }

    /// Transforms block row `row` of component `index`, `component` of the frame, from its
    /// decoded coefficients (smoothed where `smoothing` says), where the region needs it.
    /// `block` and `workspace` (64 values each) are the calling thread's own.
    func transform(
        _ index: Int, row: Int, of component: JPEGDecoder.Component, quantization: UnsafePointer<Int32>, smoothing: JPEGSmoothing?,
        block: UnsafeMutablePointer<Int16>, workspace: UnsafeMutablePointer<Int32>
    ) {
        guard blockRows[index].contains(row) else { return }
        let store = component.coefficients
        let size = layouts[index].size, stride = strides[index], columns = blockColumns[index]
        let line = sample(index, x: columns.lowerBound * size, y: row * size)
        for column in columns {
            var source = UnsafePointer(block)
            if let smoothing {
                smoothing.smoothed(component, index: index, row: row, column: column, frame: frame, into: block)
            } else if let whole = store.whole(row: row, column: column) {
                source = UnsafePointer(whole)
            } else {
                store.load(row: row, column: column, into: block)
            }
            JPEGIDCT.transform(
                source, size: size, quantization: quantization, workspace: workspace, into: line + (column - columns.lowerBound) * size,
                stride: stride)
        }
    }

    /// The colour space the pixels come out in, and their bytes per pixel.
    func output(_ header: JPEGDecoder.Header) -> (space: JPEGPixels.ColourSpace, channels: Int) {
        let space = JPEGPixels.colourSpace(frame, header)
        return (space, space == .gray ? 1 : 4)
    }

    /// Upsamples and converts the region's rows to pixels, the rows shared out among
    /// `threads` threads.
    func pixels(_ header: JPEGDecoder.Header, threads: Int = 1) -> PixelBuffer {
        let count = area.width * area.height * output(header).channels
        let bytes = HugePages.bytes(count: count) { destination in
            let shared = Shared((self, header, destination))
            let runs = max(1, threads)
            performEach(runs, concurrently: true) { run in
                let (planes, header, destination) = shared.value
                let area = planes.area
                JPEGRowWriter(planes, header: header).write((area.y..<area.maxY).band(run, of: runs), into: destination)
            }
        }
        return image(bytes, header)
    }

    /// The region's pixels, `bytes` as ``JPEGRowWriter`` writes them.
    func image(_ bytes: [UInt8], _ header: JPEGDecoder.Header) -> PixelBuffer {
        let channels = output(header).channels
        return PixelBuffer(
            checkedWidth: area.width, height: area.height, format: channels == 1 ? .gray8 : .rgba8, bytes: bytes,
            rowStride: area.width * channels, orientation: header.orientation)
    }

    /// Whether image row `y` (of the whole, at the decode's scale) can be upsampled once the
    /// first `transformed[i]` block rows of each component `i` are transformed: the rows of
    /// samples it reads (its own, and the neighbour a vertical triangle filter weighs in) are.
    func rowIsReady(_ y: Int, transformed: (Int) -> Int) -> Bool {
        for (index, layout) in layouts.enumerated() {
            let needed = layout.vy == 1 ? y : min(y / layout.vy + 1, layout.height - 1)
            if needed >= transformed(index) * layout.size { return false }
        }
        return true
    }
}

/// Writes a region's rows of pixels from its planes: upsampled (one row of each subsampled
/// component at a time; full-size rows are read in place) and converted. One writer serves
/// one thread.
final class JPEGRowWriter {
    let planes: JPEGPlanes
    let space: JPEGPixels.ColourSpace
    let channels: Int
    /// The bytes of the region's pixels.
    let count: Int
    private let buffers: [UnsafeMutablePointer<UInt8>]
    private let rows: UnsafeMutablePointer<UnsafePointer<UInt8>>

    init(_ planes: JPEGPlanes, header: JPEGDecoder.Header) {
        self.planes = planes
        (space, channels) = planes.output(header)
        count = planes.area.width * planes.area.height * channels
        buffers = planes.layouts.map { UnsafeMutablePointer<UInt8>.allocate(capacity: $0.width * $0.hx + 8) }
        rows = .allocate(capacity: planes.layouts.count)
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
        rows.deallocate()
    }

    /// Writes image rows `lines` (inside the region) into `destination`, the region's first
    /// pixel.
    func write(_ lines: Range<Int>, into destination: UnsafeMutablePointer<UInt8>) {
        let area = planes.area, width = area.width, channels = channels, rows = rows
        let tables = ColourTables.shared
        for y in lines {
            for (index, layout) in planes.layouts.enumerated() {
                if layout.inPlace {
                    rows[index] = UnsafePointer(planes.sample(index, x: area.x, y: y))
                } else {
                    JPEGPixels.upsampleRow(y, layout, row: { UnsafePointer(planes.sample(index, x: 0, y: $0)) }, into: buffers[index])
                    rows[index] = UnsafePointer(buffers[index] + area.x)
                }
            }
            let line = destination + (y - area.y) * width * channels
            switch space {
            case .gray:
                line.update(from: rows[0], count: width)
            case .rgb:
                for x in 0..<width {
                    line[4 * x] = rows[0][x]; line[4 * x + 1] = rows[1][x]; line[4 * x + 2] = rows[2][x]; line[4 * x + 3] = 255
                }
            case .yCbCr:
                tables.convert(y: rows[0], cb: rows[1], cr: rows[2], count: width, into: line)
            case let .cmyk(inverted):
                for x in 0..<width {
                    // Ink amounts; Adobe stores them inverted.
                    let k = Int(rows[3][x])
                    for channel in 0..<3 {
                        let v = Int(rows[channel][x])
                        line[4 * x + channel] = inverted ? JPEGPixels.mulDiv255(v, k) : JPEGPixels.mulDiv255(255 - v, 255 - k)
                    }
                    line[4 * x + 3] = 255
                }
            case .yCCK:
                // YCC to RGB gives the inverted inks; with K they make the colour.
                tables.convert(y: rows[0], cb: rows[1], cr: rows[2], count: width, into: line)
                for x in 0..<width {
                    let k = Int(rows[3][x])
                    for channel in 0..<3 { line[4 * x + channel] = JPEGPixels.mulDiv255(255 - Int(line[4 * x + channel]), k) }
                }
            }
        }
    }
}

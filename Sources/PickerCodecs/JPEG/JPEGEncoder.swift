import Foundation
import PickerImaging

extension JPEG {
    /// How ``encode(_:options:)`` writes a file.
    public struct EncodingOptions: Sendable, Equatable {
        /// 1…100, as libjpeg's `quality`: the standard (ITU T.81 Annex K) quantization tables
        /// scaled by 5000 / quality below 50 and by 200 − 2 × quality from 50 on, each entry
        /// kept within 1…255. 90 by default.
        public var quality: Int
        /// How much colour resolution is kept.
        public var chroma: ChromaSampling
        /// Whether to compute Huffman tables fitted to the image (a second pass over its
        /// coefficients, files a few percent smaller) instead of the standard ones.
        public var optimizedHuffman: Bool
        /// What happens to an image's EXIF orientation.
        public var orientation: OrientationHandling
        /// The colour under transparent pixels: JPEG has no alpha, so each pixel is composited
        /// over it (an avatar's circle mask shows it in its corners). Its own alpha is ignored.
        public var background: RGBA

        /// Creates options; the defaults suit photos and avatars.
        public init(
            quality: Int = 90, chroma: ChromaSampling = .quarter, optimizedHuffman: Bool = false,
            orientation: OrientationHandling = .normalize, background: RGBA = RGBA(255, 255, 255)
        ) {
            self.quality = quality
            self.chroma = chroma
            self.optimizedHuffman = optimizedHuffman
            self.orientation = orientation
            self.background = background
        }
    }

    /// The resolution of the colour (Cb, Cr) planes.
    public enum ChromaSampling: String, Sendable, CaseIterable {
        /// 4:4:4: colour at full resolution.
        case full
        /// 4:2:0: colour at half width and half height, as cameras write it.
        case quarter
    }

    /// What the encoder does with a stored orientation other than `ImageOrientation.up`.
    public enum OrientationHandling: String, Sendable, CaseIterable {
        /// The pixels are turned upright; no orientation is written. Every viewer shows it right.
        case normalize
        /// The pixels are written as stored, with an EXIF orientation tag (APP1), as cameras do.
        case exif
    }

    /// Writes `image` as a baseline JPEG file (JFIF, Huffman coded, 8-bit), YCbCr for colour
    /// images and one gray component for `PixelFormat.gray8`.
    ///
    /// ```swift
    /// let file = try JPEG.encode(avatar, options: .init(quality: 85, background: RGBA(255, 255, 255)))
    /// ```
    ///
    /// Transparent pixels are composited over ``EncodingOptions/background``. The forward DCT
    /// is libjpeg's accurate integer one, and colour conversion and 4:2:0 downsampling round
    /// as libjpeg does, so files are close to what `cjpeg` writes at the same quality.
    ///
    /// - Throws: `ImagingError.invalidQuality(_:)` for a quality outside 1…100;
    ///   `ImagingError.cannotRepresent(format:reason:)` for a side over 65535 pixels.
    /// - Complexity: O(pixels); with ``EncodingOptions/optimizedHuffman`` the coefficients are
    ///   held once, about 3 bytes per pixel for 4:2:0.
    public static func encode(_ image: PixelBuffer, options: EncodingOptions = EncodingOptions()) throws(ImagingError) -> Data {
        guard (1...100).contains(options.quality) else { throw .invalidQuality(options.quality) }
        guard image.width <= 65535, image.height <= 65535 else {
            throw .cannotRepresent(format: "JPEG", reason: "a side of \(max(image.width, image.height)) pixels (at most 65535)")
        }
        let (tagged, profile) = ColorProfileFiles.prepared(image, chunks: false)
        var source = options.orientation == .normalize ? tagged.normalized() : tagged
        if source.format == .rgba8Premultiplied { source = source.asStraightRGBA() }
        return JPEGEncoder(image: source, options: options, profile: profile).encode()
    }
}

/// A baseline JPEG writer: colour conversion, downsampling, forward DCT and quantization into
/// blocks, then Huffman coding.
struct JPEGEncoder {
    let image: PixelBuffer
    let options: JPEG.EncodingOptions
    /// The profile written in APP2 segments.
    var profile: ColorProfile?

    static let luminance = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]
    static let chrominance: [Int] = (0..<64).map { i in
        let (row, column) = (i / 8, i % 8)
        let corner = [[17, 18, 24, 47], [18, 21, 26, 66], [24, 26, 56, 99], [47, 66, 99, 99]]
        return row < 4 && column < 4 ? corner[row][column] : 99
    }

    /// The standard tables of T.81 Annex K.3: counts per code length, then symbols.
    static let dcLuminance = (counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: [UInt8](0...11))
    static let dcChrominance = (counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: [UInt8](0...11))
    static let acLuminance = (
        counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D],
        symbols: acSymbols(leading: [
            0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14,
            0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82,
        ]))
    static let acChrominance = (
        counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
        symbols: acSymbols(leading: [
            0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32,
            0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0, 0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16,
            0x24, 0x34, 0xE1, 0x25, 0xF1,
        ]))

    /// An Annex K AC symbol list: its irregular start, then every other run/size symbol in
    /// increasing order (how the standard tables happen to be laid out).
    static func acSymbols(leading: [UInt8]) -> [UInt8] {
        var all: [UInt8] = [0x00, 0xF0]
        for run in 0..<16 { for size in 1...10 { all.append(UInt8(run << 4 | size)) } }
        return leading + all.filter { !leading.contains($0) }.sorted()
    }

    /// A quantization table for `quality`, in natural order.
    static func table(_ base: [Int], quality: Int) -> [Int] {
        let scale = quality < 50 ? 5000 / quality : 200 - quality * 2
        return base.map { min(255, max(1, ($0 * scale + 50) / 100)) }
    }

    /// Codes and lengths for each symbol of a table given as counts per length and symbols.
    struct Codes {
        var code = [UInt32](repeating: 0, count: 256)
        var length = [UInt8](repeating: 0, count: 256)
        let counts: [Int], symbols: [UInt8]

        init(counts: [Int], symbols: [UInt8]) {
            self.counts = counts
            self.symbols = symbols
            var next: UInt32 = 0, index = 0
            for bits in 1...16 {
                for _ in 0..<counts[bits - 1] {
                    code[Int(symbols[index])] = next
                    length[Int(symbols[index])] = UInt8(bits)
                    next += 1
                    index += 1
                }
                next <<= 1
            }
        }

        /// The optimal table for symbol `frequencies` (T.81 Annex K.2), at most 16 bits long,
        /// with no code of all ones.
        init(frequencies: [Int]) {
            var freq = frequencies + [1]  // a reserved symbol keeps the all-ones code unused
            var size = [Int](repeating: 0, count: 257)
            var others = [Int](repeating: -1, count: 257)
            while true {
                // The two least frequent (ties go to the larger symbol).
                var v1 = -1, v2 = -1
                for i in 0...256 where freq[i] > 0 {
                    if v1 < 0 || freq[i] <= freq[v1] { v1 = i }
                }
                for i in 0...256 where freq[i] > 0 && i != v1 {
                    if v2 < 0 || freq[i] <= freq[v2] { v2 = i }
                }
                guard v2 >= 0 else { break }
                freq[v1] += freq[v2]
                freq[v2] = 0
                size[v1] += 1
                var v = v1
                while others[v] >= 0 { v = others[v]; size[v] += 1 }
                others[v] = v2
                size[v2] += 1
                v = v2
                while others[v] >= 0 { v = others[v]; size[v] += 1 }
            }
            var bits = [Int](repeating: 0, count: 258)
            for i in 0...256 where size[i] > 0 { bits[size[i]] += 1 }
            // Limit lengths to 16 (Annex K.3's adjustment).
            var i = 257
            while i > 16 {
                while bits[i] > 0 {
                    var j = i - 2
                    while bits[j] == 0 { j -= 1 }
                    bits[i] -= 2
                    bits[i - 1] += 1
                    bits[j + 1] += 2
                    bits[j] -= 1
                }
                i -= 1
            }
            // Drop the reserved symbol's code, the longest.
            var longest = 16
            while bits[longest] == 0 { longest -= 1 }
            bits[longest] -= 1
            var symbols: [UInt8] = []
            for length in 1...257 {
                for s in 0..<256 where size[s] == length { symbols.append(UInt8(s)) }
            }
            self.init(counts: Array(bits[1...16]), symbols: symbols)
        }
    }

    /// One component's blocks of quantized coefficients, in zigzag order, MCU by MCU.
    struct Plane {
        var h: Int, v: Int
        var quantization: [Int]
    }

    func encode() -> Data {
        let gray = image.format == .gray8
        let subsample = !gray && options.chroma == .quarter
        let (hMax, vMax) = subsample ? (2, 2) : (1, 1)
        let luma = Self.table(Self.luminance, quality: options.quality)
        let chroma = Self.table(Self.chrominance, quality: options.quality)
        let planes: [Plane] = gray
            ? [Plane(h: 1, v: 1, quantization: luma)]
            : [Plane(h: hMax, v: vMax, quantization: luma), Plane(h: 1, v: 1, quantization: chroma), Plane(h: 1, v: 1, quantization: chroma)]
        let blocks = quantizedBlocks(planes, hMax: hMax, vMax: vMax)
        let order = planes.indices.flatMap { p in Array(repeating: p, count: planes[p].h * planes[p].v) }
        let (dc, ac) = huffmanTables(for: blocks, order: order, gray: gray)
        var out = header(planes: planes, quantization: gray ? [luma] : [luma, chroma], dc: dc, ac: ac)
        out.reserveCapacity(out.count + blocks.count / 4 + 1024)
        var writer = JPEGBitWriter(out: out)
        walk(blocks, order: order) { table, symbol, isDC in
            let codes = isDC ? dc[table] : ac[table]
            writer.write(codes.code[symbol], count: Int(codes.length[symbol]))
        } extra: { value, count in
            writer.write(value, count: count)
        }
        writer.flush()
        return Data(writer.out + [0xFF, 0xD9])
    }

    /// The Huffman tables, 0 for luma and 1 for chroma: the standard ones (Annex K), or, with
    /// ``JPEG/EncodingOptions/optimizedHuffman``, ones fitted to the symbols the blocks code.
    private func huffmanTables(for blocks: [Int16], order: [Int], gray: Bool) -> (dc: [Codes], ac: [Codes]) {
        var dc = [Codes(counts: Self.dcLuminance.counts, symbols: Self.dcLuminance.symbols)]
        var ac = [Codes(counts: Self.acLuminance.counts, symbols: Self.acLuminance.symbols)]
        if !gray {
            dc.append(Codes(counts: Self.dcChrominance.counts, symbols: Self.dcChrominance.symbols))
            ac.append(Codes(counts: Self.acChrominance.counts, symbols: Self.acChrominance.symbols))
        }
        guard options.optimizedHuffman else { return (dc, ac) }
        var dcFrequencies = [[Int]](repeating: [Int](repeating: 0, count: 256), count: dc.count)
        var acFrequencies = dcFrequencies
        walk(blocks, order: order) { table, symbol, isDC in
            if isDC { dcFrequencies[table][symbol] += 1 } else { acFrequencies[table][symbol] += 1 }
        }
        return (dcFrequencies.map { Codes(frequencies: $0) }, acFrequencies.map { Codes(frequencies: $0) })
    }

    /// Everything before the entropy-coded data: SOI, JFIF, the orientation (EXIF) and colour
    /// profile (ICC) when they are written, the quantization and Huffman tables, the frame and
    /// the scan header.
    private func header(planes: [Plane], quantization: [[Int]], dc: [Codes], ac: [Codes]) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        func marker(_ code: UInt8, _ body: [UInt8]) {
            out += [0xFF, code, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        marker(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        if options.orientation == .exif && image.orientation != .up {
            let value = UInt8(image.orientation.rawValue)
            // A big-endian TIFF header and one IFD with one entry: Orientation (0x0112), SHORT, 1.
            let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0, 0, 0, 0, 0]
            marker(0xE1, Array("Exif\0\0".utf8) + tiff)
        }
        for segment in profile.map(ColorProfileFiles.jpegSegments) ?? [] { marker(0xE2, segment) }
        for (index, table) in quantization.enumerated() {
            marker(0xDB, [UInt8(index)] + JPEGDecoder.zigzag.map { natural in UInt8(table[natural]) })
        }
        let width = image.width, height = image.height
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(planes.count)]
        for (i, plane) in planes.enumerated() { frame += [UInt8(i + 1), UInt8(plane.h << 4 | plane.v), i == 0 ? 0 : 1] }
        marker(0xC0, frame)
        for (index, codes) in dc.enumerated() { marker(0xC4, [UInt8(index)] + codes.counts.map { UInt8($0) } + codes.symbols) }
        for (index, codes) in ac.enumerated() { marker(0xC4, [UInt8(0x10 | index)] + codes.counts.map { UInt8($0) } + codes.symbols) }
        var scan: [UInt8] = [UInt8(planes.count)]
        for i in planes.indices { scan += [UInt8(i + 1), i == 0 ? 0x00 : 0x11] }
        marker(0xDA, scan + [0, 63, 0])
        return out
    }

    /// Visits every Huffman symbol of the blocks in coding order (`symbol` with its table,
    /// luma 0 or chroma 1) and the extra bits after it.
    func walk(
        _ blocks: [Int16], order: [Int], symbol: (Int, Int, Bool) -> Void, extra: (UInt32, Int) -> Void = { _, _ in }
    ) {
        var predictions = [Int](repeating: 0, count: 3)
        blocks.withUnsafeBufferPointer { all in
            var b = 0
            while b < all.count {
                for component in order {
                    let block = all.baseAddress! + b
                    let table = component == 0 ? 0 : 1
                    let dc = Int(block[0])
                    let diff = dc - predictions[component]
                    predictions[component] = dc
                    let size = Self.magnitude(diff)
                    symbol(table, size, true)
                    if size > 0 { extra(Self.bits(diff, size), size) }
                    var run = 0
                    for k in 1..<64 {
                        let value = Int(block[k])
                        if value == 0 { run += 1; continue }
                        while run > 15 { symbol(table, 0xF0, false); run -= 16 }
                        let size = Self.magnitude(value)
                        symbol(table, run << 4 | size, false)
                        extra(Self.bits(value, size), size)
                        run = 0
                    }
                    if run > 0 { symbol(table, 0x00, false) }
                    b += 64
                }
            }
        }
    }

    /// The number of bits of `value`'s magnitude (its category).
    @inline(__always)
    static func magnitude(_ value: Int) -> Int { value == 0 ? 0 : Int.bitWidth - value.magnitude.leadingZeroBitCount }

    /// The extra bits of `value` in `size` bits: itself when positive, one less when negative
    /// (T.81 F.1.2.1).
    @inline(__always)
    static func bits(_ value: Int, _ size: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: value < 0 ? value - 1 : value) & ((1 << UInt32(size)) - 1)
    }

    /// The quantized blocks of every MCU, in coding order: colour converted (and composited
    /// over the background), edges repeated to whole MCUs, chroma averaged 2×2 for 4:2:0,
    /// then the forward DCT.
    func quantizedBlocks(_ planes: [Plane], hMax: Int, vMax: Int) -> [Int16] {
        let width = image.width, height = image.height
        let mcuWidth = 8 * hMax, mcuHeight = 8 * vMax
        let mcusAcross = (width + mcuWidth - 1) / mcuWidth, mcusDown = (height + mcuHeight - 1) / mcuHeight
        let blocksPerMCU = planes.reduce(0) { $0 + $1.h * $1.v }
        var blocks = [Int16](repeating: 0, count: mcusAcross * mcusDown * blocksPerMCU * 64)
        let paddedWidth = mcusAcross * mcuWidth
        // One strip of MCUs at a time: full-resolution component rows, edges repeated.
        var strip = [[UInt8]](repeating: [UInt8](repeating: 0, count: paddedWidth * mcuHeight), count: planes.count)
        let divisors = planes.map { plane in plane.quantization.map { $0 * 8 } }
        let background = (Int(options.background.r), Int(options.background.g), Int(options.background.b))
        var samples = [Int32](repeating: 0, count: 64)
        var coefficients = [Int32](repeating: 0, count: 64)
        image.bytes.withUnsafeBufferPointer { source in
            for my in 0..<mcusDown {
                for row in 0..<mcuHeight {
                    let y = min(height - 1, my * mcuHeight + row)
                    let line = source.baseAddress! + y * image.rowStride
                    if planes.count == 1 {
                        for x in 0..<paddedWidth { strip[0][row * paddedWidth + x] = line[min(x, width - 1)] }
                        continue
                    }
                    for x in 0..<paddedWidth {
                        let p = line + 4 * min(x, width - 1)
                        var (r, g, b) = (Int(p[0]), Int(p[1]), Int(p[2]))
                        let a = Int(p[3])
                        if a < 255 {
                            r = (r * a + background.0 * (255 - a) + 127) / 255
                            g = (g * a + background.1 * (255 - a) + 127) / 255
                            b = (b * a + background.2 * (255 - a) + 127) / 255
                        }
                        let (yy, cb, cr) = Self.yCbCr(r, g, b)
                        strip[0][row * paddedWidth + x] = yy
                        strip[1][row * paddedWidth + x] = cb
                        strip[2][row * paddedWidth + x] = cr
                    }
                }
                for mx in 0..<mcusAcross {
                    var at = ((my * mcusAcross + mx) * blocksPerMCU) * 64
                    for (index, plane) in planes.enumerated() {
                        let step = (hMax / plane.h, vMax / plane.v)
                        for by in 0..<plane.v {
                            for bx in 0..<plane.h {
                                // Gather the block's samples, averaging step.0 × step.1 pixels for chroma
                                // (libjpeg's rounding: a bias alternating 1, 2 across a row).
                                for i in 0..<8 {
                                    for j in 0..<8 {
                                        let x0 = mx * mcuWidth + (bx * 8 + j) * step.0, y0 = (by * 8 + i) * step.1
                                        var sum = 0
                                        for dy in 0..<step.1 {
                                            for dx in 0..<step.0 { sum += Int(strip[index][(y0 + dy) * paddedWidth + x0 + dx]) }
                                        }
                                        let count = step.0 * step.1
                                        let value = count == 1 ? sum : (sum + (j % 2 == 0 ? 1 : 2)) >> 2
                                        samples[i * 8 + j] = Int32(value - 128)
                                    }
                                }
                                Self.forwardDCT(samples, into: &coefficients)
                                let divisor = divisors[index]
                                for k in 0..<64 {
                                    let natural = JPEGDecoder.zigzag[k]
                                    let value = Int(coefficients[natural]), q = divisor[natural]
                                    let rounded = value < 0 ? -((-value + q / 2) / q) : (value + q / 2) / q
                                    blocks[at + k] = Int16(rounded)
                                }
                                at += 64
                            }
                        }
                    }
                }
            }
        }
        return blocks
    }

    /// libjpeg's fixed-point RGB → YCbCr (16 fractional bits, rounded).
    @inline(__always)
    static func yCbCr(_ r: Int, _ g: Int, _ b: Int) -> (UInt8, UInt8, UInt8) {
        let half = 1 << 15, offset = 128 << 16
        let y = (19595 * r + 38470 * g + 7471 * b + half) >> 16
        let cb = (-11059 * r - 21709 * g + 32768 * b + offset + half - 1) >> 16
        let cr = (32768 * r - 27439 * g - 5329 * b + offset + half - 1) >> 16
        return (UInt8(y), UInt8(cb), UInt8(cr))
    }

    /// libjpeg's accurate integer forward DCT ("islow"): the output is 8 times the true DCT.
    static func forwardDCT(_ input: [Int32], into out: inout [Int32]) {
        typealias I = JPEGIDCT
        var ws = [Int](repeating: 0, count: 64)
        @inline(__always) func descale(_ x: Int, _ n: Int) -> Int { (x + (1 << (n - 1))) >> n }
        // Rows, then columns; the odd part is the inverse's, the even part the forward's own.
        for pass in 0..<2 {
            for line in 0..<8 {
                let (at, step) = pass == 0 ? (line * 8, 1) : (line, 8)
                func d(_ i: Int) -> Int { pass == 0 ? Int(input[at + i * step]) : ws[at + i * step] }
                let tmp0 = d(0) + d(7), tmp7 = d(0) - d(7), tmp1 = d(1) + d(6), tmp6 = d(1) - d(6)
                let tmp2 = d(2) + d(5), tmp5 = d(2) - d(5), tmp3 = d(3) + d(4), tmp4 = d(3) - d(4)
                let tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2
                let z1 = (tmp12 + tmp13) * I.fix0_541196100
                let even2 = z1 + tmp13 * I.fix0_765366865, even6 = z1 - tmp12 * I.fix1_847759065
                let (o7, o5, o3, o1) = I.odd(tmp4, tmp5, tmp6, tmp7)
                var values: [Int]
                if pass == 0 {
                    let n = I.constBits - I.pass1Bits
                    values = [(tmp10 + tmp11) << I.pass1Bits, descale(o1, n), descale(even2, n), descale(o3, n),
                              (tmp10 - tmp11) << I.pass1Bits, descale(o5, n), descale(even6, n), descale(o7, n)]
                    for k in 0..<8 { ws[at + k] = values[k] }
                } else {
                    let n = I.constBits + I.pass1Bits
                    values = [descale(tmp10 + tmp11, I.pass1Bits), descale(o1, n), descale(even2, n), descale(o3, n),
                              descale(tmp10 - tmp11, I.pass1Bits), descale(o5, n), descale(even6, n), descale(o7, n)]
                    for k in 0..<8 { out[at + k * 8] = Int32(values[k]) }
                }
            }
        }
    }
}

/// Entropy-coded bits, most significant first, with `FF` bytes stuffed with `00`.
struct JPEGBitWriter {
    var out: [UInt8]
    var buffer: UInt64 = 0
    var count = 0

    @inline(__always)
    mutating func write(_ value: UInt32, count n: Int) {
        buffer = buffer << UInt64(n) | UInt64(value)
        count += n
        while count >= 8 {
            count -= 8
            let byte = UInt8(truncatingIfNeeded: buffer >> UInt64(count))
            out.append(byte)
            if byte == 0xFF { out.append(0) }
        }
    }

    /// Pads the last byte with one bits.
    mutating func flush() {
        if count > 0 { write((1 << UInt32(8 - count)) - 1, count: 8 - count) }
    }
}

import PickerImaging

/// A zlib (RFC 1950) and DEFLATE (RFC 1951) decompressor.
///
/// Bad streams throw `ImagingError.corruptFile(format:reason:)` or
/// `ImagingError.truncatedFile(format:)`; output is capped at `limit` bytes (a
/// decompression-bomb guard), and every step consumes input, so no stream loops for ever.
/// ``zlib(_:limit:format:)`` writes straight into the final buffer;
/// ``zlib(_:limit:format:chunk:sink:)`` keeps only a window and hands the output on as it comes.
struct Inflate {
    private let input: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var bits: UInt64 = 0
    /// Bits buffered; bytes past the end of the input load as zero padding, and consuming any
    /// of those bits is truncation.
    private var bitCount = 0
    private let out: UnsafeMutablePointer<UInt8>
    private let limit: Int
    /// Bytes in `out`.
    private var count = 0
    private let format: ImageFileFormat
    /// Streaming: the size of `out`, the bytes dropped from its front so far, the bytes of it
    /// already handed on, and where they go; `nil` when `out` holds the whole output.
    private let capacity: Int
    private var dropped = 0
    private var handedOn = 0
    private let sink: ((UnsafeBufferPointer<UInt8>) throws(ImagingError) -> Void)?

    /// The most bytes one step writes: a match of 258.
    private static let longestStep = 258
    /// How far back a match may reach.
    private static let window = 32_768

    private init(
        input: UnsafeBufferPointer<UInt8>, position: Int, out: UnsafeMutablePointer<UInt8>, limit: Int, format: ImageFileFormat,
        capacity: Int, sink: ((UnsafeBufferPointer<UInt8>) throws(ImagingError) -> Void)? = nil
    ) {
        self.input = input
        self.position = position
        self.out = out
        self.limit = limit
        self.format = format
        self.capacity = capacity
        self.sink = sink
    }

    /// All the output so far: what was handed on and dropped, and what is in `out`.
    private var produced: Int { dropped + count }

    /// Streaming, makes room for `n` more bytes: hands on what is new, then keeps only the
    /// last window's worth at the front of `out`.
    @inline(__always)
    private mutating func makeRoom(_ n: Int) throws(ImagingError) {
        guard let sink, count + n > capacity else { return }
        try sink(UnsafeBufferPointer(start: out + handedOn, count: count - handedOn))
        let keep = min(count, Self.window)
        // The two regions overlap when `out` holds less than two windows: copyMemory moves as
        // memmove does.
        UnsafeMutableRawPointer(out).copyMemory(from: out + (count - keep), byteCount: keep)
        dropped += count - keep
        count = keep
        handedOn = keep
    }

    /// Decompresses a zlib stream, checking its header and Adler-32, handing the output to
    /// `sink` in pieces of at most about `chunk` bytes, in order, as it is produced: memory for
    /// the window and one piece, not the whole output.
    ///
    /// - Parameter limit: the most output bytes accepted.
    static func zlib(
        _ data: [UInt8], limit: Int, format: ImageFileFormat = .png, chunk: Int,
        sink: (UnsafeBufferPointer<UInt8>) throws(ImagingError) -> Void
    ) throws(ImagingError) {
        try checkHeader(data, format: format)
        let capacity = window + max(chunk, longestStep) + longestStep
        var adler: UInt32 = 1
        var trailer = 0
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        try withoutActuallyEscaping(sink) { (sink) throws(ImagingError) in
            let checked: (UnsafeBufferPointer<UInt8>) throws(ImagingError) -> Void = { (piece) throws(ImagingError) in
                adler = Checksum.adler32(piece, continuing: adler)
                try sink(piece)
            }
            try data.withUnsafeElements { (input) throws(ImagingError) in
                var inflater = Inflate(
                    input: input, position: 2, out: buffer, limit: limit, format: format, capacity: capacity, sink: checked)
                try inflater.inflate()
                try checked(UnsafeBufferPointer(start: buffer + inflater.handedOn, count: inflater.count - inflater.handedOn))
                trailer = inflater.position - inflater.bitCount / 8
            }
        }
        try checkTrailer(data, at: trailer, adler: adler, format: format)
    }

    private static func checkHeader(_ data: [UInt8], format: ImageFileFormat) throws(ImagingError) {
        guard data.count >= 6 else { throw .truncatedFile(format: format) }
        let cmf = Int(data[0]), flg = Int(data[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7 else { throw .corruptFile(format: format, reason: "zlib method is not deflate") }
        guard (cmf << 8 | flg) % 31 == 0 else { throw .corruptFile(format: format, reason: "zlib header check fails") }
        guard flg & 0x20 == 0 else { throw .unsupportedFeature(format: format.rawValue, feature: "zlib preset dictionary") }
    }

    private static func checkTrailer(_ data: [UInt8], at trailer: Int, adler actual: UInt32, format: ImageFileFormat) throws(ImagingError) {
        guard trailer + 4 <= data.count else { throw .truncatedFile(format: format) }
        let stored = UInt32(data[trailer]) << 24 | UInt32(data[trailer + 1]) << 16 | UInt32(data[trailer + 2]) << 8 | UInt32(data[trailer + 3])
        guard stored == actual else { throw .corruptFile(format: format, reason: "zlib Adler-32 mismatch") }
    }

    /// Decompresses a zlib stream, checking its header and Adler-32.
    ///
    /// - Parameter limit: the most output bytes accepted.
    static func zlib(_ data: [UInt8], limit: Int, format: ImageFileFormat = .png) throws(ImagingError) -> [UInt8] {
        try checkHeader(data, format: format)
        var trailer = 0
        let output: [UInt8]
        do {
            output = try [UInt8](unsafeUninitializedCapacity: max(1, limit)) { buffer, initialized in
                try data.withUnsafeBufferPointer { input in
                    var inflater = Inflate(
                        input: input, position: 2, out: buffer.baseAddress!, limit: limit, format: format, capacity: max(1, limit))
                    try inflater.inflate()
                    initialized = inflater.count
                    trailer = inflater.position - inflater.bitCount / 8
                }
            }
        } catch let error as ImagingError {
            throw error
        } catch {
            throw .corruptFile(format: format, reason: String(describing: error))
        }
        try checkTrailer(data, at: trailer, adler: output.withUnsafeBufferPointer { Checksum.adler32($0) }, format: format)
        return output
    }

    @inline(__always)
    private mutating func refill() {
        while bitCount <= 56 {
            if position < input.count { bits |= UInt64(input[position]) << UInt64(bitCount) }
            position += 1
            bitCount += 8
        }
    }

    /// Throws when bits from past the end of the input have been consumed.
    @inline(__always)
    private func checkOverrun() throws(ImagingError) {
        if position > input.count, (position - input.count) * 8 > bitCount { throw .truncatedFile(format: format) }
    }

    private mutating func take(_ n: Int) throws(ImagingError) -> Int {
        if bitCount < n { refill() }
        let value = Int(bits & ((1 << UInt64(n)) - 1))
        bits >>= UInt64(n)
        bitCount -= n
        try checkOverrun()
        return value
    }

    @inline(__always)
    private mutating func decode(_ table: HuffmanTable) throws(ImagingError) -> Int {
        if bitCount < 15 { refill() }
        let entry = table.entries[Int(bits & UInt64(table.mask))]
        let length = Int(entry >> 9)
        guard length > 0 else { throw .corruptFile(format: format, reason: "invalid Huffman code") }
        bits >>= UInt64(length)
        bitCount -= length
        try checkOverrun()
        return Int(entry & 0x1FF)
    }

    private mutating func inflate() throws(ImagingError) {
        var last = false
        while !last {
            last = try take(1) == 1
            switch try take(2) {
            case 0: try stored()
            case 1: try compressed(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try compressed(literals: literals, distances: distances)
            default: throw .corruptFile(format: format, reason: "deflate block type 3")
            }
        }
    }

    private var tooMuch: ImagingError { .corruptFile(format: format, reason: "more data than the image needs") }

    private mutating func stored() throws(ImagingError) {
        // Drop to a byte boundary, then read LEN and NLEN.
        _ = try take(bitCount % 8)
        let len = try take(16), nlen = try take(16)
        guard len == ~nlen & 0xFFFF else { throw .corruptFile(format: format, reason: "stored block length check fails") }
        guard produced + len <= limit else { throw tooMuch }
        for _ in 0..<len {
            try makeRoom(1)
            out[count] = UInt8(try take(8))
            count += 1
        }
    }

    private mutating func compressed(literals: HuffmanTable, distances: HuffmanTable) throws(ImagingError) {
        while true {
            try makeRoom(Self.longestStep)
            let symbol = try decode(literals)
            if symbol < 256 {
                guard produced < limit else { throw tooMuch }
                out[count] = UInt8(truncatingIfNeeded: symbol)
                count += 1
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < 29 else { throw .corruptFile(format: format, reason: "length code \(symbol)") }
            let length = Self.lengthBase[index] + (try take(Self.lengthExtra[index]))
            let code = try decode(distances)
            guard code < 30 else { throw .corruptFile(format: format, reason: "distance code \(code)") }
            let distance = Self.distanceBase[code] + (try take(Self.distanceExtra[code]))
            // Streaming keeps a whole window, so a distance that reaches no further back than the
            // output's start is in `out`.
            guard distance <= produced else { throw .corruptFile(format: format, reason: "distance \(distance) before the start") }
            guard produced + length <= limit else { throw tooMuch }
            // Byte by byte, so a copy that overlaps what it writes repeats it, as DEFLATE means.
            let from = out + (count - distance), to = out + count
            for i in 0..<length { to[i] = from[i] }
            count += length
        }
    }

    private mutating func dynamicTables() throws(ImagingError) -> (HuffmanTable, HuffmanTable) {
        let hlit = try take(5) + 257, hdist = try take(5) + 1, hclen = try take(4) + 4
        guard hlit <= 286, hdist <= 30 else { throw .corruptFile(format: format, reason: "too many Huffman codes") }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for i in 0..<hclen { codeLengthLengths[Self.codeLengthOrder[i]] = try take(3) }
        let codeLengths = try HuffmanTable(lengths: codeLengthLengths, format: format)
        var lengths: [Int] = []
        while lengths.count < hlit + hdist {
            let symbol = try decode(codeLengths)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw .corruptFile(format: format, reason: "repeat with no previous length") }
                lengths.append(contentsOf: repeatElement(previous, count: 3 + (try take(2))))
            case 17: lengths.append(contentsOf: repeatElement(0, count: 3 + (try take(3))))
            default: lengths.append(contentsOf: repeatElement(0, count: 11 + (try take(7))))
            }
        }
        guard lengths.count == hlit + hdist else { throw .corruptFile(format: format, reason: "code lengths overrun") }
        guard lengths[256] > 0 else { throw .corruptFile(format: format, reason: "no end-of-block code") }
        return (try HuffmanTable(lengths: Array(lengths[0..<hlit]), format: format),
                try HuffmanTable(lengths: Array(lengths[hlit...]), format: format))
    }

    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    // The fixed codes of RFC 1951 §3.2.6: complete and valid, so building them cannot fail.
    static let fixedLiterals = HuffmanTable(
        complete: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8))
    static let fixedDistances = HuffmanTable(complete: [Int](repeating: 5, count: 30))
}

/// A canonical Huffman code as a lookup table indexed by the next bits of the stream (least
/// significant first): each entry is `length << 9 | symbol`, zero for bit patterns that are
/// not a code.
struct HuffmanTable {
    let entries: [UInt16]
    let mask: Int

    /// The code of a stream's code lengths, checked: over-subscribed lengths cannot be decoded
    /// (incomplete ones are allowed: a single code).
    init(lengths: [Int], format: ImageFileFormat) throws(ImagingError) {
        var counts = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { counts[l] += 1 }
        var left = 1
        for l in 1...15 {
            left = left * 2 - counts[l]
            guard left >= 0 else { throw .corruptFile(format: format, reason: "over-subscribed Huffman code") }
        }
        self.init(complete: lengths)
    }

    /// The code of lengths known to be decodable (the fixed codes of RFC 1951), unchecked.
    init(complete lengths: [Int]) {
        let maxLength = lengths.max() ?? 0
        guard maxLength > 0 else {
            // A tree with no codes: valid only if never used (e.g. no distances).
            entries = [0]
            mask = 0
            return
        }
        let codes = HuffmanLengths.codes(lengths)
        let size = 1 << maxLength
        var table = [UInt16](repeating: 0, count: size)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            var index = codes[symbol]
            while index < size {
                table[index] = UInt16(length << 9 | symbol)
                index += 1 << length
            }
        }
        entries = table
        mask = size - 1
    }
}

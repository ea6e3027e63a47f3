/// A zlib (RFC 1950) and DEFLATE (RFC 1951) decompressor.
///
/// Bad streams throw ``ImagingError/corruptFile(format:reason:)`` or
/// ``ImagingError/truncatedFile(format:)``; output is capped at `limit` bytes (a
/// decompression-bomb guard) and written straight into its final buffer, and every step
/// consumes input, so no stream loops for ever.
struct Inflate {
    private let input: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var bits: UInt64 = 0
    /// Bits buffered; bytes past the end of the input load as zero padding, and consuming any
    /// of those bits is truncation.
    private var bitCount = 0
    private let out: UnsafeMutablePointer<UInt8>
    private let limit: Int
    private var count = 0
    private let format: String

    private init(input: UnsafeBufferPointer<UInt8>, position: Int, out: UnsafeMutablePointer<UInt8>, limit: Int, format: String) {
        self.input = input
        self.position = position
        self.out = out
        self.limit = limit
        self.format = format
    }

    /// Decompresses a zlib stream, checking its header and Adler-32.
    ///
    /// - Parameter limit: the most output bytes accepted.
    static func zlib(_ data: [UInt8], limit: Int, format: String = "zlib") throws(ImagingError) -> [UInt8] {
        guard data.count >= 6 else { throw .truncatedFile(format: format) }
        let cmf = Int(data[0]), flg = Int(data[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7 else { throw .corruptFile(format: format, reason: "zlib method is not deflate") }
        guard (cmf << 8 | flg) % 31 == 0 else { throw .corruptFile(format: format, reason: "zlib header check fails") }
        guard flg & 0x20 == 0 else { throw .unsupportedFeature(format: format, feature: "zlib preset dictionary") }
        var trailer = 0
        let output: [UInt8]
        do {
            output = try [UInt8](unsafeUninitializedCapacity: max(1, limit)) { buffer, initialized in
                try data.withUnsafeBufferPointer { input in
                    var inflater = Inflate(input: input, position: 2, out: buffer.baseAddress!, limit: limit, format: format)
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
        guard trailer + 4 <= data.count else { throw .truncatedFile(format: format) }
        let stored = UInt32(data[trailer]) << 24 | UInt32(data[trailer + 1]) << 16 | UInt32(data[trailer + 2]) << 8 | UInt32(data[trailer + 3])
        let actual = output.withUnsafeBufferPointer { Checksum.adler32($0) }
        guard stored == actual else { throw .corruptFile(format: format, reason: "zlib Adler-32 mismatch") }
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
        guard count + len <= limit else { throw tooMuch }
        for _ in 0..<len {
            out[count] = UInt8(try take(8))
            count += 1
        }
    }

    private mutating func compressed(literals: HuffmanTable, distances: HuffmanTable) throws(ImagingError) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                guard count < limit else { throw tooMuch }
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
            guard distance <= count else { throw .corruptFile(format: format, reason: "distance \(distance) before the start") }
            guard count + length <= limit else { throw tooMuch }
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
    static let fixedLiterals = try! HuffmanTable(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8), format: "deflate")
    static let fixedDistances = try! HuffmanTable(lengths: [Int](repeating: 5, count: 30), format: "deflate")
}

/// A canonical Huffman code as a lookup table indexed by the next bits of the stream (least
/// significant first): each entry is `length << 9 | symbol`, zero for bit patterns that are
/// not a code.
struct HuffmanTable {
    let entries: [UInt16]
    let mask: Int

    init(lengths: [Int], format: String) throws(ImagingError) {
        let maxLength = lengths.max() ?? 0
        guard maxLength > 0 else {
            // A tree with no codes: valid only if never used (e.g. no distances).
            entries = [0]
            mask = 0
            return
        }
        var counts = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { counts[l] += 1 }
        // Over-subscribed codes cannot be decoded; incomplete ones are allowed (single codes).
        var left = 1
        for l in 1...15 {
            left = left * 2 - counts[l]
            guard left >= 0 else { throw .corruptFile(format: format, reason: "over-subscribed Huffman code") }
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

import PickerImaging

/// A JPEG Huffman table (ITU T.81 Annex C): a 9-bit lookup for short codes and the canonical
/// `maxcode` walk for the rest. A class with fixed storage, so the hot loop reads it without
/// reference counting.
final class JPEGHuffmanTable: @unchecked Sendable {
    /// `length << 8 | symbol` for every 9-bit prefix that starts with a code of at most 9 bits;
    /// 0 where the code is longer.
    let fast: UnsafeMutablePointer<UInt16>
    /// For each length 1…17: the largest code of that length (−1 when none); and for 1…16 the
    /// offset from a code to its symbol's index.
    let maxCode: UnsafeMutablePointer<Int>
    let offset: UnsafeMutablePointer<Int>
    let symbols: UnsafeMutablePointer<UInt8>
    let symbolCount: Int
    /// For an AC table: for every 9-bit prefix that holds a whole code for a coefficient
    /// (size 1…15) and its extra bits, `value << 16 | run << 8 | bits used`; 0 otherwise.
    let fastAC: UnsafeMutablePointer<Int32>

    /// The table's storage as plain pointers, for the block loop: passing them around costs no
    /// reference counting. Valid while the table lives.
    struct Lookup {
        let fast: UnsafePointer<UInt16>, maxCode: UnsafePointer<Int>, offset: UnsafePointer<Int>
        let symbols: UnsafePointer<UInt8>, symbolCount: Int, fastAC: UnsafePointer<Int32>
    }

    var lookup: Lookup {
        Lookup(fast: fast, maxCode: maxCode, offset: offset, symbols: symbols, symbolCount: symbolCount, fastAC: fastAC)
    }

    /// A table of `symbols` with no codes yet: the table a scan reads when its frame never
    /// defined the one it names (every read is then a corrupt-file error).
    init(symbols: [UInt8] = []) {
        fast = .allocate(capacity: 512)
        fast.initialize(repeating: 0, count: 512)
        maxCode = .allocate(capacity: 18)
        maxCode.initialize(repeating: -1, count: 18)
        offset = .allocate(capacity: 17)
        offset.initialize(repeating: 0, count: 17)
        self.symbols = .allocate(capacity: max(1, symbols.count))
        self.symbols.initialize(repeating: 0, count: max(1, symbols.count))
        for (i, symbol) in symbols.enumerated() { self.symbols[i] = symbol }
        symbolCount = symbols.count
        fastAC = .allocate(capacity: 512)
        fastAC.initialize(repeating: 0, count: 512)
        maxCode[17] = .max
    }

    /// Builds the table from the 16 counts and the symbols of a DHT segment.
    convenience init(counts: [Int], symbols: [UInt8]) throws(ImagingError) {
        // Every pointer is set before anything can throw, so deinit frees them all.
        self.init(symbols: symbols)
        var code = 0, index = 0
        for length in 1...16 {
            offset[length] = index - code
            let count = counts[length - 1]
            if count > 0 {
                for _ in 0..<count {
                    // More codes than the length has room for: a broken table.
                    guard code < 1 << length, index < symbols.count else {
                        throw .corruptFile(format: .jpeg, reason: "Huffman table over-subscribed")
                    }
                    if length <= 9 {
                        let shift = 9 - length
                        for low in 0..<(1 << shift) {
                            fast[(code << shift) | low] = UInt16(length << 8) | UInt16(symbols[index])
                        }
                    }
                    code += 1
                    index += 1
                }
                maxCode[length] = code - 1
            }
            code <<= 1
        }
        for prefix in 0..<512 {
            let entry = Int(fast[prefix])
            guard entry != 0 else { continue }
            let length = entry >> 8, rs = entry & 0xFF
            let run = rs >> 4, size = rs & 15
            guard size > 0, length + size <= 9 else { continue }
            let extra = (prefix >> (9 - length - size)) & ((1 << size) - 1)
            let value = extra < 1 << (size - 1) ? extra - (1 << size) + 1 : extra
            fastAC[prefix] = Int32(value) << 16 | Int32(run << 8) | Int32(length + size)
        }
    }

    deinit {
        fast.deallocate()
        maxCode.deallocate()
        offset.deallocate()
        symbols.deallocate()
        fastAC.deallocate()
    }
}

/// Reads the entropy-coded data of a scan: bits most significant first, `FF 00` unstuffed, and
/// a marker ends the data (zero bits follow, and reading many of them is a truncation).
struct JPEGBitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    var bits: UInt64 = 0
    var count = 0
    /// The marker that ended the data, once met.
    var marker: UInt8?
    /// Zero bits supplied past the data's end.
    var padding = 0

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    @inline(__always)
    mutating func fill() {
        // Most of the data has no FF byte: then the next whole bytes that fit go in at once.
        if marker == nil, position + 8 <= bytes.count {
            let word = UInt64(bigEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
            let inverted = ~word
            let hasFF = (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080
            if hasFF == 0 {
                let take = (64 - count) / 8
                let kept = count + take * 8
                let mask: UInt64 = kept == 64 ? ~0 : ~((1 &<< UInt64(64 - kept)) &- 1)
                bits |= (word &>> UInt64(count)) & mask
                count = kept
                position += take
                return
            }
        }
        while count <= 56 {
            var byte: UInt8 = 0
            if marker == nil, position < bytes.count {
                byte = bytes[position]
                if byte == 0xFF {
                    let next = position + 1 < bytes.count ? bytes[position + 1] : 0
                    if next == 0 {
                        position += 2
                    } else {
                        // A marker: the data ends here; fill with zeros.
                        marker = next
                        byte = 0
                        padding += 8
                    }
                } else {
                    position += 1
                }
            } else {
                padding += 8
            }
            bits |= UInt64(byte) << UInt64(56 - count)
            count += 8
        }
    }

    @inline(__always)
    mutating func bit() throws(ImagingError) -> Int {
        try bits(1)
    }

    @inline(__always)
    mutating func bits(_ n: Int) throws(ImagingError) -> Int {
        guard n > 0 else { return 0 }
        if count < n { fill() }
        let value = Int(bits >> UInt64(64 - n))
        bits <<= UInt64(n)
        count -= n
        try checkOverrun()
        return value
    }

    /// Makes at least `n` bits (up to 57) available to ``peek(_:)`` and ``skip(_:)``.
    @inline(__always)
    mutating func ensure(_ n: Int) {
        if count < n { fill() }
    }

    /// The next `n` bits (1…57), without consuming them.
    @inline(__always)
    func peek(_ n: Int) -> Int { Int(truncatingIfNeeded: bits &>> UInt64(64 - n)) }

    @inline(__always)
    mutating func skip(_ n: Int) {
        bits &<<= UInt64(n)
        count -= n
    }

    /// Decodes a symbol from bits already made available (at least 16): no fill, no overrun
    /// check (the caller checks once per block).
    @inline(__always)
    mutating func decodeAvailable(_ table: JPEGHuffmanTable.Lookup) throws(ImagingError) -> Int {
        let entry = table.fast[peek(9)]
        if entry != 0 {
            skip(Int(entry >> 8))
            return Int(entry & 0xFF)
        }
        var length = 10
        var code = peek(10)
        while code > table.maxCode[length] {
            length += 1
            guard length <= 16 else { throw .corruptFile(format: .jpeg, reason: "bad Huffman code") }
            code = peek(length)
        }
        skip(length)
        let index = code + table.offset[length]
        guard index >= 0, index < table.symbolCount else { throw .corruptFile(format: .jpeg, reason: "bad Huffman code") }
        return Int(table.symbols[index])
    }

    /// `n` (0…15) extra bits already available, sign-extended.
    @inline(__always)
    mutating func extendedAvailable(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        let value = peek(n)
        skip(n)
        return value < 1 << (n - 1) ? value - (1 << n) + 1 : value
    }

    /// A magnitude category's value, sign-extended (T.81 F.2.2.1 EXTEND).
    @inline(__always)
    mutating func extended(_ n: Int) throws(ImagingError) -> Int {
        guard n > 0 else { return 0 }
        let value = try bits(n)
        return value < 1 << (n - 1) ? value - (1 << n) + 1 : value
    }

    @inline(__always)
    mutating func decode(_ table: JPEGHuffmanTable) throws(ImagingError) -> Int {
        if count < 16 { fill() }
        let entry = table.fast[Int(bits >> 55)]
        if entry != 0 {
            let length = Int(entry >> 8)
            bits <<= UInt64(length)
            count -= length
            try checkOverrun()
            return Int(entry & 0xFF)
        }
        var length = 10
        var code = Int(bits >> 54)
        while code > table.maxCode[length] {
            length += 1
            guard length <= 16 else { throw .corruptFile(format: .jpeg, reason: "bad Huffman code") }
            code = Int(bits >> UInt64(64 - length))
        }
        bits <<= UInt64(length)
        count -= length
        try checkOverrun()
        let index = code + table.offset[length]
        guard index >= 0, index < table.symbolCount else { throw .corruptFile(format: .jpeg, reason: "bad Huffman code") }
        return Int(table.symbols[index])
    }

    /// Reading far past the data's end means the file is cut short. (A little is normal:
    /// decoders look ahead.)
    @inline(__always)
    func checkOverrun() throws(ImagingError) {
        if padding > 64 + count { throw .truncatedFile(format: .jpeg) }
    }

    /// Drops the bits left in the byte, and finds the restart marker that must come next.
    mutating func restart(expecting n: Int) throws(ImagingError) {
        bits = 0
        count = 0
        if marker == nil {
            // Skip to the marker (there may be fill bytes).
            while position + 1 < bytes.count, !(bytes[position] == 0xFF && bytes[position + 1] != 0 && bytes[position + 1] != 0xFF) {
                position += 1
            }
            guard position + 1 < bytes.count else { throw .truncatedFile(format: .jpeg) }
            marker = bytes[position + 1]
        }
        guard marker == UInt8(0xD0 + n % 8) else {
            throw .corruptFile(format: .jpeg, reason: "expected RST\(n % 8)")
        }
        position += 2
        marker = nil
        padding = 0
    }
}

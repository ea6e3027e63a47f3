import PickerImaging

/// A JPEG Huffman table (ITU T.81 Annex C): a ``lookupBits``-bit lookup for short codes and the canonical
/// `maxcode` walk for the rest. A class with fixed storage, so the hot loop reads it without
/// reference counting.
final class JPEGHuffmanTable: @unchecked Sendable {
    /// The bits the lookups read at once.
    static let lookupBits = 11
    /// `length << 8 | symbol` for every ``lookupBits``-bit prefix that starts with a code of at most that many bits;
    /// 0 where the code is longer.
    let fast: UnsafeMutablePointer<UInt16>
    /// For each length 1…17: the largest code of that length (−1 when none); and for 1…16 the
    /// offset from a code to its symbol's index.
    let maxCode: UnsafeMutablePointer<Int>
    let offset: UnsafeMutablePointer<Int>
    let symbols: UnsafeMutablePointer<UInt8>
    let symbolCount: Int
    /// For a baseline AC table: for every ``lookupBits``-bit prefix that holds a whole code and
    /// its extra bits, `value << 16 | run << 8 | bits used`; 0 otherwise. The block's end is a run
    /// of 63 and 16 zeros one of 15, both with the value 0, which writes nothing (a coefficient
    /// is never 0). (Built for every table; only baseline scans read it.)
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
        fast = .allocate(capacity: 1 << Self.lookupBits)
        fast.initialize(repeating: 0, count: 1 << Self.lookupBits)
        maxCode = .allocate(capacity: 18)
        maxCode.initialize(repeating: -1, count: 18)
        offset = .allocate(capacity: 17)
        offset.initialize(repeating: 0, count: 17)
        self.symbols = .allocate(capacity: max(1, symbols.count))
        self.symbols.initialize(repeating: 0, count: max(1, symbols.count))
        for (i, symbol) in symbols.enumerated() { self.symbols[i] = symbol }
        symbolCount = symbols.count
        fastAC = .allocate(capacity: 1 << Self.lookupBits)
        fastAC.initialize(repeating: 0, count: 1 << Self.lookupBits)
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
                    if length <= Self.lookupBits {
                        let shift = Self.lookupBits - length
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
        for prefix in 0..<(1 << Self.lookupBits) {
            let entry = Int(fast[prefix])
            guard entry != 0 else { continue }
            let length = entry >> 8, rs = entry & 0xFF
            let run = rs >> 4, size = rs & 15
            if size == 0 {
                // No value: 16 zeros, or the block's end (what a baseline scan makes of any other
                // run), as a run to the last coefficient. The value 0 says nothing is written.
                fastAC[prefix] = Int32(run == 15 ? 15 : 63) << 8 | Int32(length)
                continue
            }
            guard length + size <= Self.lookupBits else { continue }
            let extra = (prefix >> (Self.lookupBits - length - size)) & ((1 << size) - 1)
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
/// a marker ends the data (zero bits follow). Damage is worked around as libjpeg does: a code
/// no table holds reads as symbol 0, bits wanted past the data are zeros and make the reader
/// ``starved`` (the walk then leaves the rest of the interval as it is), and a missing or
/// out-of-order restart marker is resynchronized by libjpeg's rule (``restart(expecting:)``).
struct JPEGBitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    var bits: UInt64 = 0
    var count = 0
    /// The marker that ended the data, once met (the end of the file reads as EOI); `position`
    /// is then at its `FF`.
    var marker: UInt8?
    /// Zero bits supplied past the data's end.
    var padding = 0
    /// Whether the data ran out: bits were wanted that the data does not have (libjpeg's
    /// `insufficient_data`). Cleared when a restart marker is passed.
    var starved = false
    /// Codes met that no table holds.
    var badCodes = 0

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether any of the eight bytes of `word` is `FF` (in any byte order): a zero byte of its
    /// complement sets that byte's top bit here.
    @_transparent
    static func hasFF(_ word: UInt64) -> Bool {
        let inverted = ~word
        return (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 != 0
    }

    /// Appends to the `count` bits held (fewer than 57) the whole bytes of `word` that fit
    /// (eight bytes of data, none FF, the first most significant), leaving the bits below them
    /// clear; returns how many bytes it took.
    @_transparent
    static func append(_ word: UInt64, to bits: inout UInt64, count: inout Int) -> Int {
        let take = (64 &- count) &>> 3
        let kept = count &+ take &<< 3
        bits |= (word &>> UInt64(truncatingIfNeeded: count)) & (~0 &<< UInt64(truncatingIfNeeded: 64 &- kept))
        count = kept
        return take
    }

    /// Whether bits past the data's end have been consumed.
    var overran: Bool { padding > count }

    @inline(__always)
    mutating func fill() {
        // Most of the data has no FF byte: then the next whole bytes that fit go in at once.
        if marker == nil, position &+ 8 <= bytes.count {
            let word = UInt64(bigEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
            if !Self.hasFF(word) {
                position &+= Self.append(word, to: &bits, count: &count)
                return
            }
        }
        while count <= 56 {
            var byte: UInt8 = 0
            if marker == nil, position < bytes.count {
                byte = bytes[position]
                if byte == 0xFF {
                    // Fill bytes (more FFs) may come before the code.
                    var next = position + 1
                    while next < bytes.count && bytes[next] == 0xFF { next += 1 }
                    if next < bytes.count && bytes[next] == 0 {
                        position = next + 1
                    } else {
                        // A marker (or the file's end): the data ends here; fill with zeros.
                        marker = next < bytes.count ? bytes[next] : 0xD9
                        position = next < bytes.count ? next - 1 : bytes.count
                        byte = 0
                        padding += 8
                    }
                } else {
                    position += 1
                }
            } else {
                if marker == nil { marker = 0xD9 }  // the file's end reads as EOI
                padding += 8
            }
            bits |= UInt64(byte) << UInt64(56 - count)
            count += 8
        }
    }

    @_transparent
    mutating func bit() -> Int {
        bits(1)
    }

    @_transparent
    mutating func bits(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        if count < n { fill() }
        let value = Int(bits >> UInt64(64 - n))
        bits <<= UInt64(n)
        count &-= n
        return value
    }

    /// Makes at least `n` bits (up to 57) available to ``peek(_:)`` and ``skip(_:)``.
    @_transparent
    mutating func ensure(_ n: Int) {
        if count < n { fill() }
    }

    /// The next `n` bits (1…57), without consuming them.
    @_transparent
    func peek(_ n: Int) -> Int { Int(truncatingIfNeeded: bits &>> UInt64(64 - n)) }

    @_transparent
    mutating func skip(_ n: Int) {
        bits &<<= UInt64(n)
        count &-= n
    }

    /// Decodes a symbol from bits already made available (at least 17): no fill. A code no
    /// table holds consumes 17 bits and reads as 0, as in libjpeg.
    @_transparent
    mutating func decodeAvailable(_ table: JPEGHuffmanTable.Lookup) -> Int {
        let entry = table.fast[peek(JPEGHuffmanTable.lookupBits)]
        if entry != 0 {
            skip(Int(entry >> 8))
            return Int(entry & 0xFF)
        }
        var length = JPEGHuffmanTable.lookupBits + 1
        var code = peek(length)
        while code > table.maxCode[length] {
            length += 1
            code = peek(length)
        }
        skip(length)
        // (maxCode[17] holds every 17-bit value: the walk ends there at the latest.)
        let index = code + table.offset[min(length, 16)]
        guard length <= 16, index >= 0, index < table.symbolCount else {
            badCodes += 1
            return 0
        }
        return Int(table.symbols[index])
    }

    /// `n` (0…15) extra bits already available, sign-extended.
    @_transparent
    mutating func extendedAvailable(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        let value = peek(n)
        skip(n)
        return value < 1 << (n - 1) ? value - (1 << n) + 1 : value
    }

    /// A magnitude category's value, sign-extended (T.81 F.2.2.1 EXTEND).
    @_transparent
    mutating func extended(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        let value = bits(n)
        return value < 1 << (n - 1) ? value - (1 << n) + 1 : value
    }

    /// ``fill()`` as a call, for loops that keep the bit buffer in locals and take the reader
    /// only when its bytes need care (a stuffed byte, a marker, the data's end).
    @inline(never)
    mutating func fillSlowly() {
        fill()
    }

    /// An AC symbol the one-probe table does not hold, from bits already made available (at
    /// least 32), as a call: its run, and its value, or nil for a symbol with no value (end of
    /// block, or a run of 16 zeros when the run is 15).
    @inline(never)
    mutating func decodeCoefficientSlowly(_ table: JPEGHuffmanTable.Lookup) -> (run: Int, value: Int?) {
        let rs = decodeAvailable(table)
        let r = rs >> 4, s = rs & 15
        return s == 0 ? (r, nil) : (r, extendedAvailable(s))
    }

    @_transparent
    mutating func decode(_ table: JPEGHuffmanTable.Lookup) -> Int {
        if count < 17 { fill() }
        return decodeAvailable(table)
    }

    /// At the end of a restart interval: drops the bits left, then finds the restart marker
    /// that must come next (RST`n % 8`), skipping any data before it. When another marker is
    /// there instead, libjpeg's `jpeg_resync_to_restart` decides: one of the next two restarts,
    /// or a marker that is not a restart, is left for later, and the coming interval reads as
    /// empty; one of the previous two, or a byte that is no marker, is skipped for the next
    /// marker; any other restart is taken as the one expected. Returns whether the expected
    /// marker was there.
    mutating func restart(expecting n: Int) -> Bool {
        bits = 0
        count = 0
        padding = 0
        let desired = n % 8
        if marker == nil { findMarker() }
        var exact = true
        while let found = marker {
            let isRestart = (0xD0...0xD7).contains(found)
            let distance = isRestart ? (Int(found) - 0xD0 - desired + 8) % 8 : 0
            if isRestart && distance == 0 {
                break
            }
            exact = false
            if found < 0xC0 || distance == 6 || distance == 7 {
                // An invalid marker, or an earlier restart: look further.
                position += 2
                marker = nil
                findMarker()
            } else if !isRestart || distance == 1 || distance == 2 {
                // Left for later: the interval is empty.
                return false
            } else {
                break  // too far away to judge: taken as the expected one
            }
        }
        position += 2
        marker = nil
        starved = false
        return exact
    }

    /// Moves to the next marker (`FF` and a code other than `00` or `FF`); the file's end
    /// reads as EOI.
    private mutating func findMarker() {
        while position + 1 < bytes.count, !(bytes[position] == 0xFF && bytes[position + 1] != 0 && bytes[position + 1] != 0xFF) {
            position += 1
        }
        if position + 1 < bytes.count {
            marker = bytes[position + 1]
        } else {
            position = bytes.count
            marker = 0xD9
        }
    }
}

import PickerImaging

// The entropy kernels: baseline and progressive Huffman decoding of one block, on tables
// written once and then only read.
extension JPEGDecoder {
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

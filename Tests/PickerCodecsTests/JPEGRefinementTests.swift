@testable import PickerCodecs
import ImagingTestSupport
import Testing

/// A progressive image's refining AC scans, block by block, against the walk T.81 G.1.2.3
/// describes (and libjpeg's `decode_mcu_AC_refine` takes): position by position through the
/// band, a correction bit for each coefficient already nonzero, the symbol's own coefficient at
/// the (r + 1)th zero. The decoder finds the same places from its history bits; random bit
/// streams (end-of-band runs, zero runs, runs that overshoot the band, damaged magnitudes)
/// must leave every coefficient, history bit, run and bit of the reader as the walk does.
@Suite("JPEG refinement scans")
struct JPEGRefinementTests {
    /// The walk, over history bits in natural order.
    static func walk(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, table: JPEGHuffmanTable.Lookup, ss: Int, se: Int, al: Int,
        eobrun: inout Int, natural: inout UInt64
    ) {
        let p1 = 1 << al, m1 = -1 << al
        var k = ss
        if eobrun == 0 {
            while k <= se {
                let rs = reader.decode(table)
                var r = rs >> 4, s = rs & 15
                if s != 0 {
                    if s != 1 { reader.badCodes += 1 }
                    s = reader.bit() == 1 ? p1 : m1
                } else if r != 15 {
                    eobrun = 1 << r
                    if r > 0 { eobrun += reader.bits(r) }
                    break
                }
                while k <= se {
                    if natural & 1 << UInt64(position(k)) != 0 {
                        refine(&reader, block + position(k), p1: p1, m1: m1)
                    } else {
                        if r == 0 { break }
                        r -= 1
                    }
                    k += 1
                }
                if s != 0 {
                    block[position(k)] = Int16(truncatingIfNeeded: s)
                    natural |= 1 << UInt64(position(k))
                }
                k += 1
            }
        }
        if eobrun > 0 {
            while k <= se {
                if natural & 1 << UInt64(position(k)) != 0 { refine(&reader, block + position(k), p1: p1, m1: m1) }
                k += 1
            }
            eobrun -= 1
        }
    }

    static func position(_ k: Int) -> Int { JPEGDecoder.zigzag[min(k, 63)] }

    /// A correction bit for a coefficient already nonzero.
    static func refine(_ reader: inout JPEGBitReader, _ coefficient: UnsafeMutablePointer<Int16>, p1: Int, m1: Int) {
        let value = Int(coefficient.pointee)
        if reader.bit() == 1, value & p1 == 0 { coefficient.pointee = Int16(truncatingIfNeeded: value >= 0 ? value + p1 : value + m1) }
    }

    /// The bits a reader has consumed, the zeros supplied past the data's end included.
    static func consumed(_ reader: JPEGBitReader) -> Int { reader.position * 8 + reader.padding - reader.count }

    /// History bits in zigzag order, as natural-order ones.
    static func natural(_ zigzag: UInt64) -> UInt64 {
        (0..<64).reduce(0) { bits, k in zigzag & 1 << UInt64(k) != 0 ? bits | 1 << UInt64(JPEGDecoder.zigzag[k]) : bits }
    }

    @Test func selectBitFindsEachSetBit() {
        var generator = SeededRandomNumberGenerator(seed: 64)
        var checked = 0
        // Dense and sparse words, single bits, and every bit set.
        var words: [UInt64] = [~0, 1, 1 << 63, 0x8000_0000_0000_0001, 0x0101_0101_0101_0101]
        for _ in 0..<2000 { words.append(UInt64.random(in: 0 ... .max, using: &generator) & UInt64.random(in: 0 ... .max, using: &generator)) }
        for word in words {
            let positions = (0..<64).filter { word & 1 << UInt64($0) != 0 }
            for (n, position) in positions.enumerated() {
                #expect(JPEGDecoder.selectBit(n, of: word, table: JPEGDecoder.selectTable.bytes) == position, "\(word) \(n)")
                checked += 1
            }
        }
        #expect(checked > 30_000)
    }

    @Test func refiningScansMatchThePositionByPositionWalk() throws {
        var generator = SeededRandomNumberGenerator(seed: 81)
        // Every end-of-band run (0x00…0xE0), the 16-zero run (0xF0), a 1 after each run of
        // 0…15 zeros, and four damaged magnitudes: 36 symbols, codes of 2 to 9 bits.
        let symbols: [UInt8] = (0..<15).map { UInt8($0 << 4) } + [0xF0] + (0..<16).map { UInt8($0 << 4 | 1) } + [0x02, 0x12, 0x22, 0x32]
        let counts = [0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0]
        var blocksChecked = 0, overshoots = 0, runsChecked = 0, manyCorrections = 0
        for trial in 0..<300 {
            let table = try JPEGHuffmanTable(counts: counts, symbols: symbols.shuffled(using: &generator))
            // Data with no FF byte, then the end of the image.
            let data = (0..<400).map { _ in UInt8.random(in: 0...0xFE, using: &generator) } + [0xFF, 0xD9]
            let ss = Int.random(in: 1...63, using: &generator)
            let se = trial % 4 == 0 ? 63 : Int.random(in: ss...63, using: &generator)
            let al = Int.random(in: 0...3, using: &generator)
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: data.count)
            _ = bytes.initialize(from: data)
            defer { bytes.deallocate() }
            var reader = JPEGBitReader(bytes: UnsafeBufferPointer(bytes), position: 0), expectedReader = reader
            var eobrun = 0, expectedRun = 0
            let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64), expected = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
            defer { block.deallocate(); expected.deallocate() }
            for _ in 0..<24 {
                // A block with some history: values with bits above `al` only, or none.
                block.initialize(repeating: 0, count: 64)
                var history: UInt64 = 0
                // (Every third trial dense: more than 32 corrections in one block, read in two goes.)
                for k in 1..<64 where trial % 3 == 0 ? Int.random(in: 0..<10, using: &generator) != 0 : Int.random(in: 0..<3, using: &generator) == 0 {
                    block[JPEGDecoder.zigzag[k]] = Int16.random(in: -40...40, using: &generator) << (al + 1) | 1 << al
                    history |= 1 << UInt64(k)
                }
                if (history >> UInt64(ss)).nonzeroBitCount > 32 && se == 63 { manyCorrections += 1 }
                expected.initialize(from: block, count: 64)
                var expectedHistory = Self.natural(history)
                JPEGDecoder.decodeACRefine(&reader, block, table: table.lookup, ss: ss, se: se, al: al, eobrun: &eobrun, nonzero: &history)
                Self.walk(&expectedReader, expected, table: table.lookup, ss: ss, se: se, al: al, eobrun: &expectedRun, natural: &expectedHistory)
                #expect((0..<64).allSatisfy { block[$0] == expected[$0] }, "trial \(trial)")
                #expect(Self.natural(history) == expectedHistory, "trial \(trial)")
                // The same bits read (the buffer may hold more or fewer ahead), and the same next ones.
                #expect(eobrun == expectedRun && reader.badCodes == expectedReader.badCodes, "trial \(trial)")
                #expect(Self.consumed(reader) == Self.consumed(expectedReader), "trial \(trial)")
                let ahead = min(reader.count, expectedReader.count, 32)
                #expect(ahead > 0 && reader.peek(ahead) == expectedReader.peek(ahead) || ahead == 0, "trial \(trial)")
                blocksChecked += 1
                if eobrun > 0 { runsChecked += 1 }
                // A coefficient set past the band's end (on the block's last, for a band to 63).
                if se < 63 ? history & 1 << UInt64(se + 1) != 0 : false { overshoots += 1 }
                if reader.overran { break }
            }
        }
        #expect(blocksChecked > 5000)
        #expect(runsChecked > 500)
        #expect(overshoots > 100, "\(overshoots)")
        #expect(manyCorrections > 50, "\(manyCorrections)")
    }
}

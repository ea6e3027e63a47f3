/// Which inner loops resampling runs. Both give the same pixels: the plain loops multiply in
/// 32 bits; the vector ones multiply 16-bit weights by 16-bit samples into 32-bit sums (SSE2's
/// `pmaddwd`, NEON's `smlal`), which x86-64's baseline instruction set has and its 32-bit vector
/// multiply does not.
package enum ResampleKernels: Sendable {
    case plain, vector

    /// The vector loops in optimized builds. Unoptimized generic SIMD code is many times slower
    /// than plain loops, so debug builds take those; tests hold the two to each other.
    package static var standard: ResampleKernels {
        #if DEBUG
            .plain
        #else
            .vector
        #endif
    }
}

/// The plain inner loops of resampling, on raw pointers. Written as `while` loops over plain
/// integers: they are what debug builds run, where `for`-in ranges and generic SIMD cost a call
/// per step.
enum Resampler {
    /// `row[k] = Σ w_t · input[start + t][k]`, rescaled from 2^14 to 2^8 units (value × 256).
    @inline(__always)
    static func combineRows(
        _ origin: UnsafePointer<UInt8>, stride: Int, count: Int, weights: AxisWeights, output oy: Int,
        into row: UnsafeMutableBufferPointer<Int32>
    ) {
        let start = weights.starts[oy]
        let taps = weights.taps
        weights.weights.withUnsafeBufferPointer { ws in
            let w = ws.baseAddress! + oy * taps
            let r = row.baseAddress!
            let first = origin + start * stride
            let w0 = w[0]
            var k = 0
            while k < count {
                r[k] = w0 &* Int32(first[k])
                k += 1
            }
            var t = 1
            while t < taps {
                let wt = w[t]
                if wt != 0 {
                    let line = origin + (start + t) * stride
                    k = 0
                    while k < count {
                        r[k] = r[k] &+ wt &* Int32(line[k])
                        k += 1
                    }
                }
                t += 1
            }
            k = 0
            while k < count {
                r[k] = (r[k] &+ 32) >> 6
                k += 1
            }
        }
    }

    /// `out[x] = Σ w_t · row[start + t]` for each of `channels` channels, rounded and clamped
    /// to 0…255.
    @inline(__always)
    static func combineColumns(
        _ row: UnsafeMutableBufferPointer<Int32>, channels: Int, weights: AxisWeights, into out: UnsafeMutablePointer<UInt8>
    ) {
        let taps = weights.taps
        let r = row.baseAddress!
        weights.weights.withUnsafeBufferPointer { ws in
            weights.starts.withUnsafeBufferPointer { starts in
                var x = 0
                while x < weights.outputCount {
                    let w = ws.baseAddress! + x * taps
                    var c = 0
                    while c < channels {
                        var at = starts[x] * channels + c
                        var acc: Int32 = 1 << 21
                        var t = 0
                        while t < taps {
                            acc &+= w[t] &* r[at]
                            at += channels
                            t += 1
                        }
                        out[x * channels + c] = UInt8(clamping: acc >> 22)
                        c += 1
                    }
                    x += 1
                }
            }
        }
    }
}

/// The vector inner loops for four-channel images, exact to ``Resampler``'s: the same sums in
/// the same fixed point, written as 16-bit multiply-adds of two taps at a time.
///
/// The vertical pass pairs input rows: bytes of rows t and t+1 interleaved, times the weights
/// (w_t, w_t+1), give both products summed in one 32-bit lane. (The optimizer is free to undo
/// the pairing, and on x86-64 it does, multiplying one tap per lane with the same instruction;
/// the sums do not change.) Its results (value × 256) go to
/// 16-bit rows for the horizontal pass, which pairs neighbouring pixels the same way:
/// - when the vertical weights are all non-negative (area, bilinear), every result lies in
///   0…65280, so one row holds it less 32768; the horizontal sums add back 32768 × 2^14, as the
///   weights of each output sum to 2^14 exactly;
/// - otherwise (Lanczos, whose results overshoot), two rows hold its low 8 bits and the rest,
///   and the horizontal pass sums each and joins them.
/// Either way the 32-bit sums are those of the plain loops, wrapping alike.
struct VectorResampler: Sendable {
    let vertical: AxisWeights, horizontal: AxisWeights
    /// Per output, the weights of taps (2p, 2p + 1) for each pair p, four times over; the odd
    /// tap out pairs with a zero weight. The vertical ones count from each output's first
    /// nonzero weight, and only the pairs up to its last are read: an area reduction by 1.3
    /// has 3 taps, of which most rows use 2 (zero weights add nothing to the sums).
    let verticalPairs: [SIMD8<Int16>], horizontalPairs: [SIMD8<Int16>]
    let verticalPairCount: Int, horizontalPairCount: Int
    /// Per output row: the taps before its first nonzero weight, and the taps from there to
    /// its last.
    let verticalSkipped: [Int], verticalSpans: [Int]
    /// Whether the vertical results fit one biased 16-bit row.
    let biased: Bool

    /// The loops for these weights, or `nil` unless every weight fits 16 bits and each
    /// output's weights, in magnitude, sum to at most four (true of every filter here).
    init?(vertical: AxisWeights, horizontal: AxisWeights) {
        guard let v = Self.pairs(vertical, trimmed: true), let h = Self.pairs(horizontal) else { return nil }
        self.vertical = vertical
        self.horizontal = horizontal
        (verticalPairCount, verticalPairs, verticalSkipped, verticalSpans) = v
        (horizontalPairCount, horizontalPairs, _, _) = h
        biased = vertical.weights.allSatisfy { $0 >= 0 }
    }

    /// The pairs of each output, `count` apart; `trimmed`, from its first nonzero weight, with
    /// how many taps that skips and how many from there reach its last.
    private static func pairs(_ axis: AxisWeights, trimmed: Bool = false) -> (count: Int, pairs: [SIMD8<Int16>], skipped: [Int], spans: [Int])? {
        guard axis.weights.allSatisfy({ Int32(Int16.min)...Int32(Int16.max) ~= $0 }) else { return nil }
        // Bounded sums keep the vertical results within 16 bits once split into low and high.
        for i in 0..<axis.outputCount {
            let magnitude = axis.weights[i * axis.taps..<(i + 1) * axis.taps].reduce(0) {
                $0 + abs(Int($1))
            }
            guard magnitude <= 4 * Int(AxisWeights.one) else { return nil }
        }
        let count = (axis.taps + 1) / 2
        var vectors: [SIMD8<Int16>] = [], skipped: [Int] = [], spans: [Int] = []
        vectors.reserveCapacity(axis.outputCount * count)
        for i in 0..<axis.outputCount {
            let taps = axis.weights[i * axis.taps..<(i + 1) * axis.taps]
            let first = trimmed ? taps.firstIndex { $0 != 0 } ?? taps.startIndex : taps.startIndex
            let last = trimmed ? taps.lastIndex { $0 != 0 } ?? first : taps.endIndex - 1
            skipped.append(first - taps.startIndex)
            spans.append(last - first + 1)
            for p in 0..<count {
                let even = first + 2 * p <= last ? Int16(taps[first + 2 * p]) : 0
                let odd = first + 2 * p + 1 <= last ? Int16(taps[first + 2 * p + 1]) : 0
                vectors.append(SIMD8(even, odd, even, odd, even, odd, even, odd))
            }
        }
        return (count, vectors, skipped, spans)
    }

    /// One thread's working memory: the 16-bit rows between the passes (one pixel longer, for
    /// the last pair of an odd tap count) and the row pointers of the current output row.
    struct Scratch {
        let low: UnsafeMutablePointer<Int16>, high: UnsafeMutablePointer<Int16>?
        let even: UnsafeMutablePointer<UnsafePointer<UInt8>>,
            odd: UnsafeMutablePointer<UnsafePointer<UInt8>>

        func deallocate() {
            low.deallocate()
            high?.deallocate()
            even.deallocate()
            odd.deallocate()
        }
    }

    /// Scratch for rows of `count` samples.
    func makeScratch(count: Int) -> Scratch {
        let capacity = count + 8
        let low = UnsafeMutablePointer<Int16>.allocate(capacity: capacity)
        low.initialize(repeating: 0, count: capacity)
        let high = biased ? nil : UnsafeMutablePointer<Int16>.allocate(capacity: capacity)
        high?.initialize(repeating: 0, count: capacity)
        return Scratch(
            low: low, high: high, even: .allocate(capacity: verticalPairCount),
            odd: .allocate(capacity: verticalPairCount))
    }

    /// The vertical pass for output row `oy` into `scratch`'s rows: `count` samples from rows
    /// `origin + (start + t) × stride`. With `checkingAlpha`, also whether every pixel of the
    /// rows it weighs (from its first nonzero weight to its last) has alpha 255, from the same
    /// loads (a pass of its own would wait on memory twice): a translucent pixel under a zero
    /// weight changes no sum.
    @discardableResult
    func combineRows(
        _ origin: UnsafePointer<UInt8>, stride: Int, count: Int, output oy: Int, scratch: Scratch,
        checkingAlpha: Bool = false
    ) -> Bool {
        let start = vertical.starts[oy]
        let taps = vertical.taps
        // Rows from the first with a nonzero weight to the last: an odd one out pairs with itself
        // under a zero weight.
        let first = start + verticalSkipped[oy], span = verticalSpans[oy], pairs = (span + 1) / 2
        let even = scratch.even
        let odd = scratch.odd
        for p in 0..<pairs {
            even[p] = origin + (first + 2 * p) * stride
            odd[p] = 2 * p + 1 < span ? origin + (first + 2 * p + 1) * stride : even[p]
        }
        let low = scratch.low
        let high = scratch.high
        var seen = SIMD16<UInt8>(repeating: 255)
        let chunks = count / 16 * 16
        verticalPairs.withUnsafeBufferPointer { all in
            let w = all.baseAddress! + oy * verticalPairCount
            let rows = (even: UnsafePointer(even), odd: UnsafePointer(odd))
            func combine<Count: PairCount>(_ count: Count.Type) -> SIMD16<UInt8> {
                Self.combineChunks(count, pairs, rows, w, chunks: chunks, low: low, high: high)
            }
            switch pairs {
            case 1: seen = combine(Pairs1.self)
            case 2: seen = combine(Pairs2.self)
            case 3: seen = combine(Pairs3.self)
            case 4: seen = combine(Pairs4.self)
            default: seen = combine(PairsAny.self)
            }
            var k = chunks
            vertical.weights.withUnsafeBufferPointer { ws in
                let wt = ws.baseAddress! + oy * taps
                while k < count {
                    var sum: Int32 = 0
                    for t in 0..<taps { sum &+= wt[t] &* Int32(origin[(start + t) * stride + k]) }
                    let r = (sum &+ 32) >> 6
                    if let high {
                        low[k] = Int16(r & 0xFF)
                        high[k] = Int16(truncatingIfNeeded: r >> 8)
                    } else {
                        low[k] = Int16(truncatingIfNeeded: r &- 32768)
                    }
                    k += 1
                }
            }
        }
        guard checkingAlpha else { return true }
        // Chunks start on pixels, so bytes 3, 7, 11 and 15 are alphas.
        guard seen[3] & seen[7] & seen[11] & seen[15] == 255 else { return false }
        return chunks == count
            || (0..<taps).allSatisfy {
                PixelBuffer.isOpaqueRow(origin + (start + $0) * stride + chunks, count: count - chunks)
            }
    }

    /// The vertical sums of the first `chunks` samples (whole runs of 16) of one output row,
    /// from `pairs` pairs of rows, into `low` (and `high`); returns the AND of every byte
    /// loaded, whose alpha bytes say whether all the pixels weighed are opaque. Specialized for
    /// each ``PairCount``: with the count known, the loop over the pairs is unrolled and the row
    /// pointers stay in registers.
    @inline(never)
    private static func combineChunks<Count: PairCount>(
        _: Count.Type, _ pairCount: Int,
        _ rows: (even: UnsafePointer<UnsafePointer<UInt8>>, odd: UnsafePointer<UnsafePointer<UInt8>>),
        _ w: UnsafePointer<SIMD8<Int16>>, chunks: Int, low: UnsafeMutablePointer<Int16>,
        high: UnsafeMutablePointer<Int16>?
    ) -> SIMD16<UInt8> {
        let pairs = Count.value ?? pairCount
        var seen = SIMD16<UInt8>(repeating: 255)
        var k = 0
        while k < chunks {
            var s0 = SIMD4<Int32>(repeating: 32)
            var s1 = s0
            var s2 = s0
            var s3 = s0
            var p = 0
            while p < pairs {
                let a = UnsafeRawPointer(rows.even[p] + k).loadUnaligned(as: SIMD16<UInt8>.self)
                let b = UnsafeRawPointer(rows.odd[p] + k).loadUnaligned(as: SIMD16<UInt8>.self)
                seen &= a & b
                let wp = w[p]
                s0 &+= multiplyAdd(interleave(a, b, from: 0), wp)
                s1 &+= multiplyAdd(interleave(a, b, from: 4), wp)
                s2 &+= multiplyAdd(interleave(a, b, from: 8), wp)
                s3 &+= multiplyAdd(interleave(a, b, from: 12), wp)
                p &+= 1
            }
            let r0 = SIMD8<Int32>(lowHalf: s0 &>> 6, highHalf: s1 &>> 6)
            let r1 = SIMD8<Int32>(lowHalf: s2 &>> 6, highHalf: s3 &>> 6)
            store(r0, low: low + k, high: high.map { $0 + k })
            store(r1, low: low + k + 8, high: high.map { $0 + k + 8 })
            k &+= 16
        }
        return seen
    }

    /// The horizontal pass from `scratch`'s rows: four channels per pixel into `out`,
    /// specialized for each ``PairCount``: with the count known, the compiler keeps each
    /// pixel's sum in registers with no loop of its own.
    func combineColumns(_ scratch: Scratch, into out: UnsafeMutablePointer<UInt8>) {
        switch horizontalPairCount {
        case 1: combineColumns(Pairs1.self, scratch, into: out)
        case 2: combineColumns(Pairs2.self, scratch, into: out)
        case 3: combineColumns(Pairs3.self, scratch, into: out)
        case 4: combineColumns(Pairs4.self, scratch, into: out)
        default: combineColumns(PairsAny.self, scratch, into: out)
        }
    }

    @inline(never)
    private func combineColumns<Count: PairCount>(_: Count.Type, _ scratch: Scratch, into out: UnsafeMutablePointer<UInt8>) {
        let pairs = Count.value ?? horizontalPairCount
        let zero = SIMD4<Int32>(repeating: 0)
        let top = SIMD4<Int32>(repeating: 255)
        let bias = SIMD4<Int32>(repeating: biased ? (1 << 21) + (1 << 29) : 1 << 21)
        let low = UnsafeRawPointer(scratch.low)
        let high = scratch.high.map(UnsafeRawPointer.init)
        let destination = UnsafeMutableRawPointer(out)
        let outputCount = horizontal.outputCount
        horizontalPairs.withUnsafeBufferPointer { all in
            horizontal.starts.withUnsafeBufferPointer { starts in
                let first = starts.baseAddress!
                var w = all.baseAddress!
                for x in 0..<outputCount {
                    let offset = first[x] &* 8
                    var acc = bias
                    if let high {
                        var upper = zero
                        var p = 0
                        while p < pairs {
                            acc &+= Self.multiplyAdd(Self.pairPixels(low, at: offset &+ 16 &* p), w[p])
                            upper &+= Self.multiplyAdd(Self.pairPixels(high, at: offset &+ 16 &* p), w[p])
                            p &+= 1
                        }
                        acc &+= upper &<< 8
                    } else {
                        var p = 0
                        while p < pairs {
                            acc &+= Self.multiplyAdd(Self.pairPixels(low, at: offset &+ 16 &* p), w[p])
                            p &+= 1
                        }
                    }
                    let v = (acc &>> 22).clamped(lowerBound: zero, upperBound: top)
                    destination.storeBytes(
                        of: SIMD4<UInt8>(truncatingIfNeeded: v), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
                    w += pairs
                }
            }
        }
    }

    /// `(a0·b0 + a1·b1, a2·b2 + a3·b3, …)` in 32 bits: one `pmaddwd`.
    @inline(__always)
    static func multiplyAdd(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
        SIMD4<Int32>(truncatingIfNeeded: a.evenHalf) &* SIMD4<Int32>(truncatingIfNeeded: b.evenHalf)
            &+ SIMD4<Int32>(truncatingIfNeeded: a.oddHalf) &* SIMD4<Int32>(truncatingIfNeeded: b.oddHalf)
    }

    /// Bytes `i…i+3` of `a` and `b`, interleaved and widened: `(a_i, b_i, a_i+1, b_i+1, …)`.
    @inline(__always)
    static func interleave(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, from i: Int) -> SIMD8<Int16> {
        SIMD8(
            Int16(a[i]), Int16(b[i]), Int16(a[i + 1]), Int16(b[i + 1]),
            Int16(a[i + 2]), Int16(b[i + 2]), Int16(a[i + 3]), Int16(b[i + 3]))
    }

    /// The four channels of the pixel at byte `offset` of a 16-bit row and of the next pixel,
    /// channel by channel: `(r, r′, g, g′, b, b′, a, a′)`.
    @inline(__always)
    static func pairPixels(_ row: UnsafeRawPointer, at offset: Int) -> SIMD8<Int16> {
        let v = row.loadUnaligned(fromByteOffset: offset, as: SIMD8<Int16>.self)
        return SIMD8(v[0], v[4], v[1], v[5], v[2], v[6], v[3], v[7])
    }

    /// Eight vertical results (value × 256) into the 16-bit rows: low 8 bits and the rest when
    /// there is a `high` row, otherwise less 32768 in one.
    @inline(__always)
    static func store(
        _ r: SIMD8<Int32>, low: UnsafeMutablePointer<Int16>,
        high: UnsafeMutablePointer<Int16>?
    ) {
        if let high {
            UnsafeMutableRawPointer(low).storeBytes(
                of: SIMD8<Int16>(truncatingIfNeeded: r & 0xFF), as: SIMD8<Int16>.self)
            UnsafeMutableRawPointer(high).storeBytes(
                of: SIMD8<Int16>(truncatingIfNeeded: r &>> 8), as: SIMD8<Int16>.self)
        } else {
            UnsafeMutableRawPointer(low).storeBytes(
                of: SIMD8<Int16>(truncatingIfNeeded: r &- 32768), as: SIMD8<Int16>.self)
        }
    }
}

/// A number of tap pairs known when the vector loops are compiled, so that each is specialized
/// for it: up to four covers area reductions up to 3× and bilinear ones up to 2× (the loops
/// take about half the time they take with the count read at run time); ``PairsAny`` reads it.
protocol PairCount { static var value: Int? { get } }
enum Pairs1: PairCount { static var value: Int? { 1 } }
enum Pairs2: PairCount { static var value: Int? { 2 } }
enum Pairs3: PairCount { static var value: Int? { 3 } }
enum Pairs4: PairCount { static var value: Int? { 4 } }
enum PairsAny: PairCount { static var value: Int? { nil } }

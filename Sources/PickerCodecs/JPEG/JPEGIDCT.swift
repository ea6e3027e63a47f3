import PickerImaging

/// The inverse DCT that libjpeg calls "islow" (its default, `JDCT_ISLOW`): the
/// Loeffler–Ligtenberg–Moschytz algorithm in 32-bit fixed point, 13 fractional bits for the
/// constants and 2 extra bits between the passes. The same integer steps as libjpeg-turbo, so
/// the same samples.
enum JPEGIDCT {
    static let constBits = 13, pass1Bits = 2
    /// The natural positions of the coefficients the 2×2 transform reads: rows and columns 0,
    /// 1, 3, 5 and 7 (``fill(_:size:quantization:into:stride:)`` gives the same samples whatever
    /// the others hold).
    static let readBy2 = [0, 1, 3, 5, 7].flatMap { row in [0, 1, 3, 5, 7].map { row * 8 + $0 } }
    static let fix0_298631336 = 2446, fix0_390180644 = 3196, fix0_541196100 = 4433, fix0_765366865 = 6270
    static let fix0_899976223 = 7373, fix1_175875602 = 9633, fix1_501321110 = 12299, fix1_847759065 = 15137
    static let fix1_961570560 = 16069, fix2_053119869 = 16819, fix2_562915447 = 20995, fix3_072711026 = 25172

    /// The range limit on the IDCT's output: centred on 128 and clamped to 0…255, as
    /// libjpeg-turbo's SIMD transforms (what phones and browsers run) clamp values a little out
    /// of range. (Only damaged data goes far out: there its plain C transforms wrap, see
    /// ``wrappingLimit(_:)``, and its SIMD ones wrap in their 16-bit arithmetic.)
    @_transparent
    static func limit(_ x: Int) -> UInt8 {
        let v = x + 128
        return v < 0 ? 0 : v > 255 ? 255 : UInt8(v)
    }

    /// libjpeg's C range limit: centred on 128, clamped to 0…255 within ±384 and wrapped
    /// beyond. Its 1×1 transform (1/8 scale) has no SIMD version, so this is what every build
    /// of it gives.
    @_transparent
    static func wrappingLimit(_ x: Int) -> UInt8 {
        let v = x & 1023
        return v < 128 ? UInt8(v + 128) : v < 512 ? 255 : v < 896 ? 0 : UInt8(v - 896)
    }

    /// Rounds `x` and drops `n` fraction bits, in 32-bit arithmetic as the vector transforms
    /// do: the same samples on every path, even where damaged data overflows 32 bits.
    @_transparent
    static func descale(_ x: Int, _ n: Int) -> Int { Int(Int32(truncatingIfNeeded: x &+ (1 << (n - 1))) >> Int32(n)) }

    /// The even part of both passes: inputs 0, 2, 4 and 6 in, tmp10, tmp11, tmp12 and tmp13
    /// out.
    @_transparent
    static func even(_ in0: Int, _ in2: Int, _ in4: Int, _ in6: Int) -> (Int, Int, Int, Int) {
        let z1 = (in2 + in6) * fix0_541196100
        let tmp2 = z1 + in6 * -fix1_847759065, tmp3 = z1 + in2 * fix0_765366865
        let tmp0 = (in0 + in4) << constBits, tmp1 = (in0 - in4) << constBits
        return (tmp0 + tmp3, tmp1 + tmp2, tmp1 - tmp2, tmp0 - tmp3)
    }

    /// The odd part of both passes: inputs 7, 5, 3 and 1 in, the four odd terms out.
    @_transparent
    static func odd(_ in7: Int, _ in5: Int, _ in3: Int, _ in1: Int) -> (Int, Int, Int, Int) {
        let z5 = (in7 + in3 + in5 + in1) * fix1_175875602
        let z1 = (in7 + in1) * -fix0_899976223, z2 = (in5 + in3) * -fix2_562915447
        let z3 = (in7 + in3) * -fix1_961570560 + z5, z4 = (in5 + in1) * -fix0_390180644 + z5
        return (in7 * fix0_298631336 + z1 + z3, in5 * fix2_053119869 + z2 + z4,
                in3 * fix3_072711026 + z2 + z3, in1 * fix1_501321110 + z1 + z4)
    }

    /// Transforms one block of quantized coefficients (natural order) with its quantization
    /// table, writing 8 rows of 8 samples `stride` apart.
    static func transform(
        _ coefficients: UnsafePointer<Int16>, quantization q: UnsafePointer<Int32>,
        workspace ws: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        if fill(coefficients, size: 8, quantization: q, into: out, stride: stride) { return }
        #if DEBUG
        // Unoptimized, generic SIMD code is many times slower than plain loops: debug builds
        // take the scalar passes, which a test holds to the vector ones.
        transformScalar(coefficients, quantization: q, workspace: ws, into: out, stride: stride)
        #else
        transformVectors(coefficients, quantization: q, workspace: ws, into: out, stride: stride)
        #endif
    }

    /// A block with only its DC coefficient is flat: the zero shortcuts of every transform's two
    /// passes give each of its `size`×`size` samples the same value. Writes it and returns
    /// true for such a block; false otherwise.
    @_transparent
    static func fill(
        _ coefficients: UnsafePointer<Int16>, size: Int, quantization q: UnsafePointer<Int32>,
        into out: UnsafeMutablePointer<UInt8>, stride: Int
    ) -> Bool {
        var ac = UInt64(UInt16(bitPattern: coefficients[1])) | UInt64(UInt16(bitPattern: coefficients[2])) << 16
            | UInt64(UInt16(bitPattern: coefficients[3])) << 32
        let words = UnsafeRawPointer(coefficients + 4)
        for i in 0..<15 { ac |= words.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) }
        guard ac == 0 else { return false }
        // (At 8×8 and 4×4, as their passes hold it: 16 bits in, saturated between the passes.)
        let dc = size >= 4
            ? Int(saturated(dequantized(coefficients[0], q[0]) << pass1Bits))
            : Int(Int32(truncatingIfNeeded: (Int(coefficients[0]) * Int(q[0])) << pass1Bits))
        let value = limit(descale(dc, pass1Bits + 3))
        for row in 0..<size { (out + row * stride).update(repeating: value, count: size) }
        return true
    }

    /// Eight coefficients, widened to 32-bit lanes (written out lane by lane: the generic
    /// conversion is not specialized in every build).
    @inline(__always)
    static func widened(_ p: UnsafePointer<Int16>) -> SIMD8<Int32> {
        SIMD8(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]), Int32(p[4]), Int32(p[5]), Int32(p[6]), Int32(p[7]))
    }

    /// A dequantized coefficient as libjpeg-turbo's SIMD transforms hold it: the product's low
    /// 16 bits. (Only damaged data reaches beyond them.)
    @_transparent
    static func dequantized(_ coefficient: Int16, _ q: Int32) -> Int {
        Int(Int16(truncatingIfNeeded: Int(coefficient) &* Int(q)))
    }

    /// A value between the passes as libjpeg-turbo's SIMD transforms hold it: saturated to 16
    /// bits. (Only damaged data reaches beyond them.)
    @_transparent
    static func saturated(_ x: Int) -> Int32 { x < -32768 ? -32768 : x > 32767 ? 32767 : Int32(truncatingIfNeeded: x) }

    /// The same steps on all eight columns (then rows) at once, as libjpeg-turbo's SIMD code
    /// does them: 16-bit inputs to each pass, every product one of a 16-bit input and a 16-bit
    /// constant summed in 32 bits (SSE2's `pmaddwd`: the odd part's rotations are written out
    /// as one 4×4 matrix of such constants, the even part's as 2×2), the passes' results
    /// rounded in 32 bits and saturated to 16. The zero shortcuts of the scalar passes give the
    /// same values as the full arithmetic, so they are not needed here.
    ///
    /// Most blocks of a photo have no coefficient in rows 4…7 or in columns 4…7 (at quality 90,
    /// two in three of a 4:4:4 file's blocks have neither). A pass whose inputs 4…7 are all
    /// zero is written out without them: the zeros add nothing to any sum, so the samples are
    /// the full pass's, with about half its arithmetic.
    @inline(__always)
    static func transformVectors(
        _ coefficients: UnsafePointer<Int16>, quantization q: UnsafePointer<Int32>,
        workspace ws: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        // Which inputs are zero: the 16-byte rows 4…7, and the upper 8 bytes of every row.
        let raw = UnsafeRawPointer(coefficients)
        @inline(__always) func word(_ i: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) }
        let lowerRows = word(8) | word(9) | word(10) | word(11) | word(12) | word(13) | word(14) | word(15)
        let rightColumns = word(1) | word(3) | word(5) | word(7) | word(9) | word(11) | word(13) | word(15)
        let (r0, r1, r2, r3, r4, r5, r6, r7) = lowerRows | rightColumns == 0
            ? firstPass4x4(coefficients, quantization: q)
            : firstPass(coefficients, quantization: q, lowerRows: lowerRows)
        // Transposed (16-, then 32-, then 64-bit interleaves): column k of the result, as a
        // vector across its rows.
        let a0 = low16(r0, r1), a1 = high16(r0, r1), a2 = low16(r2, r3), a3 = high16(r2, r3)
        let a4 = low16(r4, r5), a5 = high16(r4, r5), a6 = low16(r6, r7), a7 = high16(r6, r7)
        let b0 = low32(a0, a2), b1 = high32(a0, a2), b2 = low32(a1, a3), b3 = high32(a1, a3)
        let b4 = low32(a4, a6), b5 = high32(a4, a6), b6 = low32(a5, a7), b7 = high32(a5, a7)
        // Pass 2: each column is a vector across the block's rows. (Pass 1 leaves columns
        // 4…7 zero where the coefficients' were.)
        let t = rightColumns == 0
            ? pass4(low64(b0, b4), high64(b0, b4), low64(b1, b5), high64(b1, b5))
            : pass(low64(b0, b4), high64(b0, b4), low64(b1, b5), high64(b1, b5), low64(b2, b6), high64(b2, b6), low64(b3, b7), high64(b3, b7))
        let n = constBits + pass1Bits + 3
        // (The results are within ±7700 whatever the inputs.)
        @inline(__always) func limited(_ v: V) -> H { rangeLimited(v, descaling: n) }
        // Output columns in pairs, a byte each of every 16-bit lane (lane r: row r), then
        // interleaved into rows: each 16-byte vector holds two rows of eight samples.
        let p01 = limited(t.0) | limited(t.1) &<< 8, p23 = limited(t.2) | limited(t.3) &<< 8
        let p45 = limited(t.4) | limited(t.5) &<< 8, p67 = limited(t.6) | limited(t.7) &<< 8
        let left0 = low16(p01, p23), left1 = high16(p01, p23), right0 = low16(p45, p67), right1 = high16(p45, p67)
        @inline(__always) func store(_ pair: H, at row: Int) {
            let rows = unsafeBitCast(pair, to: SIMD2<UInt64>.self)
            UnsafeMutableRawPointer(out + row * stride).storeBytes(of: rows[0], as: UInt64.self)
            UnsafeMutableRawPointer(out + (row + 1) * stride).storeBytes(of: rows[1], as: UInt64.self)
        }
        store(low32(left0, right0), at: 0)
        store(high32(left0, right0), at: 2)
        store(low32(left1, right1), at: 4)
        store(high32(left1, right1), at: 6)
    }

    /// One pass over eight vectors of inputs; the eight outputs before rounding.
    @inline(__always)
    static func pass(_ in0: H, _ in1: H, _ in2: H, _ in3: H, _ in4: H, _ in5: H, _ in6: H, _ in7: H) -> (V, V, V, V, V, V, V, V) {
        let tmp0 = (wide(in0) &+ wide(in4)) &<< Int32(constBits), tmp1 = (wide(in0) &- wide(in4)) &<< Int32(constBits)
        let tmp3 = pair(in2, 10703, in6, 4433), tmp2 = pair(in2, 4433, in6, -10704)
        let e10 = tmp0 &+ tmp3, e13 = tmp0 &- tmp3, e11 = tmp1 &+ tmp2, e12 = tmp1 &- tmp2
        let o0 = pair(in7, -11363, in1, 2260) &+ pair(in3, -6436, in5, 9633)
        let o1 = pair(in5, 2261, in3, -11362) &+ pair(in1, 6437, in7, 9633)
        let o2 = pair(in3, -2259, in5, -11362) &+ pair(in7, -6436, in1, 9633)
        let o3 = pair(in1, 11363, in7, 2260) &+ pair(in5, 6437, in3, 9633)
        return (e10 &+ o3, e11 &+ o2, e12 &+ o1, e13 &+ o0, e13 &- o0, e12 &- o1, e11 &- o2, e10 &- o3)
    }

    /// The same pass with inputs 4…7 zero.
    @inline(__always)
    static func pass4(_ in0: H, _ in1: H, _ in2: H, _ in3: H) -> (V, V, V, V, V, V, V, V) {
        let tmp0 = wide(in0) &<< Int32(constBits)
        let tmp3 = wide(in2) &* V(repeating: 10703), tmp2 = wide(in2) &* V(repeating: 4433)
        let e10 = tmp0 &+ tmp3, e13 = tmp0 &- tmp3, e11 = tmp0 &+ tmp2, e12 = tmp0 &- tmp2
        let o0 = pair(in1, 2260, in3, -6436), o1 = pair(in1, 6437, in3, -11362)
        let o2 = pair(in1, 9633, in3, -2259), o3 = pair(in1, 11363, in3, 9633)
        return (e10 &+ o3, e11 &+ o2, e12 &+ o1, e13 &+ o0, e13 &- o0, e12 &- o1, e11 &- o2, e10 &- o3)
    }

    /// The first pass's rows, rounded to 16 bits: each row of coefficients is a vector across
    /// the columns. Saturated only when some value is beyond 16 bits (damaged data).
    @inline(__always)
    static func firstPass(_ coefficients: UnsafePointer<Int16>, quantization q: UnsafePointer<Int32>, lowerRows: UInt64) -> (H, H, H, H, H, H, H, H) {
        @inline(__always) func row(_ r: Int) -> H { dequantizedRow(coefficients, q, r) }
        let p = lowerRows == 0
            ? pass4(row(0), row(1), row(2), row(3))
            : pass(row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
        let n1 = constBits - pass1Bits
        let d = (descale(p.0, n1), descale(p.1, n1), descale(p.2, n1), descale(p.3, n1),
                 descale(p.4, n1), descale(p.5, n1), descale(p.6, n1), descale(p.7, n1))
        let outside = beyond16(d.0) | beyond16(d.1) | beyond16(d.2) | beyond16(d.3) | beyond16(d.4) | beyond16(d.5) | beyond16(d.6) | beyond16(d.7)
        return isZero(outside)
            ? (narrow(d.0), narrow(d.1), narrow(d.2), narrow(d.3), narrow(d.4), narrow(d.5), narrow(d.6), narrow(d.7))
            : (saturated(d.0), saturated(d.1), saturated(d.2), saturated(d.3), saturated(d.4), saturated(d.5), saturated(d.6), saturated(d.7))
    }

    /// ``firstPass(_:quantization:lowerRows:)`` for a block whose coefficients are all in its
    /// top left 4×4: four rows of four inputs, so four-lane vectors; the rows' lanes 4…7 are
    /// zero.
    @inline(__always)
    static func firstPass4x4(_ coefficients: UnsafePointer<Int16>, quantization q: UnsafePointer<Int32>) -> (H, H, H, H, H, H, H, H) {
        typealias N = SIMD4<Int16>
        typealias W = SIMD4<Int32>
        @inline(__always) func wide(_ h: N) -> W { W(Int32(h[0]), Int32(h[1]), Int32(h[2]), Int32(h[3])) }
        @inline(__always) func row(_ r: Int) -> N {
            let k = UnsafeRawPointer(q + 8 * r).loadUnaligned(as: W.self)
            let quantization = N(Int16(truncatingIfNeeded: k[0]), Int16(truncatingIfNeeded: k[1]), Int16(truncatingIfNeeded: k[2]), Int16(truncatingIfNeeded: k[3]))
            return UnsafeRawPointer(coefficients + 8 * r).loadUnaligned(as: N.self) &* quantization
        }
        @inline(__always) func pair(_ a: N, _ ka: Int32, _ b: N, _ kb: Int32) -> W { wide(a) &* W(repeating: ka) &+ wide(b) &* W(repeating: kb) }
        // (``pass4(_:_:_:_:)`` in four lanes.)
        let in0 = row(0), in1 = row(1), in2 = row(2), in3 = row(3)
        let tmp0 = wide(in0) &<< Int32(constBits)
        let tmp3 = wide(in2) &* W(repeating: 10703), tmp2 = wide(in2) &* W(repeating: 4433)
        let e10 = tmp0 &+ tmp3, e13 = tmp0 &- tmp3, e11 = tmp0 &+ tmp2, e12 = tmp0 &- tmp2
        let o0 = pair(in1, 2260, in3, -6436), o1 = pair(in1, 6437, in3, -11362)
        let o2 = pair(in1, 9633, in3, -2259), o3 = pair(in1, 11363, in3, 9633)
        let p = (e10 &+ o3, e11 &+ o2, e12 &+ o1, e13 &+ o0, e13 &- o0, e12 &- o1, e11 &- o2, e10 &- o3)
        let n1 = Int32(constBits - pass1Bits), half = W(repeating: 1 << (n1 - 1))
        let d = ((p.0 &+ half) &>> n1, (p.1 &+ half) &>> n1, (p.2 &+ half) &>> n1, (p.3 &+ half) &>> n1,
                 (p.4 &+ half) &>> n1, (p.5 &+ half) &>> n1, (p.6 &+ half) &>> n1, (p.7 &+ half) &>> n1)
        @inline(__always) func beyond(_ x: W) -> SIMD4<UInt32> { unsafeBitCast(x &+ W(repeating: 32768), to: SIMD4<UInt32>.self) &>> 16 }
        let outside = beyond(d.0) | beyond(d.1) | beyond(d.2) | beyond(d.3) | beyond(d.4) | beyond(d.5) | beyond(d.6) | beyond(d.7)
        let words = unsafeBitCast(outside, to: SIMD2<UInt64>.self)
        let inRange = words[0] | words[1] == 0
        @inline(__always) func rounded(_ w: W) -> H {
            let v = inRange ? w : w.replacing(with: W(repeating: -32768), where: w .< W(repeating: -32768)).replacing(with: W(repeating: 32767), where: w .> W(repeating: 32767))
            return H(lowHalf: N(Int16(truncatingIfNeeded: v[0]), Int16(truncatingIfNeeded: v[1]), Int16(truncatingIfNeeded: v[2]), Int16(truncatingIfNeeded: v[3])), highHalf: .zero)
        }
        return (rounded(d.0), rounded(d.1), rounded(d.2), rounded(d.3), rounded(d.4), rounded(d.5), rounded(d.6), rounded(d.7))
    }

    /// The scalar passes, kept as the reference the vector ones are tested against.
    static func transformScalar(
        _ coefficients: UnsafePointer<Int16>, quantization q: UnsafePointer<Int32>,
        workspace ws: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        // Pass 1: columns, into the workspace (16-bit inputs and results, as the vector passes
        // hold them).
        for column in 0..<8 {
            let c = coefficients + column, k = q + column
            if c[8] == 0 && c[16] == 0 && c[24] == 0 && c[32] == 0 && c[40] == 0 && c[48] == 0 && c[56] == 0 {
                let dc = saturated(dequantized(c[0], k[0]) << pass1Bits)
                for row in 0..<8 { ws[row * 8 + column] = dc }
                continue
            }
            let (tmp10, tmp11, tmp12, tmp13) = even(dequantized(c[0], k[0]), dequantized(c[16], k[16]), dequantized(c[32], k[32]), dequantized(c[48], k[48]))
            let (tmp0, tmp1, tmp2, tmp3) = odd(dequantized(c[56], k[56]), dequantized(c[40], k[40]), dequantized(c[24], k[24]), dequantized(c[8], k[8]))
            let n = constBits - pass1Bits
            ws[column] = saturated(descale(tmp10 + tmp3, n))
            ws[56 + column] = saturated(descale(tmp10 - tmp3, n))
            ws[8 + column] = saturated(descale(tmp11 + tmp2, n))
            ws[48 + column] = saturated(descale(tmp11 - tmp2, n))
            ws[16 + column] = saturated(descale(tmp12 + tmp1, n))
            ws[40 + column] = saturated(descale(tmp12 - tmp1, n))
            ws[24 + column] = saturated(descale(tmp13 + tmp0, n))
            ws[32 + column] = saturated(descale(tmp13 - tmp0, n))
        }
        // Pass 2: rows, into the output.
        let n = constBits + pass1Bits + 3
        for row in 0..<8 {
            let w = ws + row * 8, o = out + row * stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let dc = limit(descale(Int(w[0]), pass1Bits + 3))
                for i in 0..<8 { o[i] = dc }
                continue
            }
            let (tmp10, tmp11, tmp12, tmp13) = even(Int(w[0]), Int(w[2]), Int(w[4]), Int(w[6]))
            let (tmp0, tmp1, tmp2, tmp3) = odd(Int(w[7]), Int(w[5]), Int(w[3]), Int(w[1]))
            o[0] = limit(descale(tmp10 + tmp3, n))
            o[7] = limit(descale(tmp10 - tmp3, n))
            o[1] = limit(descale(tmp11 + tmp2, n))
            o[6] = limit(descale(tmp11 - tmp2, n))
            o[2] = limit(descale(tmp12 + tmp1, n))
            o[5] = limit(descale(tmp12 - tmp1, n))
            o[3] = limit(descale(tmp13 + tmp0, n))
            o[4] = limit(descale(tmp13 - tmp0, n))
        }
    }
}

/// libjpeg's reduced inverse DCTs, for decoding at 1/2, 1/4 and 1/8 size: each block gives
/// 4×4, 2×2 or 1×1 samples straight from its low-frequency coefficients (the steps of
/// libjpeg-turbo's `jidctred.c`, so the same samples as `djpeg -scale`).
extension JPEGIDCT {
    static let fix0_211164243 = 1730, fix0_509795579 = 4176, fix0_601344887 = 4926, fix0_720959822 = 5906
    static let fix0_850430095 = 6967, fix1_061594337 = 8697, fix1_272758580 = 10426, fix1_451774981 = 11893
    static let fix2_172734803 = 17799, fix3_624509785 = 29692

    /// Writes one block as `size`×`size` samples (8, 4, 2 or 1), `stride` apart. (Never
    /// inlined: in the scan's block loop the transforms would exhaust the optimizer's budget,
    /// leaving their own small vector helpers as calls.)
    @inline(never)
    static func transform(
        _ coefficients: UnsafePointer<Int16>, size: Int, quantization q: UnsafePointer<Int32>,
        workspace ws: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        switch size {
        case 8: transform(coefficients, quantization: q, workspace: ws, into: out, stride: stride)
        case 4:
            if !fill(coefficients, size: 4, quantization: q, into: out, stride: stride) {
                #if DEBUG
                transform4Scalar(coefficients, quantization: q, workspace: ws, into: out, stride: stride)
                #else
                transform4(coefficients, quantization: q, workspace: ws, into: out, stride: stride)
                #endif
            }
        case 2:
            if !fill(coefficients, size: 2, quantization: q, into: out, stride: stride) {
                transform2(coefficients, quantization: q, workspace: ws, into: out, stride: stride)
            }
        default: out[0] = wrappingLimit(descale(Int(Int32(truncatingIfNeeded: Int(coefficients[0]) * Int(q[0]))), 3))
        }
    }

    /// The 4-point odd part: inputs 7, 5, 3 and 1 in, the two odd terms out.
    @_transparent
    static func odd4(_ z1: Int, _ z2: Int, _ z3: Int, _ z4: Int) -> (Int, Int) {
        (z1 * -fix0_211164243 + z2 * fix1_451774981 + z3 * -fix2_172734803 + z4 * fix1_061594337,
         z1 * -fix0_509795579 + z2 * -fix0_601344887 + z3 * fix0_899976223 + z4 * fix2_562915447)
    }

    /// One block to 4×4 samples (row 4 and column 4 of the coefficients are not needed): all
    /// columns, then all four rows, at once, with the 16-bit inputs and products of the 8×8
    /// transform (``transformVectors(_:quantization:workspace:into:stride:)``). The scalar
    /// passes' zero shortcuts give the same values as the full arithmetic, so these need none.
    static func transform4(
        _ c: UnsafePointer<Int16>, quantization q: UnsafePointer<Int32>,
        workspace ws: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        // Pass 1: each row of coefficients is a vector across the columns.
        let in0 = dequantizedRow(c, q, 0), in1 = dequantizedRow(c, q, 1), in2 = dequantizedRow(c, q, 2), in3 = dequantizedRow(c, q, 3)
        let in5 = dequantizedRow(c, q, 5), in6 = dequantizedRow(c, q, 6), in7 = dequantizedRow(c, q, 7)
        let n1 = constBits - pass1Bits + 1
        let tmp0 = wide(in0) &<< Int32(constBits + 1), tmp2 = pair(in2, 15137, in6, -6270)
        let tmp10 = tmp0 &+ tmp2, tmp12 = tmp0 &- tmp2
        let odd0 = pair(in7, -1730, in5, 11893) &+ pair(in3, -17799, in1, 8697)
        let odd2 = pair(in7, -4176, in5, -4926) &+ pair(in3, 7373, in1, 20995)
        let d0 = descale(tmp10 &+ odd2, n1), d3 = descale(tmp10 &- odd2, n1)
        let d1 = descale(tmp12 &+ odd0, n1), d2 = descale(tmp12 &- odd0, n1)
        // (Saturated only when some value is beyond 16 bits: damaged data.)
        let (r0, r1, r2, r3) = within16Bits(d0, d1, d2, d3)
            ? (narrow(d0), narrow(d1), narrow(d2), narrow(d3)) : (saturated(d0), saturated(d1), saturated(d2), saturated(d3))
        // Transposed: two columns of the four rows in each vector (columns 0 and 1, 2 and 3, …).
        let a0 = low16(r0, r1), a1 = high16(r0, r1), a2 = low16(r2, r3), a3 = high16(r2, r3)
        let v01 = low32(a0, a2), v23 = high32(a0, a2), v45 = low32(a1, a3), v67 = high32(a1, a3)
        // Pass 2: the even part from the even columns (the low halves), the odd part from the
        // odd ones (the high halves, moved down).
        let n = constBits + pass1Bits + 3 + 1
        let e0 = wide(v01) &<< Int32(constBits + 1), e2 = pair(v23, 15137, v67, -6270)
        let e10 = e0 &+ e2, e12 = e0 &- e2
        let o0 = swappedHalves(pair(v67, -1730, v45, 11893) &+ pair(v23, -17799, v01, 8697))
        let o2 = swappedHalves(pair(v67, -4176, v45, -4926) &+ pair(v23, 7373, v01, 20995))
        // (After the descale every value is within ±4096, whatever the inputs.)
        @inline(__always) func limited(_ v: V) -> H { rangeLimited(v, descaling: n) }
        // Columns in pairs, a byte each of every 16-bit lane (lane r, of the first four: row r),
        // then interleaved: each 32-bit lane a row of four samples.
        let rows = unsafeBitCast(
            low16(limited(e10 &+ o2) | limited(e12 &+ o0) &<< 8, limited(e12 &- o0) | limited(e10 &- o2) &<< 8), to: SIMD4<UInt32>.self)
        for r in 0..<4 { UnsafeMutableRawPointer(out + r * stride).storeBytes(of: rows[r].littleEndian, as: UInt32.self) }
    }

    /// The scalar 4×4 passes, kept as the reference the vector ones are tested against.
    static func transform4Scalar(
        _ c: UnsafePointer<Int16>, quantization q: UnsafePointer<Int32>,
        workspace ws: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        // (16-bit inputs, results saturated to 16 bits, as the vector passes hold them.)
        for column in 0..<8 where column != 4 {
            if c[8 + column] == 0 && c[16 + column] == 0 && c[24 + column] == 0 && c[40 + column] == 0
                && c[48 + column] == 0 && c[56 + column] == 0
            {
                let dc = saturated(dequantized(c[column], q[column]) << pass1Bits)
                for row in 0..<4 { ws[row * 8 + column] = dc }
                continue
            }
            let tmp0 = dequantized(c[column], q[column]) << (constBits + 1)
            let tmp2 = dequantized(c[16 + column], q[16 + column]) * fix1_847759065 + dequantized(c[48 + column], q[48 + column]) * -fix0_765366865
            let tmp10 = tmp0 + tmp2, tmp12 = tmp0 - tmp2
            let (odd0, odd2) = odd4(dequantized(c[56 + column], q[56 + column]), dequantized(c[40 + column], q[40 + column]), dequantized(c[24 + column], q[24 + column]), dequantized(c[8 + column], q[8 + column]))
            let n = constBits - pass1Bits + 1
            ws[column] = saturated(descale(tmp10 + odd2, n))
            ws[24 + column] = saturated(descale(tmp10 - odd2, n))
            ws[8 + column] = saturated(descale(tmp12 + odd0, n))
            ws[16 + column] = saturated(descale(tmp12 - odd0, n))
        }
        let n = constBits + pass1Bits + 3 + 1
        for row in 0..<4 {
            let w = ws + row * 8, o = out + row * stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let dc = limit(descale(Int(w[0]), pass1Bits + 3))
                for i in 0..<4 { o[i] = dc }
                continue
            }
            let tmp0 = Int(w[0]) << (constBits + 1)
            let tmp2 = Int(w[2]) * fix1_847759065 + Int(w[6]) * -fix0_765366865
            let tmp10 = tmp0 + tmp2, tmp12 = tmp0 - tmp2
            let (odd0, odd2) = odd4(Int(w[7]), Int(w[5]), Int(w[3]), Int(w[1]))
            o[0] = limit(descale(tmp10 + odd2, n))
            o[3] = limit(descale(tmp10 - odd2, n))
            o[1] = limit(descale(tmp12 + odd0, n))
            o[2] = limit(descale(tmp12 - odd0, n))
        }
    }

    /// The 2-point odd term of inputs 7, 5, 3 and 1.
    @_transparent
    static func odd2(_ in7: Int, _ in5: Int, _ in3: Int, _ in1: Int) -> Int {
        in7 * -fix0_720959822 + in5 * fix0_850430095 + in3 * -fix1_272758580 + in1 * fix3_624509785
    }

    /// One block to 2×2 samples (only the odd rows and columns, and the DC's, are needed).
    static func transform2(
        _ c: UnsafePointer<Int16>, quantization q: UnsafePointer<Int32>,
        workspace ws: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        @inline(__always) func dq(_ i: Int) -> Int { Int(c[i]) * Int(q[i]) }
        for column in [0, 1, 3, 5, 7] {
            if c[8 + column] == 0 && c[24 + column] == 0 && c[40 + column] == 0 && c[56 + column] == 0 {
                let dc = Int32(truncatingIfNeeded: dq(column) << pass1Bits)
                ws[column] = dc
                ws[8 + column] = dc
                continue
            }
            let tmp10 = dq(column) << (constBits + 2)
            let tmp0 = odd2(dq(56 + column), dq(40 + column), dq(24 + column), dq(8 + column))
            let n = constBits - pass1Bits + 2
            ws[column] = Int32(truncatingIfNeeded: descale(tmp10 + tmp0, n))
            ws[8 + column] = Int32(truncatingIfNeeded: descale(tmp10 - tmp0, n))
        }
        let n = constBits + pass1Bits + 3 + 2
        for row in 0..<2 {
            let w = ws + row * 8, o = out + row * stride
            if w[1] == 0 && w[3] == 0 && w[5] == 0 && w[7] == 0 {
                let dc = limit(descale(Int(w[0]), pass1Bits + 3))
                o[0] = dc
                o[1] = dc
                continue
            }
            let tmp10 = Int(w[0]) << (constBits + 2)
            let tmp0 = odd2(Int(w[7]), Int(w[5]), Int(w[3]), Int(w[1]))
            o[0] = limit(descale(tmp10 + tmp0, n))
            o[1] = limit(descale(tmp10 - tmp0, n))
        }
    }
}

/// The 16- and 32-bit lane arithmetic of the vector transforms.
extension JPEGIDCT {
    typealias H = SIMD8<Int16>
    typealias V = SIMD8<Int32>

    // (Conversions written out lane by lane, and clamps as masks: the generic ones are not
    // always inlined, and a call hides the 16-bit products from the optimizer.)
    @inline(__always) static func wide(_ h: H) -> V {
        V(Int32(h[0]), Int32(h[1]), Int32(h[2]), Int32(h[3]), Int32(h[4]), Int32(h[5]), Int32(h[6]), Int32(h[7]))
    }

    @inline(__always) static func narrow(_ v: V) -> H {
        H(Int16(truncatingIfNeeded: v[0]), Int16(truncatingIfNeeded: v[1]), Int16(truncatingIfNeeded: v[2]), Int16(truncatingIfNeeded: v[3]),
          Int16(truncatingIfNeeded: v[4]), Int16(truncatingIfNeeded: v[5]), Int16(truncatingIfNeeded: v[6]), Int16(truncatingIfNeeded: v[7]))
    }

    @inline(__always) static func clamp(_ v: V, _ low: Int32, _ high: Int32) -> V {
        v.replacing(with: V(repeating: low), where: v .< V(repeating: low)).replacing(with: V(repeating: high), where: v .> V(repeating: high))
    }

    /// Nonzero in each lane whose value is beyond 16 bits: a value is within them when adding
    /// 2^15 leaves it below 2^16, as an unsigned number.
    @inline(__always) static func beyond16(_ x: V) -> SIMD8<UInt32> { unsafeBitCast(x &+ V(repeating: 32768), to: SIMD8<UInt32>.self) &>> 16 }

    /// Whether every lane is 0. (Folded as four 64-bit words: a vector `==` compares lane by lane.)
    @inline(__always) static func isZero(_ v: SIMD8<UInt32>) -> Bool {
        let words = unsafeBitCast(v, to: SIMD4<UInt64>.self)
        return words[0] | words[1] | words[2] | words[3] == 0
    }

    /// Whether every lane of the four is within 16 bits.
    @inline(__always) static func within16Bits(_ a: V, _ b: V, _ c: V, _ d: V) -> Bool {
        isZero(beyond16(a) | beyond16(b) | beyond16(c) | beyond16(d))
    }

    /// A transform's result `v` with `n` fraction bits, as a sample: rounded, centred on 128
    /// and clamped to 0…255, in 16-bit lanes (for results within 16 bits after the descale, as
    /// every transform's are, whatever its inputs; SSE2 has 16-bit min and max, not 32-bit).
    @inline(__always) static func rangeLimited(_ v: V, descaling n: Int) -> H {
        let t = narrow(descale(v, n)) &+ H(repeating: 128)
        return t.replacing(with: H.zero, where: t .< H.zero).replacing(with: H(repeating: 255), where: t .> H(repeating: 255))
    }

    /// `v` saturated to 16 bits (SSE2's `packssdw`).
    @inline(__always) static func saturated(_ v: V) -> H { narrow(clamp(v, -32768, 32767)) }

    /// Two 16-bit inputs times two 16-bit constants, summed in 32 bits (SSE2's `pmaddwd`).
    @inline(__always) static func pair(_ a: H, _ ka: Int32, _ b: H, _ kb: Int32) -> V {
        wide(a) &* V(repeating: ka) &+ wide(b) &* V(repeating: kb)
    }

    @inline(__always) static func descale(_ x: V, _ n: Int) -> V { (x &+ V(repeating: Int32(1 << (n - 1)))) &>> Int32(n) }

    /// A row of coefficients, dequantized in 16 bits (SSE2's `pmullw`).
    @inline(__always) static func dequantizedRow(_ c: UnsafePointer<Int16>, _ q: UnsafePointer<Int32>, _ r: Int) -> H {
        UnsafeRawPointer(c + 8 * r).loadUnaligned(as: H.self) &* narrow(UnsafeRawPointer(q + 8 * r).loadUnaligned(as: V.self))
    }

    /// Interleaves: the low or high halves of `a` and `b` in 16-bit, 32-bit or 64-bit units.
    @inline(__always) static func low16(_ a: H, _ b: H) -> H { H(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]) }
    @inline(__always) static func high16(_ a: H, _ b: H) -> H { H(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]) }
    @inline(__always) static func low32(_ a: H, _ b: H) -> H {
        let x = unsafeBitCast(a, to: SIMD4<Int32>.self), y = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(SIMD4(x[0], y[0], x[1], y[1]), to: H.self)
    }
    @inline(__always) static func high32(_ a: H, _ b: H) -> H {
        let x = unsafeBitCast(a, to: SIMD4<Int32>.self), y = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(SIMD4(x[2], y[2], x[3], y[3]), to: H.self)
    }
    @inline(__always) static func low64(_ a: H, _ b: H) -> H {
        unsafeBitCast(SIMD2(unsafeBitCast(a, to: SIMD2<Int64>.self)[0], unsafeBitCast(b, to: SIMD2<Int64>.self)[0]), to: H.self)
    }
    @inline(__always) static func high64(_ a: H, _ b: H) -> H {
        unsafeBitCast(SIMD2(unsafeBitCast(a, to: SIMD2<Int64>.self)[1], unsafeBitCast(b, to: SIMD2<Int64>.self)[1]), to: H.self)
    }

    /// `v` with its halves swapped.
    @inline(__always) static func swappedHalves(_ v: V) -> V {
        let (low, high) = unsafeBitCast(v, to: (SIMD4<Int32>, SIMD4<Int32>).self)
        return unsafeBitCast((high, low), to: V.self)
    }
}

import Testing

@testable import PickerImaging

/// The vector inner loops (optimized builds' default) against the plain ones (debug builds'):
/// the same pixels, exactly, for every filter, size and tail length.
@Suite("Resampling kernels")
struct ResampleKernelTests {
    /// A `width`×`height` four-channel buffer of seeded noise, or of 0 and 255 in a checkerboard
    /// (the largest overshoot Lanczos can make).
    static func noise(_ width: Int, _ height: Int, seed: UInt64, checkerboard: Bool = false) throws
        -> PixelBuffer
    {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in bytes.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[i] =
                checkerboard
                ? ((i / 4 % width + i / 4 / width) % 2 == 0 ? 0 : 255)
                : UInt8(truncatingIfNeeded: state >> 56)
        }
        return try PixelBuffer(width: width, height: height, format: .rgba8, bytes: bytes)
    }

    static func both(
        _ image: PixelBuffer, _ rect: PixelRect, _ vertical: AxisWeights, _ horizontal: AxisWeights
    )
        throws -> (vector: PixelBuffer, plain: PixelBuffer)
    {
        let vectors = try #require(
            VectorResampler(vertical: vertical, horizontal: horizontal),
            "the vector loops take these weights")
        #expect(vectors.biased == vertical.weights.allSatisfy { $0 >= 0 })
        return (
            image.resampleRaw(rect, vertical: vertical, horizontal: horizontal, kernels: .vector),
            image.resampleRaw(rect, vertical: vertical, horizontal: horizontal, kernels: .plain)
        )
    }

    @Test("vector loops give the plain loops' pixels", arguments: ResampleFilter.allCases)
    func vectorEqualsPlain(filter: ResampleFilter) throws {
        // Widths give every tail length of 16-byte chunks (1…4 pixels short) and odd tap counts.
        let sizes = [(1, 1), (3, 2), (4, 5), (5, 3), (13, 7), (37, 29), (64, 3)]
        for (index, (width, height)) in sizes.enumerated() {
            for checkerboard in [false, true] {
                let image = try Self.noise(
                    width + 3, height + 2, seed: UInt64(index), checkerboard: checkerboard)
                let rect = PixelRect(x: 2, y: 1, width: width, height: height)
                for (ow, oh) in [
                    (1, 1), (width, height), (max(1, width / 3), max(1, height / 2)),
                    (2 * width + 1, 3 * height), (7, 19),
                ] {
                    let vertical = AxisWeights(filter: filter, inputCount: height, outputCount: oh)
                    let horizontal = AxisWeights(filter: filter, inputCount: width, outputCount: ow)
                    let (vector, plain) = try Self.both(image, rect, vertical, horizontal)
                    #expect(
                        vector == plain,
                        "\(filter) \(width)×\(height) → \(ow)×\(oh), checkerboard \(checkerboard)")
                }
            }
        }
    }

    @Test(
        "each pass alone equals the plain one, to the unit of the rows between them",
        arguments: ResampleFilter.allCases)
    func passesAreExact(filter: ResampleFilter) throws {
        // Pixels hide a difference of 1/256 between the passes more often than not: compare the
        // vertical pass's values themselves, and the horizontal pass on values from across
        // their whole range (below 0 and above 255 × 256 for Lanczos).
        let width = 29
        let height = 31
        let count = width * 4
        let image = try Self.noise(width, height, seed: 5, checkerboard: filter == .lanczos3)
        let vertical = AxisWeights(filter: filter, inputCount: height, outputCount: 12)
        let horizontal = AxisWeights(filter: filter, inputCount: width, outputCount: 11)
        let vectors = try #require(VectorResampler(vertical: vertical, horizontal: horizontal))
        let scratch = vectors.makeScratch(count: count)
        defer { scratch.deallocate() }
        let row = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        defer { row.deallocate() }
        func stored(_ k: Int) -> Int32 {
            scratch.high.map { Int32($0[k]) << 8 | Int32(scratch.low[k]) } ?? Int32(scratch.low[k])
                + 32768
        }
        image.bytes.withUnsafeBufferPointer { bytes in
            for oy in 0..<12 {
                Resampler.combineRows(
                    bytes.baseAddress!, stride: count, count: count, weights: vertical, output: oy, into: row)
                vectors.combineRows(
                    bytes.baseAddress!, stride: count, count: count, output: oy, scratch: scratch)
                #expect((0..<count).allSatisfy { stored($0) == row[$0] }, "row \(oy)")
            }
        }
        var state: UInt64 = 77
        let range: ClosedRange<Int32> = vectors.biased ? 0...65280 : -12_000...78_000
        for round in 0..<20 {
            for k in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Some rounds hold the extremes of the range only.
                let r =
                    round < 2
                    ? (k % 3 == 0 ? range.lowerBound : range.upperBound)
                    : range.lowerBound + Int32(state >> 33 % UInt64(range.count))
                row[k] = r
                if let high = scratch.high {
                    scratch.low[k] = Int16(r & 0xFF)
                    high[k] = Int16(r >> 8)
                } else {
                    scratch.low[k] = Int16(r - 32768)
                }
            }
            var plain = [UInt8](repeating: 0, count: 11 * 4)
            var vector = plain
            Resampler.combineColumns(row, channels: 4, weights: horizontal, into: &plain)
            vectors.combineColumns(scratch, into: &vector)
            #expect(vector == plain, "round \(round)")
        }
    }

    @Test func vectorLoopsTakeSpansBetweenPixels() throws {
        // The JPEG path's weights: area over a span that starts and ends inside pixels.
        let image = try Self.noise(41, 23, seed: 9)
        for (lower, upper, outputs) in [
            (0.25, 40.5, 13), (3.75, 39.0, 40), (0.0, 41.0, 3), (10.5, 11.25, 2),
        ] {
            let horizontal = AxisWeights(areaFrom: lower, to: upper, inputCount: 41, outputCount: outputs)
            let vertical = AxisWeights(
                areaFrom: lower / 2, to: upper / 2, inputCount: 23, outputCount: outputs / 2 + 1)
            let (vector, plain) = try Self.both(
                image, PixelRect(size: image.pixelSize), vertical, horizontal)
            #expect(vector == plain, "\(lower)…\(upper) → \(outputs)")
        }
    }

    @Test(
        "each count of pairs the loops are written out for gives the plain loops' pixels",
        arguments: ResampleFilter.allCases)
    func everyPairCount(filter: ResampleFilter) throws {
        // Reductions from none to 13× give every count of pairs of taps from 1 to 5 (the loops
        // are specialized for 1 to 4, and read the count beyond) on each axis, opaque or not.
        var horizontalCounts = Set<Int>(), verticalCounts = Set<Int>()
        let image = try Self.noise(64, 64, seed: 11, checkerboard: filter == .lanczos3)
        var opaque = image
        for y in 0..<64 { for x in 0..<64 { opaque[x, y].a = 255 } }
        for output in [64, 50, 40, 30, 21, 16, 13, 9, 7, 5] {
            let rect = PixelRect(x: 0, y: 0, width: 64, height: 64)
            let vertical = AxisWeights(filter: filter, inputCount: 64, outputCount: output)
            let horizontal = AxisWeights(filter: filter, inputCount: 64, outputCount: output - 1)
            let vectors = try #require(VectorResampler(vertical: vertical, horizontal: horizontal))
            horizontalCounts.insert(vectors.horizontalPairCount)
            verticalCounts.formUnion(vectors.verticalSpans.map { ($0 + 1) / 2 })
            let (vector, plain) = try Self.both(image, rect, vertical, horizontal)
            #expect(vector == plain, "\(filter) 64 → \(output)")
            let whole = opaque.resampleRaw(
                rect, vertical: vertical, horizontal: horizontal, threads: 1, onlyIfOpaque: true, kernels: .vector)
            #expect(
                whole == opaque.resampleRaw(rect, vertical: vertical, horizontal: horizontal, kernels: .plain),
                "opaque, \(filter) 64 → \(output)")
            var translucent = opaque
            translucent[40, 33].a = 254
            #expect(
                translucent.resampleRaw(
                    rect, vertical: vertical, horizontal: horizontal, threads: 1, onlyIfOpaque: true,
                    kernels: .vector) == nil,
                "translucent, \(filter) 64 → \(output)")
        }
        #expect(verticalCounts.isSuperset(of: 1...5), "\(verticalCounts)")
        #expect(horizontalCounts.contains { $0 > 4 } && horizontalCounts.contains { $0 <= 4 }, "\(horizontalCounts)")
    }

    @Test("vector loops give the same pixels on several threads", arguments: [1, 2, 3])
    func vectorOnThreads(threads: Int) throws {
        let image = try Self.noise(70, 45, seed: 3)
        let rect = PixelRect(x: 3, y: 2, width: 61, height: 40)
        for filter in ResampleFilter.allCases {
            let vertical = AxisWeights(filter: filter, inputCount: 40, outputCount: 17)
            let horizontal = AxisWeights(filter: filter, inputCount: 61, outputCount: 23)
            let plain = image.resampleRaw(
                rect, vertical: vertical, horizontal: horizontal, kernels: .plain)
            let vector = image.resampleRaw(
                rect, vertical: vertical, horizontal: horizontal, threads: threads, kernels: .vector)
            #expect(vector == plain, "\(filter)")
        }
    }

    @Test(
        "a translucent pixel is found in whichever row it is",
        arguments: [ResampleKernels.plain, .vector])
    func translucencyIsFoundAsRowsAreRead(kernels: ResampleKernels) throws {
        let opaque = try PixelBuffer(
            width: 9, height: 8, bytes: [UInt8](repeating: 255, count: 9 * 8 * 4))
        let vertical = AxisWeights(filter: .area, inputCount: 8, outputCount: 3)
        let horizontal = AxisWeights(filter: .area, inputCount: 9, outputCount: 4)
        for threads in [1, 2] {
            let all = PixelRect(size: opaque.pixelSize)
            #expect(
                opaque.resampleRaw(
                    all, vertical: vertical, horizontal: horizontal, threads: threads, onlyIfOpaque: true,
                    kernels: kernels)
                    == opaque.resampleRaw(all, vertical: vertical, horizontal: horizontal, kernels: kernels))
            for (x, y) in [(0, 0), (8, 7), (4, 3), (8, 4)] {
                var image = opaque
                image[x, y] = RGBA(255, 255, 255, 254)
                let out = image.resampleRaw(
                    all, vertical: vertical, horizontal: horizontal, threads: threads, onlyIfOpaque: true,
                    kernels: kernels)
                #expect(out == nil, "(\(x), \(y)) on \(threads) threads")
            }
        }
    }

    @Test("translucency in the last row still weighs colour by alpha", arguments: [1, 2])
    func lastRowTranslucency(threads: Int) throws {
        // Red, opaque, but for one transparent black pixel in the bottom-right corner. Weighed
        // by alpha, the bottom-right output stays pure red at 3/4 alpha; unweighed, it would darken.
        var image = try PixelBuffer(width: 4, height: 4, bytes: [UInt8]([255, 0, 0, 255]).repeated(16))
        image[3, 3] = RGBA(0, 0, 0, 0)
        let out = try image.resampled(
            displayRect: PixelRect(size: image.pixelSize), to: PixelSize(width: 2, height: 2),
            threads: threads)
        #expect(out[0, 0] == RGBA(255, 0, 0, 255))
        #expect(out[1, 0] == RGBA(255, 0, 0, 255))
        #expect(out[0, 1] == RGBA(255, 0, 0, 255))
        #expect(out[1, 1] == RGBA(255, 0, 0, 191))
    }
}

extension Array {
    /// The elements `count` times over.
    fileprivate func repeated(_ count: Int) -> [Element] { (0..<count).flatMap { _ in self } }
}

import Dispatch
import Foundation

extension PixelBuffer {
    /// A copy scaled to `size` (display orientation), keeping the orientation.
    ///
    /// Use ``ResampleFilter/area`` to downscale: each output pixel is the coverage-weighted mean
    /// of the input pixels under it. ``ResampleFilter/bilinear`` and
    /// ``ResampleFilter/lanczos3`` suit upscaling. Colour is weighed by alpha (premultiplied),
    /// so transparent pixels leave no dark fringe; an opaque straight-alpha image skips that step.
    ///
    /// ```swift
    /// let small = try photo.resampled(to: PixelSize(width: 1024, height: 768), filter: .area)
    /// ```
    ///
    /// - Throws: ``ImagingError/invalidDimensions(width:height:)`` for an empty size,
    ///   ``ImagingError/tooManyPixels(count:limit:)`` above the default pixel limit.
    /// - Complexity: O(outputHeight × inputWidth × verticalTaps + outputPixels × horizontalTaps),
    ///   with one row of scratch memory.
    public func resampled(to size: PixelSize, filter: ResampleFilter = .area) throws(ImagingError) -> PixelBuffer {
        try resampled(displayRect: displayBounds, to: size, filter: filter)
    }

    /// The part of the image shown in `rect` (display orientation), scaled to `size`, in one
    /// pass: the crop is never copied at full size.
    ///
    /// - Throws: ``ImagingError/cropOutsideImage(rect:imageSize:)`` unless `rect` lies inside
    ///   the image; the size errors of ``resampled(to:filter:)``.
    public func resampled(displayRect rect: PixelRect, to size: PixelSize, filter: ResampleFilter = .area)
        throws(ImagingError) -> PixelBuffer
    {
        try resampledCountingCopies(displayRect: rect, to: size, filter: filter).image
    }

    /// ``resampled(displayRect:to:filter:)`` with the output rows split across `threads`
    /// threads: the pixels are the same whatever the count.
    ///
    /// ```swift
    /// let avatar = try photo.resampled(displayRect: crop, to: PixelSize(width: 1024, height: 1024), threads: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - rect: the part of the image, in display orientation, inside it.
    ///   - size: the output size, in display orientation.
    ///   - filter: as for ``resampled(displayRect:to:filter:)``.
    ///   - threads: how many threads share the rows; `nil` picks
    ///     ``automaticThreads(sourcePixels:)`` for the crop. Counts below 1 are 1, above 64 are 64.
    /// - Throws: the errors of ``resampled(displayRect:to:filter:)``.
    public func resampled(displayRect rect: PixelRect, to size: PixelSize, filter: ResampleFilter = .area, threads: Int?)
        throws(ImagingError) -> PixelBuffer
    {
        try resampledCountingCopies(displayRect: rect, to: size, filter: filter, threads: threads).image
    }

    /// The threads resampling uses when not told: one per active core for a source of a million
    /// pixels or more (where the work outweighs starting threads), one below that.
    public static func automaticThreads(sourcePixels: Int) -> Int {
        sourcePixels >= 1_000_000 ? max(1, min(64, ProcessInfo.processInfo.activeProcessorCount)) : 1
    }

    /// The threads a resample of `sourcePixels` uses: `requested` kept within 1…64, or
    /// ``automaticThreads(sourcePixels:)`` when it is `nil`.
    static func threadCount(_ requested: Int?, sourcePixels: Int) -> Int {
        requested.map { min(64, max(1, $0)) } ?? automaticThreads(sourcePixels: sourcePixels)
    }

    /// ``resampled(displayRect:to:filter:)``, also telling how many bytes of premultiplied copy
    /// of the source it made (zero for opaque or already premultiplied images).
    func resampledCountingCopies(displayRect rect: PixelRect, to size: PixelSize, filter: ResampleFilter, threads: Int? = nil)
        throws(ImagingError) -> (image: PixelBuffer, copiedBytes: Int)
    {
        guard !rect.isEmpty, displayBounds.contains(rect) else {
            throw .cropOutsideImage(rect: rect, imageSize: displaySize)
        }
        guard size.width > 0, size.height > 0 else {
            throw .invalidDimensions(width: size.width, height: size.height)
        }
        let rawOut = orientation.swapsAxes ? size.transposed : size
        guard let count = rawOut.pixelCount, count <= PixelBuffer.defaultPixelLimit else {
            throw .tooManyPixels(count: size.pixelCount ?? .max, limit: PixelBuffer.defaultPixelLimit)
        }
        let raw = orientation.rawRect(forDisplay: rect, rawSize: pixelSize)
        if raw.size == rawOut {
            // Same size: every filter is the identity, so copy the pixels exactly.
            return (try cropped(to: rect), 0)
        }
        let premultiply = format == .rgba8 && !isOpaque(in: raw)
        let source = premultiply ? premultiplied(in: raw) : self
        let sourceRect = premultiply ? PixelRect(size: raw.size) : raw
        let threadCount = Self.threadCount(threads, sourcePixels: raw.width * raw.height)
        var out = source.resampleRaw(sourceRect, to: rawOut, filter: filter, threads: threadCount)
        if premultiply { out = out.unpremultiplied() }
        out.orientation = orientation
        return (out, premultiply ? source.bytes.count : 0)
    }

    /// Whether every pixel in `rect` (raw) is opaque; always `true` for gray.
    func isOpaque(in rect: PixelRect) -> Bool {
        guard format != .gray8 else { return true }
        return bytes.withUnsafeBytes { raw in
            for y in rect.y..<rect.maxY {
                let row = UnsafeRawBufferPointer(start: raw.baseAddress! + y * rowStride + rect.x * 4, count: rect.width * 4)
                // Alpha is every fourth byte: AND whole words and look at their alpha bytes.
                var all: UInt64 = .max
                var i = 0
                while i + 8 <= row.count {
                    all &= row.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    i += 8
                }
                if i < row.count { all &= UInt64(row.loadUnaligned(fromByteOffset: i, as: UInt32.self)) | 0xFFFF_FFFF_0000_0000 }
                if all & 0xFF00_0000_FF00_0000 != 0xFF00_0000_FF00_0000 { return false }
            }
            return true
        }
    }

    /// The pixels of `rect` (raw) with colour multiplied by alpha, rounded, as a tight buffer.
    func premultiplied(in rect: PixelRect) -> PixelBuffer {
        var out = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let i = (rect.y + y) * rowStride + (rect.x + x) * 4
                let o = (y * rect.width + x) * 4
                let a = Int(bytes[i + 3])
                for c in 0..<3 { out[o + c] = UInt8((Int(bytes[i + c]) * a + 127) / 255) }
                out[o + 3] = bytes[i + 3]
            }
        }
        return PixelBuffer(
            checkedWidth: rect.width, height: rect.height, format: .rgba8Premultiplied, bytes: out,
            rowStride: rect.width * 4, orientation: .up)
    }

    /// Resamples the stored pixels of `rect` to `size` stored pixels: vertical pass into one
    /// row of 32-bit sums, then horizontal pass, row by row.
    func resampleRaw(_ rect: PixelRect, to size: PixelSize, filter: ResampleFilter, threads: Int = 1) -> PixelBuffer {
        resampleRaw(
            rect, vertical: AxisWeights(filter: filter, inputCount: rect.height, outputCount: size.height),
            horizontal: AxisWeights(filter: filter, inputCount: rect.width, outputCount: size.width), threads: threads)
    }

    /// Resamples the stored pixels of `rect` with weights for each axis (indices relative to
    /// `rect`). With `threads` above 1 the output rows are split into that many runs, each with
    /// its own scratch row: every output row is computed the same way whichever thread does it.
    func resampleRaw(_ rect: PixelRect, vertical: AxisWeights, horizontal: AxisWeights, threads: Int = 1) -> PixelBuffer {
        let ch = format.bytesPerPixel
        let size = PixelSize(width: horizontal.outputCount, height: vertical.outputCount)
        let rowCount = rect.width * ch
        let runs = max(1, min(threads, size.height))
        let out = [UInt8](unsafeUninitializedCapacity: size.width * size.height * ch) { dst, initialized in
            bytes.withUnsafeBufferPointer { src in
                let origin = UnsafeSendable(src.baseAddress! + rect.y * rowStride + rect.x * ch)
                let destination = UnsafeSendable(dst.baseAddress!)
                let rowStride = self.rowStride, width = size.width, height = size.height
                let work = { @Sendable (run: Int) in
                    let row = UnsafeMutableBufferPointer<Int32>.allocate(capacity: rowCount)
                    defer { row.deallocate() }
                    for oy in (height * run / runs)..<(height * (run + 1) / runs) {
                        Resampler.combineRows(
                            origin.pointer, stride: rowStride, count: rowCount, weights: vertical, output: oy, into: row)
                        let line = destination.pointer + oy * width * ch
                        if ch == 4 {
                            Resampler.combineColumns4(row, weights: horizontal, into: line)
                        } else {
                            Resampler.combineColumns1(row, weights: horizontal, into: line)
                        }
                    }
                }
                if runs == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: runs, execute: work) }
            }
            initialized = size.width * size.height * ch
        }
        return PixelBuffer(
            checkedWidth: size.width, height: size.height, format: format, bytes: out,
            rowStride: size.width * ch, orientation: .up)
    }
}

/// The inner loops of resampling, on raw pointers.
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
            for k in 0..<count { r[k] = w0 &* Int32(first[k]) }
            var t = 1
            while t < taps {
                let wt = w[t]
                if wt != 0 {
                    let line = origin + (start + t) * stride
                    for k in 0..<count { r[k] = r[k] &+ wt &* Int32(line[k]) }
                }
                t += 1
            }
            for k in 0..<count { r[k] = (r[k] &+ 32) >> 6 }
        }
    }

    /// Four channels: `out[x] = Σ w_t · row[start + t]`, rounded and clamped to 0…255.
    @inline(__always)
    static func combineColumns4(
        _ row: UnsafeMutableBufferPointer<Int32>, weights: AxisWeights, into out: UnsafeMutablePointer<UInt8>
    ) {
        let taps = weights.taps
        let half = SIMD4<Int32>(repeating: 1 << 21)
        let zero = SIMD4<Int32>(repeating: 0), top = SIMD4<Int32>(repeating: 255)
        let raw = UnsafeRawPointer(row.baseAddress!)
        weights.weights.withUnsafeBufferPointer { ws in
            weights.starts.withUnsafeBufferPointer { starts in
                for x in 0..<weights.outputCount {
                    let w = ws.baseAddress! + x * taps
                    var offset = starts[x] * 16
                    var acc = half
                    for t in 0..<taps {
                        let px = raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<Int32>.self)
                        acc &+= px &* SIMD4<Int32>(repeating: w[t])
                        offset += 16
                    }
                    let v = (acc &>> 22).clamped(lowerBound: zero, upperBound: top)
                    out[x * 4] = UInt8(truncatingIfNeeded: v[0])
                    out[x * 4 + 1] = UInt8(truncatingIfNeeded: v[1])
                    out[x * 4 + 2] = UInt8(truncatingIfNeeded: v[2])
                    out[x * 4 + 3] = UInt8(truncatingIfNeeded: v[3])
                }
            }
        }
    }

    /// One channel: as ``combineColumns4(_:weights:into:)``.
    @inline(__always)
    static func combineColumns1(
        _ row: UnsafeMutableBufferPointer<Int32>, weights: AxisWeights, into out: UnsafeMutablePointer<UInt8>
    ) {
        let taps = weights.taps
        for x in 0..<weights.outputCount {
            let start = weights.starts[x]
            var acc: Int32 = 1 << 21
            for t in 0..<taps { acc &+= weights.weights[x * taps + t] &* row[start + t] }
            out[x] = UInt8(clamping: acc >> 22)
        }
    }
}

/// A pointer handed to the threads of one call, each of which reads or writes its own part of
/// the memory; the call waits for them all before the memory goes.
struct UnsafeSendable<Pointer>: @unchecked Sendable {
    let pointer: Pointer
    init(_ pointer: Pointer) { self.pointer = pointer }
}

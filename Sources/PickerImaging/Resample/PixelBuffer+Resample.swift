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
        try resampledCountingCopies(displayRect: rect, to: size, filter: filter).image.tagged(colorProfile)
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
        try resampledCountingCopies(displayRect: rect, to: size, filter: filter, threads: threads).image.tagged(colorProfile)
    }

    /// The threads resampling and ``normalized()`` use when not told: one per active core for a
    /// source of a million pixels or more (where the work outweighs starting threads), one below
    /// that.
    public static func automaticThreads(sourcePixels: Int) -> Int {
        sourcePixels >= 1_000_000 ? max(1, min(64, ProcessInfo.processInfo.activeProcessorCount)) : 1
    }

    /// The threads a resample of `sourcePixels` uses: `requested` kept within 1…64, or
    /// ``automaticThreads(sourcePixels:)`` when it is `nil`.
    package static func threadCount(_ requested: Int?, sourcePixels: Int) -> Int {
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
        let threadCount = Self.threadCount(threads, sourcePixels: raw.width * raw.height)
        let vertical = AxisWeights(filter: filter, inputCount: raw.height, outputCount: rawOut.height)
        let horizontal = AxisWeights(filter: filter, inputCount: raw.width, outputCount: rawOut.width)
        var (out, copied) = resampleWeighingAlpha(raw, vertical: vertical, horizontal: horizontal, threads: threadCount)
        if copied > 0 { out = out.unpremultiplied() }
        out.orientation = orientation
        return (out, copied)
    }

    /// The stored pixels of `raw` resampled with these weights, colour weighed by alpha where
    /// it must be. Straight alpha needs that unless every pixel read is opaque: this assumes
    /// so, checking as the rows are read, and only if one is not resamples a premultiplied copy
    /// of `raw` instead. Then the result is premultiplied, and `premultipliedCopy` is the
    /// copy's size in bytes; otherwise it is zero.
    package func resampleWeighingAlpha(_ raw: PixelRect, vertical: AxisWeights, horizontal: AxisWeights, threads: Int)
        -> (image: PixelBuffer, premultipliedCopy: Int)
    {
        if let out = resampleRaw(
            raw, vertical: vertical, horizontal: horizontal, threads: threads, onlyIfOpaque: format == .rgba8,
            kernels: .standard)
        {
            return (out, 0)
        }
        let source = premultiplied(in: raw)
        return (
            source.resampleRaw(PixelRect(size: raw.size), vertical: vertical, horizontal: horizontal, threads: threads),
            source.bytes.count
        )
    }

    /// Whether every pixel in `rect` (raw) is opaque; always `true` for gray.
    package func isOpaque(in rect: PixelRect) -> Bool {
        guard format != .gray8 else { return true }
        return bytes.withUnsafeBufferPointer { raw in
            (rect.y..<rect.maxY).allSatisfy { y in
                Self.isOpaqueRow(raw.baseAddress! + y * rowStride + rect.x * 4, count: rect.width * 4)
            }
        }
    }

    /// Whether the `count` bytes of four-channel pixels at `row` all have alpha 255.
    static func isOpaqueRow(_ row: UnsafePointer<UInt8>, count: Int) -> Bool {
        // Alpha is every fourth byte: AND whole words and look at their alpha bytes.
        let raw = UnsafeRawPointer(row)
        var all: UInt64 = .max
        var i = 0
        while i + 8 <= count {
            all &= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        if i < count { all &= UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)) | 0xFFFF_FFFF_0000_0000 }
        return all & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000
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
    /// row of scratch, then horizontal pass, row by row.
    package func resampleRaw(_ rect: PixelRect, to size: PixelSize, filter: ResampleFilter, threads: Int = 1) -> PixelBuffer {
        resampleRaw(
            rect, vertical: AxisWeights(filter: filter, inputCount: rect.height, outputCount: size.height),
            horizontal: AxisWeights(filter: filter, inputCount: rect.width, outputCount: size.width), threads: threads)
    }

    /// Resamples the stored pixels of `rect` with weights for each axis (indices relative to
    /// `rect`). With `threads` above 1 the output rows are split into that many runs, each with
    /// its own scratch row: every output row is computed the same way whichever thread does it.
    package func resampleRaw(
        _ rect: PixelRect, vertical: AxisWeights, horizontal: AxisWeights, threads: Int = 1,
        kernels: ResampleKernels = .standard
    ) -> PixelBuffer {
        resampleRaw(rect, vertical: vertical, horizontal: horizontal, threads: threads, onlyIfOpaque: false, kernels: kernels)!
    }

    /// As ``resampleRaw(_:vertical:horizontal:threads:kernels:)``; with `onlyIfOpaque`, each
    /// input row is checked for full alpha as it is read (the vector loops check the very
    /// loads they multiply; the plain ones each row just before its first use, while it is in
    /// cache), not in a pass of its own, and the first translucent one stops the work: `nil`.
    /// Rows no output reads are not checked, and need not be: they change no pixel.
    func resampleRaw(
        _ rect: PixelRect, vertical: AxisWeights, horizontal: AxisWeights, threads: Int, onlyIfOpaque: Bool,
        kernels: ResampleKernels
    ) -> PixelBuffer? {
        let ch = format.bytesPerPixel
        let size = PixelSize(width: horizontal.outputCount, height: vertical.outputCount)
        let rowCount = rect.width * ch
        let runs = max(1, min(threads, size.height))
        let checkAlpha = onlyIfOpaque && format != .gray8
        let vectors = kernels == .vector && ch == 4 ? VectorResampler(vertical: vertical, horizontal: horizontal) : nil
        let stopped = UnsafeMutableBufferPointer<Bool>.allocate(capacity: runs)
        stopped.initialize(repeating: false)
        defer { stopped.deallocate() }
        let out = [UInt8](unsafeUninitializedCapacity: size.width * size.height * ch) { dst, initialized in
            HugePages.advise(UnsafeMutableRawPointer(dst.baseAddress!), count: size.width * size.height * ch)
            if runs > 1 { HugePages.prefault(UnsafeMutableRawPointer(dst.baseAddress!), count: size.width * size.height * ch) }
            bytes.withUnsafeBufferPointer { src in
                let origin = Shared(src.baseAddress! + rect.y * rowStride + rect.x * ch)
                let destination = Shared(dst.baseAddress!)
                let flags = Shared(stopped.baseAddress!)
                let rowStride = self.rowStride, width = size.width, height = size.height
                let work = { @Sendable (run: Int) in
                    let lines = (0..<height).band(run, of: runs), out = destination.value
                    let done = if let vectors {
                        Self.resampleRows(
                            lines, origin.value, stride: rowStride, count: rowCount, vectors, checkingAlpha: checkAlpha, into: out,
                            width: width)
                    } else {
                        Self.resampleRows(
                            lines, origin.value, stride: rowStride, count: rowCount, vertical: vertical, horizontal: horizontal,
                            channels: ch, checkingAlpha: checkAlpha, into: out, width: width)
                    }
                    if !done { flags.value[run] = true }
                }
                performEach(runs, concurrently: true, work)
            }
            initialized = stopped.contains(true) ? 0 : size.width * size.height * ch
        }
        if stopped.contains(true) { return nil }
        return PixelBuffer(
            checkedWidth: size.width, height: size.height, format: format, bytes: out,
            rowStride: size.width * ch, orientation: .up)
    }
}

extension PixelBuffer {
    /// Output rows `lines` (`width` pixels of 4 bytes each) by the vector loops, from the
    /// `count` bytes of each input row at `origin`, `stride` apart; `false` when, checking
    /// alpha, a translucent pixel stopped the work.
    private static func resampleRows(
        _ lines: Range<Int>, _ origin: UnsafePointer<UInt8>, stride: Int, count: Int, _ vectors: VectorResampler,
        checkingAlpha: Bool, into out: UnsafeMutablePointer<UInt8>, width: Int
    ) -> Bool {
        let scratch = vectors.makeScratch(count: count)
        defer { scratch.deallocate() }
        for oy in lines {
            guard vectors.combineRows(origin, stride: stride, count: count, output: oy, scratch: scratch, checkingAlpha: checkingAlpha)
            else { return false }
            vectors.combineColumns(scratch, into: out + oy * width * 4)
        }
        return true
    }

    /// The same by the plain 32-bit loops, for pixels of `channels` bytes; with `checkingAlpha`
    /// each input row is checked just before its first use, while it is in cache.
    private static func resampleRows(
        _ lines: Range<Int>, _ origin: UnsafePointer<UInt8>, stride: Int, count: Int, vertical: AxisWeights,
        horizontal: AxisWeights, channels: Int, checkingAlpha: Bool, into out: UnsafeMutablePointer<UInt8>, width: Int
    ) -> Bool {
        let row = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        defer { row.deallocate() }
        var checked = 0  // input rows below this are known opaque
        for oy in lines {
            if checkingAlpha {
                let first = max(checked, vertical.starts[oy]), end = vertical.starts[oy] + vertical.taps
                checked = max(checked, end)
                if !(first..<max(first, end)).allSatisfy({ isOpaqueRow(origin + $0 * stride, count: count) }) { return false }
            }
            Resampler.combineRows(origin, stride: stride, count: count, weights: vertical, output: oy, into: row)
            Resampler.combineColumns(row, channels: channels, weights: horizontal, into: out + oy * width * channels)
        }
        return true
    }
}

/// Values (pointers, or objects and the pointers into them) handed to the threads of one call,
/// each of which reads what it likes but writes only its own part; the call waits for them all
/// before the memory goes.
package struct Shared<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// Runs `work(i)` for each `i` in `0..<iterations`: at once on the system's threads when
/// `concurrently` (and there is more than one), otherwise in order on this thread.
package func performEach(_ iterations: Int, concurrently: Bool, _ work: @Sendable (Int) -> Void) {
    if concurrently && iterations > 1 {
        DispatchQueue.concurrentPerform(iterations: iterations, execute: work)
    } else {
        for i in 0..<iterations { work(i) }
    }
}

extension Range where Bound == Int {
    /// Band `run` of `runs` nearly equal bands the range splits into, in order: how work is
    /// shared out among threads, each output the same whichever thread computes it.
    package func band(_ run: Int, of runs: Int) -> Range<Int> {
        (lowerBound + count * run / runs)..<(lowerBound + count * (run + 1) / runs)
    }
}

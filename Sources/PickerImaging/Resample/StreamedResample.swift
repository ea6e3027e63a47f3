/// Resamples an image whose rows arrive in order, as a decoder writes them: each output row is
/// computed as soon as the input rows its weights read are in, on the thread that reports them,
/// exactly as ``PixelBuffer/resampleRaw(_:vertical:horizontal:threads:kernels:)`` computes it.
/// The resampling then runs beside the rest of the decode, and reads rows while they are still
/// in cache.
///
/// One thread reports rows (``rowsWritten(_:origin:)``); whoever takes the ``result()`` must have
/// waited for that thread first.
package final class StreamedResample: @unchecked Sendable {
    private let width: Int
    private let vertical: AxisWeights, horizontal: AxisWeights
    private let kernels: ResampleKernels
    /// Set by the first rows: the input's format, and the working memory for it.
    private var format: PixelFormat?
    private var vectors: VectorResampler?
    private var scratch: VectorResampler.Scratch?
    private var row = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private var output: [UInt8] = []
    /// Output rows computed so far.
    private var done = 0

    /// A resampling of an image `width` pixels wide, with weights for each axis (their input
    /// counts the image's width and height).
    package init(width: Int, vertical: AxisWeights, horizontal: AxisWeights, kernels: ResampleKernels = .standard) {
        self.width = width
        self.vertical = vertical
        self.horizontal = horizontal
        self.kernels = kernels
    }

    deinit {
        scratch?.deallocate()
        row.deallocate()
    }

    /// The first `count` input rows, `width` pixels each, are written, from `origin` on, in
    /// `format` with no bytes between rows: computes every output row that reads no other.
    /// Every call has the width the resampling was made for, and the same format.
    package func rowsWritten(_ count: Int, width: Int, origin: UnsafePointer<UInt8>, format: PixelFormat) {
        precondition(width == self.width, "rows \(width) pixels wide, not \(self.width)")
        let ch = format.bytesPerPixel, rowCount = width * ch
        if self.format == nil {
            self.format = format
            vectors = kernels == .vector && ch == 4 ? VectorResampler(vertical: vertical, horizontal: horizontal) : nil
            scratch = vectors?.makeScratch(count: rowCount)
            row = .allocate(capacity: vectors == nil ? rowCount : 0)
            output = [UInt8](repeating: 0, count: horizontal.outputCount * vertical.outputCount * ch)
        }
        precondition(self.format == format, "rows of another format")
        let outputWidth = horizontal.outputCount
        output.withUnsafeMutableBufferPointer { destination in
            while done < vertical.outputCount && vertical.starts[done] + vertical.taps <= count {
                let line = destination.baseAddress! + done * outputWidth * ch
                if let vectors, let scratch {
                    vectors.combineRows(origin, stride: rowCount, count: rowCount, output: done, scratch: scratch)
                    vectors.combineColumns(scratch, into: line)
                } else {
                    Resampler.combineRows(origin, stride: rowCount, count: rowCount, weights: vertical, output: done, into: row)
                    Resampler.combineColumns(row, channels: ch, weights: horizontal, into: line)
                }
                done += 1
            }
        }
    }

    /// The resampled image, stored upright, once every output row is computed; `nil` before.
    package func result() -> PixelBuffer? {
        guard let format, done == vertical.outputCount else { return nil }
        return PixelBuffer(
            checkedWidth: horizontal.outputCount, height: vertical.outputCount, format: format, bytes: output,
            rowStride: horizontal.outputCount * format.bytesPerPixel, orientation: .up)
    }
}

import Foundation
import PickerImaging

/// The second stage of a streamed (baseline) decode, on a thread of its own. The decoding
/// thread reads the scan's entropy-coded data into a ring of ``slots`` rows of MCUs and, at
/// full size, transforms the first component (luma) of each; this one transforms the others
/// (all of them for a gray image, or at a reduced scale, where the transforms are cheap) and
/// upsamples and converts the image rows each row of MCUs completes (and hands them to
/// whoever asked to hear of them). Each stage does the same steps on the same samples as a
/// decode on one thread, so the pixels are the same.
///
/// The decoding thread waits with ``waitForSlot(row:)`` before it fills a slot, reports each
/// decoded row of MCUs with ``decoded(mcuRows:)``, and takes the pixels with ``finish()``; on
/// any other way out it calls ``cancel()``, which stops the second thread and waits for it.
/// Rows change hands under a lock (a condition variable), so every coefficient and sample one
/// thread reads was written before the other told it of it.
final class JPEGRowPipeline: @unchecked Sendable {
    /// Rows of MCUs in the ring.
    static let slots = 8
    /// The images worth a second thread: below about a million pixels, starting it costs more
    /// than it saves.
    static let smallestArea = 1 << 20

    private let planes: JPEGPlanes
    private let writer: JPEGRowWriter
    /// Per component the second thread transforms: its index, its ring of coefficients, the
    /// blocks across a row of it and the rows of blocks a slot holds, and its quantization table.
    private let taken: [(index: Int, coefficients: JPEGCoefficients, across: Int, rows: Int, quantization: [Int32])]
    /// Block rows of each component a row of MCUs holds.
    private let rowsPerMCURow: [Int]
    private let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
    private let condition = NSCondition()
    // Guarded by `condition`:
    /// Rows of MCUs decoded (and their first component transformed) so far.
    private var decodedRows = 0
    /// Rows of MCUs the second thread is done with: their slots are free.
    private var doneRows = 0
    /// Set once the decoding thread is done with the scan.
    private var complete = false
    /// Set when the decode failed: nothing more is written.
    private var cancelled = false
    /// The pixels, once the second thread is done (empty when cancelled).
    private var bytes: [UInt8]?
    /// Told on the second thread of the image rows written so far (of the region, from its
    /// first pixel), each time more are.
    private let rowsWritten: JPEGDecoder.RowsWritten?

    /// Starts the second thread, which waits for rows. `frame`'s coefficients hold ``slots``
    /// rows of MCUs.
    init(
        _ planes: JPEGPlanes, frame: JPEGDecoder.Frame, header: JPEGDecoder.Header, quantization: [[Int32]],
        rowsWritten: JPEGDecoder.RowsWritten? = nil
    ) {
        self.planes = planes
        self.rowsWritten = rowsWritten
        writer = JPEGRowWriter(planes, header: header)
        let rowsPerMCURow = frame.components.map(frame.blockRowsPerMCURow)
        self.rowsPerMCURow = rowsPerMCURow
        // At a reduced scale the transforms are cheap beside the entropy decoding: the second
        // thread takes them all (and a gray image's one).
        let all = frame.components.count == 1 || planes.layouts[0].size < 8
        taken = frame.components.indices.filter { all || $0 > 0 }.map { index in
            let c = frame.components[index]
            return (index, c.coefficients, c.coefficients.blocksAcross, rowsPerMCURow[index], quantization[c.table])
        }
        let thread = Thread { [self] in run() }
        thread.name = "PickerKit JPEG rows"
        thread.start()
    }

    deinit { workspace.deallocate() }

    /// Whether the second thread transforms component `index`.
    func transforms(_ index: Int) -> Bool { taken.contains { $0.index == index } }

    /// Waits until the slot of row of MCUs `row` is free.
    func waitForSlot(row: Int) {
        guard row >= Self.slots else { return }
        condition.lock()
        defer { condition.unlock() }
        while doneRows <= row - Self.slots && !cancelled { condition.wait() }
    }

    /// The decoding thread has decoded the first `count` rows of MCUs.
    func decoded(mcuRows count: Int) {
        condition.lock()
        decodedRows = count
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the rest of the rows and returns the pixels (as ``JPEGPlanes/pixels(_:)``
    /// writes them). Call once every row is decoded.
    func finish() -> [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        complete = true
        condition.broadcast()
        while bytes == nil { condition.wait() }
        return bytes!
    }

    /// Stops the second thread (its rows are dropped) and waits for it. Does nothing once
    /// ``finish()`` has returned.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        condition.broadcast()
        while bytes == nil { condition.wait() }
    }

    /// The second thread: takes each decoded row of MCUs in turn, transforms the components it
    /// takes over, frees the slot, and writes the image rows that are then ready.
    private func run() {
        let area = planes.area
        let format: PixelFormat = writer.channels == 1 ? .gray8 : .rgba8
        var written = area.y
        var stopped = false
        let pixels = [UInt8](unsafeUninitializedCapacity: writer.count) { destination, initialized in
            HugePages.advise(UnsafeMutableRawPointer(destination.baseAddress!), count: writer.count)
            var row = 0
            while true {
                condition.lock()
                while decodedRows <= row && !cancelled && !complete { condition.wait() }
                let (available, stop) = (decodedRows, cancelled)
                condition.unlock()
                if stop {
                    stopped = true
                    break
                }
                if available <= row { break }  // complete: every row is in
                transform(row: row)
                row += 1
                condition.lock()
                doneRows = row
                condition.broadcast()
                condition.unlock()
                var end = written
                while end < area.maxY && planes.rowIsReady(end, transformed: { row * self.rowsPerMCURow[$0] }) { end += 1 }
                writer.write(written..<end, into: destination.baseAddress!)
                if end > written { rowsWritten?(end - area.y, area.width, UnsafePointer(destination.baseAddress!), format) }
                written = end
            }
            if !stopped {
                writer.write(written..<area.maxY, into: destination.baseAddress!)
                rowsWritten?(area.height, area.width, UnsafePointer(destination.baseAddress!), format)
            }
            initialized = stopped ? 0 : writer.count
        }
        condition.lock()
        bytes = pixels
        condition.broadcast()
        condition.unlock()
    }

    /// Transforms the taken components of row of MCUs `row`, and clears them in its slot.
    private func transform(row: Int) {
        let slot = row % Self.slots
        for part in taken {
            let blocks = part.coefficients.base + slot * part.rows * part.across * 64
            part.quantization.withUnsafeBufferPointer { q in
                for v in 0..<part.rows {
                    planes.transform(
                        part.index, row: row * part.rows + v, blocks: blocks + v * part.across * 64, quantization: q.baseAddress!,
                        workspace: workspace)
                }
            }
            blocks.update(repeating: 0, count: part.rows * part.across * 64)
        }
    }
}

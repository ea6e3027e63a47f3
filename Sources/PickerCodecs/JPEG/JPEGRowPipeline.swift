import Foundation
import PickerImaging

/// The second stage of a decode on two threads, on a thread of its own: it transforms the
/// rows of blocks the decoding thread has finished, and upsamples and converts the image rows
/// they complete. Each stage does the same steps on the same samples as a decode on one
/// thread, so the pixels are the same. It serves two kinds of decode (``Source``):
///
/// - A streamed (baseline) decode: the decoding thread reads the scan's entropy-coded data
///   into a ring of ``slots`` rows of MCUs and, at full size, transforms the first component
///   (luma) of each; this one transforms the others (all of them for a gray image, or at a
///   reduced scale, where the transforms are cheap), and hands the image rows to whoever asked
///   to hear of them.
/// - The last scan of a progressive image: the image's coefficients are all held (those the
///   transforms read, when cropped or reduced), and the components the scan leaves alone are
///   final when it starts. This one transforms those first, then each row of units (MCUs, or
///   blocks of a single-component scan) as the scan passes it. It tells no one of its rows: a
///   scan after the one taken for the last would undo them.
///
/// The decoding thread waits with ``waitForSlot(row:)`` before it fills a slot of the ring,
/// reports each decoded row of units with ``decoded(unitRows:)``, and takes the pixels with
/// ``finish()``; on any other way out it calls ``cancel()``, which stops the second thread and
/// waits for it.
/// Rows change hands under a lock (a condition variable), so every coefficient and sample one
/// thread reads was written before the other told it of it.
final class JPEGRowPipeline: @unchecked Sendable {
    /// Rows of MCUs in the ring.
    static let slots = 8
    /// The images worth a second thread: below about a million pixels, starting it costs more
    /// than it saves.
    static let smallestArea = 1 << 20

    /// Where the coefficients the second thread transforms are.
    enum Source {
        /// A streamed decode's ring of ``slots`` rows of MCUs, cleared once transformed.
        case ring
        /// A progressive image's coefficients, as the decode holds them, of which the last scan
        /// decodes the components `members` (one component's blocks, when it is one; MCUs
        /// otherwise).
        case lastScan(members: [Int])
    }

    let planes: JPEGPlanes
    private let source: Source
    private let writer: JPEGRowWriter
    /// Per component the second thread transforms: its index, the component (its
    /// coefficients), the rows of its blocks a row of units holds (0: every row is final from
    /// the start), and its quantization table.
    private let taken: [Part]
    private typealias Part = (index: Int, component: JPEGDecoder.Component, rows: Int, quantization: [Int32])
    /// The quantization tables the transforms use.
    let quantization: [[Int32]]
    /// Block rows of each component a row of units holds (0: final from the start).
    private let rowsPerUnit: [Int]
    private let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
    private let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
    private let condition = NSCondition()
    /// Whether the decoding thread waits, after each row of units it reports, for this one to
    /// have transformed it: tests set it, so that every row changes hands while the scan goes on.
    let lockstep: Bool
    // Guarded by `condition`:
    /// Rows of units decoded (in a ring, with what the decoding thread transforms) so far.
    private var decodedRows = 0
    /// Rows of units the second thread is done with (in a ring, their slots are free).
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

    /// Starts the second thread, which waits for rows. For a ``Source/ring``, `frame`'s
    /// coefficients hold ``slots`` rows of MCUs; every table of `quantization` its components
    /// name must be there.
    init(
        _ planes: JPEGPlanes, frame: JPEGDecoder.Frame, header: JPEGDecoder.Header, quantization: [[Int32]],
        source: Source = .ring, rowsWritten: JPEGDecoder.RowsWritten? = nil, lockstep: Bool = false
    ) {
        self.planes = planes
        self.lockstep = lockstep
        self.source = source
        self.quantization = quantization
        self.rowsWritten = rowsWritten
        writer = JPEGRowWriter(planes, header: header)
        let rowsPerUnit: [Int]
        let all: Bool
        switch source {
        case .ring:
            rowsPerUnit = frame.components.map(frame.blockRowsPerMCURow)
            // At a reduced scale the transforms are cheap beside the entropy decoding: the
            // second thread takes them all (and a gray image's one).
            all = frame.components.count == 1 || planes.layouts[0].size < 8
        case .lastScan(let members):
            rowsPerUnit = frame.components.indices.map { index in
                members.contains(index) ? (members.count == 1 ? 1 : frame.blockRowsPerMCURow(frame.components[index])) : 0
            }
            all = true
        }
        self.rowsPerUnit = rowsPerUnit
        taken = frame.components.indices.filter { all || $0 > 0 }.map { index in
            let c = frame.components[index]
            return (index, c, rowsPerUnit[index], quantization[c.table])
        }
        let thread = Thread { [self] in run() }
        thread.name = "PickerKit JPEG rows"
        thread.start()
    }

    deinit {
        workspace.deallocate()
        block.deallocate()
    }

    /// Whether the second thread transforms component `index`.
    func transforms(_ index: Int) -> Bool { taken.contains { $0.index == index } }

    /// Waits until the slot of row of MCUs `row` is free.
    func waitForSlot(row: Int) {
        guard row >= Self.slots else { return }
        condition.lock()
        defer { condition.unlock() }
        while doneRows <= row - Self.slots && !cancelled { condition.wait() }
    }

    /// The decoding thread has decoded the first `count` rows of units (MCUs, or blocks of a
    /// last scan of one component).
    func decoded(unitRows count: Int) {
        condition.lock()
        decodedRows = count
        condition.broadcast()
        // (Tests: each row is taken before the next is decoded.)
        while lockstep && doneRows < count && !cancelled { condition.wait() }
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

    /// The second thread: transforms what is final from the start, then takes each decoded row
    /// of units in turn, transforms the components it takes over, frees the slot, and writes
    /// the image rows that are then ready; once the scan is complete, the rest.
    private func run() {
        let area = planes.area
        let format: PixelFormat = writer.channels == 1 ? .gray8 : .rgba8
        var written = area.y
        var stopped = false
        let pixels = [UInt8](unsafeUninitializedCapacity: writer.count) { destination, initialized in
            HugePages.advise(UnsafeMutableRawPointer(destination.baseAddress!), count: writer.count)
            // (A cancel is heeded between rows.)
            first: for part in taken where part.rows == 0 {
                for blockRow in planes.blockRows[part.index] {
                    if isCancelled {
                        stopped = true
                        break first
                    }
                    transform(part, blockRow: blockRow)
                }
            }
            var row = 0
            while !stopped {
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
                while end < area.maxY && planes.rowIsReady(end, transformed: { self.transformed(index: $0, units: row) }) { end += 1 }
                writer.write(written..<end, into: destination.baseAddress!)
                if end > written { rowsWritten?(end - area.y, area.width, UnsafePointer(destination.baseAddress!), format) }
                written = end
            }
            // (A single-component scan's units are the component's own rows of blocks, which are
            // all the rows the region reads: none is left.)
            if !stopped && written < area.maxY {
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

    private var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// The block rows of component `index` transformed once `units` rows of units are.
    private func transformed(index: Int, units: Int) -> Int {
        rowsPerUnit[index] == 0 ? planes.frame.components[index].blocksDown : units * rowsPerUnit[index]
    }

    /// Transforms the taken components of row of units `row`; in a ring, clears them in its slot.
    private func transform(row: Int) {
        for part in taken where part.rows > 0 {
            guard case .ring = source else {
                for v in 0..<part.rows { transform(part, blockRow: row * part.rows + v) }
                continue
            }
            let across = part.component.coefficients.blocksAcross
            let blocks = part.component.coefficients.base + (row % Self.slots) * part.rows * across * 64
            part.quantization.withUnsafeBufferPointer { q in
                for v in 0..<part.rows {
                    planes.transform(
                        part.index, row: row * part.rows + v, blocks: blocks + v * across * 64, quantization: q.baseAddress!,
                        workspace: workspace)
                }
            }
            blocks.update(repeating: 0, count: part.rows * across * 64)
        }
    }

    /// Transforms block row `blockRow` of a taken component from the image's whole coefficients.
    private func transform(_ part: Part, blockRow: Int) {
        part.quantization.withUnsafeBufferPointer { q in
            planes.transform(
                part.index, row: blockRow, of: part.component, quantization: q.baseAddress!, smoothing: nil, block: block,
                workspace: workspace)
        }
    }
}

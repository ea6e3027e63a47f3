import PickerImaging

/// A component's coefficients, zeroed, freed with the last reference: the 64 of every block
/// in the kept rows and columns, row by row; when those are not all the blocks, the DC of
/// every block (all that block smoothing and later scans need of a block never transformed);
/// and, in a progressive image, a bit per zigzag position of every block's nonzero
/// coefficients (what refining scans need to know, and how they pass over empty blocks).
final class JPEGCoefficients: @unchecked Sendable {
    /// The kept blocks' coefficients, `perBlock` each: all 64, or those at the natural
    /// positions `slots` (what a reduced inverse DCT reads).
    let base: UnsafeMutablePointer<Int16>
    let count: Int
    let slots: [Int]?, perBlock: Int
    /// `slots` in fixed storage, for the block loop.
    let slotPointer: UnsafeBufferPointer<Int>?
    /// The blocks held whole.
    let keptRows: Range<Int>, keptColumns: Range<Int>
    /// Per block of the component (`blocksAcross` a row): the DC, when not every block is
    /// kept; the nonzero coefficients' bits, in a progressive image.
    let dc: UnsafeMutablePointer<Int16>?, nonzero: UnsafeMutablePointer<UInt64>?
    let blocksAcross: Int, blockCount: Int

    /// The blocks in `keptRows` × `keptColumns` (every block by default) kept whole, with
    /// nonzero bits for every block when `progressive`.
    init(
        blocksAcross: Int, blocksDown: Int, keptRows: Range<Int>? = nil, keptColumns: Range<Int>? = nil, slots: [Int]? = nil,
        progressive: Bool = false
    ) {
        self.slots = slots
        perBlock = slots?.count ?? 64
        slotPointer = slots.map { slots in
            let pointer = UnsafeMutableBufferPointer<Int>.allocate(capacity: slots.count)
            _ = pointer.initialize(from: slots)
            return UnsafeBufferPointer(pointer)
        }
        let keptRows = keptRows ?? 0..<blocksDown, keptColumns = keptColumns ?? 0..<blocksAcross
        let all = keptRows == 0..<blocksDown && keptColumns == 0..<blocksAcross
        (self.keptRows, self.keptColumns) = keptRows.isEmpty || keptColumns.isEmpty ? (0..<0, 0..<0) : (keptRows, keptColumns)
        self.blocksAcross = blocksAcross
        blockCount = blocksAcross * blocksDown
        count = self.keptRows.count * self.keptColumns.count * perBlock
        base = .allocate(capacity: max(1, count))
        // (Huge pages where the system allows: a progressive 12 MP photo's are 36 MB.)
        HugePages.advise(UnsafeMutableRawPointer(base), count: count * 2)
        base.initialize(repeating: 0, count: max(1, count))
        let blocks = max(1, blockCount)
        if all {
            dc = nil
        } else {
            dc = .allocate(capacity: blocks)
            dc!.initialize(repeating: 0, count: blocks)
        }
        if progressive || !all {
            nonzero = .allocate(capacity: blocks)
            nonzero!.initialize(repeating: 0, count: blocks)
        } else {
            nonzero = nil
        }
    }

    deinit {
        base.deallocate()
        dc?.deallocate()
        nonzero?.deallocate()
        slotPointer?.deallocate()
    }

    /// The bytes held: 2 per kept coefficient, 2 per block for the DC when not all are kept,
    /// and 8 per block for the nonzero bits.
    var bytes: Int { count * 2 + (dc == nil ? 0 : blockCount * 2) + (nonzero == nil ? 0 : blockCount * 8) }

    /// The kept block (`row`, `column`)'s `perBlock` coefficients, or `nil` when it is held as
    /// DC and bits.
    @inline(__always)
    func kept(row: Int, column: Int) -> UnsafeMutablePointer<Int16>? {
        guard keptRows.contains(row), keptColumns.contains(column) else { return nil }
        return base + ((row - keptRows.lowerBound) * keptColumns.count + column - keptColumns.lowerBound) * perBlock
    }

    /// The kept block (`row`, `column`) as 64 coefficients in place, when all 64 are kept.
    @inline(__always)
    func whole(row: Int, column: Int) -> UnsafeMutablePointer<Int16>? {
        slots == nil ? kept(row: row, column: column) : nil
    }

    /// The DC of block (`row`, `column`), kept or not.
    @inline(__always)
    func dcValue(row: Int, column: Int) -> Int16 {
        if let block = kept(row: row, column: column) { return block[0] }
        return dc.map { $0[row * blocksAcross + column] } ?? 0
    }

    /// Block (`row`, `column`) into `block` (64 coefficients): whole when kept; otherwise the
    /// DC, and 1 for each other nonzero coefficient.
    @inline(__always)
    func load(row: Int, column: Int, into block: UnsafeMutablePointer<Int16>) {
        if let kept = kept(row: row, column: column) {
            guard let slots else {
                block.update(from: kept, count: 64)
                return
            }
            block.update(repeating: 0, count: 64)
            for (i, at) in slots.enumerated() { block[at] = kept[i] }
            return
        }
        block.update(repeating: 0, count: 64)
        guard let dc, let nonzero else { return }
        let at = row * blocksAcross + column
        var bits = nonzero[at]
        while bits != 0 {
            block[JPEGDecoder.zigzag[bits.trailingZeroBitCount]] = 1
            bits &= bits - 1
        }
        block[0] = dc[at]
    }
}

import PickerImaging

// The JPEG decoder's scans: each scan's header and members, and the walk over its blocks that
// every kind of scan shares.
extension JPEGDecoder {
    /// What each block's decoding needs of a scan's component, taken out of the frame once.
    struct ScanMember {
        /// The first kept block, and the kept blocks' extent.
        let base: UnsafeMutablePointer<Int16>
        let keptRows: Range<Int>, keptColumns: Range<Int>
        /// Whether some blocks are not kept (held as DC and nonzero bits).
        let partial: Bool
        /// Per block of the component, `blocksAcross` a row: the DC of blocks not kept, and
        /// (in a progressive image) every block's nonzero bits.
        let dc: UnsafeMutablePointer<Int16>?, nonzero: UnsafeMutablePointer<UInt64>?
        let blocksAcross: Int
        /// The natural positions of the coefficients kept, when not all 64 are.
        let slots: UnsafeBufferPointer<Int>?
        let h: Int, v: Int
        // Tables the scan does not use are never read: any table stands in for them. (The
        // tables themselves live in the decode's `Tables` while the scan is walked.)
        let dcLookup: JPEGHuffmanTable.Lookup, acLookup: JPEGHuffmanTable.Lookup

        /// Whether every block is kept whole, with no nonzero bits: the walk then finds the
        /// blocks of a unit by stepping through the store.
        var plain: Bool { !partial && nonzero == nil && slots == nil }
    }

    /// Decodes one scan; returns the position after its entropy-coded data (`nil` when a
    /// streamed scan stops after the region's last row: nothing after it is read). The scan's kind
    /// (baseline, or progressive DC, first AC or refining AC) picks its block decoder once, and
    /// one walk over the scan's blocks serves them all.
    func scan(
        _ start: Int, _ end: Int, number: Int, frame: inout Frame, tables: Tables, walksLeft: inout Int,
        progress: inout JPEGSmoothing.Progress, rows: ScanWalk.Rows? = nil,
        lastScan: ((_ frame: Frame, _ progress: JPEGSmoothing.Progress, _ members: [Int]) -> JPEGRowPipeline?)? = nil,
        warnings: inout [ImagingWarning]
    ) throws(ImagingError) -> Int? {
        let header = try scanHeader(start, end, frame: &frame, tables: tables)
        let (members, ss, se, ah, al) = (header.members, header.ss, header.se, header.ah, header.al)
        let scanMembers = members.map { index in
            let c = frame.components[index]
            let dc = tables.dc[c.dcTable] ?? Self.noTable, ac = tables.ac[c.acTable] ?? Self.noTable
            let store = c.coefficients
            return ScanMember(
                base: store.base, keptRows: store.keptRows, keptColumns: store.keptColumns, partial: store.dc != nil,
                dc: store.dc, nonzero: store.nonzero, blocksAcross: store.blocksAcross, slots: store.slotPointer, h: c.h, v: c.v,
                dcLookup: dc.lookup, acLookup: ac.lookup)
        }
        if frame.progressive { progress.start(scan: number, members: members, ss: ss, se: se, al: al) }
        var walk = ScanWalk(frame: frame, members: members, scanMembers: scanMembers, restartInterval: tables.restartInterval, rows: rows)
        walksLeft -= walk.blocks
        guard walksLeft >= 0 else {
            throw Self.tooManyWalks
        }
        walk.lastScan = lastScan?(frame, progress, members)
        if let rows { walk.lastRow = Self.lastRowShown(walk, rows) }
        let (after, damage) =
            if !frame.progressive {
                try walk.run(BaselineBlocks(zigzag: Self.zigzagTable.bytes), bytes: bytes, from: end, lastGoodRow: &progress.lastGoodRow)
            } else if ss == 0 {
                try walk.run(DCBlocks(refine: ah > 0, al: al), bytes: bytes, from: end, lastGoodRow: &progress.lastGoodRow)
            } else if ah == 0 {
                try walk.run(ACFirstBlocks(ss: ss, se: se, al: al), bytes: bytes, from: end, lastGoodRow: &progress.lastGoodRow)
            } else {
                try walk.run(ACRefineBlocks(ss: ss, se: se, al: al), bytes: bytes, from: end, lastGoodRow: &progress.lastGoodRow)
            }
        let units = walk.units
        warnings += damage.reasons(scan: number, units: units.across * units.down, single: walk.single).map {
            .damagedData(format: .jpeg, reason: $0)
        }
        return after
    }

    /// What a scan's header (SOS) says: its components (their indices in the frame, whose
    /// table selectors it sets), the spectral selection `ss...se` and the successive
    /// approximation `ah`, `al`; checked against the frame, and the tables it needs present.
    private func scanHeader(_ start: Int, _ end: Int, frame: inout Frame, tables: Tables) throws(ImagingError)
        -> (members: [Int], ss: Int, se: Int, ah: Int, al: Int)
    {
        guard end > start else { throw fail("SOS segment") }
        let count = Int(bytes[start])
        guard (1...4).contains(count), end - start == 4 + 2 * count else { throw fail("SOS segment") }
        var members: [Int] = []
        for i in 0..<count {
            let id = Int(bytes[start + 1 + 2 * i]), selectors = Int(bytes[start + 2 + 2 * i])
            guard let index = frame.components.firstIndex(where: { $0.id == id }), !members.contains(index) else {
                throw fail("scan component \(id)")
            }
            frame.components[index].dcTable = selectors >> 4
            frame.components[index].acTable = selectors & 15
            guard selectors >> 4 <= 3, selectors & 15 <= 3 else { throw fail("scan table selector") }
            members.append(index)
        }
        let ss = Int(bytes[end - 3]), se = Int(bytes[end - 2]), ah = Int(bytes[end - 1] >> 4), al = Int(bytes[end - 1] & 15)
        if frame.progressive {
            guard ss <= se, se <= 63, (ss == 0) == (se == 0), ss == 0 || count == 1, ah <= 13, al <= 13 else {
                throw fail("progressive scan parameters")
            }
        } else {
            guard ss == 0, se == 63, ah == 0, al == 0 else { throw fail("baseline scan parameters") }
        }
        // The tables the scan needs must exist.
        for index in members {
            let c = frame.components[index]
            if ss == 0 && ah == 0 && tables.dc[c.dcTable] == nil { throw fail("no DC table \(c.dcTable)") }
            if se > 0 && tables.ac[c.acTable] == nil { throw fail("no AC table \(c.acTable)") }
        }
        return (members, ss, se, ah, al)
    }

    /// The last row of units a streamed scan need walk, or `nil` for all. A streamed scan holds
    /// every component: past the row of units holding the last block row the region reads of
    /// each, nothing it decodes is shown. libjpeg-turbo stops there too when skipping to the
    /// end (`jpeg_skip_scanlines`).
    private static func lastRowShown(_ walk: ScanWalk, _ rows: ScanWalk.Rows) -> Int? {
        let last = zip(walk.members, walk.scanMembers).map { index, member in
            max(0, rows.planes.blockRows[index].upperBound - 1) / (walk.single ? 1 : member.v)
        }.max() ?? 0
        return last < walk.units.down - 1 ? last : nil
    }
}

/// How one kind of scan decodes a block.
protocol ScanBlocks {
    /// Decodes the next block of `member` from `reader` into `block` (64 coefficients), with
    /// the member's running DC `prediction`; an AC scan keeps `nonzero`, a bit per zigzag
    /// position of the block's nonzero coefficients (bit k for the kth in zigzag order, so a
    /// band is a run of bits), up to date, and reads it to know them.
    mutating func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) throws(ImagingError)
    /// A restart marker: a run of empty blocks ends with it.
    mutating func restart()
    /// Whether the scan leaves the next block, whose nonzero coefficients are `nonzero`, as it
    /// is, reading no bits for it; if so, the scan moves past it.
    mutating func skips(nonzero: UInt64) -> Bool
    /// How many blocks from here on the scan leaves as they are whatever they hold (a run of
    /// empty blocks in a first AC pass).
    var emptyRun: Int { get }
    /// Moves past `count` blocks of ``emptyRun``.
    mutating func skipEmpty(_ count: Int)
}

extension ScanBlocks {
    func skips(nonzero: UInt64) -> Bool { false }
    var emptyRun: Int { 0 }
    func skipEmpty(_ count: Int) {}
}

/// A baseline scan's blocks: DC difference, then run-length coded AC coefficients.
struct BaselineBlocks: ScanBlocks {
    let zigzag: UnsafePointer<UInt8>

    @inline(__always)
    func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) throws(ImagingError) {
        try JPEGDecoder.decodeBaseline(
            &reader, block, dc: member.pointee.dcLookup, ac: member.pointee.acLookup, prediction: &prediction, zigzag: zigzag)
    }

    func restart() {}
}

/// A progressive DC scan's blocks: the first pass, or a refinement bit.
struct DCBlocks: ScanBlocks {
    let refine: Bool, al: Int

    @inline(__always)
    func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) throws(ImagingError) {
        try JPEGDecoder.decodeDC(&reader, block, table: member.pointee.dcLookup, refine: refine, al: al, prediction: &prediction)
    }

    func restart() {}
}

/// A progressive AC scan's first pass over a band of coefficients.
struct ACFirstBlocks: ScanBlocks {
    let ss: Int, se: Int, al: Int
    var eobrun = 0

    @inline(__always)
    mutating func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) {
        JPEGDecoder.decodeACFirst(&reader, block, table: member.pointee.acLookup, ss: ss, se: se, al: al, eobrun: &eobrun, nonzero: &nonzero)
    }

    mutating func restart() { eobrun = 0 }

    var emptyRun: Int { eobrun }

    mutating func skipEmpty(_ count: Int) { eobrun -= count }
}

/// A progressive AC scan refining a band of coefficients by a bit.
struct ACRefineBlocks: ScanBlocks {
    let ss: Int, se: Int, al: Int
    var eobrun = 0
    /// The band's zigzag positions, as bits.
    let band: UInt64

    init(ss: Int, se: Int, al: Int) {
        (self.ss, self.se, self.al) = (ss, se, al)
        band = JPEGDecoder.zigzagPositions(ss, through: se)
    }

    @inline(__always)
    mutating func decode(
        _ reader: inout JPEGBitReader, _ block: UnsafeMutablePointer<Int16>, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        prediction: inout Int, nonzero: inout UInt64
    ) {
        JPEGDecoder.decodeACRefine(&reader, block, table: member.pointee.acLookup, ss: ss, se: se, al: al, eobrun: &eobrun, nonzero: &nonzero)
    }

    mutating func restart() { eobrun = 0 }

    /// A block in a run of empty ones, with nothing in the band to refine.
    mutating func skips(nonzero: UInt64) -> Bool {
        guard eobrun > 0, nonzero & band == 0 else { return false }
        eobrun -= 1
        return true
    }
}

/// The walk over a scan's blocks that every kind of scan shares: MCU by MCU (or block by
/// block, for a single component), restart markers, and, streamed, each finished row of MCUs
/// transformed and cleared.
struct ScanWalk {
    let frame: JPEGDecoder.Frame
    let members: [Int]
    let scanMembers: [JPEGDecoder.ScanMember]
    let restartInterval: Int
    let rows: Rows?
    /// The second thread that transforms a progressive image's last scan as it goes: told of
    /// each row of units done.
    var lastScan: JPEGRowPipeline? = nil
    /// Streamed, for a region above the image's last row of units: the last row of units it
    /// reads. The walk stops after it.
    var lastRow: Int? = nil

    /// A streamed scan's rows: where they are transformed, with which tables, and the second
    /// thread told of each (when there is one).
    typealias Rows = (planes: JPEGPlanes, quantization: [[Int32]], pipeline: JPEGRowPipeline?)

    /// Whether the scan holds one component: it then covers that component's own blocks, not
    /// whole MCUs.
    var single: Bool { members.count == 1 }
    /// The units the scan walks across and down: blocks of its one component, or MCUs.
    var units: (across: Int, down: Int) {
        let first = frame.components[members[0]]
        return single ? ((first.width + 7) / 8, (first.height + 7) / 8) : (frame.mcusAcross, frame.mcusDown)
    }
    /// How many blocks the scan walks.
    var blocks: Int {
        units.across * units.down * (single ? 1 : scanMembers.reduce(0) { $0 + $1.h * $1.v })
    }

    /// What a walk worked around in damaged data, as libjpeg does.
    struct Damage: Equatable {
        /// Units (MCUs, or blocks of a single-component scan) left as they were because the
        /// data had run out.
        var unitsSkipped = 0
        /// Restart markers that were missing or out of order.
        var resyncs = 0
        /// Codes no table holds (read as 0), and refinement magnitudes other than 1.
        var badCodes = 0

        /// The warnings for scan `number` (from 1) of `units` units, `single` if of one component.
        func reasons(scan number: Int, units: Int, single: Bool) -> [String] {
            var reasons: [String] = []
            if unitsSkipped > 0 {
                reasons.append(
                    "scan \(number): no data for \(unitsSkipped) of its \(units) \(single ? "blocks" : "MCUs"); "
                        + "they keep what earlier scans gave (gray where none did)")
            }
            if resyncs > 0 {
                reasons.append("scan \(number): \(resyncs) restart marker\(resyncs == 1 ? "" : "s") missing or out of order")
            }
            if badCodes > 0 {
                reasons.append("scan \(number): \(badCodes) Huffman code\(badCodes == 1 ? "" : "s") no table holds, read as 0")
            }
            return reasons
        }
    }

    /// Decodes every block of the scan with `blocks`, reading from `start`; returns the
    /// position after the scan's entropy-coded data (the file's end when no marker follows)
    /// and the damage worked around: once the data runs out, the rest of the restart interval
    /// is left as it is, and restart markers are resynchronized, both as libjpeg does.
    /// `lastGoodRow` becomes the last row of MCUs a unit of which is decoded while the data
    /// lasts, as libjpeg's `last_good_iMCU_row` (block smoothing reads it). With a ``lastRow``
    /// the walk stops after it, and the position is `nil`: the rest is not read.
    func run<Blocks: ScanBlocks>(
        _ blocks: Blocks, bytes: [UInt8], from start: Int, lastGoodRow: inout Int
    ) throws(ImagingError) -> (end: Int?, damage: Damage) {
        var blocks = blocks
        var endPosition: Int?
        var damage = Damage()
        try bytes.withUnsafeElements { (buffer) throws(ImagingError) in
            var reader = JPEGBitReader(bytes: buffer, position: start)
            // The DC predictions, one per member, in fixed storage: the block loop mutates them.
            let predictions = UnsafeMutablePointer<Int>.allocate(capacity: members.count)
            predictions.initialize(repeating: 0, count: members.count)
            defer { predictions.deallocate() }
            let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
            scratch.initialize(repeating: 0, count: 64)
            defer { scratch.deallocate() }
            let single = self.single
            let (unitsAcross, unitsDown) = units
            let rowsWalked = lastRow.map { $0 + 1 } ?? unitsDown
            let slots = rows?.pipeline == nil ? 1 : JPEGRowPipeline.slots
            var restartsSeen = 0, unitsUntilRestart = restartInterval
            try scanMembers.withUnsafeElements { (scanMembers) throws(ImagingError) in
                for unitY in 0..<rowsWalked {
                    // Streamed, the rows of MCUs are a ring: this one's slot must be free.
                    rows?.pipeline?.waitForSlot(row: unitY)
                    let slot = unitY % slots
                    var unitX = 0
                    while unitX < unitsAcross {
                        defer { unitX += 1 }
                        // Bits wanted past the data in the last unit: the data has run out.
                        if reader.overran { reader.starved = true }
                        if !reader.starved { lastGoodRow = single ? unitY / scanMembers[0].v : unitY }
                        if restartInterval > 0 {
                            restartIfDue(&reader, &blocks, seen: &restartsSeen, unitsLeft: &unitsUntilRestart, predictions, &damage)
                        }
                        if reader.starved {
                            damage.unitsSkipped += 1
                            continue
                        }
                        let skipped = skipEmptyRun(&blocks, single: single, unitsToRowEnd: unitsAcross - unitX, unitsLeft: &unitsUntilRestart)
                        if skipped > 0 {
                            unitX += skipped - 1
                            continue
                        }
                        try decodeUnit(
                            &blocks, &reader, scanMembers, single: single, unit: (unitX, rows == nil ? unitY : slot), predictions, scratch)
                    }
                    if let rows { finish(row: unitY, rows, single: single) }
                    lastScan?.decoded(unitRows: unitY + 1)
                }
            }
            damage.badCodes = reader.badCodes
            // (The reader stops at a marker without passing it.)
            if rowsWalked == unitsDown { endPosition = JPEGDecoder.endOfScanData(in: buffer, from: min(reader.position, buffer.count)) }
        }
        return (endPosition, damage)
    }

    /// Before a unit, where restart markers come every `restartInterval` units: at the end of
    /// an interval, reads the marker (a resync when it is not the one expected) and starts the
    /// blocks' state and the DC predictions over.
    @inline(__always)
    private func restartIfDue<Blocks: ScanBlocks>(
        _ reader: inout JPEGBitReader, _ blocks: inout Blocks, seen: inout Int, unitsLeft: inout Int,
        _ predictions: UnsafeMutablePointer<Int>, _ damage: inout Damage
    ) {
        if unitsLeft == 0 {
            if !reader.restart(expecting: seen) { damage.resyncs += 1 }
            seen += 1
            unitsLeft = restartInterval
            blocks.restart()
            predictions.update(repeating: 0, count: members.count)
        }
        unitsLeft -= 1
    }

    /// A run of blocks the scan leaves as they are (one component's, in a later scan of a
    /// progressive image), passed at once, up to the row's end or the next restart: returns the
    /// units passed, 0 when there is no such run.
    @inline(__always)
    private func skipEmptyRun<Blocks: ScanBlocks>(_ blocks: inout Blocks, single: Bool, unitsToRowEnd: Int, unitsLeft: inout Int) -> Int {
        guard single, blocks.emptyRun > 1 else { return 0 }
        var count = min(blocks.emptyRun, unitsToRowEnd)
        if restartInterval > 0 { count = min(count, unitsLeft + 1) }
        blocks.skipEmpty(count)
        if restartInterval > 0 { unitsLeft -= count - 1 }
        return count
    }

    /// Decodes one unit (an MCU, or a block of a one-component scan): each member's blocks in
    /// it. `unit` is its column and its row in the store (the row of MCUs, or its slot in the
    /// ring when streamed).
    @inline(__always)
    private func decodeUnit<Blocks: ScanBlocks>(
        _ blocks: inout Blocks, _ reader: inout JPEGBitReader, _ scanMembers: UnsafeBufferPointer<JPEGDecoder.ScanMember>,
        single: Bool, unit: (x: Int, row: Int), _ predictions: UnsafeMutablePointer<Int>, _ scratch: UnsafeMutablePointer<Int16>
    ) throws(ImagingError) {
        for m in 0..<scanMembers.count {
            let member = scanMembers.baseAddress! + m
            if member.pointee.plain {
                try decodePlain(&blocks, &reader, member, single: single, unit: unit, prediction: &predictions[m])
            } else {
                try decodeKept(&blocks, &reader, member, single: single, unit: unit, prediction: &predictions[m], scratch: scratch)
            }
        }
    }

    /// Decodes a unit's blocks of a member whose every block is kept whole with no nonzero
    /// bits (a baseline scan): they lie `across` apart in `down` rows of the store.
    @inline(__always)
    private func decodePlain<Blocks: ScanBlocks>(
        _ blocks: inout Blocks, _ reader: inout JPEGBitReader, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        single: Bool, unit: (x: Int, row: Int), prediction: inout Int
    ) throws(ImagingError) {
        let (across, down) = single ? (1, 1) : (member.pointee.h, member.pointee.v)
        let columns = member.pointee.keptColumns.count
        let offset: Int = (down * unit.row * columns + unit.x * across) * 64
        var first = member.pointee.base + offset
        var nonzero: UInt64 = 0
        for _ in 0..<down {
            var block = first
            for _ in 0..<across {
                try blocks.decode(&reader, block, UnsafePointer(member), prediction: &prediction, nonzero: &nonzero)
                block += 64
            }
            first += columns * 64
        }
    }

    /// Decodes a unit's blocks of any other member: a progressive image's blocks carry their
    /// nonzero bits (and are passed when the scan leaves them be); a block never transformed
    /// keeps only its DC and those bits, decoded in `scratch`; a block kept in part holds the
    /// coefficients a reduced inverse DCT reads, put in place for the scan and taken back.
    @inline(__always)
    private func decodeKept<Blocks: ScanBlocks>(
        _ blocks: inout Blocks, _ reader: inout JPEGBitReader, _ member: UnsafePointer<JPEGDecoder.ScanMember>,
        single: Bool, unit: (x: Int, row: Int), prediction: inout Int, scratch: UnsafeMutablePointer<Int16>
    ) throws(ImagingError) {
        let (across, down) = single ? (1, 1) : (member.pointee.h, member.pointee.v)
        let kept = member.pointee.keptRows, keptColumns = member.pointee.keptColumns
        for v in 0..<down {
            for h in 0..<across {
                // (Streamed, the buffer holds the current row of MCUs only.)
                let row = down * unit.row + v
                let column = single ? unit.x : unit.x * across + h
                let bits = member.pointee.nonzero.map { $0 + row * member.pointee.blocksAcross + column }
                var nonzero = bits?.pointee ?? 0
                if bits != nil, blocks.skips(nonzero: nonzero) { continue }
                if member.pointee.partial && !(kept.contains(row) && keptColumns.contains(column)) {
                    let dc = member.pointee.dc! + row * member.pointee.blocksAcross + column
                    scratch[0] = dc.pointee
                    try blocks.decode(&reader, scratch, UnsafePointer(member), prediction: &prediction, nonzero: &nonzero)
                    dc.pointee = scratch[0]
                } else if let slots = member.pointee.slots {
                    let held = member.pointee.base
                        + ((row - kept.lowerBound) * keptColumns.count + column - keptColumns.lowerBound) * slots.count
                    for i in slots.indices { scratch[slots[i]] = held[i] }
                    try blocks.decode(&reader, scratch, UnsafePointer(member), prediction: &prediction, nonzero: &nonzero)
                    for i in slots.indices { held[i] = scratch[slots[i]] }
                } else {
                    let block = member.pointee.base
                        + ((row - kept.lowerBound) * keptColumns.count + column - keptColumns.lowerBound) * 64
                    try blocks.decode(&reader, block, UnsafePointer(member), prediction: &prediction, nonzero: &nonzero)
                }
                bits?.pointee = nonzero
            }
        }
    }

    /// A streamed row of MCUs is complete: transform it, and clear it for the next.
    /// The second thread, when there is one, transforms the components it takes over.
    private func finish(row unitY: Int, _ rows: Rows, single: Bool) {
        for m in 0..<scanMembers.count {
            let member = scanMembers[m], index = members[m]
            if let pipeline = rows.pipeline, pipeline.transforms(index) { continue }
            // A single-component scan's units are single blocks.
            let blockRows = single ? 1 : member.v
            let slot = rows.pipeline == nil ? member.base : member.base + (unitY % JPEGRowPipeline.slots) * blockRows * member.keptColumns.count * 64
            rows.quantization[frame.components[index].table].withUnsafeBufferPointer { q in
                for v in 0..<blockRows {
                    rows.planes.transform(
                        index, row: unitY * blockRows + v, blocks: slot + v * member.keptColumns.count * 64, quantization: q.baseAddress!)
                }
            }
            slot.update(repeating: 0, count: member.keptColumns.count * blockRows * 64)
        }
        rows.pipeline?.decoded(unitRows: unitY + 1)
    }
}

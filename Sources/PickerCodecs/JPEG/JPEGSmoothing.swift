/// libjpeg's block smoothing: when a progressive image is shown before its low AC coefficients
/// are all known (a file cut short, or one whose scans never send them), the first nine AC
/// coefficients still zero are estimated from the DC values of the block and its 24
/// neighbours, so the image shows soft gradients rather than flat 8×8 squares; with no AC data
/// at all, the DC value is interpolated too. libjpeg-turbo does this by default
/// (`do_block_smoothing`), and so every viewer built on it; these are its integer steps, so the
/// same samples.
struct JPEGSmoothing {
    /// Natural-order positions of the zigzag coefficients 0…9.
    static let positions = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24]

    /// What the scans have told of each coefficient 0…9, per component: the point transform
    /// (`Al`) of the last scan that sent it, −1 if none did. Updated as each progressive scan
    /// starts, as libjpeg updates its `coef_bits`.
    struct Progress {
        var current: [[Int]]
        /// The same, before the component's latest scan: what rows past the last one decoded
        /// from data are known to.
        var previous: [[Int]]
        /// The scans seen.
        var scans = 0
        /// The last row of MCUs a unit of which was decoded while the data lasted (libjpeg's
        /// `last_good_iMCU_row`).
        var lastGoodRow = 0

        init(components: Int) {
            current = Array(repeating: Array(repeating: -1, count: 10), count: components)
            previous = current
        }

        /// A progressive scan of `members` starts, sending `ss…se` at point transform `al`.
        mutating func start(scan number: Int, members: [Int], ss: Int, se: Int, al: Int) {
            scans = number
            for index in members {
                for k in min(ss, 1)...min(max(se, 9), 9) {
                    previous[index][k] = number > 1 ? current[index][k] : 0
                }
                if ss <= 9 {
                    for k in ss...min(se, 9) { current[index][k] = al }
                }
            }
        }
    }

    let progress: Progress
    /// Each component's quantization table, natural order.
    let quantization: [[Int32]]

    /// The smoothing for a progressive image, or `nil` where libjpeg smooths nothing: every
    /// component's DC must be at least partly known, its quantizers for the ten coefficients
    /// nonzero, and some of coefficients 1…9 not known in full.
    init?(_ frame: JPEGDecoder.Frame, progress: Progress, quantization: [[Int32]]) {
        guard frame.progressive else { return nil }
        var useful = false
        for (index, c) in frame.components.enumerated() {
            let q = quantization[c.table]
            guard q.count == 64, Self.positions.allSatisfy({ q[$0] != 0 }), progress.current[index][0] >= 0 else { return nil }
            if (1...9).contains(where: { progress.current[index][$0] != 0 }) { useful = true }
        }
        guard useful else { return nil }
        var latched = progress
        // Before a second scan nothing was known.
        if progress.scans <= 1 {
            for index in latched.previous.indices { latched.previous[index] = Array(repeating: -1, count: 10) }
        }
        self.progress = latched
        self.quantization = frame.components.map { quantization[$0.table] }
    }

    /// Copies block (`row`, `column`) of component `index` into `block`, with the coefficients
    /// smoothing estimates.
    func smoothed(
        _ c: JPEGDecoder.Component, index: Int, row: Int, column: Int, frame: JPEGDecoder.Frame, into block: UnsafeMutablePointer<Int16>
    ) {
        let store = c.coefficients
        store.load(row: row, column: column, into: block)
        // The rows of blocks around, as libjpeg picks them: repeated at the image's edges,
        // counted within the last row of MCUs by that row's own block rows.
        let iMCURows = frame.mcusDown, lastIMCU = iMCURows - 1
        let heightInBlocks = (c.height + 7) / 8, widthInBlocks = (c.width + 7) / 8
        let iMCU = row / c.v, local = row % c.v
        let blockRows = iMCU < lastIMCU ? c.v : (heightInBlocks % c.v == 0 ? c.v : heightInBlocks % c.v)
        guard local < blockRows else { return }  // a padding row: never shown
        let imageRow = iMCU * blockRows + local, imageRows = blockRows * iMCURows
        let above = imageRow > 0 ? row - 1 : row
        let twoAbove = imageRow > 1 ? row - 2 : above
        let below = imageRow < imageRows - 1 ? row + 1 : row
        let twoBelow = imageRow < imageRows - 2 ? row + 2 : below
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 25) { dc in
            // dc[5 * i + j]: the DC of row i, column − 2 + j (columns repeated at the edges).
            for i in 0..<5 {
                let r = i == 0 ? twoAbove : i == 1 ? above : i == 2 ? row : i == 3 ? below : twoBelow
                for j in 0..<5 {
                    dc[5 * i + j] = Int(store.dcValue(row: r, column: min(max(column - 2 + j, 0), widthInBlocks - 1)))
                }
            }
            estimate(block, index: index, bits: iMCU > progress.lastGoodRow ? progress.previous[index] : progress.current[index], dc: UnsafePointer(dc.baseAddress!))
        }
    }

    /// Sets the estimates in `block` from `dc` (the 5×5 DC values around it, row by row) for
    /// a component whose coefficients 0…9 are known to `bits`.
    private func estimate(_ block: UnsafeMutablePointer<Int16>, index: Int, bits: [Int], dc: UnsafePointer<Int>) {
        let changeDC = (1...9).allSatisfy { bits[$0] == -1 }
        func d(_ n: Int) -> Int { dc[n - 1] }
        let q = quantization[index]
        let q00 = Int(q[0])
        /// Sets coefficient `k` (zigzag 1…9) to the estimate `num / (q << 8)`, rounded, limited
        /// below the bit the next refinement would send.
        func estimate(_ k: Int, _ sum: Int) {
            let al = bits[k], at = Self.positions[k]
            guard al != 0, block[at] == 0 else { return }
            let num = q00 * sum, qk = Int(q[at])
            var prediction = ((qk << 7) + abs(num)) / (qk << 8)
            if al > 0 && prediction >= 1 << al { prediction = (1 << al) - 1 }
            block[at] = Int16(truncatingIfNeeded: num >= 0 ? prediction : -prediction)
        }
        if changeDC {
            estimate(1, -d(1) - d(2) + d(4) + d(5) - 3 * d(6) + 13 * d(7) - 13 * d(9) + 3 * d(10) - 3 * d(11) + 38 * d(12)
                - 38 * d(14) + 3 * d(15) - 3 * d(16) + 13 * d(17) - 13 * d(19) + 3 * d(20) - d(21) - d(22) + d(24) + d(25))
            estimate(2, -d(1) - 3 * d(2) - 3 * d(3) - 3 * d(4) - d(5) - d(6) + 13 * d(7) + 38 * d(8) + 13 * d(9) - d(10)
                + d(16) - 13 * d(17) - 38 * d(18) - 13 * d(19) + d(20) + d(21) + 3 * d(22) + 3 * d(23) + 3 * d(24) + d(25))
            estimate(3, d(3) + 2 * d(7) + 7 * d(8) + 2 * d(9) - 5 * d(12) - 14 * d(13) - 5 * d(14) + 2 * d(17) + 7 * d(18)
                + 2 * d(19) + d(23))
            estimate(4, -d(1) + d(5) + 9 * d(7) - 9 * d(9) - 9 * d(17) + 9 * d(19) + d(21) - d(25))
            estimate(5, 2 * d(7) - 5 * d(8) + 2 * d(9) + d(11) + 7 * d(12) - 14 * d(13) + 7 * d(14) + d(15) + 2 * d(17)
                - 5 * d(18) + 2 * d(19))
            estimate(6, d(7) - d(9) + 2 * d(12) - 2 * d(14) + d(17) - d(19))
            estimate(7, d(7) - 3 * d(8) + d(9) - d(17) + 3 * d(18) - d(19))
            estimate(8, d(7) - d(9) - 3 * d(12) + 3 * d(14) + d(17) - d(19))
            estimate(9, d(7) + 2 * d(8) + d(9) - d(17) - 2 * d(18) - d(19))
            // And the DC itself, from its neighbourhood.
            let num = q00 * (-2 * d(1) - 6 * d(2) - 8 * d(3) - 6 * d(4) - 2 * d(5) - 6 * d(6) + 6 * d(7) + 42 * d(8)
                + 6 * d(9) - 6 * d(10) - 8 * d(11) + 42 * d(12) + 152 * d(13) + 42 * d(14) - 8 * d(15) - 6 * d(16)
                + 6 * d(17) + 42 * d(18) + 6 * d(19) - 6 * d(20) - 2 * d(21) - 6 * d(22) - 8 * d(23) - 6 * d(24) - 2 * d(25))
            let prediction = ((q00 << 7) + abs(num)) / (q00 << 8)
            block[0] = Int16(truncatingIfNeeded: num >= 0 ? prediction : -prediction)
        } else {
            estimate(1, -7 * d(11) + 50 * d(12) - 50 * d(14) + 7 * d(15))
            estimate(2, -7 * d(3) + 50 * d(8) - 50 * d(18) + 7 * d(23))
            estimate(3, -d(3) + 13 * d(8) - 24 * d(13) + 13 * d(18) - d(23))
            estimate(4, d(10) + d(16) - 10 * d(17) + 10 * d(19) - d(2) - d(20) + d(22) - d(24) + d(4) - d(6) + 10 * d(7) - 10 * d(9))
            estimate(5, -d(11) + 13 * d(12) - 24 * d(13) + 13 * d(14) - d(15))
        }
    }
}

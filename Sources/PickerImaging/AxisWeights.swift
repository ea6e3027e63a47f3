/// The fixed-point weights that map `inputCount` samples on one axis to `outputCount`: for
/// each output, the first input it reads and `taps` weights (zero-padded), summing to
/// `1 << AxisWeights.shift` exactly. Every output reads `taps` inputs from its start, all of
/// them inside the input, so inner loops need no bounds checks.
package struct AxisWeights {
    package static let shift: Int32 = 14
    package static let one: Int32 = 1 << shift

    package let outputCount: Int
    package let taps: Int
    /// The first input index of each output.
    private(set) var starts: [Int]
    /// `taps` weights per output.
    private(set) var weights: [Int32]

    /// Weights for `filter` from `inputCount` to `outputCount` samples.
    ///
    /// - Complexity: O(outputCount × taps).
    package init(filter: ResampleFilter, inputCount: Int, outputCount: Int) {
        var real: [(start: Int, weights: [Double])] = []
        real.reserveCapacity(outputCount)
        if filter == .area {
            // Exact coverage in units of 1/outputCount: output i covers [i·n, (i+1)·n).
            for i in 0..<outputCount {
                let lo = i * inputCount, hi = (i + 1) * inputCount
                let first = lo / outputCount, last = (hi - 1) / outputCount
                let ws = (first...last).map { j in
                    Double(min(hi, (j + 1) * outputCount) - max(lo, j * outputCount)) / Double(inputCount)
                }
                real.append((first, ws))
            }
        } else {
            let scale = Double(inputCount) / Double(outputCount)
            let stretch = max(scale, 1)
            let support = filter.support * stretch
            for i in 0..<outputCount {
                let centre = (Double(i) + 0.5) * scale
                let first = max(0, Int((centre - support).rounded(.down)))
                let last = min(inputCount - 1, Int((centre + support).rounded(.up)))
                var ws = (first...last).map { j in filter.weight((Double(j) + 0.5 - centre) / stretch) }
                let total = ws.reduce(0, +)
                if total != 0 { ws = ws.map { $0 / total } } else { ws = ws.map { _ in 1 / Double(ws.count) } }
                // Drop zero weights at both ends so the tap count stays small.
                var lead = 0
                while lead < ws.count - 1, ws[lead] == 0 { lead += 1 }
                var tail = ws.count
                while tail > lead + 1, ws[tail - 1] == 0 { tail -= 1 }
                real.append((first + lead, Array(ws[lead..<tail])))
            }
        }
        self.init(real: real, inputCount: inputCount, outputCount: outputCount)
    }

    /// Area weights from the span `lower..<upper` of `inputCount` samples (sample j spans
    /// j…j+1; the span may start and end between samples) to `outputCount`: each output the
    /// coverage-weighted mean of its equal share of the span.
    ///
    /// - Precondition: `0 ≤ lower < upper ≤ inputCount`, `outputCount > 0`.
    package init(areaFrom lower: Double, to upper: Double, inputCount: Int, outputCount: Int) {
        let step = (upper - lower) / Double(outputCount)
        var real: [(start: Int, weights: [Double])] = []
        real.reserveCapacity(outputCount)
        for i in 0..<outputCount {
            let lo = lower + Double(i) * step, hi = i == outputCount - 1 ? upper : lower + Double(i + 1) * step
            let first = min(inputCount - 1, Int(lo.rounded(.down))), last = max(first, min(inputCount - 1, Int(hi.rounded(.up)) - 1))
            var ws = (first...last).map { j in max(0, min(hi, Double(j + 1)) - max(lo, Double(j))) }
            let total = ws.reduce(0, +)
            ws = total > 0 ? ws.map { $0 / total } : ws.map { _ in 1 / Double(ws.count) }
            real.append((first, ws))
        }
        self.init(real: real, inputCount: inputCount, outputCount: outputCount)
    }

    /// Fixed-point weights from real ones that sum to 1 per output.
    private init(real: [(start: Int, weights: [Double])], inputCount: Int, outputCount: Int) {
        self.outputCount = outputCount
        let taps = real.map(\.weights.count).max() ?? 1
        self.taps = taps
        starts = real.map(\.start)
        weights = [Int32](repeating: 0, count: outputCount * taps)
        for (i, entry) in real.enumerated() {
            var fixed = entry.weights.map { Int32(($0 * Double(Self.one)).rounded()) }
            // Make the weights sum to exactly one, adjusting the largest.
            let error = Self.one - fixed.reduce(0, +)
            if let largest = fixed.indices.max(by: { fixed[$0] < fixed[$1] }) { fixed[largest] += error }
            // Near the end, start earlier so all `taps` reads stay inside; pad in front.
            let start = min(entry.start, inputCount - taps)
            starts[i] = start
            for (t, w) in fixed.enumerated() { weights[i * taps + (entry.start - start) + t] = w }
        }
    }
}

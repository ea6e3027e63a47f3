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
    /// - Complexity: O(outputCount × taps), with no allocation per output (an avatar's two
    ///   axes of 1,024 outputs each took 0.7 ms when every output built arrays of its own).
    package init(filter: ResampleFilter, inputCount: Int, outputCount: Int) {
        var real = RealWeights(outputCount: outputCount)
        if filter == .area {
            // Exact coverage in units of 1/outputCount: output i covers [i·n, (i+1)·n).
            for i in 0..<outputCount {
                let lo = i * inputCount, hi = (i + 1) * inputCount
                let first = lo / outputCount, last = (hi - 1) / outputCount
                for j in first...last {
                    real.values.append(Double(min(hi, (j + 1) * outputCount) - max(lo, j * outputCount)) / Double(inputCount))
                }
                real.endOutput(start: first)
            }
        } else {
            let scale = Double(inputCount) / Double(outputCount)
            let stretch = max(scale, 1)
            let support = filter.support * stretch
            for i in 0..<outputCount {
                let centre = (Double(i) + 0.5) * scale
                let first = max(0, Int((centre - support).rounded(.down)))
                let last = min(inputCount - 1, Int((centre + support).rounded(.up)))
                for j in first...last { real.values.append(filter.weight((Double(j) + 0.5 - centre) / stretch)) }
                real.normalizeOutput()
                // Drop zero weights at both ends so the tap count stays small.
                let dropped = real.trimZerosOfOutput()
                real.endOutput(start: first + dropped)
            }
        }
        self.init(real: real, inputCount: inputCount)
    }

    /// Area weights from the span `lower..<upper` of `inputCount` samples (sample j spans
    /// j…j+1; the span may start and end between samples) to `outputCount`: each output the
    /// coverage-weighted mean of its equal share of the span.
    ///
    /// - Precondition: `0 ≤ lower < upper ≤ inputCount`, `outputCount > 0`.
    package init(areaFrom lower: Double, to upper: Double, inputCount: Int, outputCount: Int) {
        let step = (upper - lower) / Double(outputCount)
        var real = RealWeights(outputCount: outputCount)
        for i in 0..<outputCount {
            let lo = lower + Double(i) * step, hi = i == outputCount - 1 ? upper : lower + Double(i + 1) * step
            let first = min(inputCount - 1, Int(lo.rounded(.down))), last = max(first, min(inputCount - 1, Int(hi.rounded(.up)) - 1))
            for j in first...last { real.values.append(max(0, min(hi, Double(j + 1)) - max(lo, Double(j)))) }
            real.normalizeOutput()
            real.endOutput(start: first)
        }
        self.init(real: real, inputCount: inputCount)
    }

    /// Fixed-point weights from real ones that sum to 1 per output.
    private init(real: RealWeights, inputCount: Int) {
        outputCount = real.starts.count
        var taps = 1
        for i in 0..<outputCount { taps = max(taps, real.ends[i] - real.begin(i)) }
        self.taps = taps
        starts = real.starts
        weights = [Int32](repeating: 0, count: outputCount * taps)
        for i in 0..<outputCount {
            let entryStart = real.starts[i]
            // Near the end, start earlier so all `taps` reads stay inside; pad in front.
            let start = min(entryStart, inputCount - taps)
            starts[i] = start
            let at = i * taps + (entryStart - start)
            var total: Int32 = 0, largest = at
            for (t, value) in real.values[real.begin(i)..<real.ends[i]].enumerated() {
                let fixed = Int32((value * Double(Self.one)).rounded())
                weights[at + t] = fixed
                total += fixed
                // The first of equal largest weights.
                if fixed > weights[largest] { largest = at + t }
            }
            // Make the weights sum to exactly one, adjusting the largest.
            weights[largest] += Self.one - total
        }
    }
}

/// Real weights as they are worked out, output by output, in flat arrays: output `i` starts at
/// input `starts[i]` and its weights are `values[begin(i)..<ends[i]]`.
private struct RealWeights {
    var starts: [Int] = []
    var ends: [Int] = []
    var values: [Double] = []

    init(outputCount: Int) {
        starts.reserveCapacity(outputCount)
        ends.reserveCapacity(outputCount)
        values.reserveCapacity(outputCount * 4)
    }

    /// Where output `i`'s weights begin.
    func begin(_ i: Int) -> Int { i == 0 ? 0 : ends[i - 1] }

    /// The index in `values` of the output being worked out.
    private var current: Int { ends.last ?? 0 }

    /// Divides the current output's weights by their sum; all equal if they sum to zero.
    mutating func normalizeOutput() {
        let range = current..<values.count
        var total = 0.0
        for j in range { total += values[j] }
        for j in range { values[j] = total != 0 ? values[j] / total : 1 / Double(range.count) }
    }

    /// Drops zero weights at both ends of the current output's (keeping at least one), and
    /// returns how many it dropped in front.
    mutating func trimZerosOfOutput() -> Int {
        var lead = current, tail = values.count
        while lead < tail - 1, values[lead] == 0 { lead += 1 }
        while tail > lead + 1, values[tail - 1] == 0 { tail -= 1 }
        values.removeSubrange(tail...)
        values.removeSubrange(current..<lead)
        return lead - current
    }

    /// Ends the current output, which reads from input `start`.
    mutating func endOutput(start: Int) {
        starts.append(start)
        ends.append(values.count)
    }
}

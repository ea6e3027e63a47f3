extension AttentionMap {
    /// A region found in the copy, in its pixels.
    struct Found: Equatable {
        var box: PixelRect
        var confidence: Double
    }

    /// The least confidence a patch of skin needs to be called a face.
    static let faceConfidence = 0.6

    /// The head-shaped patches of skin, largest first (at most eight).
    func faces() -> [Found] {
        let mask = skinAgainstBackground().map { $0 >= 0.35 }
        // Thin lines (the blend where two colours meet can look like skin) opened away, then
        // small gaps (eyes) closed.
        let opened = dilated(eroded(mask))
        let closed = eroded(dilated(opened))
        let whole = zip(closed, opened).map { $0 || $1 }
        let (labels, patches) = Self.patches(of: whole, width: width, height: height)
        let smallest = max(12, width * height / 150)
        var found: [(found: Found, area: Int)] = []
        for (index, patch) in patches.enumerated() where patch.count >= smallest {
            var box = patch.box
            // A neck, shoulders or chest below a face: keep the head, about as tall as 1.3 widths.
            box = PixelRect(x: box.x, y: box.y, width: box.width, height: min(box.height, max(1, box.width * 13 / 10)))
            var inside = 0
            for y in box.y..<box.maxY { for x in box.x..<box.maxX where labels[y * width + x] == index { inside += 1 } }
            let fill = Double(inside) / Double(box.width * box.height)
            let aspect = Double(box.width) / Double(box.height)
            guard (0.45...1.3).contains(aspect), fill >= 0.45 else { continue }
            // An oval fills about 79 % of its box; a square patch (a cardboard box) fills it all.
            let oval = fill <= 0.88 ? min(1, (fill - 0.45) / 0.2) : 1 - 0.7 * (fill - 0.88) / 0.12
            let shape = max(0, 1 - abs(aspect - 0.8) / 0.6) * oval
            let size = min(1, Double(inside) / Double(smallest * 4))
            let confidence = 0.35 * shape + 0.4 * features(in: box, mask: mask) + 0.25 * size
            if confidence >= Self.faceConfidence { found.append((Found(box: box, confidence: confidence), inside)) }
        }
        return found.sorted { $0.area > $1.area }.prefix(8).map(\.found)
    }

    /// How much the band of `box` where eyes and brows lie (20 % to 60 % down, the middle 80 %
    /// across) looks like a face's: some pixels that are not skin (not none, not most), and
    /// that differ in lightness from the skin around them (darker brows and pupils on pale
    /// skin, lighter eyes on the darkest, judged alike). 0…1.
    private func features(in box: PixelRect, mask: [Bool]) -> Double {
        let top = box.y + box.height / 5, bottom = max(top + 1, box.y + box.height * 3 / 5)
        let left = box.x + box.width / 10, right = max(left + 1, box.maxX - box.width / 10)
        var holes = 0, total = 0, holeLight = 0.0, skinLight = 0.0
        for y in top..<min(bottom, height) {
            for x in left..<min(right, width) {
                let i = y * width + x
                total += 1
                if mask[i] { skinLight += luma[i] } else { holes += 1; holeLight += luma[i] }
            }
        }
        guard total > 0, holes > 0, holes < total else { return 0.2 }
        let share = Double(holes) / Double(total)
        let shareScore = share < 0.02 ? 0.4 : share > 0.5 ? 0.3 : 1
        let skinMean = skinLight / Double(total - holes), holeMean = holeLight / Double(holes)
        let contrast = abs(skinMean - holeMean) / max(1, skinMean, holeMean)
        return shareScore * min(1, max(0.25, contrast / 0.2))
    }

    /// The window half the copy's shorter side across that draws the eye most (detail, colour
    /// and skin), or `nil` when none stands out from the rest by 15 % or more.
    func salientWindow() -> Found? {
        let detail = edges()
        let strongest = detail.max() ?? 0
        var score = [Double](repeating: 0, count: width * height)
        for i in score.indices {
            score[i] = (strongest > 0 ? detail[i] / strongest : 0) + 0.5 * saturation[i] + skin[i]
        }
        let total = score.reduce(0, +)
        guard total > 0 else { return nil }
        let side = max(1, min(width, height) / 2)
        // Sums over every window from a table of running sums, one row and column larger.
        var sums = [Double](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0.0
            for x in 0..<width {
                row += score[y * width + x]
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        func sum(_ x: Int, _ y: Int) -> Double {
            let w = width + 1
            return sums[(y + side) * w + x + side] - sums[y * w + x + side] - sums[(y + side) * w + x] + sums[y * w + x]
        }
        var best = (x: 0, y: 0, sum: -1.0)
        for y in 0...(height - side) { for x in 0...(width - side) { let s = sum(x, y); if s > best.sum { best = (x, y, s) } } }
        let ratio = (best.sum / Double(side * side)) / (total / Double(width * height))
        guard ratio >= 1.15 else { return nil }
        return Found(box: PixelRect(x: best.x, y: best.y, width: side, height: side), confidence: min(1, (ratio - 1) / 1.5))
    }

    /// `mask` eroded by a 3×3 square: set where the pixel and all its neighbours in the copy are.
    func eroded(_ mask: [Bool]) -> [Bool] { neighbourhood(mask, all: true) }

    /// `mask` dilated by a 3×3 square: set where the pixel or any neighbour is.
    func dilated(_ mask: [Bool]) -> [Bool] { neighbourhood(mask, all: false) }

    private func neighbourhood(_ mask: [Bool], all: Bool) -> [Bool] {
        var out = mask
        for y in 0..<height {
            for x in 0..<width {
                var hit = all
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) where mask[ny * width + nx] != all { hit = !all }
                }
                out[y * width + x] = hit
            }
        }
        return out
    }

    /// The 4-connected patches of `mask`: each pixel's patch (or −1), and each patch's box and
    /// pixel count.
    static func patches(of mask: [Bool], width: Int, height: Int) -> (labels: [Int], patches: [(box: PixelRect, count: Int)]) {
        var labels = [Int](repeating: -1, count: mask.count)
        var patches: [(box: PixelRect, count: Int)] = []
        var stack: [Int] = []
        for start in mask.indices where mask[start] && labels[start] < 0 {
            let label = patches.count
            labels[start] = label
            stack.append(start)
            var (minX, minY, maxX, maxY, count) = (width, height, -1, -1, 0)
            while let i = stack.popLast() {
                let x = i % width, y = i / width
                count += 1
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let n = ny * width + nx
                    if mask[n] && labels[n] < 0 {
                        labels[n] = label
                        stack.append(n)
                    }
                }
            }
            patches.append((PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), count))
        }
        return (labels, patches)
    }
}

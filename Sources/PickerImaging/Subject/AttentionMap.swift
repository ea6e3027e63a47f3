#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The small upright copy an ``AttentionLocator`` reads, scored pixel by pixel: lightness,
/// skin and saturation, and the analyses that find faces and the salient window in it.
struct AttentionMap {
    /// The copy's size.
    let width: Int, height: Int
    /// The photo's size, upright, and its pixels per copy pixel on each axis.
    let photoSize: PixelSize
    let scaleX: Double, scaleY: Double
    /// Per copy pixel, row by row: lightness 0…255, skin likelihood 0…1, saturation 0…1, and
    /// the bin of its colour by hue, relative colourfulness and lightness (−1: transparent).
    private(set) var luma: [Double], skin: [Double], saturation: [Double], colourBin: [Int]

    /// The copy of `photo` whose longer side is at most `workingSide`; `nil` for an empty photo.
    init?(_ photo: PixelBuffer, workingSide: Int) {
        let size = photo.displaySize
        guard !size.isEmpty else { return nil }
        let target = max(size.width, size.height) <= workingSide ? size : AvatarPipeline.outputSize(of: size, longerSide: workingSide)
        guard let small = try? photo.resampled(displayRect: PixelRect(size: size), to: target, filter: .area).normalized() else {
            return nil
        }
        width = small.width
        height = small.height
        photoSize = size
        scaleX = Double(size.width) / Double(width)
        scaleY = Double(size.height) / Double(height)
        let count = width * height
        luma = [Double](repeating: 0, count: count)
        skin = [Double](repeating: 0, count: count)
        saturation = [Double](repeating: 0, count: count)
        colourBin = [Int](repeating: -1, count: count)
        for y in 0..<height {
            for x in 0..<width {
                let p = small[x, y], i = y * width + x
                // Mostly transparent pixels show nothing of the photo.
                guard p.a >= 128 else { continue }
                let r = Double(p.r), g = Double(p.g), b = Double(p.b)
                luma[i] = 0.299 * r + 0.587 * g + 0.114 * b
                skin[i] = AttentionLocator.skinLikelihood(r: r, g: g, b: b)
                let high = max(r, g, b), low = min(r, g, b)
                saturation[i] = high > 0 ? (high - low) / high : 0
                colourBin[i] = Self.bin(r: r, g: g, b: b)
            }
        }
    }

    /// The colour bins: 30 of hue, 20 of colourfulness relative to lightness (0.06 each), 8
    /// of lightness.
    static let bins = (hue: 30, colourfulness: 20, lightness: 8)

    /// The bin of a colour (channels 0…255).
    static func bin(r: Double, g: Double, b: Double) -> Int {
        let redGreen = r - g, yellowBlue = (r + g) / 2 - b
        let lightness = (r + g + b) / 3
        let relative = (redGreen * redGreen + yellowBlue * yellowBlue).squareRoot() / max(1, lightness)
        let hue = min(bins.hue - 1, max(0, Int((atan2(redGreen, yellowBlue) * 180 / .pi + 180) / 12)))
        let colourfulness = min(bins.colourfulness - 1, Int(relative / 0.06))
        return (hue * bins.colourfulness + colourfulness) * bins.lightness + min(bins.lightness - 1, Int(lightness / 32))
    }

    /// ``skin``, less where the colour is the background's: a colour near one that covers 2 %
    /// or more of three of the copy's four edges (their outer 6 %) scores nothing, since a
    /// wall, sand or wood behind a person runs along most of a photo's edges, while a face
    /// near one edge, with a neck below it, meets two at most.
    func skinAgainstBackground() -> [Double] {
        let ring = max(1, Int((0.06 * Double(min(width, height))).rounded()))
        let (h, c, l) = Self.bins
        // Per edge (top, bottom, left, right): how many pixels of each colour bin, and in all.
        var edges = [[Int]](repeating: [Int](repeating: 0, count: h * c * l), count: 4)
        var counts = [0, 0, 0, 0]
        for y in 0..<height {
            for x in 0..<width {
                let sides = [y < ring, y >= height - ring, x < ring, x >= width - ring]
                guard sides.contains(true) else { continue }
                let bin = colourBin[y * width + x]
                for side in 0..<4 where sides[side] {
                    counts[side] += 1
                    if bin >= 0 { edges[side][bin] += 1 }
                }
            }
        }
        // Near: the bin and its neighbours, one step in each of the three.
        let near = edges.map { border in
            var near = [Int](repeating: 0, count: border.count)
            for hue in 0..<h {
                for colour in 0..<c {
                    for light in 0..<l {
                        var sum = 0
                        for dh in -1...1 where (0..<h).contains(hue + dh) {
                            for dc in -1...1 where (0..<c).contains(colour + dc) {
                                for dl in -1...1 where (0..<l).contains(light + dl) {
                                    sum += border[((hue + dh) * c + colour + dc) * l + light + dl]
                                }
                            }
                        }
                        near[(hue * c + colour) * l + light] = sum
                    }
                }
            }
            return near
        }
        return skin.indices.map { i in
            let bin = colourBin[i]
            guard bin >= 0 else { return 0 }
            // The share on the third most covered edge.
            let shares = (0..<4).map { counts[$0] > 0 ? Double(near[$0][bin]) / Double(counts[$0]) : 0 }.sorted(by: >)
            return skin[i] * max(0, 1 - shares[2] / 0.02)
        }
    }

    /// `box` in the copy's pixels as a region of the photo, in its upright pixels.
    func region(_ box: PixelRect, kind: SubjectRegion.Kind, confidence: Double) -> SubjectRegion {
        let scaled = box.scaled(x: scaleX, y: scaleY)
        // Within the photo, at least a pixel.
        let clipped = PixelRect(
            x: scaled.x, y: scaled.y,
            width: max(1, min(scaled.maxX, photoSize.width) - scaled.x), height: max(1, min(scaled.maxY, photoSize.height) - scaled.y))
        return SubjectRegion(kind: kind, box: clipped, confidence: confidence)
    }

    /// Gradient magnitude of the lightness (Sobel), 0 at the border.
    func edges() -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        guard width >= 3, height >= 3 else { return out }
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                func l(_ dx: Int, _ dy: Int) -> Double { luma[(y + dy) * width + x + dx] }
                let gx = l(1, -1) + 2 * l(1, 0) + l(1, 1) - l(-1, -1) - 2 * l(-1, 0) - l(-1, 1)
                let gy = l(-1, 1) + 2 * l(0, 1) + l(1, 1) - l(-1, -1) - 2 * l(0, -1) - l(1, -1)
                out[y * width + x] = (gx * gx + gy * gy).squareRoot()
            }
        }
        return out
    }
}

/// What happens outside the circle of a profile photo.
public enum AvatarMask: Sendable, Equatable, Codable {
    /// No mask: the square crop as it is.
    case square
    /// A circle inscribed in the image; outside it is transparent, with an anti-aliased edge.
    case circle
    /// A circle inscribed in the image on a solid background colour, anti-aliased.
    case circleOn(RGBA)
}

extension PixelBuffer {
    /// A copy with `mask` applied in display orientation; the result is upright.
    ///
    /// The circle is the largest one centred in the image. A pixel's coverage is
    /// `clamp(r − d + ½, 0, 1)`, where `d` is the distance from the pixel's centre to the
    /// circle's centre and `r` the radius: a one-pixel anti-aliased edge. With
    /// ``AvatarMask/circle`` alpha is multiplied by coverage; with ``AvatarMask/circleOn(_:)``
    /// the masked image is composited over the colour. Gray images become RGBA.
    ///
    /// ```swift
    /// let round = square.masked(.circle)   // transparent corners
    /// ```
    ///
    /// - Complexity: O(width × height).
    public func masked(_ mask: AvatarMask) -> PixelBuffer {
        var image = normalized()
        image.applyMask(mask)
        return image
    }

    /// ``masked(_:)`` in place: writes into this image's own storage when nothing else holds it
    /// (an image just made and masked where it was made saves a copy), and only the pixels
    /// outside the circle and on its edge; opaque ones inside are left as they are. A turn it
    /// bakes in runs on `threads` threads (`nil`: ``PixelBuffer/automaticThreads(sourcePixels:)``).
    package mutating func applyMask(_ mask: AvatarMask, threads: Int? = nil) {
        guard mask != .square else {
            self = normalized(threads: threads)
            return
        }
        if orientation != .up || format != .rgba8 { self = normalized(threads: threads).asStraightRGBA() }
        if rowStride != width * 4 {
            // The result is tightly packed, as a copy always was.
            self = (try? cropped(to: PixelRect(size: pixelSize))) ?? self
        }
        let w = width, h = height, stride = rowStride
        let cx = Double(w) / 2, cy = Double(h) / 2, r = Double(min(w, h)) / 2
        let background: RGBA? = if case let .circleOn(colour) = mask { colour } else { nil }
        let outside = background ?? RGBA(0, 0, 0, 0)
        let fill = UInt32(outside.r) | UInt32(outside.g) << 8 | UInt32(outside.b) << 16 | UInt32(outside.a) << 24
        bytes.withUnsafeMutableBufferPointer { buffer in
            let px = buffer.baseAddress!
            for y in 0..<h {
                let dy = Double(y) + 0.5 - cy
                let row = px + y * stride
                // Pixels whose centres lie within r − ½ are fully inside; beyond r + ½ fully out.
                let inner = (r - 0.5) * (r - 0.5) - dy * dy
                let outer = (r + 0.5) * (r + 0.5) - dy * dy
                func edge(_ x: Int) {
                    let dx = Double(x) + 0.5 - cx
                    let i = x * 4
                    let coverage = min(1, max(0, r - (dx * dx + dy * dy).squareRoot() + 0.5))
                    let p = Self.composite(RGBA(row[i], row[i + 1], row[i + 2], row[i + 3]), coverage: coverage, over: background)
                    row[i] = p.r; row[i + 1] = p.g; row[i + 2] = p.b; row[i + 3] = p.a
                }
                func clear(_ xs: Range<Int>) {
                    guard !xs.isEmpty else { return }
                    UnsafeMutableRawPointer(row + xs.lowerBound * 4).withMemoryRebound(to: UInt32.self, capacity: xs.count) {
                        $0.update(repeating: fill, count: xs.count)
                    }
                }
                // The row in runs: outside, edge, inside, edge, outside (the same tests as
                // pixel by pixel, found from the middle out).
                let within = Self.span(width: w, centre: cx, limit: outer, strictly: true)
                let core = Self.span(width: w, centre: cx, limit: inner)
                clear(0..<within.lowerBound)
                clear(within.upperBound..<w)
                let coreStart = core.isEmpty ? within.upperBound : max(core.lowerBound, within.lowerBound)
                let coreEnd = core.isEmpty ? within.upperBound : min(core.upperBound, within.upperBound)
                for x in within.lowerBound..<coreStart { edge(x) }
                // Inside pixels that are not opaque are composited like edge ones.
                for x in coreStart..<max(coreStart, coreEnd) where row[x * 4 + 3] != 255 { edge(x) }
                for x in max(coreEnd, coreStart)..<within.upperBound { edge(x) }
            }
        }
    }

    /// The pixels `x` of a row `width` wide whose centres are within `limit` of `centre`
    /// squared — `(x + ½ − centre)² ≤ limit`, or `<` when `strictly` — a run, found from an
    /// estimate and settled with that exact test.
    static func span(width: Int, centre: Double, limit: Double, strictly: Bool = false) -> Range<Int> {
        guard limit >= 0, width > 0 else { return 0..<0 }
        func holds(_ x: Int) -> Bool {
            let d = Double(x) + 0.5 - centre
            return strictly ? d * d < limit : d * d <= limit
        }
        let half = limit.squareRoot()
        var low = max(0, min(width - 1, Int((centre - half - 0.5).rounded(.up))))
        var high = max(0, min(width - 1, Int((centre + half - 0.5).rounded(.down))))
        while low > 0 && holds(low - 1) { low -= 1 }
        while low < width && !holds(low) { low += 1 }
        while high < width - 1 && holds(high + 1) { high += 1 }
        while high >= low && !holds(high) { high -= 1 }
        return low <= high ? low..<(high + 1) : 0..<0
    }

    /// A straight-alpha pixel with its alpha scaled by `coverage`, composited over
    /// `background` when there is one; straight alpha out, rounded.
    static func composite(_ p: RGBA, coverage: Double, over background: RGBA?) -> RGBA {
        let a = Double(p.a) / 255 * coverage
        var rgb = (Double(p.r) * a, Double(p.g) * a, Double(p.b) * a)
        var alpha = a
        if let background {
            let ba = Double(background.a) / 255 * (1 - a)
            rgb.0 += Double(background.r) * ba
            rgb.1 += Double(background.g) * ba
            rgb.2 += Double(background.b) * ba
            alpha += ba
        }
        guard alpha > 0 else { return RGBA(0, 0, 0, 0) }
        return RGBA(
            UInt8((rgb.0 / alpha).rounded()), UInt8((rgb.1 / alpha).rounded()), UInt8((rgb.2 / alpha).rounded()),
            UInt8((alpha * 255).rounded()))
    }

    /// The same pixels as straight-alpha RGBA: gray expanded, premultiplied divided out.
    ///
    /// - Complexity: O(width × height); returns `self` for ``PixelFormat/rgba8``.
    public func asStraightRGBA() -> PixelBuffer {
        if format == .rgba8Premultiplied { return unpremultiplied() }
        guard format == .gray8 else { return self }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let v = bytes[y * rowStride + x]
                let o = (y * width + x) * 4
                out[o] = v; out[o + 1] = v; out[o + 2] = v
            }
        }
        return PixelBuffer(checkedWidth: width, height: height, format: .rgba8, bytes: out, rowStride: width * 4, orientation: orientation)
            .tagged(colorProfile)
    }
}

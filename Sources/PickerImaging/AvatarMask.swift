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
        let upright = normalized()
        guard mask != .square else { return upright }
        let source = upright.format == .rgba8 ? upright : upright.asStraightRGBA()
        let w = source.width, h = source.height
        let cx = Double(w) / 2, cy = Double(h) / 2, r = Double(min(w, h)) / 2
        let background: RGBA? = if case let .circleOn(colour) = mask { colour } else { nil }
        let outside = background ?? RGBA(0, 0, 0, 0)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        source.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let dy = Double(y) + 0.5 - cy
                    let row = y * source.rowStride, line = y * w * 4
                    // Pixels whose centres lie within r − ½ are fully inside; beyond r + ½ fully out.
                    let inner = (r - 0.5) * (r - 0.5) - dy * dy
                    let outer = (r + 0.5) * (r + 0.5) - dy * dy
                    for x in 0..<w {
                        let dx = Double(x) + 0.5 - cx
                        let d2 = dx * dx
                        let i = row + x * 4, o = line + x * 4
                        if d2 <= inner && src[i + 3] == 255 {
                            for c in 0..<4 { dst[o + c] = src[i + c] }
                        } else if d2 >= outer {
                            dst[o] = outside.r; dst[o + 1] = outside.g; dst[o + 2] = outside.b; dst[o + 3] = outside.a
                        } else {
                            let coverage = min(1, max(0, r - (d2 + dy * dy).squareRoot() + 0.5))
                            let p = Self.composite(
                                RGBA(src[i], src[i + 1], src[i + 2], src[i + 3]), coverage: coverage, over: background)
                            dst[o] = p.r; dst[o + 1] = p.g; dst[o + 2] = p.b; dst[o + 3] = p.a
                        }
                    }
                }
            }
        }
        return PixelBuffer(checkedWidth: w, height: h, format: .rgba8, bytes: out, rowStride: w * 4, orientation: .up)
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
    }
}

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
        let w = upright.width, h = upright.height
        let cx = Double(w) / 2, cy = Double(h) / 2, r = Double(min(w, h)) / 2
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let premultipliedInput = upright.format == .rgba8Premultiplied
        for y in 0..<h {
            let dy = Double(y) + 0.5 - cy
            for x in 0..<w {
                let dx = Double(x) + 0.5 - cx
                let coverage = min(1, max(0, r - (dx * dx + dy * dy).squareRoot() + 0.5))
                let p = upright[x, y]
                // The pixel premultiplied and scaled by coverage, in 0…1.
                let a = Double(p.a) / 255 * coverage
                let k = premultipliedInput ? coverage / 255 : a / 255
                var rgb = (Double(p.r) * k, Double(p.g) * k, Double(p.b) * k)
                var alpha = a
                if case let .circleOn(background) = mask {
                    let ba = Double(background.a) / 255, rest = 1 - a
                    rgb.0 += Double(background.r) / 255 * ba * rest
                    rgb.1 += Double(background.g) / 255 * ba * rest
                    rgb.2 += Double(background.b) / 255 * ba * rest
                    alpha += ba * rest
                }
                let i = (y * w + x) * 4
                if alpha > 0 {
                    out[i] = UInt8((rgb.0 / alpha * 255).rounded())
                    out[i + 1] = UInt8((rgb.1 / alpha * 255).rounded())
                    out[i + 2] = UInt8((rgb.2 / alpha * 255).rounded())
                }
                out[i + 3] = UInt8((alpha * 255).rounded())
            }
        }
        return PixelBuffer(checkedWidth: w, height: h, format: .rgba8, bytes: out, rowStride: w * 4, orientation: .up)
    }
}

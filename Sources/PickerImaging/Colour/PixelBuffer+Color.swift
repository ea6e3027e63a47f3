import Foundation

extension PixelBuffer {
    /// The image with its colours converted from ``colorProfile`` to sRGB, tagged
    /// ``ColorProfile/sRGB``: what a colour manager (LittleCMS, ColorSync) shows, with the
    /// relative colorimetric intent and without black point compensation, in 8 bits. Colours
    /// sRGB cannot show are clipped, channel by channel. Alpha is kept; a premultiplied image
    /// that is converted comes back straight (``PixelFormat/rgba8``).
    ///
    /// An untagged image is returned as it is (it is sRGB by convention), and one already
    /// sRGB is only retagged. A gray profile converts a gray image, or each channel of an RGBA
    /// one (a gray PNG with alpha decodes to RGBA).
    ///
    /// ```swift
    /// let photo = try JPEG.decode(data)            // tagged Display P3
    /// let avatar = try photo.convertedToSRGB()     // sRGB values, tagged sRGB
    /// ```
    ///
    /// - Throws: ``ImagingError/unconvertibleColorProfile(reason:)`` for a profile without a
    ///   colour model (``ColorProfile/conversionProblem`` says why), or an RGB profile on a gray
    ///   image.
    /// - Complexity: O(pixels), after tables of 256 entries per channel.
    public func convertedToSRGB() throws(ImagingError) -> PixelBuffer {
        guard let profile = colorProfile else { return self }
        var result = self
        result.colorProfile = .sRGB
        guard !profile.isSRGB else { return result }
        guard let model = profile.model else { throw .unconvertibleColorProfile(reason: profile.conversionProblem ?? "no colour model") }
        let straight = format == .rgba8Premultiplied ? unpremultiplied() : self
        var converted: [UInt8]
        switch model {
        case let .gray(curve):
            converted = straight.mapped(through: curve)
        case let .rgb(curves, _) where format == .gray8:
            // PNG's gAMA and cHRM on a gray image: gray is the white point's, only the curve applies.
            guard case .gammaAndChromaticities = profile.origin, let curve = curves.first else {
                throw .unconvertibleColorProfile(reason: "an RGB profile on a gray image")
            }
            converted = straight.mapped(through: curve)
        case let .rgb(curves, matrix):
            guard curves.count == 3, matrix.count == 9 else {
                throw .unconvertibleColorProfile(reason: "an RGB model of \(curves.count) curves and \(matrix.count) matrix entries (3 and 9)")
            }
            // LittleCMS's 8-bit matrix-shaper transform, step for step (`OptimizeMatrixShaper`):
            // each curve sampled at the 256 inputs into 1.14 fixed point, the matrix in 1.14 fixed
            // point, the sum rounded to 14 bits and clipped to 0…1 (out of gamut clips there), then
            // a table of 16,385 sRGB values rounded to 16 bits and then to 8.
            let shapers = curves.map { curve in (0..<256).map { LittleCMS8.fixed14(Double(curve.linearAsLittleCMS(Float(Double($0) / 255)))) } }
            let m = (ColorModel.sRGBFromXYZ * Matrix3(rowMajor: matrix)).rowMajor.map(LittleCMS8.fixed14)
            let encode = LittleCMS8.sRGBEncoding
            converted = straight.mapped { source, target, _, _ in
                for i in stride(from: 0, to: source.count, by: 4) {
                    let r = shapers[0][Int(source[i])], g = shapers[1][Int(source[i + 1])], b = shapers[2][Int(source[i + 2])]
                    for c in 0..<3 {
                        // Each term fits 62 bits; a hostile profile's sum of three may wrap, which
                        // gives a wrong colour for it, never a trap: the index is clamped below.
                        let l = (m[3 * c] &* r &+ m[3 * c + 1] &* g &+ m[3 * c + 2] &* b &+ 0x2000) >> 14
                        target[i + c] = encode[l < 0 ? 0 : min(l, LittleCMS8.one)]
                    }
                    target[i + 3] = source[i + 3]
                }
            }
        }
        var out = PixelBuffer(
            checkedWidth: width, height: height, format: straight.format, bytes: converted,
            rowStride: width * straight.format.bytesPerPixel, orientation: orientation)
        out.colorProfile = .sRGB
        return out
    }

    /// Tightly packed new bytes, each colour sample (gray, or red, green and blue) through
    /// `curve` to linear light and encoded as sRGB; alpha kept.
    private func mapped(through curve: ToneCurve) -> [UInt8] {
        let table = (0..<256).map { SRGBEncoding.byte(curve.linear(Double($0) / 255)) }
        return mapped { source, target, count, channels in
            for i in 0..<count {
                for c in 0..<min(channels, 3) { target[i * channels + c] = table[Int(source[i * channels + c])] }
                if channels == 4 { target[i * 4 + 3] = source[i * 4 + 3] }
            }
        }
    }

    /// Tightly packed new bytes, made row by row by `body(sourceRow, targetRow, pixels, channels)`.
    private func mapped(
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>, Int, Int) -> Void
    ) -> [UInt8] {
        let channels = format.bytesPerPixel, row = width * channels
        var out = [UInt8](repeating: 0, count: row * height)
        bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    body(
                        UnsafeBufferPointer(rebasing: source[(y * rowStride)..<(y * rowStride + row)]),
                        UnsafeMutableBufferPointer(rebasing: target[(y * row)..<(y * row + row)]), width, channels)
                }
            }
        }
        return out
    }
}

extension ColorModel {
    /// XYZ (D50) → linear sRGB: the inverse of sRGB's matrix.
    static let sRGBFromXYZ: Matrix3 = {
        guard case let .rgb(_, matrix)? = ColorProfile.sRGB.model else { preconditionFailure("sRGB is an RGB profile") }
        return Matrix3(rowMajor: matrix).inverse
    }()
}

/// The fixed-point arithmetic of LittleCMS's 8-bit matrix-shaper transforms (`cmsopt.c`).
enum LittleCMS8 {
    /// 1.0 in 1.14 fixed point.
    static let one = 1 << 14

    /// `DOUBLE_TO_1FIXED14`: `floor(x × 16384 + 0.5)`; a value past ±131,072 (or NaN) is
    /// ±0x7FFFFFFF, as LittleCMS's first shaper stores one past its range.
    static func fixed14(_ x: Double) -> Int {
        guard x < 131_072 else { return 0x7FFF_FFFF }
        guard x > -131_072 else { return -0x7FFF_FFFF }
        guard !x.isNaN else { return 0x7FFF_FFFF }
        return Int((x * 16384 + 0.5).rounded(.down))
    }

    /// The second shaper for sRGB: for each 14-bit linear value, its sRGB value in single
    /// precision, clipped to 0…1, saturated to 16 bits and then taken to 8 (`FROM_16_TO_8`).
    static let sRGBEncoding: [UInt8] = (0...one).map { i in
        let r = Double(Float(Double(i) / 16384))
        // The inverse of sRGB's curve as LittleCMS reverses it (parametric type -4).
        let encoded = r >= 0.04045 / 12.92 ? (pow(r, 1 / 2.4) - 0.055 / 1.055) / (1 / 1.055) : r / (1 / 12.92)
        let v = min(max(Double(Float(encoded)), 0), 1)
        let d = v * 65535 + 0.5
        let word = d <= 0 ? 0 : d >= 65535 ? 65535 : Int(d.rounded(.down))
        return UInt8((word * 65281 + 8_388_608) >> 24)
    }
}

/// Linear light → 8-bit sRGB values.
enum SRGBEncoding {
    /// The sRGB value of linear light `y`, rounded to 8 bits.
    static func byte(_ y: Double) -> UInt8 {
        let v = y > 0 ? min(y, 1) : 0
        let encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }

}

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
            let linear = curves.map { curve in (0..<256).map { Float(curve.linear(Double($0) / 255)) } }
            let m = (ColorModel.sRGBFromXYZ * Matrix3(rowMajor: matrix)).rowMajor.map(Float.init)
            let encode = SRGBEncoding.table
            converted = straight.mapped { source, target, _, _ in
                for i in stride(from: 0, to: source.count, by: 4) {
                    let r = linear[0][Int(source[i])], g = linear[1][Int(source[i + 1])], b = linear[2][Int(source[i + 2])]
                    for c in 0..<3 {
                        let v = m[3 * c] * r + m[3 * c + 1] * g + m[3 * c + 2] * b
                        // Out of gamut clips; a hostile profile's infinities and NaNs land on 0 or 1.
                        target[i + c] = encode[Int((v > 0 ? min(v, 1) : 0) * Float(SRGBEncoding.steps) + 0.5)]
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

/// Linear light → 8-bit sRGB values.
enum SRGBEncoding {
    /// Steps of the table over linear 0…1: fine enough that each is under 1/10 of an 8-bit
    /// step even in the steep part near black.
    static let steps = 65535

    /// The sRGB value of linear light `y`, rounded to 8 bits.
    static func byte(_ y: Double) -> UInt8 {
        let v = y > 0 ? min(y, 1) : 0
        let encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }

    static let table: [UInt8] = (0...steps).map { byte(Double($0) / Double(steps)) }
}

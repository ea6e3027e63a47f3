import Foundation

extension PixelBuffer {
    /// The image as a Netpbm PAM file (`P7`), upright: orientation is baked in, since PAM
    /// cannot carry it. RGBA buffers are written as `RGB_ALPHA` with straight alpha; gray as
    /// `GRAYSCALE`.
    ///
    /// ```swift
    /// try buffer.pamData().write(to: URL(fileURLWithPath: "avatar.pam"))
    /// ```
    ///
    /// - Complexity: O(width × height).
    public func pamData() -> Data {
        let upright = normalized().unpremultiplied()
        let depth = upright.format.bytesPerPixel
        let tuple = upright.format == .gray8 ? "GRAYSCALE" : "RGB_ALPHA"
        var data = Data("P7\nWIDTH \(upright.width)\nHEIGHT \(upright.height)\nDEPTH \(depth)\nMAXVAL 255\nTUPLTYPE \(tuple)\nENDHDR\n".utf8)
        let rowBytes = upright.width * depth
        for y in 0..<upright.height {
            data.append(contentsOf: upright.bytes[(y * upright.rowStride)..<(y * upright.rowStride + rowBytes)])
        }
        return data
    }

    /// A copy with straight alpha: premultiplied colour divided by alpha, rounded. Other formats
    /// are returned unchanged.
    ///
    /// - Complexity: O(width × height).
    public func unpremultiplied() -> PixelBuffer {
        guard format == .rgba8Premultiplied else { return self }
        var out = bytes
        for y in 0..<height {
            for x in 0..<width {
                let i = y * rowStride + x * 4
                let a = Int(out[i + 3])
                for c in 0..<3 {
                    out[i + c] = a == 0 ? 0 : UInt8(min(255, (Int(out[i + c]) * 255 + a / 2) / a))
                }
            }
        }
        return PixelBuffer(
            checkedWidth: width, height: height, format: .rgba8, bytes: out, rowStride: rowStride,
            orientation: orientation)
    }
}

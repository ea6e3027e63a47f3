import Foundation
import PickerImaging

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
}

extension PixelBuffer {
    /// A copy with the orientation baked in: its stored pixels are the display pixels and its
    /// orientation is ``ImageOrientation/up``.
    ///
    /// ```swift
    /// let upright = try PixelBuffer(width: 3, height: 2, orientation: .right).normalized()
    /// upright.pixelSize   // 2x3
    /// ```
    ///
    /// - Complexity: O(width × height); returns `self` unchanged for ``ImageOrientation/up``.
    public func normalized() -> PixelBuffer {
        guard orientation != .up else { return self }
        let size = displaySize
        let bpp = format.bytesPerPixel
        var out = [UInt8](repeating: 0, count: size.width * size.height * bpp)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<size.height {
                    for x in 0..<size.width {
                        let raw = orientation.rawPoint(forDisplayX: x, y: y, rawSize: pixelSize)
                        let from = raw.y * rowStride + raw.x * bpp
                        let to = (y * size.width + x) * bpp
                        for c in 0..<bpp { dst[to + c] = src[from + c] }
                    }
                }
            }
        }
        return PixelBuffer(
            checkedWidth: size.width, height: size.height, format: format, bytes: out,
            rowStride: size.width * bpp, orientation: .up)
    }
}

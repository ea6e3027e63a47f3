extension PixelBuffer {
    /// A copy of the pixels shown in `rect`, given in display orientation.
    ///
    /// The crop happens on the stored pixels: `rect` is mapped to raw coordinates and the
    /// result keeps this buffer's orientation, so no full-size turned copy is made. A rectangle
    /// that lies partly outside the image is clamped to the image; the result's display size is
    /// then the clamped size. Whole pixels in, whole pixels out: a square gives a square.
    ///
    /// ```swift
    /// let photo = try PixelBuffer(width: 4032, height: 3024, orientation: .right)
    /// let square = try photo.cropped(to: PixelRect(x: 0, y: 504, width: 3024, height: 3024))
    /// square.displaySize   // 3024x3024
    /// ```
    ///
    /// - Throws: ``ImagingError/cropOutsideImage(rect:imageSize:)`` when `rect` covers no pixel.
    /// - Complexity: O(rect.width × rect.height).
    public func cropped(to rect: PixelRect) throws(ImagingError) -> PixelBuffer {
        guard !rect.isEmpty, let visible = rect.intersection(displayBounds) else {
            throw .cropOutsideImage(rect: rect, imageSize: displaySize)
        }
        let raw = orientation.rawRect(forDisplay: visible, rawSize: pixelSize)
        let bpp = format.bytesPerPixel
        let rowBytes = raw.width * bpp
        // Row by row with memory copies, into memory that is written once.
        let out = [UInt8](unsafeUninitializedCapacity: rowBytes * raw.height) { dst, initialized in
            bytes.withUnsafeBufferPointer { src in
                for row in 0..<raw.height {
                    (dst.baseAddress! + row * rowBytes).initialize(
                        from: src.baseAddress! + (raw.y + row) * rowStride + raw.x * bpp, count: rowBytes)
                }
            }
            initialized = rowBytes * raw.height
        }
        return PixelBuffer(
            checkedWidth: raw.width, height: raw.height, format: format, bytes: out,
            rowStride: rowBytes, orientation: orientation).tagged(colorProfile)
    }
}

extension PixelBuffer {
    /// A copy with the orientation baked in: its stored pixels are the display pixels and its
    /// orientation is ``ImageOrientation/up``.
    ///
    /// ```swift
    /// let upright = try PixelBuffer(width: 3, height: 2, orientation: .right).normalized()
    /// upright.pixelSize   // 2x3
    /// ```
    ///
    /// - Complexity: O(width × height), in cache-sized tiles; returns `self` unchanged for
    ///   ``ImageOrientation/up``.
    public func normalized() -> PixelBuffer {
        guard orientation != .up else { return self }
        let size = displaySize
        let bpp = format.bytesPerPixel
        // Display (x, y) reads raw pixel `base + x·dx + y·dy` (in pixels; rows are `pitch` apart).
        let pitch = rowStride / bpp
        let origin = orientation.rawPoint(forDisplayX: 0, y: 0, rawSize: pixelSize)
        let right = orientation.rawPoint(forDisplayX: min(1, size.width - 1), y: 0, rawSize: pixelSize)
        let down = orientation.rawPoint(forDisplayX: 0, y: min(1, size.height - 1), rawSize: pixelSize)
        let base = origin.y * pitch + origin.x
        let dx = (right.y - origin.y) * pitch + (right.x - origin.x)
        let dy = (down.y - origin.y) * pitch + (down.x - origin.x)
        let out: [UInt8]
        if bpp == 4 && rowStride % 4 == 0 {
            out = Self.remap(UInt32.self, bytes, size: size, base: base, dx: dx, dy: dy)
        } else if bpp == 1 {
            out = Self.remap(UInt8.self, bytes, size: size, base: base, dx: dx, dy: dy)
        } else {
            out = tightlyPacked().normalized().bytes
        }
        return PixelBuffer(
            checkedWidth: size.width, height: size.height, format: format, bytes: out,
            rowStride: size.width * bpp, orientation: .up)
    }

    /// The same pixels with rows exactly one pixel row apart.
    func tightlyPacked() -> PixelBuffer {
        let rowBytes = width * format.bytesPerPixel
        guard rowStride != rowBytes else { return self }
        var out = [UInt8]()
        out.reserveCapacity(rowBytes * height)
        for y in 0..<height { out.append(contentsOf: bytes[(y * rowStride)..<(y * rowStride + rowBytes)]) }
        return PixelBuffer(
            checkedWidth: width, height: height, format: format, bytes: out, rowStride: rowBytes,
            orientation: orientation)
    }

    /// Gathers `size` pixels of type `P` from `bytes`, display pixel (x, y) from
    /// `base + x·dx + y·dy`, in 64×64 tiles so reads and writes both stay in cache.
    private static func remap<P: FixedWidthInteger>(
        _: P.Type, _ bytes: [UInt8], size: PixelSize, base: Int, dx: Int, dy: Int
    ) -> [UInt8] {
        let count = size.width * size.height
        let tile = 64
        return HugePages.bytes(count: count * MemoryLayout<P>.size) { buffer in
            bytes.withUnsafeBytes { raw in
                let src = raw.baseAddress!.assumingMemoryBound(to: P.self)
                let dst = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: P.self)
                for ty in stride(from: 0, to: size.height, by: tile) {
                    let yEnd = min(ty + tile, size.height)
                    for tx in stride(from: 0, to: size.width, by: tile) {
                        let xEnd = min(tx + tile, size.width)
                        for y in ty..<yEnd {
                            let out = dst + y * size.width
                            var at = base + tx * dx + y * dy
                            for x in tx..<xEnd {
                                out[x] = src[at]
                                at += dx
                            }
                        }
                    }
                }
            }
        }
    }
}

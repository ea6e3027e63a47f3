import Foundation

extension PixelBuffer {
    /// A copy with the orientation baked in: its stored pixels are the display pixels and its
    /// orientation is ``ImageOrientation/up``. The rows are shared among
    /// ``automaticThreads(sourcePixels:)`` threads: every core for an image of a million pixels
    /// or more (at most one thread per 16 rows of the result).
    ///
    /// ```swift
    /// let upright = try PixelBuffer(width: 3, height: 2, orientation: .right).normalized()
    /// upright.pixelSize   // 2x3
    /// ```
    ///
    /// - Complexity: O(width × height), in cache-sized tiles; returns `self` unchanged for
    ///   ``ImageOrientation/up``.
    public func normalized() -> PixelBuffer { normalized(threads: nil) }

    /// ``normalized()`` on `threads` threads, each writing its own band of the result's rows;
    /// `nil` picks ``automaticThreads(sourcePixels:)``. Counts below 1 are 1, above 64 are 64,
    /// and no thread takes fewer than 16 rows. The pixels are the same on any number of threads.
    public func normalized(threads: Int?) -> PixelBuffer {
        normalized(threads: Self.threadCount(threads, sourcePixels: width * height), inLanes: Self.turnsInLanes)
    }

    /// Whether ``normalized()`` moves quarter-turned 4-byte pixels in vector lanes: in optimized
    /// builds. (Unoptimized generic SIMD code is many times slower than plain loops.)
    package static var turnsInLanes: Bool {
        #if DEBUG
            false
        #else
            true
        #endif
    }

    /// ``normalized()`` on `threads` threads, with the quarter turns' lanes chosen (tests hold
    /// the two ways, and any number of threads, to each other in every build).
    package func normalized(threads: Int, inLanes: Bool) -> PixelBuffer {
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
        let map = Remap(size: size, base: base, dx: dx, dy: dy, threads: threads)
        let out: [UInt8]
        if bpp == 4 && rowStride % 4 == 0 {
            out = map.gather(bytes, wide: true, inLanes: inLanes)
        } else if bpp == 1 {
            out = map.gather(bytes, wide: false, inLanes: false)
        } else {
            out = tightlyPacked().normalized(threads: threads, inLanes: inLanes).bytes
        }
        return PixelBuffer(
            checkedWidth: size.width, height: size.height, format: format, bytes: out,
            rowStride: size.width * bpp, orientation: .up).tagged(colorProfile)
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
}

/// Where each pixel of a re-oriented image comes from: output pixel (x, y) of `size` is source
/// pixel `base + x·dx + y·dy` (in pixels).
private struct Remap: Sendable {
    let size: PixelSize, base: Int, dx: Int, dy: Int
    let threads: Int

    /// Gathers the output's pixels from `bytes` (4-byte pixels when `wide`, 1-byte otherwise), in
    /// 64×64 tiles so reads and writes both stay in cache; quarter turns of 4-byte pixels go by
    /// ``turnStrips(_:into:rows:)`` when `inLanes`. With more than one thread, each takes a
    /// band of output rows (whole strips of 16, all but the last).
    func gather(_ bytes: [UInt8], wide: Bool, inLanes: Bool) -> [UInt8] {
        let strips = size.height / 16
        let runs = max(1, min(threads, strips))
        let lanes = inLanes && wide && (dy == 1 || dy == -1)
        TurnThreads.told.get()?.append(runs)
        let count = size.width * size.height * (wide ? 4 : 1)
        return HugePages.bytes(count: count) { buffer in
            if runs > 1 { HugePages.prefault(UnsafeMutableRawPointer(buffer), count: count) }
            bytes.withUnsafeBytes { raw in
                let pointers = Shared((raw.baseAddress!, UnsafeMutableRawPointer(buffer)))
                performEach(runs, concurrently: runs > 1) { run in
                    let (src, dst) = pointers.value
                    let band = (0..<strips).band(run, of: runs)
                    let rows = 16 * band.lowerBound..<(run == runs - 1 ? size.height : 16 * band.upperBound)
                    let done = lanes ? turnStrips(src, into: dst, rows: rows) : rows.lowerBound
                    if wide {
                        copyTiles(UInt32.self, src, into: dst, rows: done..<rows.upperBound)
                    } else {
                        copyTiles(UInt8.self, src, into: dst, rows: done..<rows.upperBound)
                    }
                }
            }
        }
    }

    /// The plain gather of output rows `rows`, in 64×64 tiles.
    private func copyTiles<P: FixedWidthInteger>(_: P.Type, _ raw: UnsafeRawPointer, into buffer: UnsafeMutableRawPointer, rows: Range<Int>) {
        let tile = 64
        let src = raw.assumingMemoryBound(to: P.self)
        let dst = buffer.assumingMemoryBound(to: P.self)
        for ty in stride(from: rows.lowerBound, to: rows.upperBound, by: tile) {
            let yEnd = min(ty + tile, rows.upperBound)
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

    /// A quarter turn of 4-byte pixels (`dy` is ±1: output rows run down source columns), of
    /// output rows `rows`. The output goes in strips of 16 whole rows, each written left to right
    /// in blocks 64 columns wide: a block is 64 source rows, each giving one 64-byte run (a
    /// cache line, read whole and once), and 16 output rows of 256 bytes, written in order.
    /// Four source runs of four pixels, transposed in lanes, are four output rows' pixels.
    /// (Going down a 64-column band first, the other order, reads the same lines but writes 16
    /// rows a band apart, and took 2.4 times as long on a 12 MP photo.) Returns where the rows
    /// written end (whole strips, every column; the rest are left to the caller).
    @inline(__always)
    private func turnStrips(_ src: UnsafeRawPointer, into dst: UnsafeMutableRawPointer, rows: Range<Int>) -> Int {
        let band = 64, strip = 16, rowBytes = size.width * 4
        let end = rows.lowerBound + rows.count / strip * strip, columns = size.width / 4 * 4
        let (base, dx, dy) = (base, dx, dy)
        for top in stride(from: rows.lowerBound, to: end, by: strip) {
            for left in stride(from: 0, to: columns, by: band) {
                let right = min(left + band, columns)
                var y = top
                while y < top + strip {
                    var x = left
                    while x < right {
                        @inline(__always) func run(_ j: Int) -> SIMD4<UInt32> {
                            let at = base + (x + j) * dx + y * dy
                            if dy == 1 { return src.loadUnaligned(fromByteOffset: at * 4, as: SIMD4<UInt32>.self) }
                            let v = src.loadUnaligned(fromByteOffset: (at - 3) * 4, as: SIMD4<UInt32>.self)
                            return SIMD4(v[3], v[2], v[1], v[0])
                        }
                        let (r0, r1, r2, r3) = transposed(run(0), run(1), run(2), run(3))
                        let out = (y * size.width + x) * 4
                        dst.storeBytes(of: r0, toByteOffset: out, as: SIMD4<UInt32>.self)
                        dst.storeBytes(of: r1, toByteOffset: out + rowBytes, as: SIMD4<UInt32>.self)
                        dst.storeBytes(of: r2, toByteOffset: out + 2 * rowBytes, as: SIMD4<UInt32>.self)
                        dst.storeBytes(of: r3, toByteOffset: out + 3 * rowBytes, as: SIMD4<UInt32>.self)
                        x += 4
                    }
                    y += 4
                }
            }
        }
        for row in rows.lowerBound..<end {
            var at = base + columns * dx + row * dy
            for column in columns..<size.width {
                dst.storeBytes(of: src.load(fromByteOffset: at * 4, as: UInt32.self), toByteOffset: (row * size.width + column) * 4, as: UInt32.self)
                at += dx
            }
        }
        return end
    }
}

/// A 4×4 block of lanes transposed: the rows of the result are the columns of `a`…`d`.
/// (Shared by the quarter turns and PickerCodecs' JPEG transforms, across the module
/// boundary: inlinable, so it is specialized and inlined there too.)
@inlinable @inline(__always)
package func transposed<Scalar: SIMDScalar>(
    _ a: SIMD4<Scalar>, _ b: SIMD4<Scalar>, _ c: SIMD4<Scalar>, _ d: SIMD4<Scalar>
) -> (SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>) {
    let ab0 = SIMD4(a[0], b[0], a[1], b[1]), cd0 = SIMD4(c[0], d[0], c[1], d[1])
    let ab1 = SIMD4(a[2], b[2], a[3], b[3]), cd1 = SIMD4(c[2], d[2], c[3], d[3])
    return (SIMD4(ab0[0], ab0[1], cd0[0], cd0[1]), SIMD4(ab0[2], ab0[3], cd0[2], cd0[3]),
            SIMD4(ab1[0], ab1[1], cd1[0], cd1[1]), SIMD4(ab1[2], ab1[3], cd1[2], cd1[3]))
}

extension PixelBuffer {
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
            orientation: orientation).tagged(colorProfile)
    }
}

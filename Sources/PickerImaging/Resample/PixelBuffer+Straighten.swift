#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension PixelBuffer {
    /// What a frame the size of `rect` shows when the image is turned `degrees` clockwise about
    /// `rect`'s centre (display orientation), scaled to `size`; the result is upright.
    ///
    /// This is the straightened crop of the edit screen, filtered in two steps:
    /// 1. Downscaling, the part of the image under the turned frame is first area-averaged
    ///    (``ResampleFilter/area``) on the image's own grid to the output's scale, so fine
    ///    patterns average out instead of aliasing.
    /// 2. Each output pixel then reads that at its turned position, interpolated bilinearly
    ///    between pixel centres. Upscaling, it reads the image itself that way.
    ///
    /// Colour is weighed by alpha throughout (premultiplied), so transparent pixels leave no
    /// dark fringe. Where the frame leaves the image the result is transparent. A turn of 0°
    /// with `rect` inside the image is exactly ``resampled(displayRect:to:filter:)``
    /// (``ResampleFilter/area`` downscaling, ``ResampleFilter/bilinear`` upscaling), made
    /// upright.
    ///
    /// ```swift
    /// // A 12 MP photo straightened by 7°, to a 1024² avatar:
    /// let avatar = try photo.resampled(
    ///     displayRect: PixelRect(x: 400, y: 100, width: 2800, height: 2800), rotatedBy: 7,
    ///     to: PixelSize(width: 1024, height: 1024))
    /// ```
    ///
    /// - Returns: an upright image of `size`, in the image's format (gray becomes RGBA when
    ///   turned, for the transparent corners).
    /// - Throws: ``ImagingError/invalidDimensions(width:height:)`` for an empty `rect` or
    ///   `size`, ``ImagingError/invalidAngle(_:)`` for an angle that is not finite,
    ///   ``ImagingError/tooManyPixels(count:limit:)`` above the default pixel limit.
    /// - Parameters:
    ///   - rect: the frame before the turn, in display orientation.
    ///   - degrees: the turn, clockwise.
    ///   - size: the output's size.
    ///   - edges: what the frame shows where it leaves the image: transparent (the default), or
    ///     the nearest edge pixel, for a frame that is meant to lie inside the image and leaves
    ///     it only by the rounding of its whole-pixel crop (a very narrow photo turned 45° has
    ///     no whole-pixel crop inside it).
    /// - Complexity: O(pixels under the turned frame + output pixels); the image is not copied.
    public func resampled(
        displayRect rect: PixelRect, rotatedBy degrees: Double, to size: PixelSize, edges: StraightenEdges = .transparent
    ) throws(ImagingError) -> PixelBuffer {
        try Self.checkTurned(degrees: degrees, rect: rect, output: size)
        guard rect.beyondFarthestFrame == nil else { throw .cropOutsideImage(rect: rect, imageSize: displaySize) }
        let upscaling = size.width > rect.width || size.height > rect.height
        // 720° is 0°, and takes the 0° path.
        if withoutWholeTurns(degrees) == 0, displayBounds.contains(rect) {
            return try resampled(displayRect: rect, to: size, filter: upscaling ? .bilinear : .area).normalized()
        }
        return turned(TurnedFrame(crop: rect, degrees: degrees, output: size), edges: edges).tagged(colorProfile)
    }

    /// What a frame of `size` output pixels, each `scale` image pixels across, centred on the
    /// image point (`centreX`, `centreY`) (display orientation, pixel edges at whole numbers),
    /// shows when the image is turned `degrees` clockwise about that point; upright.
    ///
    /// ``resampled(displayRect:rotatedBy:to:edges:)`` for a frame that need not sit on whole pixels,
    /// as an edit screen's canvas does; filtered the same way.
    ///
    /// - Throws: ``ImagingError/invalidAngle(_:)`` for an angle that is not finite;
    ///   ``ImagingError/invalidDimensions(width:height:)`` for an empty `size`;
    ///   ``ImagingError/invalidNumber(parameter:value:)`` naming `centreX`, `centreY` or
    ///   `scale` for one that is not finite, a centre 2⁴⁰ or more from the origin, or a scale
    ///   that is not positive or makes the frame reach that far;
    ///   ``ImagingError/tooManyPixels(count:limit:)`` above the default pixel limit.
    public func resampled(
        centreX: Double, centreY: Double, scale: Double, rotatedBy degrees: Double, to size: PixelSize
    ) throws(ImagingError) -> PixelBuffer {
        try Self.checkTurned(degrees: degrees, rect: nil, output: size)
        let reach = Double(Self.farthestFrame)
        for (parameter, value) in [("centreX", centreX), ("centreY", centreY)] where !(value.isFinite && abs(value) < reach) {
            throw .invalidNumber(parameter: parameter, value: value)
        }
        guard scale.isFinite, scale > 0, scale * Double(max(size.width, size.height)) < reach else {
            throw .invalidNumber(parameter: "scale", value: scale)
        }
        return turned(TurnedFrame(centre: SIMD2(centreX, centreY), scaleX: scale, scaleY: scale, degrees: degrees, output: size))
            .tagged(colorProfile)
    }

    /// The checks both straightening entry points make first, in order: a finite angle, a
    /// crop that is not empty (when there is one), and an output that is not empty and within
    /// the pixel limit.
    private static func checkTurned(degrees: Double, rect: PixelRect?, output size: PixelSize) throws(ImagingError) {
        if let problem = angleProblem(degrees) { throw problem }
        if let rect, rect.isEmpty { throw .invalidDimensions(width: rect.width, height: rect.height) }
        guard size.width > 0, size.height > 0 else { throw .invalidDimensions(width: size.width, height: size.height) }
        guard let count = size.pixelCount, count <= PixelBuffer.defaultPixelLimit else {
            throw .tooManyPixels(count: size.pixelCount ?? .max, limit: PixelBuffer.defaultPixelLimit)
        }
    }

    /// How far a straightened frame may reach, in pixels either way: far beyond any image, and
    /// small enough that every position stays exact.
    package static let farthestFrame = 1 << 40

    /// The straightened frame, filtered: see ``resampled(displayRect:rotatedBy:to:edges:)``.
    package func turned(_ frame: TurnedFrame, edges: StraightenEdges = .transparent) -> PixelBuffer {
        let size = frame.output
        let straightAlpha = format != .rgba8Premultiplied
        let scale = min(frame.scaleX, frame.scaleY)
        guard scale > 1 else {
            // Upscaling (or nearly): bilinear straight from the image.
            let source = format == .gray8 ? asStraightRGBA() : self
            let box = frame.bounds.intersection(displayBounds).map { orientation.rawRect(forDisplay: $0, rawSize: pixelSize) }
            let premultiply = source.format == .rgba8 && !(box.map { source.isOpaque(in: $0) } ?? true)
            let map = RawAffine(orientation: orientation, rawSize: pixelSize)
            return Bilinear.render(
                source, origin: map.point(frame.origin), right: map.vector(frame.right), down: map.vector(frame.down),
                output: size, premultiplyTaps: premultiply, unpremultiply: premultiply, edges: edges)
        }
        // Downscaling: area-average what the frame covers to the output's scale, then turn it.
        guard let covered = frame.bounds.intersection(displayBounds) else {
            return PixelBuffer(
                checkedWidth: size.width, height: size.height, format: straightAlpha ? .rgba8 : format,
                bytes: [UInt8](repeating: 0, count: size.width * size.height * 4), rowStride: size.width * 4, orientation: .up)
        }
        let midSize = PixelSize(
            width: max(1, Int((Double(covered.width) / scale).rounded())),
            height: max(1, Int((Double(covered.height) / scale).rounded())))
        let raw = orientation.rawRect(forDisplay: covered, rawSize: pixelSize)
        let rawMid = orientation.swapsAxes ? midSize.transposed : midSize
        let vertical = AxisWeights(filter: .area, inputCount: raw.height, outputCount: rawMid.height)
        let horizontal = AxisWeights(filter: .area, inputCount: raw.width, outputCount: rawMid.width)
        var (mid, copied) = resampleWeighingAlpha(raw, vertical: vertical, horizontal: horizontal, threads: 1)
        let premultiply = copied > 0
        mid.orientation = orientation
        mid = mid.normalized(threads: 1)
        if mid.format == .gray8 { mid = mid.asStraightRGBA() }
        let sx = Double(midSize.width) / Double(covered.width), sy = Double(midSize.height) / Double(covered.height)
        func toMid(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(v.x * sx, v.y * sy) }
        let origin = toMid(frame.origin - SIMD2(Double(covered.x), Double(covered.y)))
        return Bilinear.render(
            mid, origin: origin, right: toMid(frame.right), down: toMid(frame.down), output: size,
            premultiplyTaps: false, unpremultiply: premultiply, edges: edges)
    }
}

/// A frame of output pixels centred on an image point, over the image turned `degrees`
/// clockwise about it, in display coordinates: where each output pixel's centre falls.
package struct TurnedFrame {
    /// The centre of output pixel (0, 0) on the image, and the steps one pixel right and down.
    package let origin: SIMD2<Double>, right: SIMD2<Double>, down: SIMD2<Double>
    /// Image pixels per output pixel, across and down the frame.
    package let scaleX: Double, scaleY: Double
    /// The whole pixels the frame touches, with one more around it for interpolation.
    package let bounds: PixelRect

    /// The output's size.
    package let output: PixelSize

    /// The frame of `crop` (display orientation) turned `degrees` clockwise about its centre,
    /// scaled to `output`.
    package init(crop: PixelRect, degrees: Double, output: PixelSize) {
        self.init(
            centre: SIMD2(Double(crop.x) + Double(crop.width) / 2, Double(crop.y) + Double(crop.height) / 2),
            scaleX: Double(crop.width) / Double(output.width), scaleY: Double(crop.height) / Double(output.height),
            degrees: degrees, output: output)
    }

    package init(centre: SIMD2<Double>, scaleX: Double, scaleY: Double, degrees: Double, output: PixelSize) {
        self.output = output
        self.scaleX = scaleX
        self.scaleY = scaleY
        let radians = withoutWholeTurns(degrees) * .pi / 180
        let c = cos(radians), s = sin(radians)
        // An offset d from the frame's centre shows the image at R(−θ)·d from the crop's centre.
        func turned(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(c * d.x + s * d.y, -s * d.x + c * d.y) }
        let halfWidth = Double(output.width) * scaleX / 2, halfHeight = Double(output.height) * scaleY / 2
        let right = turned(SIMD2(scaleX, 0)), down = turned(SIMD2(0, scaleY))
        origin = centre + turned(SIMD2(-halfWidth, -halfHeight)) + (right + down) / 2
        (self.right, self.down) = (right, down)
        let corners = [SIMD2(-halfWidth, -halfHeight), SIMD2(halfWidth, -halfHeight),
                       SIMD2(-halfWidth, halfHeight), SIMD2(halfWidth, halfHeight)].map { centre + turned($0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = Int(xs.min()!.rounded(.down)) - 1, top = Int(ys.min()!.rounded(.down)) - 1
        bounds = PixelRect(
            x: left, y: top, width: Int(xs.max()!.rounded(.up)) + 1 - left, height: Int(ys.max()!.rounded(.up)) + 1 - top)
    }
}

/// The turn itself: one bilinear sample per output pixel, along an affine map onto the
/// stored pixels.
enum Bilinear {
    /// A straight-alpha RGBA word (red in the low byte) with colour multiplied by alpha, rounded.
    @inline(__always)
    static func premultiplied(_ word: UInt32) -> UInt32 {
        let a = word >> 24
        guard a < 255 else { return word }
        func channel(_ shift: UInt32) -> UInt32 { ((word >> shift & 0xFF) * a + 127) / 255 << shift }
        return channel(0) | channel(8) | channel(16) | a << 24
    }

    /// Renders `size` pixels; output pixel (x, y) reads `origin + x·right + y·down` of
    /// `source`'s stored pixels (edges at whole numbers); outside them, transparent or (with
    /// `edges` `.nearest`) the nearest point on them.
    ///
    /// - Parameters:
    ///   - premultiplyTaps: multiply colour by alpha as each pixel is read (straight alpha in).
    ///   - unpremultiply: divide colour by alpha on the way out (straight alpha out).
    static func render(
        _ source: PixelBuffer, origin: SIMD2<Double>, right: SIMD2<Double>, down: SIMD2<Double>, output size: PixelSize,
        premultiplyTaps: Bool, unpremultiply: Bool, edges: StraightenEdges = .transparent
    ) -> PixelBuffer {
        let extendsEdges = edges == .nearest
        let width = source.width, height = source.height, stride = source.rowStride
        let lastX = width - 1, lastY = height - 1
        var out = [UInt8](repeating: 0, count: size.width * size.height * 4)
        source.bytes.withUnsafeBytes { src in
            out.withUnsafeMutableBufferPointer { dst in
                let base = src.baseAddress!
                // Fixed point, two channels to a 64-bit word in 32-bit lanes (red and blue,
                // green and alpha); weights in 1/1024ths, so a lane's sum stays below 2^28.
                @inline(__always) func pixel(_ x: Int, _ y: Int) -> (UInt64, UInt64) {
                    var word = base.loadUnaligned(fromByteOffset: y &* stride &+ x &* 4, as: UInt32.self)
                    if premultiplyTaps { word = Bilinear.premultiplied(word) }
                    let w = UInt64(word)
                    return ((w & 0xFF) | ((w & 0xFF_0000) << 16), ((w >> 8) & 0xFF) | ((w & 0xFF00_0000) << 8))
                }
                @inline(__always) func mix(_ a: (UInt64, UInt64), _ b: (UInt64, UInt64), _ w: UInt64) -> (UInt64, UInt64) {
                    (a.0 &* (1024 &- w) &+ b.0 &* w, a.1 &* (1024 &- w) &+ b.1 &* w)
                }
                // Positions in 1/2^24ths of a pixel, one pixel up and left, so that they stay
                // positive and their whole part, shifted down, is their floor.
                let one = 1 << 24
                func fixed(_ v: Double) -> Int { Int((v * Double(one)).rounded()) }
                let stepX = fixed(right.x), stepY = fixed(right.y)
                // A sample point is on the image while inside its pixel edges: relative to pixel
                // centres, −½ … size − ½; offset by one pixel.
                let lowest = one / 2, highestX = width * one + one / 2, highestY = height * one + one / 2
                // One bilinear sample at a fixed-point position on the image, stored at `at`.
                @inline(__always) func sample(_ px: Int, _ py: Int, into at: UnsafeMutablePointer<UInt8>) {
                    let x0 = (px >> 24) &- 1, y0 = (py >> 24) &- 1
                    let wx = UInt64((px >> 14) & 1023), wy = UInt64((py >> 14) & 1023)
                    let xa = max(x0, 0), xb = min(x0 &+ 1, lastX)
                    let ya = max(y0, 0), yb = min(y0 &+ 1, lastY)
                    let top = mix(pixel(xa, ya), pixel(xb, ya), wx), bottom = mix(pixel(xa, yb), pixel(xb, yb), wx)
                    // Each lane holds value × 2^20; add ½ and take the whole part.
                    let half: UInt64 = 1 << 19 | 1 << 51
                    let (even, odd) = mix(top, bottom, wy)
                    let rb = even &+ half, ga = odd &+ half
                    var (r, g, b, a) = (
                        UInt32(truncatingIfNeeded: rb >> 20) & 0xFF, UInt32(truncatingIfNeeded: ga >> 20) & 0xFF,
                        UInt32(truncatingIfNeeded: rb >> 52) & 0xFF, UInt32(truncatingIfNeeded: ga >> 52) & 0xFF)
                    if unpremultiply, a < 255 {
                        (r, g, b) = a > 0 ? (min(255, (r * 255 + a / 2) / a), min(255, (g * 255 + a / 2) / a), min(255, (b * 255 + a / 2) / a)) : (0, 0, 0)
                    }
                    UnsafeMutableRawPointer(at).storeBytes(of: r | g << 8 | b << 16 | a << 24, as: UInt32.self)
                }
                for oy in 0..<size.height {
                    // Relative to pixel centres (the centre of pixel i is at i + ½), plus one.
                    let start = origin + down * Double(oy) + 0.5
                    // A row wholly off the image stays transparent; any other row lies within
                    // its output's width of the image, so its positions fit in fixed point.
                    let end = start + right * Double(size.width - 1)
                    let offImage = max(start.x, end.x) < 0 || min(start.x, end.x) > Double(width + 1)
                        || max(start.y, end.y) < 0 || min(start.y, end.y) > Double(height + 1)
                    if offImage, !extendsEdges { continue }
                    // Extending the edges, a row that leaves the image finds each point's nearest
                    // one on it, in doubles (the row may reach too far for fixed point).
                    let clamped = extendsEdges && (offImage
                        || min(start.x, end.x) < 0.5 || max(start.x, end.x) > Double(width) + 0.5
                        || min(start.y, end.y) < 0.5 || max(start.y, end.y) > Double(height) + 0.5)
                    if clamped {
                        var at = dst.baseAddress! + oy * size.width * 4
                        for ox in 0..<size.width {
                            let p = start + right * Double(ox)
                            let cx = fixed(min(max(p.x, 0.5), Double(width) + 0.5))
                            let cy = fixed(min(max(p.y, 0.5), Double(height) + 0.5))
                            sample(cx, cy, into: at)
                            at += 4
                        }
                        continue
                    }
                    var px = fixed(start.x), py = fixed(start.y)
                    let endX = px + stepX * (size.width - 1), endY = py + stepY * (size.width - 1)
                    // A row is a line: it stays on the image when both of its ends do.
                    let inside = min(px, endX) >= lowest && max(px, endX) <= highestX
                        && min(py, endY) >= lowest && max(py, endY) <= highestY
                    var at = dst.baseAddress! + oy * size.width * 4
                    for _ in 0..<size.width {
                        defer { px &+= stepX; py &+= stepY; at += 4 }
                        if !inside, !(px >= lowest && px <= highestX && py >= lowest && py <= highestY) { continue }
                        sample(px, py, into: at)
                    }
                }
            }
        }
        let format: PixelFormat = unpremultiply || source.format == .gray8 ? .rgba8 : source.format
        return PixelBuffer(
            checkedWidth: size.width, height: size.height, format: format, bytes: out, rowStride: size.width * 4,
            orientation: .up)
    }
}

/// The continuous map from display to stored (raw) coordinates for an orientation: pixel
/// edges at whole numbers, so pixel (x, y) spans x…x+1, y…y+1 in both.
package struct RawAffine {
    package var origin: SIMD2<Double>, xAxis: SIMD2<Double>, yAxis: SIMD2<Double>

    package init(orientation: ImageOrientation, rawSize: PixelSize) {
        let w = Double(rawSize.width), h = Double(rawSize.height)
        // Where the display's top-left corner lands, and where its x and y axes point.
        switch orientation {
        case .up: (origin, xAxis, yAxis) = (SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1))
        case .upMirrored: (origin, xAxis, yAxis) = (SIMD2(w, 0), SIMD2(-1, 0), SIMD2(0, 1))
        case .down: (origin, xAxis, yAxis) = (SIMD2(w, h), SIMD2(-1, 0), SIMD2(0, -1))
        case .downMirrored: (origin, xAxis, yAxis) = (SIMD2(0, h), SIMD2(1, 0), SIMD2(0, -1))
        case .leftMirrored: (origin, xAxis, yAxis) = (SIMD2(0, 0), SIMD2(0, 1), SIMD2(1, 0))
        case .right: (origin, xAxis, yAxis) = (SIMD2(0, h), SIMD2(0, -1), SIMD2(1, 0))
        case .rightMirrored: (origin, xAxis, yAxis) = (SIMD2(w, h), SIMD2(0, -1), SIMD2(-1, 0))
        case .left: (origin, xAxis, yAxis) = (SIMD2(w, 0), SIMD2(0, 1), SIMD2(-1, 0))
        }
    }

    package func point(_ display: SIMD2<Double>) -> SIMD2<Double> { origin + vector(display) }
    package func vector(_ display: SIMD2<Double>) -> SIMD2<Double> { xAxis * display.x + yAxis * display.y }
}

/// What a straightened frame shows where it leaves the image.
public enum StraightenEdges: String, Sendable, Equatable, Codable {
    /// Nothing: transparent pixels.
    case transparent
    /// The nearest pixel on the image's edge, for a frame meant to lie inside the image that
    /// leaves it only by the rounding of its whole-pixel crop.
    case nearest
}

/// `degrees` without its whole turns, exactly: 725° is 5°. A finite angle as large as 1e308°
/// would otherwise overflow to infinity on its way to radians, and its sine be NaN; one that
/// is not finite stays not finite.
package func withoutWholeTurns(_ degrees: Double) -> Double {
    degrees.truncatingRemainder(dividingBy: 360)
}

/// A straighten angle's one rule: any finite angle is a turn; one that is not finite is
/// ``ImagingError/invalidAngle(_:)``, which this returns (`nil` for a finite one).
package func angleProblem(_ degrees: Double) -> ImagingError? {
    degrees.isFinite ? nil : .invalidAngle(degrees)
}

extension PixelRect {
    /// A straightened frame's one rule on its crop: the first of `x`, `y`, `width` and
    /// `height` (named so) 2⁴⁰ pixels or more from zero (``PixelBuffer/farthestFrame``), or
    /// `nil` when the crop is within reach.
    package var beyondFarthestFrame: (name: String, value: Int)? {
        [("x", x), ("y", y), ("width", width), ("height", height)].first { $0.1.magnitude >= UInt(PixelBuffer.farthestFrame) }
    }
}

#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

/// How the edit screen looks around the photo: the colour behind it, how much the area outside
/// the mask is dimmed, and the mask's outline. ``EditorRenderer`` draws it headlessly, and the
/// UIKit edit screen with layers.
public struct EditorStyle: Sendable, Equatable {
    /// The colour behind the image.
    public var background: RGBA
    /// How bright the area outside the mask stays, 0…1.
    public var dimming: Double
    /// The mask outline's colour.
    public var outline: RGBA
    /// The mask outline's width in points; 0 draws none.
    public var outlineWidth: Double

    /// A style: by default a black background, the outside dimmed to 40 %, a one-point white
    /// outline.
    public init(
        background: RGBA = RGBA(0, 0, 0), dimming: Double = 0.4, outline: RGBA = RGBA(255, 255, 255), outlineWidth: Double = 1
    ) {
        self.background = background
        self.dimming = dimming
        self.outline = outline
        self.outlineWidth = outlineWidth
    }
}

/// Draws the edit screen headlessly: the image at its zoom, position and straighten angle, the
/// area outside the mask dimmed, and the mask's outline, at a given scale (pixels per point).
/// While a gesture is under way (``showsGrid``) it also draws the rule-of-thirds grid, the
/// straighten dial under the mask, and a mark on the mask's edge that the photo's top faces
/// when it is turned.
///
/// ```swift
/// let screen = try EditorRenderer(scale: 2).render(editor, image: photo)
/// try PNG.encode(screen).write(to: URL(fileURLWithPath: "editor.png"))
/// ```
public struct EditorRenderer: Sendable, Equatable {
    /// Pixels per point.
    public var scale: Double
    /// The colours and outline, as the edit screen draws them too.
    public var style: EditorStyle
    /// The colour behind the image (``style``'s).
    public var background: RGBA {
        get { style.background }
        set { style.background = newValue }
    }
    /// How bright the area outside the mask stays, 0…1 (``style``'s).
    public var dimming: Double {
        get { style.dimming }
        set { style.dimming = newValue }
    }
    /// The mask outline's colour (``style``'s).
    public var outline: RGBA {
        get { style.outline }
        set { style.outline = newValue }
    }
    /// The mask outline's width in points; 0 draws none (``style``'s).
    public var outlineWidth: Double {
        get { style.outlineWidth }
        set { style.outlineWidth = newValue }
    }
    /// Whether to draw what the edit screen shows while a gesture is under way: the
    /// rule-of-thirds grid inside the mask, the straighten dial (ticks every 5° from −45° to
    /// 45°, the angle marked) below it when there is room, and, when the photo is turned, a mark
    /// beside the mask's edge that the photo's top now faces.
    public var showsGrid = false

    /// The largest canvas side drawn, in pixels.
    public static let maximumSide = 8192
    /// The widest outline drawn, in points.
    public static let widestOutline = 100.0

    /// Creates a renderer: black background, outside dimmed to 40 %, a one-point white outline.
    public init(
        scale: Double = 2, background: RGBA = RGBA(0, 0, 0), dimming: Double = 0.4,
        outline: RGBA = RGBA(255, 255, 255), outlineWidth: Double = 1
    ) {
        self.init(scale: scale, style: EditorStyle(background: background, dimming: dimming, outline: outline, outlineWidth: outlineWidth))
    }

    /// Creates a renderer drawing at `scale` in `style`.
    public init(scale: Double = 2, style: EditorStyle) {
        self.scale = scale
        self.style = style
    }

    /// The edit screen for `geometry` showing `image`, which must be the image it was made for.
    ///
    /// - Throws: ``PickerError/invalidEditorLayout(_:)`` for a scale that is not finite and
    ///   positive, a canvas above ``maximumSide``, a ``dimming`` outside 0…1 or an
    ///   ``outlineWidth`` outside 0…``widestOutline``; and ``PickerError/imageMismatch(expected:actual:)``
    ///   when `image`'s display size is not the geometry's.
    /// - Complexity: O(canvas pixels + visible image pixels).
    public func render(_ geometry: EditorGeometry, image: PixelBuffer) throws(PickerError) -> PixelBuffer {
        EditorPixelWork.note()
        guard scale.isFinite, scale > 0 else { throw .invalidEditorLayout(.renderScale(scale)) }
        guard (0...1).contains(dimming) else { throw .invalidEditorLayout(.dimming(dimming)) }
        guard (0...Self.widestOutline).contains(outlineWidth) else { throw .invalidEditorLayout(.outlineWidth(outlineWidth)) }
        var image = image
        image.orientation = geometry.displayOrientation(of: image.orientation)
        guard image.displaySize == geometry.imageSize else {
            throw .imageMismatch(expected: geometry.imageSize, actual: image.displaySize)
        }
        let viewport = geometry.configuration.viewport
        let exactWidth = (Double(viewport.width) * scale).rounded(), exactHeight = (Double(viewport.height) * scale).rounded()
        guard (1...Double(Self.maximumSide)).contains(exactWidth), (1...Double(Self.maximumSide)).contains(exactHeight) else {
            throw .invalidEditorLayout(.canvas(width: exactWidth, height: exactHeight))
        }
        let width = Int(exactWidth), height = Int(exactHeight)
        var canvas = Self.filled(width * height, with: background)
        if geometry.angle == 0 {
            try drawImage(geometry, image, into: &canvas, width: width, height: height)
        } else {
            try drawTurnedImage(geometry, image, into: &canvas, width: width, height: height)
        }
        drawOverlay(geometry, into: &canvas, width: width, height: height)
        if showsGrid { drawGuides(geometry, into: &canvas, width: width, height: height) }
        do throws(ImagingError) {
            return try PixelBuffer(width: width, height: height, bytes: canvas)
        } catch {
            throw .editFailed(error)
        }
    }

    /// `count` opaque pixels of `colour`: one pixel, then copies of what is filled, doubling.
    static func filled(_ count: Int, with colour: RGBA) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            guard let base = buffer.baseAddress, count > 0 else { return initialized = 0 }
            base[0] = colour.r
            base[1] = colour.g
            base[2] = colour.b
            base[3] = 255
            var filled = 4
            while filled < count * 4 {
                let chunk = min(filled, count * 4 - filled)
                (base + filled).update(from: base, count: chunk)
                filled += chunk
            }
            initialized = count * 4
        }
    }

    /// Resamples the visible part of the image to its size on the canvas and composites it.
    private func drawImage(
        _ geometry: EditorGeometry, _ image: PixelBuffer, into canvas: inout [UInt8], width: Int, height: Int
    ) throws(PickerError) {
        let k = geometry.zoom * scale
        let fx = Double(geometry.origin.x) * scale, fy = Double(geometry.origin.y) * scale
        let size = geometry.imageSize
        // The whole image pixels that cover the canvas, and where they land on it.
        let sx0 = max(0, Int(((0 - fx) / k).rounded(.down))), sy0 = max(0, Int(((0 - fy) / k).rounded(.down)))
        let sx1 = min(size.width, Int(((Double(width) - fx) / k).rounded(.up)))
        let sy1 = min(size.height, Int(((Double(height) - fy) / k).rounded(.up)))
        guard sx1 > sx0, sy1 > sy0 else { return }
        let tx0 = Int((fx + Double(sx0) * k).rounded()), ty0 = Int((fy + Double(sy0) * k).rounded())
        let tx1 = Int((fx + Double(sx1) * k).rounded()), ty1 = Int((fy + Double(sy1) * k).rounded())
        guard tx1 > tx0, ty1 > ty0 else { return }
        let source = PixelRect(x: sx0, y: sy0, width: sx1 - sx0, height: sy1 - sy0)
        let target = PixelSize(width: tx1 - tx0, height: ty1 - ty0)
        let filter: ResampleFilter = target.width < source.width ? .area : .bilinear
        let shown: PixelBuffer
        do throws(ImagingError) {
            shown = try image.resampled(displayRect: source, to: target, filter: filter).normalized().asStraightRGBA()
        } catch {
            throw .editFailed(error)
        }
        composite(shown, at: (tx0, ty0), into: &canvas, width: width, height: height)
    }

    /// The image turned by the geometry's angle about the mask's centre: the whole canvas as
    /// one straightened frame of the image.
    private func drawTurnedImage(
        _ geometry: EditorGeometry, _ image: PixelBuffer, into canvas: inout [UInt8], width: Int, height: Int
    ) throws(PickerError) {
        let k = geometry.zoom * scale
        // The image point under the canvas's centre, with the image turned back.
        let centre = geometry.unturned(CGPoint(x: Double(width) / 2 / scale, y: Double(height) / 2 / scale))
        let shown: PixelBuffer
        do throws(ImagingError) {
            shown = try image.resampled(
                centreX: (Double(centre.x) - Double(geometry.origin.x)) / geometry.zoom,
                centreY: (Double(centre.y) - Double(geometry.origin.y)) / geometry.zoom,
                scale: 1 / k, rotatedBy: geometry.angle, to: PixelSize(width: width, height: height)
            ).asStraightRGBA()
        } catch {
            throw .editFailed(error)
        }
        composite(shown, at: (0, 0), into: &canvas, width: width, height: height)
    }

    /// Composites straight-alpha `shown` over the canvas with its top-left at `at`: an opaque
    /// pixel is copied, a clear one leaves the canvas, others blend (the same arithmetic for all).
    private func composite(_ shown: PixelBuffer, at: (x: Int, y: Int), into canvas: inout [UInt8], width: Int, height: Int) {
        let x0 = max(0, at.x), x1 = min(width, at.x + shown.width)
        let y0 = max(0, at.y), y1 = min(height, at.y + shown.height)
        guard x1 > x0, y1 > y0 else { return }
        let stride = shown.rowStride
        shown.bytes.withUnsafeBufferPointer { source in
            canvas.withUnsafeMutableBufferPointer { target in
                for y in y0..<y1 {
                    var s = (y - at.y) * stride + (x0 - at.x) * 4
                    var t = (y * width + x0) * 4
                    for _ in x0..<x1 {
                        let a = Int(source[s + 3])
                        if a == 255 {
                            target[t] = source[s]
                            target[t + 1] = source[s + 1]
                            target[t + 2] = source[s + 2]
                        } else if a != 0 {
                            target[t] = UInt8((Int(source[s]) * a + Int(target[t]) * (255 - a) + 127) / 255)
                            target[t + 1] = UInt8((Int(source[s + 1]) * a + Int(target[t + 1]) * (255 - a) + 127) / 255)
                            target[t + 2] = UInt8((Int(source[s + 2]) * a + Int(target[t + 2]) * (255 - a) + 127) / 255)
                        }
                        s += 4
                        t += 4
                    }
                }
            }
        }
    }

    /// The straighten dial below the mask and the mark for the photo's top.
    private func drawGuides(_ geometry: EditorGeometry, into canvas: inout [UInt8], width: Int, height: Int) {
        for mark in geometry.guides(lineWidth: outlineWidth) {
            fill(mark.rect, opacity: mark.opacity, into: &canvas, width: width, height: height)
        }
    }

    /// Fills `rect` (points) with the outline colour at `opacity`, each pixel weighed by how
    /// much of it the rectangle covers.
    private func fill(_ rect: CGRect, opacity: Double, into canvas: inout [UInt8], width: Int, height: Int) {
        let left = Double(rect.minX) * scale, right = Double(rect.maxX) * scale
        let top = Double(rect.minY) * scale, bottom = Double(rect.maxY) * scale
        let x0 = max(0, Int(left.rounded(.down))), x1 = min(width, Int(right.rounded(.up)))
        let y0 = max(0, Int(top.rounded(.down))), y1 = min(height, Int(bottom.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            let cy = min(bottom, Double(y + 1)) - max(top, Double(y))
            for x in x0..<x1 {
                let cover = (min(right, Double(x + 1)) - max(left, Double(x))) * cy * opacity
                let i = (y * width + x) * 4
                canvas[i] = UInt8((Double(canvas[i]) * (1 - cover) + Double(outline.r) * cover).rounded())
                canvas[i + 1] = UInt8((Double(canvas[i + 1]) * (1 - cover) + Double(outline.g) * cover).rounded())
                canvas[i + 2] = UInt8((Double(canvas[i + 2]) * (1 - cover) + Double(outline.b) * cover).rounded())
            }
        }
    }

    /// Dims outside the mask and strokes its outline, both anti-aliased, with the thirds grid
    /// inside it while a gesture is under way.
    ///
    /// Each pixel's shade follows from its signed distance to the mask's edge (``shade``). Far
    /// from the edge, the outline and the grid lines the shade is a constant factor, so those
    /// runs of each row are looked up in a table made with the same arithmetic (the pixels are
    /// the same, and the work is per row); the rest is computed pixel by pixel.
    private func drawOverlay(_ geometry: EditorGeometry, into canvas: inout [UInt8], width: Int, height: Int) {
        let mask = geometry.maskRect
        let shape = OverlayShape(
            cx: Double(mask.midX) * scale, cy: Double(mask.midY) * scale,
            hw: Double(mask.width) * scale / 2, hh: Double(mask.height) * scale / 2,
            round: geometry.configuration.shape == .circle, stroke: outlineWidth * scale / 2)
        // How far from the edge (and the grid lines) the outline and the anti-aliasing reach,
        // with a pixel more for the rounding of the bounds below.
        let reach = max(0.5, shape.stroke + 0.5) + 1
        // The columns within `reach` of the grid's vertical lines, left then right.
        let gridColumns = [shape.cx - shape.hw / 3, shape.cx + shape.hw / 3].map { line in
            OverlayShape.column(line - reach, .down) - 1...OverlayShape.column(line + reach, .up) + 1
        }
        let outside = Self.table(factor: dimming + (1 - dimming) * 0)
        let inside = Self.table(factor: dimming + (1 - dimming) * 1)
        canvas.withUnsafeMutableBufferPointer { canvas in
            for y in 0..<height {
                let dy = Double(y) + 0.5 - shape.cy
                let row = y * width * 4
                // Columns left of `outLow` and right of `outHigh` are far outside; those from
                // `inLow` through `inHigh` far inside; the rest are near the edge.
                let (outLow, outHigh) = shape.outsideBounds(dy: dy, reach: reach, width: width)
                let (inLow, inHigh) = shape.insideBounds(dy: dy, reach: reach, width: width)
                var x = 0
                while x < width {
                    if x < outLow || x > outHigh {
                        let end = x < outLow ? outLow : width
                        Self.apply(outside, to: canvas, from: row + x * 4, count: end - x)
                        x = end
                    } else if x >= inLow && x <= inHigh {
                        let end = inHigh + 1
                        if !showsGrid {
                            Self.apply(inside, to: canvas, from: row + x * 4, count: end - x)
                        } else if abs(abs(dy) - shape.hh / 3) < reach {
                            // Along a horizontal grid line.
                            for column in x..<end { shade(column, dy, shape, canvas, row) }
                        } else {
                            // Across the vertical grid lines only.
                            var column = x
                            for line in gridColumns where column < end && line.upperBound >= column && line.lowerBound < end {
                                let start = max(column, line.lowerBound), stop = min(end - 1, line.upperBound)
                                guard start <= stop else { continue }
                                Self.apply(inside, to: canvas, from: row + column * 4, count: start - column)
                                for c in start...stop { shade(c, dy, shape, canvas, row) }
                                column = stop + 1
                            }
                            Self.apply(inside, to: canvas, from: row + column * 4, count: end - column)
                        }
                        x = end
                    } else {
                        shade(x, dy, shape, canvas, row)
                        x += 1
                    }
                }
            }
        }
    }

    /// The mask's shape on the canvas, in canvas pixels.
    struct OverlayShape {
        let cx, cy, hw, hh: Double
        let round: Bool
        let stroke: Double

        /// The columns that may be within `reach` of the edge or outside it less: everything
        /// outside `low...high` is at least `reach` outside the mask.
        func outsideBounds(dy: Double, reach: Double, width: Int) -> (Int, Int) {
            let half: Double
            if round {
                let r = hw + reach
                guard abs(dy) < r else { return (width, -1) }
                half = (r * r - dy * dy).squareRoot()
            } else {
                guard abs(dy) < hh + reach else { return (width, -1) }
                half = hw + reach
            }
            return (Self.column(cx - half, .down) - 1, Self.column(cx + half, .up) + 1)
        }

        /// The columns at least `reach` inside the mask: `low...high`, empty when `low > high`.
        func insideBounds(dy: Double, reach: Double, width: Int) -> (Int, Int) {
            let half: Double
            if round {
                let r = hw - reach
                guard r > 0, abs(dy) < r else { return (width, -1) }
                half = (r * r - dy * dy).squareRoot()
            } else {
                guard hw > reach, abs(dy) < hh - reach else { return (width, -1) }
                half = hw - reach
            }
            return (Self.column(cx - half, .up) + 1, Self.column(cx + half, .down) - 1)
        }

        /// The column whose centre is at `x`, rounded `rule`.
        static func column(_ x: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max((x - 0.5).rounded(rule), -1e9), 1e9))
        }
    }

    /// One pixel of the overlay: dimmed by how far outside the mask it is, the outline over it,
    /// and the grid inside.
    private func shade(_ x: Int, _ dy: Double, _ shape: OverlayShape, _ canvas: UnsafeMutableBufferPointer<UInt8>, _ row: Int) {
        let dx = Double(x) + 0.5 - shape.cx
        // Signed distance to the mask's edge, negative inside, in canvas pixels.
        let distance: Double
        if shape.round {
            distance = (dx * dx + dy * dy).squareRoot() - shape.hw
        } else {
            let ox = abs(dx) - shape.hw, oy = abs(dy) - shape.hh
            distance = ox > 0 || oy > 0 ? (max(ox, 0) * max(ox, 0) + max(oy, 0) * max(oy, 0)).squareRoot() : max(ox, oy)
        }
        let inside = min(1, max(0, 0.5 - distance))
        let light = dimming + (1 - dimming) * inside
        var line = shape.stroke > 0 ? min(1, max(0, shape.stroke - abs(distance) + 0.5)) : 0
        if showsGrid, inside > 0 {
            // Thirds of the mask, half as bright as the outline, as wide.
            let gx = abs(abs(dx) - shape.hw / 3), gy = abs(abs(dy) - shape.hh / 3)
            let grid = min(1, max(0, shape.stroke - min(gx, gy) + 0.5)) * 0.5 * inside
            line = max(line, grid)
        }
        let i = row + x * 4
        canvas[i] = UInt8((Double(canvas[i]) * light * (1 - line) + Double(outline.r) * line).rounded())
        canvas[i + 1] = UInt8((Double(canvas[i + 1]) * light * (1 - line) + Double(outline.g) * line).rounded())
        canvas[i + 2] = UInt8((Double(canvas[i + 2]) * light * (1 - line) + Double(outline.b) * line).rounded())
    }

    /// What ``shade`` gives a channel value where there is no line: the value times `factor`,
    /// computed as it computes it.
    private static func table(factor light: Double) -> [UInt8] {
        (0..<256).map { UInt8((Double($0) * light * (1 - 0.0) + 0 * 0.0).rounded()) }
    }

    /// Looks up `count` pixels' colour channels from `start` in `table`.
    private static func apply(_ table: [UInt8], to canvas: UnsafeMutableBufferPointer<UInt8>, from start: Int, count: Int) {
        guard count > 0 else { return }
        table.withUnsafeBufferPointer { table in
            var i = start
            for _ in 0..<count {
                canvas[i] = table[Int(canvas[i])]
                canvas[i + 1] = table[Int(canvas[i + 1])]
                canvas[i + 2] = table[Int(canvas[i + 2])]
                i += 4
            }
        }
    }
}

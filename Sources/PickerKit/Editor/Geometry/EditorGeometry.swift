#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

/// The move-and-scale edit screen as a value: where the mask is, how large and where the image
/// is shown, and which of the original's pixels fall inside the mask.
///
/// The image is shown at ``zoom`` points per image pixel with its top-left corner at
/// ``origin`` (viewport points). Between gestures (after ``EditorGesture/ended``,
/// ``EditorGesture/reset``, a double tap, or a restore) the geometry is *settled*:
/// ``zoom`` lies in ``minimumZoom``…``maximumZoom`` and, unless empty space is allowed, the
/// image covers the mask. During a gesture it may stretch a little past those limits and
/// settles back when the gesture ends.
///
/// ```swift
/// var editor = try EditorGeometry(imageSize: PixelSize(width: 4032, height: 3024))
/// editor.cropRect                       // (504,0,3024,3024): aspect-fill, centred
/// editor.apply(.pinch(scale: 2, focus: editor.maskRect.center))
/// editor.apply(.ended)
/// editor.cropRect                       // (1260,756,1512,1512)
/// ```
public struct EditorGeometry: Sendable, Equatable, Codable {
    /// The layout and limits.
    public let configuration: EditorConfiguration
    /// The image's size in display orientation.
    public internal(set) var imageSize: PixelSize
    /// The image's orientation, to map the crop to stored pixels.
    public internal(set) var orientation: ImageOrientation
    /// Quarter turns clockwise the person applied, 0…3, after ``isMirrored``.
    public internal(set) var quarterTurns = 0
    /// Whether the person mirrored the image left to right (before ``quarterTurns``).
    public internal(set) var isMirrored = false
    /// The straighten angle, in degrees clockwise, within ±``largestAngle``: the image is shown
    /// turned by it about the mask's centre, and the crop is ``cropRect`` turned with it.
    public internal(set) var angle = 0.0
    /// Points per image pixel.
    public internal(set) var zoom: Double
    /// The image's top-left corner, in viewport points.
    public internal(set) var origin: CGPoint
    /// The crop the screen opened with when it was framed on the subject
    /// (``frame(on:)``), in the image's pixels as it is shown now (turns and flips move it
    /// with the image): Reset goes back to it. `nil` when the screen opened centred, and
    /// Reset centres.
    public internal(set) var openingCrop: PixelRect?

    /// Creates the edit screen for an image, aspect-filling the mask, centred.
    ///
    /// - Throws: ``PickerError/invalidEditorLayout(_:)`` for an empty image, a viewport that is
    ///   not finite and positive, or insets and margin that leave no room for the mask; an
    ///   image side above ``largestImageSide``.
    public init(
        imageSize: PixelSize, orientation: ImageOrientation = .up,
        configuration: EditorConfiguration = EditorConfiguration()
    ) throws(PickerError) {
        guard !imageSize.isEmpty, imageSize.width <= Self.largestImageSide, imageSize.height <= Self.largestImageSide else {
            throw .invalidEditorLayout(.imageSize(imageSize))
        }
        let v = configuration.viewport
        guard v.width.isFinite, v.height.isFinite, v.width > 0, v.height > 0,
            v.width <= Self.largestViewport, v.height <= Self.largestViewport
        else {
            throw .invalidEditorLayout(.viewport(width: Double(v.width), height: Double(v.height)))
        }
        let insets = [("safeArea.top", configuration.safeArea.top), ("safeArea.left", configuration.safeArea.left),
                      ("safeArea.bottom", configuration.safeArea.bottom), ("safeArea.right", configuration.safeArea.right),
                      ("margin", configuration.margin)]
        for (parameter, value) in insets where !(value.isFinite && value >= 0 && value <= Self.largestViewport) {
            throw .invalidEditorLayout(.insets(parameter: parameter, value: value))
        }
        if case let .rectangle(ratio) = configuration.shape, !CropShape.aspectRatios.contains(ratio) {
            throw .invalidEditorLayout(.aspectRatio(ratio))
        }
        switch configuration.maximumZoom {
        case let .factor(f) where !(f.isFinite && f >= 1): throw .invalidEditorLayout(.zoomFactor(f))
        case let .minimumOutputPixels(n) where n < 1: throw .invalidEditorLayout(.minimumOutputPixels(n))
        default: break
        }
        self.configuration = configuration
        self.imageSize = imageSize
        self.orientation = orientation
        zoom = 1
        origin = .zero
        guard maskRect.width >= 1, maskRect.height >= 1 else {
            throw .invalidEditorLayout(.noRoomForMask)
        }
        reset()
    }

    /// Re-opens the edit screen on the same original so that it crops `rect` again (B24).
    ///
    /// A rectangle the limits do not allow (a different aspect, beyond the zoom limits, outside
    /// the image) is brought to the nearest allowed crop.
    public init(
        imageSize: PixelSize, orientation: ImageOrientation = .up,
        configuration: EditorConfiguration = EditorConfiguration(), restoring rect: PixelRect
    ) throws(PickerError) {
        try self.init(imageSize: imageSize, orientation: orientation, configuration: configuration)
        restore(rect)
    }

    /// Opens on the subject of the photo: the crop `SubjectFraming` gives for `regions` (in
    /// the image's pixels as shown, display orientation) under this screen's mask, zoom limit
    /// and empty-space setting, not straightened. Reset then goes back to it
    /// (``openingCrop``). Regions with no sure face and no salient region leave the geometry
    /// as it is.
    ///
    /// ```swift
    /// var editor = try EditorGeometry(imageSize: photo.displaySize)
    /// editor.frame(on: try await AttentionLocator().regions(in: photo))
    /// ```
    public mutating func frame(on regions: [SubjectRegion]) {
        let usable = regions.contains {
            $0.kind == .salient ? !$0.box.isEmpty : $0.confidence >= SubjectFraming.leastConfidence && !$0.box.isEmpty
        }
        guard usable else { return }
        let mask = maskRect
        let framing = SubjectFraming(
            aspectRatio: Double(mask.width) / Double(mask.height),
            smallestHeight: Int((Double(mask.height) / maximumZoom).rounded(.up)),
            allowsEmptySpace: configuration.allowsEmptySpace)
        angle = 0
        restore(framing.crop(for: regions, in: imageSize))
        openingCrop = cropRect
    }

    /// Shows `rect` of the image under the mask, brought to the nearest crop the limits allow.
    mutating func restore(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        let mask = maskRect
        zoom = Double(mask.width) / Double(rect.width)
        origin = CGPoint(
            x: Double(mask.midX) - (Double(rect.x) + Double(rect.width) / 2) * zoom,
            y: Double(mask.midY) - (Double(rect.y) + Double(rect.height) / 2) * zoom)
        settle(about: CGPoint(x: mask.midX, y: mask.midY))
    }

    // MARK: Turns and flips

    /// Turns or flips the image as shown; the crop moves with it.
    mutating func transform(_ transform: DisplayTransform) {
        let crop = transform.rect(cropRect, size: imageSize)
        openingCrop = openingCrop.map { transform.rect($0, size: imageSize) }
        imageSize = transform.size(imageSize)
        orientation = orientation.applying(transform)
        // Kept as a mirror (or not) followed by clockwise turns: a flip after turns reverses them.
        switch transform {
        case .turnRight: quarterTurns = (quarterTurns + 1) % 4
        case .turnLeft: quarterTurns = (quarterTurns + 3) % 4
        case .flipHorizontal:
            isMirrored.toggle()
            quarterTurns = (4 - quarterTurns) % 4
            angle = -angle
        case .flipVertical:
            isMirrored.toggle()
            quarterTurns = (6 - quarterTurns) % 4
            angle = -angle
        }
        restore(crop)
    }

    /// The orientation that shows an original stored with `base` as the editor shows it: the
    /// person's mirror, then their turns.
    public func displayOrientation(of base: ImageOrientation) -> ImageOrientation {
        base.edited(mirrored: isMirrored, quarterTurns: quarterTurns)
    }

    /// `original` as the editor shows it: itself when not turned or flipped, else its pixels
    /// with the turned orientation (no pixel moves).
    ///
    /// - Throws: ``PickerError/editFailed(_:)`` when it is turned or flipped and its type does
    ///   not convert to `PixelBuffer`.
    func shown(_ original: any ImageBuffer) throws(PickerError) -> any ImageBuffer {
        guard quarterTurns != 0 || isMirrored else { return original }
        let converted: PixelBuffer?
        do { converted = try original.pixelBuffer() } catch { converted = nil }
        guard var pixels = converted else {
            throw .editFailed(.unsupportedFeature(format: "\(type(of: original))", feature: "turns and flips without pixelBuffer()"))
        }
        pixels.orientation = displayOrientation(of: original.orientation)
        return pixels
    }

    /// The largest straighten angle either way, in degrees.
    public static let largestAngle = 45.0

    /// The largest image side accepted, in pixels: far beyond any photo, small enough that every
    /// crop computation stays exact.
    public static let largestImageSide = 1 << 20

    /// The largest viewport side accepted, in points: far beyond any screen, small enough that
    /// every position stays exact in whole pixels.
    public static let largestViewport = 100_000.0

    // MARK: Layout

    /// The safe area: the viewport less the insets.
    public var safeRect: CGRect {
        let v = configuration.viewport, s = configuration.safeArea
        return CGRect(x: s.left, y: s.top, width: max(0, Double(v.width) - s.left - s.right),
                      height: max(0, Double(v.height) - s.top - s.bottom))
    }

    /// The mask, in viewport points: centred in the safe area, `margin` in from its nearer
    /// edges; square for circles and squares.
    public var maskRect: CGRect {
        let safe = safeRect
        let m = configuration.margin
        let w = max(0, Double(safe.width) - 2 * m), h = max(0, Double(safe.height) - 2 * m)
        let size: (Double, Double)
        switch configuration.shape {
        case .circle, .square:
            size = (min(w, h), min(w, h))
        case let .rectangle(ratio):
            size = w / h > ratio ? (h * ratio, h) : (w, w / ratio)
        }
        return CGRect(x: Double(safe.midX) - size.0 / 2, y: Double(safe.midY) - size.1 / 2, width: size.0, height: size.1)
    }

    /// The zoom at which the image just covers the mask (aspect-fill, B6) at the current
    /// ``angle``: the mask, turned back by the angle onto the image, must fit inside it, and a
    /// rectangle fits when its bounding box does.
    public var coveringZoom: Double {
        let extent = maskExtent
        return max(extent.width / Double(imageSize.width), extent.height / Double(imageSize.height))
    }

    /// The size, in points, of the mask's bounding box on the image's axes: the mask turned by
    /// ``angle``. `w·|cos θ| + h·|sin θ|` across and `w·|sin θ| + h·|cos θ|` down; the mask
    /// itself at 0°.
    var maskExtent: (width: Double, height: Double) {
        let mask = maskRect
        let (c, s) = turnFactors
        return (Double(mask.width) * c + Double(mask.height) * s, Double(mask.width) * s + Double(mask.height) * c)
    }

    /// `|cos θ|` and `|sin θ|` of the ``angle``; exactly 1 and 0 at 0°.
    var turnFactors: (Double, Double) {
        guard angle != 0 else { return (1, 0) }
        let radians = angle * .pi / 180
        return (abs(cos(radians)), abs(sin(radians)))
    }

    /// A viewport point as it would be with the image not straightened: turned back by
    /// ``angle`` about the mask's centre.
    func unturned(_ point: CGPoint) -> CGPoint {
        guard angle != 0 else { return point }
        let centre = maskRect.center
        let radians = -angle * .pi / 180
        let dx = Double(point.x - centre.x), dy = Double(point.y - centre.y)
        return CGPoint(x: Double(centre.x) + dx * cos(radians) - dy * sin(radians), y: Double(centre.y) + dx * sin(radians) + dy * cos(radians))
    }

    /// The smallest zoom allowed: covering the mask, or fitting inside it when empty space is
    /// allowed.
    public var minimumZoom: Double {
        guard configuration.allowsEmptySpace else { return coveringZoom }
        let mask = maskRect
        return min(Double(mask.width) / Double(imageSize.width), Double(mask.height) / Double(imageSize.height))
    }

    /// The configuration's zoom limit without the one-pixel cap of ``maximumZoom``, when finite:
    /// what sessions saved before the cap may hold.
    var uncappedMaximumZoom: Double {
        let limit = switch configuration.maximumZoom {
        case let .factor(f): coveringZoom * f
        case let .minimumOutputPixels(n): Double(maskRect.width) / Double(n)
        }
        return limit.isFinite ? max(minimumZoom, limit) : maximumZoom
    }

    /// The largest zoom allowed, never below ``minimumZoom``: the configuration's limit, and
    /// at most the zoom at which one of the original's pixels fills the mask's width. The product
    /// of a large factor and the covering zoom can overflow (`1e308` × 0.5 is finite, × 2 is
    /// not); the cap keeps every geometry that follows finite.
    public var maximumZoom: Double {
        let onePixel = Double(maskRect.width)
        let limit = switch configuration.maximumZoom {
        case let .factor(f): coveringZoom * f
        case let .minimumOutputPixels(n): Double(maskRect.width) / Double(n)
        }
        // `min` with a NaN keeps the other side; an infinite product is capped.
        return max(minimumZoom, limit.isFinite ? min(limit, onePixel) : onePixel)
    }

    /// Where the image is shown, in viewport points, before it is turned by ``angle`` about
    /// the mask's centre.
    public var imageFrame: CGRect {
        CGRect(x: origin.x, y: origin.y, width: Double(imageSize.width) * zoom, height: Double(imageSize.height) * zoom)
    }

    /// The scroll view insets that let every image edge reach the mask's edge and no further:
    /// the mask's distance from each viewport edge.
    public var contentInsets: EdgeInsets {
        let mask = maskRect, v = configuration.viewport
        return EdgeInsets(
            top: Double(mask.minY), left: Double(mask.minX), bottom: Double(v.height - mask.maxY),
            right: Double(v.width - mask.maxX))
    }

    // MARK: Output

    /// The original's pixels inside the mask, in display orientation: whole pixels, exactly
    /// square for circles and squares (B21), inside the image unless empty space is allowed.
    public var cropRect: PixelRect {
        let mask = maskRect
        let square = configuration.shape.cropsSquare
        let aspect = Double(mask.width) / Double(mask.height)
        var width = max(1, Self.round(Double(mask.width) / zoom))
        if !configuration.allowsEmptySpace {
            width = min(width, imageSize.width, square ? imageSize.height : Int.max)
        }
        // The height follows the width and the mask's aspect, so a restore gives the same size.
        var height = square ? width : max(1, Self.round(Double(width) / aspect))
        if !configuration.allowsEmptySpace, height > imageSize.height {
            height = imageSize.height
            width = max(1, min(width, Self.round(Double(height) * aspect)))
        }
        let (c, s) = turnFactors
        if !configuration.allowsEmptySpace, s != 0 {
            // Turned, the crop's bounding box must fit: shrink it, keeping its aspect.
            let fit = min(Double(imageSize.width) / (Double(width) * c + Double(height) * s),
                          Double(imageSize.height) / (Double(width) * s + Double(height) * c))
            if fit < 1 {
                width = max(1, Int(Double(width) * fit))
                height = square ? width : max(1, Int(Double(height) * fit))
            }
            // On a photo a few pixels across, whole pixels may still have no place inside it
            // turned: the longer side gives a pixel at a time (a square's both) until they do.
            while !Self.hasPlace(width, height, turn: (c, s), in: imageSize), width > 1 || height > 1 {
                if square || width == height {
                    width = max(1, width - 1)
                    height = width
                } else if width > height {
                    width -= 1
                } else {
                    height -= 1
                }
            }
        }
        // Round the centre, so the rectangle stays centred under the mask.
        let centreX = (Double(mask.midX) - Double(origin.x)) / zoom
        let centreY = (Double(mask.midY) - Double(origin.y)) / zoom
        var x = Self.round(centreX - Double(width) / 2)
        var y = Self.round(centreY - Double(height) / 2)
        if !configuration.allowsEmptySpace {
            // The crop's centre keeps half its bounding box from each edge (the box is the
            // crop itself at 0°).
            func clamp(_ value: Int, length: Int, box: Double, image: Int) -> Int {
                let lowest = (box / 2 - Double(length) / 2 - 1e-9).rounded(.up)
                let highest = (Double(image) - box / 2 - Double(length) / 2 + 1e-9).rounded(.down)
                guard lowest <= highest else { return Int(((lowest + highest) / 2).rounded()) }
                return min(max(value, Int(lowest)), Int(highest))
            }
            x = clamp(x, length: width, box: Double(width) * c + Double(height) * s, image: imageSize.width)
            y = clamp(y, length: height, box: Double(width) * s + Double(height) * c, image: imageSize.height)
        }
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// Whether a crop of `width` by `height` pixels, turned by an angle whose cosine and sine
    /// are `turn`, has a whole-pixel position at which its turned corners lie inside an image of
    /// `size`, on both axes.
    static func hasPlace(_ width: Int, _ height: Int, turn: (c: Double, s: Double), in size: PixelSize) -> Bool {
        func fits(_ length: Int, box: Double, image: Int) -> Bool {
            (box / 2 - Double(length) / 2 - 1e-9).rounded(.up) <= (Double(image) - box / 2 - Double(length) / 2 + 1e-9).rounded(.down)
        }
        let w = Double(width), h = Double(height)
        return fits(width, box: w * turn.c + h * turn.s, image: size.width) && fits(height, box: w * turn.s + h * turn.c, image: size.height)
    }

    /// The same edit of the same photo at another resolution: `size` is the photo's size as the
    /// editor shows it (after the person's turns), in the same aspect ratio up to rounding. The
    /// zoom scales with the image (by the mean of the two sides' ratios, which a reduction
    /// rounds apart), so the mask shows what it showed and the crop scales with the image, as
    /// does the ``openingCrop`` Reset goes back to; everything else stays. A size outside
    /// 1...``largestImageSide`` leaves the geometry as it is.
    func resized(to size: PixelSize) -> EditorGeometry {
        guard !size.isEmpty, size != imageSize, size.width <= Self.largestImageSide, size.height <= Self.largestImageSide else {
            return self
        }
        let scale = (Double(size.width) / Double(imageSize.width) + Double(size.height) / Double(imageSize.height)) / 2
        var resized = self
        resized.imageSize = size
        resized.zoom = zoom / scale
        resized.openingCrop = openingCrop?.scaled(
            x: Double(size.width) / Double(imageSize.width), y: Double(size.height) / Double(imageSize.height))
        return resized
    }

    /// Rounds half up after snapping to a millionth, so values a rounding error either side
    /// of a half always round the same way.
    static func round(_ value: Double) -> Int {
        // Far beyond any image; keeps the conversion from trapping on a value out of range.
        let bounded = min(max(value.isNaN ? 0 : value, -0x1p52), 0x1p52)
        let snapped = (bounded * 1_000_000).rounded() / 1_000_000
        return Int((snapped + 0.5).rounded(.down))
    }

    /// ``cropRect`` in the stored pixels of an image with ``orientation`` (the part inside the
    /// image, when empty space shows). With an ``angle``, the crop is this rectangle turned by
    /// it about its centre.
    public var rawCropRect: PixelRect {
        let inside = cropRect.intersection(PixelRect(size: imageSize)) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        return orientation.rawRect(forDisplay: inside, rawSize: orientation.displaySize(forRaw: imageSize))
    }

    /// Whether the crop spans fewer of the original's pixels than `side`: scaling it to an
    /// output `side` pixels across would make it blurry.
    public func isLowResolution(forOutputSide side: Int) -> Bool {
        min(cropRect.width, cropRect.height) < side
    }
}

extension CGRect {
    /// The centre point.
    package var center: CGPoint { CGPoint(x: midX, y: midY) }
}

extension EditorGeometry {
    private enum CodingKeys: String, CodingKey {
        case configuration, imageSize, orientation, zoom, origin, quarterTurns, mirrored, angle, openingCrop
    }

    /// Encodes the geometry: its configuration, image, zoom and position.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(imageSize, forKey: .imageSize)
        try container.encode(orientation, forKey: .orientation)
        try container.encode(zoom, forKey: .zoom)
        try container.encode(origin, forKey: .origin)
        try container.encode(quarterTurns, forKey: .quarterTurns)
        try container.encode(isMirrored, forKey: .mirrored)
        try container.encode(angle, forKey: .angle)
        try container.encodeIfPresent(openingCrop, forKey: .openingCrop)
    }

    /// Decodes a saved geometry through the same checks as ``init(imageSize:orientation:configuration:)``,
    /// and checks that its zoom and position are ones the editor can reach.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a layout the initialiser rejects, a zoom that
    ///   is not finite or beyond the limits a gesture may stretch to, or a position that is not
    ///   finite or leaves the mask further than a gesture can.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let configuration = try container.decode(EditorConfiguration.self, forKey: .configuration)
        let imageSize = try container.decode(PixelSize.self, forKey: .imageSize)
        let orientation = try container.decode(ImageOrientation.self, forKey: .orientation)
        let zoom = try container.decode(Double.self, forKey: .zoom)
        let origin = try container.decode(CGPoint.self, forKey: .origin)
        let quarterTurns = try container.decodeIfPresent(Int.self, forKey: .quarterTurns) ?? 0
        guard (0...3).contains(quarterTurns) else {
            throw DecodingError.dataCorruptedError(forKey: .quarterTurns, in: container, debugDescription: "\(quarterTurns) quarter turns: use 0...3")
        }
        let angle = try container.decodeIfPresent(Double.self, forKey: .angle) ?? 0
        guard angle.isFinite, abs(angle) <= Self.largestAngle else {
            throw DecodingError.dataCorruptedError(forKey: .angle, in: container, debugDescription: "angle \(angle)°: use -45...45")
        }
        do {
            try self.init(imageSize: imageSize, orientation: orientation, configuration: configuration)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .configuration, in: container, debugDescription: error.description)
        }
        self.angle = angle
        let tolerance = 1e-9
        // A session saved before the zoom stopped at one pixel across the mask may zoom a tiny
        // photo further: it is read, then settled within today's limit.
        let savedLimit = max(maximumZoom, uncappedMaximumZoom)
        guard zoom.isFinite, zoom >= minimumZoom / Self.zoomStretch * (1 - tolerance),
            zoom <= savedLimit * Self.zoomStretch * (1 + tolerance)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .zoom, in: container,
                debugDescription: "zoom \(zoom) is outside \(minimumZoom / Self.zoomStretch)...\(savedLimit * Self.zoomStretch)")
        }
        self.zoom = zoom
        self.origin = origin
        self.quarterTurns = quarterTurns
        isMirrored = try container.decodeIfPresent(Bool.self, forKey: .mirrored) ?? false
        // Reset brings any crop within the limits, as a restored one is.
        openingCrop = try container.decodeIfPresent(PixelRect.self, forKey: .openingCrop).flatMap { $0.isEmpty ? nil : $0 }
        if zoom > maximumZoom * Self.zoomStretch * (1 + tolerance), origin.x.isFinite, origin.y.isFinite {
            settle(about: maskRect.center)
            return
        }
        var reachable = self
        reachable.clampOrigin(stretch: Self.panStretch)
        let slack = 1e-6 * max(1, abs(Double(reachable.origin.x)), abs(Double(reachable.origin.y)))
        guard origin.x.isFinite, origin.y.isFinite, abs(Double(reachable.origin.x - origin.x)) <= slack,
            abs(Double(reachable.origin.y - origin.y)) <= slack
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .origin, in: container,
                debugDescription: "origin (\(Double(origin.x)), \(Double(origin.y))) leaves the mask further than the editor allows")
        }
    }
}

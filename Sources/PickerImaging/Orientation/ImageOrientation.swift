/// The eight EXIF orientations: how the stored (raw) pixels must be turned or mirrored to show
/// the image upright (its display orientation).
///
/// The raw values are the EXIF tag's values, 1…8. Coordinates are whole pixels with the origin
/// at the top-left. `rawSize` is always the size of the stored pixels.
///
/// ```swift
/// let o = ImageOrientation.right                              // EXIF 6: phone held upright
/// o.displaySize(forRaw: PixelSize(width: 4032, height: 3024)) // 3024x4032
/// o.rawRect(forDisplay: PixelRect(x: 0, y: 0, width: 10, height: 20),
///           rawSize: PixelSize(width: 4032, height: 3024))     // (0,3014,20,10)
/// ```
public enum ImageOrientation: Int, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// EXIF 1: stored upright.
    case up = 1
    /// EXIF 2: mirrored left to right.
    case upMirrored = 2
    /// EXIF 3: turned half a turn.
    case down = 3
    /// EXIF 4: mirrored top to bottom.
    case downMirrored = 4
    /// EXIF 5: mirrored about the main diagonal (transposed).
    case leftMirrored = 5
    /// EXIF 6: must be turned a quarter turn clockwise to show upright.
    case right = 6
    /// EXIF 7: mirrored about the anti-diagonal (transversed).
    case rightMirrored = 7
    /// EXIF 8: must be turned a quarter turn counter-clockwise to show upright.
    case left = 8

    /// Creates an orientation from an EXIF value, throwing for values outside 1…8.
    ///
    /// - Throws: ``ImagingError/invalidOrientation(_:)``.
    public init(exif value: Int) throws(ImagingError) {
        guard let orientation = ImageOrientation(rawValue: value) else {
            throw .invalidOrientation(value)
        }
        self = orientation
    }

    /// `true` for the four orientations that exchange width and height (EXIF 5…8).
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The size a person sees for stored pixels of `rawSize`.
    public func displaySize(forRaw rawSize: PixelSize) -> PixelSize {
        swapsAxes ? rawSize.transposed : rawSize
    }

    /// The stored pixel that is shown at display pixel (`x`, `y`). Points outside the image
    /// map by the same formulas, with wrapping arithmetic near `Int`'s limits: never a trap.
    ///
    /// - Complexity: O(1).
    public func rawPoint(forDisplayX x: Int, y: Int, rawSize: PixelSize) -> (x: Int, y: Int) {
        let w = rawSize.width, h = rawSize.height
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w &- 1 &- x, y)
        case .down: return (w &- 1 &- x, h &- 1 &- y)
        case .downMirrored: return (x, h &- 1 &- y)
        case .leftMirrored: return (y, x)
        case .right: return (y, h &- 1 &- x)
        case .rightMirrored: return (w &- 1 &- y, h &- 1 &- x)
        case .left: return (w &- 1 &- y, x)
        }
    }

    /// The display pixel at which stored pixel (`x`, `y`) is shown; the inverse of
    /// ``rawPoint(forDisplayX:y:rawSize:)``.
    ///
    /// - Complexity: O(1).
    public func displayPoint(forRawX x: Int, y: Int, rawSize: PixelSize) -> (x: Int, y: Int) {
        let w = rawSize.width, h = rawSize.height
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w &- 1 &- x, y)
        case .down: return (w &- 1 &- x, h &- 1 &- y)
        case .downMirrored: return (x, h &- 1 &- y)
        case .leftMirrored: return (y, x)
        case .right: return (h &- 1 &- y, x)
        case .rightMirrored: return (h &- 1 &- y, w &- 1 &- x)
        case .left: return (y, w &- 1 &- x)
        }
    }

    /// The rectangle of stored pixels that shows as `rect` in display orientation.
    ///
    /// Crop rectangles are reported in display orientation; this maps them to the pixels a
    /// decoder stored, so they can be cropped without first turning the whole image.
    public func rawRect(forDisplay rect: PixelRect, rawSize: PixelSize) -> PixelRect {
        guard !rect.isEmpty else { return rect }
        let a = rawPoint(forDisplayX: rect.x, y: rect.y, rawSize: rawSize)
        let b = rawPoint(forDisplayX: rect.maxX &- 1, y: rect.maxY &- 1, rawSize: rawSize)
        return Self.bounds(a, b)
    }

    /// The rectangle in display orientation that stored pixels `rect` show as; the inverse of
    /// ``rawRect(forDisplay:rawSize:)``.
    public func displayRect(forRaw rect: PixelRect, rawSize: PixelSize) -> PixelRect {
        guard !rect.isEmpty else { return rect }
        let a = displayPoint(forRawX: rect.x, y: rect.y, rawSize: rawSize)
        let b = displayPoint(forRawX: rect.maxX &- 1, y: rect.maxY &- 1, rawSize: rawSize)
        return Self.bounds(a, b)
    }

    /// `"right (6)"`.
    public var description: String { "\(name) (\(rawValue))" }

    private var name: String {
        switch self {
        case .up: "up"
        case .upMirrored: "upMirrored"
        case .down: "down"
        case .downMirrored: "downMirrored"
        case .leftMirrored: "leftMirrored"
        case .right: "right"
        case .rightMirrored: "rightMirrored"
        case .left: "left"
        }
    }

    private static func bounds(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int)) -> PixelRect {
        PixelRect(
            x: min(a.x, b.x), y: min(a.y, b.y),
            width: span(a.x, b.x), height: span(a.y, b.y))
    }

    /// The pixels from `a` to `b` inclusive, saturating at `Int.max`.
    private static func span(_ a: Int, _ b: Int) -> Int {
        let (difference, overflow) = max(a, b).subtractingReportingOverflow(min(a, b))
        return overflow || difference == .max ? .max : difference + 1
    }
}

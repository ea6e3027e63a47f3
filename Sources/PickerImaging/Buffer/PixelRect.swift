/// A rectangle on pixel edges: origin at the top-left, `x` to the right, `y` down.
///
/// ```swift
/// let rect = PixelRect(x: 504, y: 0, width: 3024, height: 3024)
/// rect.maxX   // 3528
/// ```
public struct PixelRect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The number of columns covered.
    public var width: Int
    /// The number of rows covered.
    public var height: Int

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates the rectangle at the origin that covers a whole image of `size`.
    public init(size: PixelSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The right edge, `x + width`, saturating at `Int.max` and `Int.min` rather than
    /// overflowing: a rectangle reaching past them cannot hold any image.
    public var maxX: Int { Self.saturatingSum(x, width) }
    /// The bottom edge, `y + height`, saturating as ``maxX`` does.
    public var maxY: Int { Self.saturatingSum(y, height) }

    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
    /// The size of the rectangle.
    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// `true` when the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of this rectangle that lies inside `other`, or `nil` when they share no pixel.
    ///
    /// ```swift
    /// PixelRect(x: -2, y: 1, width: 5, height: 5)
    ///     .intersection(PixelRect(x: 0, y: 0, width: 4, height: 4))
    /// // (0,1,3,3)
    /// ```
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        // Only rectangles wider than Int.max (reaching from below 0 past Int.max) saturate.
        let width = right.subtractingReportingOverflow(left), height = bottom.subtractingReportingOverflow(top)
        return PixelRect(x: left, y: top, width: width.overflow ? .max : width.partialValue,
                         height: height.overflow ? .max : height.partialValue)
    }

    /// `true` when every pixel of `other` lies inside this rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// `"(504,0,3024,3024)"`: origin then size.
    public var description: String { "(\(x),\(y),\(width),\(height))" }
}

extension PixelRect {
    /// This rectangle on the same image scaled by `sx` across and `sy` down: its edges scaled
    /// and rounded to whole pixels, at least one pixel a side.
    package func scaled(x sx: Double, y sy: Double) -> PixelRect {
        let left = (Double(x) * sx).rounded(), top = (Double(y) * sy).rounded()
        return PixelRect(
            x: Int(left), y: Int(top),
            width: max(1, Int((Double(maxX) * sx).rounded() - left)), height: max(1, Int((Double(maxY) * sy).rounded() - top)))
    }
}

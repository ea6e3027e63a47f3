/// The size of an image in whole pixels.
///
/// Sizes that come from outside (files, host apps, user input) are checked where a buffer is
/// made from them; a `PixelSize` itself only stores two integers.
///
/// ```swift
/// let size = PixelSize(width: 4032, height: 3024)
/// size.transposed   // 3024×4032
/// ```
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a size of `width` columns and `height` rows.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The same size with width and height exchanged, as a quarter turn shows it.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// `true` when either side is zero or negative.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The number of pixels, or `nil` when it does not fit in an `Int`.
    public var pixelCount: Int? {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? nil : product
    }

    /// `"4032x3024"`.
    public var description: String { "\(width)x\(height)" }
}

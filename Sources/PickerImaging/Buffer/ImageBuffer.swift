/// An image the workflow can show, measure and crop, whatever type stores its pixels.
///
/// PickerKit never looks inside pixels itself: it asks an `ImageBuffer` for its size and
/// orientation and for cropped copies. ``PixelBuffer`` is the pure-Swift implementation; a
/// host app conforms its own image type (a `UIImage` or `CGImage` wrapper) to use it directly.
///
/// ## Implementation requirements
/// - ``pixelSize`` is the size of the stored (raw) pixels, before ``orientation`` is applied.
/// - ``cropped(to:)`` takes a rectangle in *display* orientation, returns an image whose display
///   size is exactly the rectangle's size (no rounding: a square in gives a square out), and
///   shows the same pixels a person saw in that rectangle. It throws for a rectangle that
///   covers no pixel of the image, and clamps one that lies partly outside.
/// - Conforming types are values or immutable, so they can cross actors (`Sendable`).
/// - An image reduced when it was loaded (a 48 MP photo thumbnailed to what an edit needs)
///   reports the stored size of the full-resolution original in ``fullResolutionPixelSize``,
///   with the same orientation and aspect ratio; PickerKit then reports crops and saved edits in
///   the original's pixels, so they re-apply to it exactly.
/// - To have output settings applied (scaling to a size, a circle mask, a maximum dimension),
///   convert to and from ``PixelBuffer``: ``pixelBuffer()`` gives the stored pixels with their
///   orientation, ``make(from:)`` an image of this type from rendered pixels. The defaults
///   return `nil`: such a type is cropped only, and an output that needs rendering is a clear
///   error rather than a crop that silently ignores its settings.
public protocol ImageBuffer: Sendable {
    /// The size of the stored pixels, before orientation.
    var pixelSize: PixelSize { get }
    /// How the stored pixels are turned or mirrored for display.
    var orientation: ImageOrientation { get }
    /// The stored size of the full-resolution image these pixels were reduced from when they
    /// were loaded; `nil` (the default) when these are the full-resolution pixels.
    var fullResolutionPixelSize: PixelSize? { get }
    /// A copy holding the part of the image shown in `rect` (display orientation).
    ///
    /// - Throws: an error when `rect` covers no pixel of the image.
    func cropped(to rect: PixelRect) throws -> Self
    /// This image as a ``PixelBuffer``: its stored pixels and orientation; `nil` when the type
    /// does not convert.
    func pixelBuffer() throws -> PixelBuffer?
    /// An image of this type showing `pixels` (display orientation `pixels.orientation`); `nil`
    /// when the type does not convert, and a rendering is then returned as the ``PixelBuffer``.
    static func make(from pixels: PixelBuffer) throws -> Self?
    /// An image of this type showing `pixels`, rendered from this image: what the type keeps
    /// beside its pixels (a colour space, say) carries over. By default ``make(from:)``.
    func remade(from pixels: PixelBuffer) throws -> Self?
}

extension ImageBuffer {
    /// By default an image holds its full resolution.
    public var fullResolutionPixelSize: PixelSize? { nil }

    /// The size a person sees of the full-resolution original: ``fullResolutionPixelSize``
    /// after ``orientation``, or ``displaySize`` when the image holds its full resolution.
    public var fullResolutionDisplaySize: PixelSize {
        fullResolutionPixelSize.map(orientation.displaySize(forRaw:)) ?? displaySize
    }

    /// By default a type does not convert to ``PixelBuffer``.
    public func pixelBuffer() throws -> PixelBuffer? { nil }

    /// By default a type is not made from a ``PixelBuffer``.
    public static func make(from pixels: PixelBuffer) throws -> Self? { nil }

    /// By default an image rendered from this one is made as any other: ``make(from:)``.
    public func remade(from pixels: PixelBuffer) throws -> Self? { try Self.make(from: pixels) }

    /// The size a person sees: ``pixelSize`` after ``orientation``.
    public var displaySize: PixelSize { orientation.displaySize(forRaw: pixelSize) }

    /// The rectangle covering the whole image in display orientation.
    public var displayBounds: PixelRect { PixelRect(size: displaySize) }
}

import PickerImaging

extension ImageBuffer {
    /// Whether `other` is the same image, as the workflow's `Equatable` values compare the
    /// images they carry: with `==` when the type is `Equatable` (`PixelBuffer` is, pixel for
    /// pixel), as the same object when it is a class (a `UIImage`, a `CGImage`), and otherwise
    /// by type, stored size and orientation. Images of different types are never the same.
    ///
    /// ```swift
    /// photo.isSame(as: photo)                      // true
    /// photo.isSame(as: try photo.cropped(to: r))   // false: other pixels
    /// ```
    public func isSame(as other: any ImageBuffer) -> Bool {
        guard let other = other as? Self else { return false }
        if let equatable = self as? any Equatable { return equatable.isEqual(to: other) }
        if type(of: self) is AnyClass { return (self as AnyObject) === (other as AnyObject) }
        return pixelSize == other.pixelSize && orientation == other.orientation
    }
}

extension Equatable {
    /// `self == other`, when `other` is of this type.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}

/// An image that is `Equatable` as ``ImageBuffer/isSame(as:)`` compares images: what a value
/// holding an image stores, so that its `==` is synthesized from its properties rather than
/// written out beside them.
struct SameImage: Sendable, Equatable {
    var image: any ImageBuffer

    init(_ image: any ImageBuffer) {
        self.image = image
    }

    init?(_ image: (any ImageBuffer)?) {
        guard let image else { return nil }
        self.image = image
    }

    static func == (a: SameImage, b: SameImage) -> Bool { a.image.isSame(as: b.image) }
}

/// Two optional images are the same when both are absent or both are the same image.
func isSame(_ a: (any ImageBuffer)?, _ b: (any ImageBuffer)?) -> Bool {
    SameImage(a) == SameImage(b)
}

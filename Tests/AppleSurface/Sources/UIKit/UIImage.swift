/// Apple: `class UIImage : NSObject`: an immutable image, a `CGImage` and how it is shown.
open class UIImage: NSObject, @unchecked Sendable {
    /// Apple: `enum Orientation : Int`.
    public enum Orientation: Int, Sendable {
        case up = 0, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// Apple: `var cgImage: CGImage? { get }`.
    open private(set) var cgImage: CGImage?
    /// Apple: `var imageOrientation: UIImage.Orientation { get }`.
    open private(set) var imageOrientation: Orientation
    /// Apple: `var scale: CGFloat { get }`.
    open private(set) var scale: CGFloat

    /// Apple: `init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation)`.
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {
        self.cgImage = cgImage
        self.scale = scale
        imageOrientation = orientation
        super.init()
    }

    /// Apple: `init()`: an image with no contents.
    public override init() {
        scale = 1
        imageOrientation = .up
        super.init()
    }

    /// Apple: `init?(systemName name: String)` (iOS 13). The surface has no symbol catalogue:
    /// every name gives an image, which remembers its name.
    public convenience init?(systemName name: String) {
        self.init()
        surfaceSystemName = name
    }

    /// Apple: `convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?)`
    /// (iOS 13): the symbol's variant for the traits; a directional symbol
    /// (`arrow.uturn.backward`) points the other way in a right-to-left collection. The surface
    /// remembers the name and the layout direction asked for.
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name)
        surfaceLayoutDirection = traitCollection?.layoutDirection ?? .unspecified
    }

    /// The SF Symbol this image was made from.
    @_spi(Surface) public private(set) var surfaceSystemName: String?
    /// The layout direction of the traits it was made for (`.unspecified`: none given).
    @_spi(Surface) public private(set) var surfaceLayoutDirection = UITraitEnvironmentLayoutDirection.unspecified

    /// Apple: `init(cgImage: CGImage)`.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// Apple: `var size: CGSize { get }`: in points, as shown.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        let turned = [.left, .right, .leftMirrored, .rightMirrored].contains(imageOrientation)
        let width = CGFloat(turned ? cgImage.height : cgImage.width) / scale
        let height = CGFloat(turned ? cgImage.width : cgImage.height) / scale
        return CGSize(width: width, height: height)
    }
}

/// Apple: `class UITraitCollection : NSObject, NSCopying, NSSecureCoding, @unchecked Sendable`.
/// Only the layout direction is modelled.
open class UITraitCollection: NSObject, @unchecked Sendable {
    /// Apple: `var layoutDirection: UITraitEnvironmentLayoutDirection { get }` (iOS 10).
    open private(set) var layoutDirection = UITraitEnvironmentLayoutDirection.unspecified

    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `init(layoutDirection: UITraitEnvironmentLayoutDirection)` (iOS 10).
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init()
        self.layoutDirection = layoutDirection
    }
}

/// Apple: `enum UITraitEnvironmentLayoutDirection : Int, @unchecked Sendable` (iOS 10).
public enum UITraitEnvironmentLayoutDirection: Int, @unchecked Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

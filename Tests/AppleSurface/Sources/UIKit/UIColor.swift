@_spi(Surface) import CoreGraphics

/// Apple: `class UIColor : NSObject, @unchecked Sendable`. Only what the adapters use: a
/// system colour is its name, gray in the light appearance (the label colour is black there;
/// white and alpha, as a device's `cgColor` gives them); a colour made from components keeps
/// them, as sRGB.
open class UIColor: NSObject, @unchecked Sendable {
    @_spi(Surface) public let surfaceName: String
    /// The `CGColor`'s components: white and alpha for a gray system colour, as a device gives
    /// them; red, green, blue and alpha for one made from components.
    private let components: [CGFloat]

    init(named name: String, white: CGFloat) {
        surfaceName = name
        components = [white, 1]
        super.init()
    }

    /// Apple: `init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        surfaceName = "rgba(\(red), \(green), \(blue), \(alpha))"
        components = [red, green, blue, alpha]
        super.init()
    }

    /// Apple: `var cgColor: CGColor { get }`.
    open var cgColor: CGColor {
        CGColor(surfaceComponents: components)
    }

    /// Apple: `class var black: UIColor { get }`.
    open class var black: UIColor { UIColor(named: "black", white: 0) }
    /// Apple: `class var white: UIColor { get }`.
    open class var white: UIColor { UIColor(named: "white", white: 1) }
}

/// Apple: `struct UIEdgeInsets : Sendable`.
public struct UIEdgeInsets: Sendable, Equatable {
    /// Apple: `var top: CGFloat`.
    public var top: CGFloat
    /// Apple: `var left: CGFloat`.
    public var left: CGFloat
    /// Apple: `var bottom: CGFloat`.
    public var bottom: CGFloat
    /// Apple: `var right: CGFloat`.
    public var right: CGFloat

    /// Apple: `init()`.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// Apple: `init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat)`.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Apple: `static let zero: UIEdgeInsets`.
    public static let zero = UIEdgeInsets()
}

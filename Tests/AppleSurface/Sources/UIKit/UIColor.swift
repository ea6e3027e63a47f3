/// Apple: `class UIColor : NSObject, @unchecked Sendable`. Only what the adapters use: no
/// components are modelled, a colour is its name.
open class UIColor: NSObject, @unchecked Sendable {
    @_spi(Surface) public let surfaceName: String

    init(named name: String) {
        surfaceName = name
        super.init()
    }

    /// Apple: `class var black: UIColor { get }`.
    open class var black: UIColor { UIColor(named: "black") }
    /// Apple: `class var white: UIColor { get }`.
    open class var white: UIColor { UIColor(named: "white") }
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

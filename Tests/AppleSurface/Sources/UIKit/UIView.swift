@_exported import AppleFoundation
@_exported import CoreGraphics
@_exported import QuartzCore

/// Apple: `@MainActor class UIResponder : NSObject`.
@MainActor
open class UIResponder: NSObject {
    /// Apple: `init()`.
    public override init() {
        super.init()
    }
}

/// Apple: `protocol UIPopoverPresentationControllerSourceItem : NSObjectProtocol` (iOS 16): what
/// a popover can point at, a view or a bar button item. (Its iOS 17 requirement
/// `frame(in:)` is not modelled: the adapters never call it.)
@available(iOS 16.0, macCatalyst 16.0, visionOS 1.0, *)
public protocol UIPopoverPresentationControllerSourceItem: NSObjectProtocol {}

/// Apple: `@MainActor class UIView : UIResponder`. A view is on screen when it or a view it is
/// inside is a window, or it is the view of a view controller that is shown in one.
@MainActor
open class UIView: UIResponder, UIPopoverPresentationControllerSourceItem {
    /// Apple: `var frame: CGRect { get set }`.
    open var frame: CGRect
    /// Apple: `var bounds: CGRect { get set }`.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    /// Apple: `var superview: UIView? { get }`.
    open private(set) weak var superview: UIView?
    /// Apple: `var subviews: [UIView] { get }`.
    open private(set) var subviews: [UIView] = []
    /// Apple: `var layer: CALayer { get }`.
    public let layer = CALayer()
    /// The window the view controller owning this view shows it in.
    weak var shownIn: UIWindow?

    /// Apple: `init(frame: CGRect)`.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Apple: `convenience init()`: a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Apple: `var window: UIWindow? { get }`.
    open var window: UIWindow? {
        superview?.window ?? shownIn
    }

    /// Apple: `func addSubview(_ view: UIView)`.
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Apple: `func removeFromSuperview()`.
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
}

/// Apple: `@MainActor class UIWindow : UIView`.
@MainActor
open class UIWindow: UIView {
    /// Apple: `var rootViewController: UIViewController? { get set }`.
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.show(in: nil)
            rootViewController?.show(in: self)
        }
    }

    /// Apple: `var isKeyWindow: Bool { get }`.
    open private(set) var isKeyWindow = false

    /// Apple: `override init(frame: CGRect)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }

    /// A window is its own window.
    open override var window: UIWindow? { self }

    /// Apple: `func makeKeyAndVisible()`.
    open func makeKeyAndVisible() {
        isKeyWindow = true
    }
}

/// Apple: `@MainActor class UIBarItem : NSObject`.
@MainActor
open class UIBarItem: NSObject {
    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `required init?(coder: NSCoder)` (NSCoding).
    public required init?(coder: NSCoder) {
        nil
    }
}

/// Apple: `@MainActor class UIBarButtonItem : UIBarItem`.
@MainActor
open class UIBarButtonItem: UIBarItem, UIPopoverPresentationControllerSourceItem {
    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }
}

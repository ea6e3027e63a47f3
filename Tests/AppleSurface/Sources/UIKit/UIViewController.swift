import SurfaceDevice

/// Apple: `enum UIUserInterfaceStyle : Int, @unchecked Sendable` (iOS 12).
public enum UIUserInterfaceStyle: Int, @unchecked Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// Apple: `enum UIModalPresentationStyle : Int`.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

/// Apple: `@MainActor class UIViewController : UIResponder`.
///
/// Presentation is modelled as UIKit does it and as devices are known to behave: one presented
/// view controller at a time per presenter; a presentation from a view controller that is not
/// in a window, or that is already presenting, is refused with a console message and calls no
/// completion; a popover with nothing to point at raises; `dismiss(animated:completion:)`
/// dismisses what this view controller presents, or else this view controller, and with
/// neither does nothing (and calls no completion). Transitions finish a few turns of the main
/// actor later (`Animations`).
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// The window this view controller's view is shown in, while it is.
    weak var shownWindow: UIWindow?

    /// Apple: `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Apple: `convenience init()` (Objective-C's `init`, which calls `init(nibName:bundle:)`).
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Apple: `var title: String? { get set }`.
    open var title: String?

    // MARK: The view

    /// Apple: `var view: UIView! { get set }`: loaded on first use (`loadView()`, then `viewDidLoad()`).
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: .zero) }
                loadedView?.shownIn = shownWindow
                loadedView?.owner = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.shownIn = shownWindow
            newValue?.owner = self
        }
    }

    /// Apple: `var overrideUserInterfaceStyle: UIUserInterfaceStyle { get set }` (iOS 13).
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified

    /// Apple: `func viewWillLayoutSubviews()`.
    open func viewWillLayoutSubviews() {}

    /// Apple: `func viewDidLayoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    /// Apple: `var additionalSafeAreaInsets: UIEdgeInsets { get set }` (iOS 11). Changing it
    /// lays the view out again.
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet { loadedView?.setNeedsLayout() }
    }

    /// Apple: `var viewIfLoaded: UIView? { get }`.
    open var viewIfLoaded: UIView? { loadedView }

    /// Apple: `var isViewLoaded: Bool { get }`.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Apple: `func loadView()`.
    open func loadView() {
        loadedView = UIView(frame: shownWindow?.bounds ?? .zero)
    }

    /// Apple: `func viewDidLoad()`.
    open func viewDidLoad() {}

    /// Apple: `func loadViewIfNeeded()`.
    open func loadViewIfNeeded() {
        _ = view
    }

    /// Shows this view controller's view in `window` (nil: no longer shown), with what it presents.
    /// Shows the view in `window` (or takes it off screen): as UIKit does for a root or
    /// full-screen view controller, the view fills the window and is laid out. (Sheets and
    /// popovers fill the window too: their smaller frames are not modelled.)
    func show(in window: UIWindow?) {
        shownWindow = window
        loadedView?.shownIn = window
        if let window {
            loadViewIfNeeded()
            view.frame = window.bounds
            view.layoutIfNeeded()
        }
        for child in shownChildren { child.show(in: window) }
    }

    /// The view controllers whose views are shown with this one's (a navigation stack's top).
    var shownChildren: [UIViewController] { [] }

    /// Shows this view controller's view in `window` (or takes it off screen), as a
    /// container — SwiftUI's hosting of a representable — does.
    @_spi(Surface) public func surfaceShow(in window: UIWindow?) {
        show(in: window)
    }

    // MARK: Presentation

    /// Apple: `var presentedViewController: UIViewController? { get }`.
    open internal(set) var presentedViewController: UIViewController?
    /// Apple: `var presentingViewController: UIViewController? { get }`.
    open internal(set) weak var presentingViewController: UIViewController?
    /// Apple: `var isBeingPresented: Bool { get }`.
    open internal(set) var isBeingPresented = false
    /// Apple: `var isBeingDismissed: Bool { get }`.
    open internal(set) var isBeingDismissed = false
    /// Apple: `var modalPresentationStyle: UIModalPresentationStyle { get set }`.
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// Apple: `var isModalInPresentation: Bool { get set }`: refuses interactive dismissal.
    open var isModalInPresentation = false

    private var madePresentationController: UIPresentationController?

    /// Apple: `var presentationController: UIPresentationController? { get }`: made for the
    /// current `modalPresentationStyle` when first asked for, as the documented way to set its
    /// delegate before presenting; asked again after the style changed (before presenting), a
    /// new one for the new style, so set the style first.
    open var presentationController: UIPresentationController? {
        if let made = madePresentationController, made.presentationStyle == effectiveStyle || presentingViewController != nil {
            return made
        }
        let made = effectiveStyle == .popover
            ? UIPopoverPresentationController(presentedViewController: self, presenting: nil)
            : UIPresentationController(presentedViewController: self, presenting: nil)
        madePresentationController = made
        return made
    }

    /// Apple: `var popoverPresentationController: UIPopoverPresentationController? { get }`:
    /// `nil` unless the style is `.popover`.
    open var popoverPresentationController: UIPopoverPresentationController? {
        effectiveStyle == .popover ? presentationController as? UIPopoverPresentationController : nil
    }

    /// The style UIKit uses: what `modalPresentationStyle` says, except where a class decides.
    var effectiveStyle: UIModalPresentationStyle { modalPresentationStyle }

    /// Apple: `var navigationController: UINavigationController? { get }`.
    open var navigationController: UINavigationController? { parentNavigation }
    weak var parentNavigation: UINavigationController?

    /// Apple: `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)`.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        let presented = viewControllerToPresent
        if presented.presentingViewController != nil || presented.isBeingPresented {
            Device.current.raise(
                "NSInvalidArgumentException: Application tried to present modally a view controller \(presented.surfaceName) that is already being presented by \(presented.presentingViewController?.surfaceName ?? "another")")
            return
        }
        guard let window = viewIfLoaded?.window else {
            Device.current.warn("Attempt to present \(presented.surfaceName) on \(surfaceName) whose view is not in the window hierarchy.")
            return
        }
        if let busy = presentedViewController {
            Device.current.warn("Attempt to present \(presented.surfaceName) on \(surfaceName) which is already presenting \(busy.surfaceName).")
            return
        }
        if let exception = presented.presentationProblem() {
            Device.current.raise(exception)
            return
        }
        let controller = presented.presentationController
        controller?.presenting = self
        presentedViewController = presented
        presented.presentingViewController = self
        presented.isBeingPresented = true
        presented.show(in: window)
        presented.willBePresented()
        Animations.run {
            presented.isBeingPresented = false
            presented.wasPresented()
            presented.viewDidAppear(flag)
            completion?()
        }
    }

    /// Apple: `func viewDidAppear(_ animated: Bool)`: called once the view is on screen and the
    /// transition that brought it there has ended (a presentation's, or its container's).
    open func viewDidAppear(_ animated: Bool) {}

    /// Apple: `func viewDidDisappear(_ animated: Bool)`: called once the view has left the screen
    /// and the transition that took it away has ended.
    open func viewDidDisappear(_ animated: Bool) {}

    /// What UIKit raises about presenting this view controller as it is configured; `nil` when nothing.
    func presentationProblem() -> String? {
        guard effectiveStyle == .popover, Device.current.idiom != .phone, let popover = popoverPresentationController else {
            return nil
        }
        if popover.sourceView == nil && popover.sourceItem == nil && popover.barButtonItem == nil {
            return "NSGenericException: UIPopoverPresentationController (\(popover.surfaceName)) should have a non-nil sourceView or barButtonItem set before the presentation occurs."
        }
        return nil
    }

    /// Called as the presentation starts; a navigation controller tells its delegate.
    func willBePresented() {}
    /// Called as the presentation ends.
    func wasPresented() {}
    /// Called once a dismissal has taken it off screen.
    func wasDismissed() {}

    /// Apple: `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let target: UIViewController
        if let presentedViewController {
            target = presentedViewController
        } else if presentingViewController != nil {
            target = self
        } else {
            // Nothing to dismiss: UIKit does nothing and never calls the completion.
            return
        }
        guard !target.isBeingDismissed else {
            Device.current.warn("Attempt to dismiss \(target.surfaceName) while a dismissal is in progress.")
            return
        }
        target.isBeingDismissed = true
        Animations.run {
            target.endPresentation()
            target.viewDidDisappear(flag)
            completion?()
        }
    }

    /// Takes this view controller, and whatever it presents, off screen.
    func endPresentation() {
        presentedViewController?.endPresentation()
        isBeingDismissed = false
        if let presenting = presentingViewController, presenting.presentedViewController === self {
            presenting.presentedViewController = nil
        }
        presentingViewController = nil
        presentationController?.presenting = nil
        show(in: nil)
        wasDismissed()
    }

    /// A name for console messages: the class and an object number.
    @_spi(Surface) public var surfaceName: String {
        "<\(String(describing: type(of: self))): \(ObjectIdentifier(self).hashValue & 0xFFFF)>"
    }
}

/// Apple: `@MainActor class UIPresentationController : NSObject`.
@MainActor
open class UIPresentationController: NSObject {
    /// Apple: `var presentedViewController: UIViewController { get }`.
    public unowned let presentedViewController: UIViewController
    /// Apple: `var presentingViewController: UIViewController { get }` (set once presented).
    open var presentingViewController: UIViewController { presenting ?? presentedViewController }
    weak var presenting: UIViewController?
    /// Apple: `weak var delegate: (any UIAdaptivePresentationControllerDelegate)? { get set }`.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    /// Apple: `var presentationStyle: UIModalPresentationStyle { get }`.
    open var presentationStyle: UIModalPresentationStyle { style }
    private let style: UIModalPresentationStyle

    /// Apple: `init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?)`.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        presenting = presentingViewController
        style = presentedViewController.effectiveStyle
        super.init()
    }

    /// A name for console messages.
    @_spi(Surface) public var surfaceName: String { "\(String(describing: type(of: self))) for \(presentedViewController.surfaceName)" }
}

/// Apple: `struct UIPopoverArrowDirection : OptionSet, @unchecked Sendable`.
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// Apple: `@MainActor class UIPopoverPresentationController : UIPresentationController`.
@MainActor
open class UIPopoverPresentationController: UIPresentationController {
    /// Apple: `var sourceView: UIView? { get set }`.
    open var sourceView: UIView?
    /// Apple: `var sourceRect: CGRect { get set }`. Its default is `CGRect.null` (the source
    /// view's bounds) since iOS 13.2.
    open var sourceRect = CGRect.null
    /// Apple: `var sourceItem: (any UIPopoverPresentationControllerSourceItem)? { get set }` (iOS 16).
    @available(iOS 16.0, macCatalyst 16.0, *)
    open var sourceItem: (any UIPopoverPresentationControllerSourceItem)? {
        get { item }
        set { item = newValue }
    }
    private var item: (any UIPopoverPresentationControllerSourceItem)?
    /// Apple: `var barButtonItem: UIBarButtonItem? { get set }`, to be deprecated for `sourceItem`
    /// (the iOS 27 pages show iOS 8.0–27.0).
    @available(iOS, introduced: 8.0, deprecated: 27.0, message: "Use sourceItem instead")
    open var barButtonItem: UIBarButtonItem? {
        get { bar }
        set { bar = newValue }
    }
    private var bar: UIBarButtonItem?
    /// Apple: `var permittedArrowDirections: UIPopoverArrowDirection { get set }`.
    open var permittedArrowDirections = UIPopoverArrowDirection.any

    /// Apple: `override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?)`.
    public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }
}

/// Apple: `@MainActor protocol UIAdaptivePresentationControllerDelegate : NSObjectProtocol`. Its
/// methods are optional in Objective-C; here each has the default UIKit uses when a delegate
/// does not implement it.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    /// Apple: `optional func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool`.
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// Apple: `optional func presentationControllerWillDismiss(_ presentationController: UIPresentationController)`.
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// Apple: `optional func presentationControllerDidDismiss(_ presentationController: UIPresentationController)`:
    /// only after the person dismissed the presentation, never after `dismiss(animated:completion:)`.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    /// Apple: `optional func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)`.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

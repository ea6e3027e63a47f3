import SurfaceDevice

/// Apple: `@MainActor protocol UINavigationControllerDelegate : NSObjectProtocol`. Its methods
/// are optional in Objective-C; here each has an empty default.
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// Apple: `optional func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)`.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// Apple: `optional func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)`.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}

/// Not Apple's: where a navigation controller keeps its delegate. UIImagePickerController
/// redeclares `delegate` with a narrower type, which Objective-C allows and Swift does not for a
/// class's own property; declaring `delegate` here lets both read as Apple declares them.
/// Adapters never name it (scripts/check-apple-adapters.sh refuses `_`-prefixed surface names).
@MainActor
public protocol _NavigationDelegateStorage: AnyObject {
    var _navigationDelegate: (any UINavigationControllerDelegate)? { get set }
}

extension _NavigationDelegateStorage {
    /// Apple (UINavigationController): `weak var delegate: (any UINavigationControllerDelegate)? { get set }`.
    public var delegate: (any UINavigationControllerDelegate)? {
        get { _navigationDelegate }
        set { _navigationDelegate = newValue }
    }
}

/// Apple: `@MainActor class UINavigationController : UIViewController`.
///
/// Modelled as documented: its delegate hears will-show and did-show for the root when the
/// stack first appears, and for every push and pop, did-show once the transition ends.
@MainActor
open class UINavigationController: UIViewController, _NavigationDelegateStorage {
    public weak var _navigationDelegate: (any UINavigationControllerDelegate)?
    private var stack: [UIViewController] = []
    private var transitions = 0

    /// Apple: `init(rootViewController: UIViewController)`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setStack([rootViewController])
    }

    /// Apple: `override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Apple: `required init?(coder aDecoder: NSCoder)`.
    public required init?(coder aDecoder: NSCoder) {
        nil
    }

    /// Apple: `var viewControllers: [UIViewController] { get set }`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setStack(newValue) }
    }

    private func setStack(_ controllers: [UIViewController]) {
        for controller in stack where !controllers.contains(where: { $0 === controller }) {
            controller.parentNavigation = nil
            controller.show(in: nil)
        }
        stack = controllers
        for controller in controllers { controller.parentNavigation = self }
        topViewController?.show(in: shownWindow)
    }

    /// Apple: `var topViewController: UIViewController? { get }`.
    open var topViewController: UIViewController? { stack.last }

    /// Apple: `var visibleViewController: UIViewController? { get }`.
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

    override var shownChildren: [UIViewController] { topViewController.map { [$0] } ?? [] }

    /// Apple: `var isNavigationBarHidden: Bool { get set }`.
    open var isNavigationBarHidden = false

    /// Apple: `func setNavigationBarHidden(_ hidden: Bool, animated: Bool)`.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    /// Apple: `func pushViewController(_ viewController: UIViewController, animated: Bool)`.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if stack.contains(where: { $0 === viewController }) {
            Device.current.raise("NSInvalidArgumentException: Pushing the same view controller instance (\(viewController.surfaceName)) more than once is not supported")
            return
        }
        if viewController is UINavigationController {
            Device.current.raise("NSInvalidArgumentException: Pushing a navigation controller is not supported")
            return
        }
        if transitions > 0 { Device.current.warn("nested push animation can result in corrupted navigation bar") }
        let below = topViewController
        stack.append(viewController)
        viewController.parentNavigation = self
        below?.show(in: nil)
        viewController.show(in: shownWindow)
        transition(to: viewController, animated: animated)
    }

    /// Apple: `func popViewController(animated: Bool) -> UIViewController?`: `nil` at the root.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        let popped = stack.removeLast()
        popped.parentNavigation = nil
        popped.show(in: nil)
        if let top = topViewController {
            top.show(in: shownWindow)
            transition(to: top, animated: animated)
        }
        return popped
    }

    /// Tells the delegate `viewController` is about to show, and that it shows once the
    /// transition ends.
    private func transition(to viewController: UIViewController, animated: Bool) {
        delegate?.navigationController(self, willShow: viewController, animated: animated)
        transitions += 1
        Animations.run { [weak self] in
            guard let self else { return }
            self.transitions -= 1
            // The stack may have moved on meanwhile; did-show names what is on top now.
            guard self.topViewController === viewController else { return }
            self.delegate?.navigationController(self, didShow: viewController, animated: animated)
        }
    }

    override func willBePresented() {
        if let top = topViewController { delegate?.navigationController(self, willShow: top, animated: true) }
    }

    override func wasPresented() {
        if let top = topViewController { delegate?.navigationController(self, didShow: top, animated: true) }
    }

    // MARK: What the person does

    /// The person swipes back from the edge: the top view controller pops, and the delegate
    /// hears it as it hears a pop.
    @_spi(Surface) public func surfaceSwipeBack() {
        popViewController(animated: true)
    }
}

#if canImport(UIKit) && !os(tvOS)
import PickerKit
import UIKit

/// A `Presenter` over UIKit view-controller presentation. The app makes the view controller
/// for each route; this class presents, pushes and pops them as the coordinator says, calls
/// each completion when UIKit's transition ends, and reports a sheet swiped down or a popover
/// tapped away as `UserAction.interactivelyDismissed`.
///
/// A screen that is already a navigation controller (a `UIImagePickerController` is one) is
/// presented as it is, so the edit screen is pushed onto the picker's own stack (B2); other
/// browsers are wrapped in one.
@MainActor
public final class UIKitPresenter: NSObject, Presenter, UIAdaptivePresentationControllerDelegate {
    /// The screen that presents the picker; held weakly, as the coordinator holds its presenter.
    public weak var host: UIViewController?
    /// Makes the view controller showing a route.
    public var makeViewController: (Route) -> UIViewController
    /// The strings of alerts; the person's preferred shipped language by default.
    public var strings = PickerStrings()
    /// The coordinator's proxy; passed on to the navigation controller's delegate.
    public weak var navigationProxy: (any NavigationProxy)? {
        didSet { delegateProxy.target = navigationProxy }
    }

    private let delegateProxy = NavigationControllerProxy()
    private var navigation: UINavigationController?
    private var presented: (route: Route, controller: UIViewController)?
    private weak var picker: ProfilePicker?

    /// Creates a presenter over `host`.
    public init(host: UIViewController, makeViewController: @escaping (Route) -> UIViewController) {
        self.host = host
        self.makeViewController = makeViewController
    }

    /// Makes this presenter the picker's, and the way the person's dismissals reach it.
    public func attach(to picker: ProfilePicker) {
        self.picker = picker
        picker.presenter = self
    }

    public var idiom: DeviceIdiom {
        switch UIDevice.current.userInterfaceIdiom {
        case .pad: .pad
        case .mac: .mac
        case .vision: .vision
        default: .phone
        }
    }

    public func present(_ route: Route, style: PresentationStyle, animated: Bool) {
        present(route, style: style, animated: animated) {}
    }

    public func present(_ route: Route, style: PresentationStyle, animated: Bool, completion: @escaping @MainActor () -> Void) {
        let screen = makeViewController(route)
        let presented: UIViewController
        if route.screen.kind.isNavigationStack {
            let stack: UINavigationController
            if let picker = screen as? UIImagePickerController {
                delegateProxy.pickingDelegate = picker.delegate
                picker.delegate = delegateProxy
                stack = picker
            } else if let existing = screen as? UINavigationController {
                existing.delegate = delegateProxy
                stack = existing
            } else {
                stack = UINavigationController(rootViewController: screen)
                stack.delegate = delegateProxy
            }
            delegateProxy.root = route
            navigation = stack
            presented = stack
        } else {
            presented = screen
        }
        switch style {
        case .fullScreen: presented.modalPresentationStyle = .fullScreen
        case .actionSheet, .menu: presented.modalPresentationStyle = .automatic
        case let .popover(anchor):
            presented.modalPresentationStyle = .popover
            let popover = presented.popoverPresentationController
            if let item = anchor.sourceItem as? UIBarButtonItem {
                popover?.sourceItem = item
            } else {
                popover?.sourceView = anchor.sourceView as? UIView
                popover?.sourceRect = anchor.sourceRect
            }
            popover?.permittedArrowDirections = Self.arrows(anchor.permittedArrowDirections)
        }
        self.presented = (route, presented)
        presented.presentationController?.delegate = self
        guard let host else { return completion() }
        host.present(presented, animated: animated) { Task { @MainActor in completion() } }
    }

    public func dismiss(animated: Bool) {
        dismiss(animated: animated) {}
    }

    public func dismiss(animated: Bool, completion: @escaping @MainActor () -> Void) {
        let hadPresented = presented != nil
        clear()
        guard hadPresented, let host, host.presentedViewController != nil else { return completion() }
        host.dismiss(animated: animated) { Task { @MainActor in completion() } }
    }

    /// The person swiped the sheet down or tapped outside the popover: UIKit already dismissed it.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        guard let route = presented?.route else { return }
        clear()
        picker?.send(.interactivelyDismissed, from: route.id)
    }

    private func clear() {
        presented = nil
        navigation = nil
        delegateProxy.root = nil
        delegateProxy.routes.removeAll()
        delegateProxy.pickingDelegate = nil
    }

    public func push(_ route: Route, animated: Bool) {
        let screen = makeViewController(route)
        delegateProxy.routes[ObjectIdentifier(screen)] = route
        navigation?.pushViewController(screen, animated: animated)
    }

    public func pop(animated: Bool) {
        navigation?.popViewController(animated: animated)
    }

    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        navigation?.setNavigationBarHidden(hidden, animated: animated)
    }

    public func showAlert(for error: PickerError) {
        let alert = UIAlertController(title: strings[.alertTitle], message: error.message(in: strings), preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: strings[.ok], style: .default))
        (navigation ?? host)?.present(alert, animated: true)
    }

    private static func arrows(_ directions: ArrowDirections) -> UIPopoverArrowDirection {
        var result: UIPopoverArrowDirection = []
        if directions.contains(.up) { result.insert(.up) }
        if directions.contains(.down) { result.insert(.down) }
        if directions.contains(.left) { result.insert(.left) }
        if directions.contains(.right) { result.insert(.right) }
        return result
    }
}
#endif

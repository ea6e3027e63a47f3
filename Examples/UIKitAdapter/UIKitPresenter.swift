#if canImport(UIKit)
import PickerKit
import UIKit

/// A `Presenter` over UIKit view-controller presentation. The app makes the view controller
/// for each route; this class presents, pushes and pops them as the coordinator says.
@MainActor
public final class UIKitPresenter: Presenter {
    /// The screen that presents the picker; held weakly, as the coordinator holds its presenter.
    public weak var host: UIViewController?
    /// Makes the view controller showing a route.
    public var makeViewController: (Route) -> UIViewController
    /// The coordinator's proxy; passed on to the navigation controller's delegate.
    public weak var navigationProxy: (any NavigationProxy)? {
        didSet { delegateProxy.target = navigationProxy }
    }

    private let delegateProxy = NavigationControllerProxy()
    private var navigation: UINavigationController?

    /// Creates a presenter over `host`.
    public init(host: UIViewController, makeViewController: @escaping (Route) -> UIViewController) {
        self.host = host
        self.makeViewController = makeViewController
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
        let screen = makeViewController(route)
        let presented: UIViewController
        if route.screen.kind.isNavigationStack {
            let stack = UINavigationController(rootViewController: screen)
            delegateProxy.routes[ObjectIdentifier(screen)] = route
            stack.delegate = delegateProxy
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
        host?.present(presented, animated: animated)
    }

    public func dismiss(animated: Bool) {
        host?.dismiss(animated: animated)
        navigation = nil
        delegateProxy.routes.removeAll()
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
        let alert = UIAlertController(title: nil, message: error.description, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
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

#if canImport(UIKit)
import PickerKit
import UIKit

/// The picker's `UINavigationControllerDelegate`: turns UIKit's will-show and did-show into the
/// coordinator's `NavigationProxy` calls, with the route each view controller shows. The app
/// never implements navigation delegate methods; its own observer is chained by the
/// coordinator (`ProfilePicker.navigationObserver`).
@MainActor
final class NavigationControllerProxy: NSObject, UINavigationControllerDelegate {
    weak var target: (any NavigationProxy)?
    var routes: [ObjectIdentifier: Route] = [:]

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        guard let route = routes[ObjectIdentifier(viewController)] else { return }
        target?.navigation(willShow: route, animated: animated)
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        guard let route = routes[ObjectIdentifier(viewController)] else { return }
        target?.navigation(didShow: route, animated: animated)
    }
}
#endif

#if canImport(UIKit) && !os(tvOS)
import PickerKit
import UIKit

/// The picker's `UINavigationControllerDelegate`: turns UIKit's will-show and did-show into the
/// coordinator's `NavigationProxy` calls, with the route each view controller shows. The app
/// never implements navigation delegate methods; its own observer is chained by the
/// coordinator (`ProfilePicker.navigationObserver`).
///
/// A `UIImagePickerController` is itself a navigation controller whose delegate is also its
/// picking delegate: the proxy takes its place and passes the picking calls on to the app's
/// delegate. View controllers the picker shows by itself (its album list and grid) report as
/// the presented route, so a swipe back from our edit screen is followed.
@MainActor
final class NavigationControllerProxy: NSObject, UINavigationControllerDelegate, UIImagePickerControllerDelegate {
    weak var target: (any NavigationProxy)?
    /// The presented route: the one a view controller we did not push stands for.
    var root: Route?
    /// The routes we pushed, by their view controllers.
    var routes: [ObjectIdentifier: Route] = [:]
    /// The app's own picking delegate of a `UIImagePickerController`.
    weak var pickingDelegate: (any UIImagePickerControllerDelegate & UINavigationControllerDelegate)?

    private func route(for viewController: UIViewController) -> Route? {
        routes[ObjectIdentifier(viewController)] ?? root
    }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        guard let route = route(for: viewController) else { return }
        target?.navigation(willShow: route, animated: animated)
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        guard let route = route(for: viewController) else { return }
        target?.navigation(didShow: route, animated: animated)
    }

    func imagePickerController(
        _ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]
    ) {
        pickingDelegate?.imagePickerController?(picker, didFinishPickingMediaWithInfo: info)
    }

    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        pickingDelegate?.imagePickerControllerDidCancel?(picker)
    }
}
#endif

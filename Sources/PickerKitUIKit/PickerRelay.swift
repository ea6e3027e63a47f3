#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PhotosUI
import PickerKit
import UIKit

/// The delegate of the picker's navigation stack, of the system image picker and of the
/// library picker: turns what UIKit and PhotosUI report into the picker's actions and
/// navigation, so the app implements none of these delegates.
///
/// - `UINavigationControllerDelegate`'s will-show and did-show reach the coordinator's
///   navigation proxy with the route each view controller shows; view controllers the system
///   picker shows by itself (its album list and grid) stand for the presented route, so a swipe
///   back from the edit screen is followed.
/// - `UIImagePickerControllerDelegate`: a pick becomes `itemPicked` (its contents registered
///   with the relay's ``photos``), Cancel becomes `cancelTapped` (the picker then dismisses what
///   it presented, once).
/// - `PHPickerViewControllerDelegate`: results become `itemsPicked`, in the order given (the
///   order picked: PickerKit asks for PHPicker's ordered selection unless told not to); none
///   (Cancel) ends the session with a cancel.
///
/// `UIKitPresenter` keeps one; PickerKit's SwiftUI screens keep one per system picker they show.
/// Each is given the `SystemPhotoSource` it registers picks with: the one object that loads what
/// the system pickers deliver, which the picker must also load from.
@MainActor
public final class PickerRelay: NSObject, UINavigationControllerDelegate, UIImagePickerControllerDelegate, PHPickerViewControllerDelegate {
    weak var coordinator: ProfilePicker?
    package weak var navigationProxy: (any NavigationProxy)?
    /// The presented route: the one a view controller we did not push stands for.
    var root: Route?
    /// The source the picked contents are registered with, and that loads them.
    public let photos: SystemPhotoSource

    init(photos: SystemPhotoSource) {
        self.photos = photos
        super.init()
    }

    /// A relay sending what the system pickers showing `route` report to `picker` (held weakly),
    /// their picks registered with `photos` (held strongly: the picker's photo source).
    public init(picker: ProfilePicker, route: Route, photos: SystemPhotoSource) {
        coordinator = picker
        root = route
        self.photos = photos
        super.init()
    }
    /// The routes pushed, by their view controllers.
    var routes: [ObjectIdentifier: Route] = [:]
    /// Every route ``PickerScreens/show(_:on:picker:strings:relay:)`` has pushed.
    var pushedRoutes: Set<Route.ID> = []

    private func route(for viewController: UIViewController) -> Route? {
        routes[ObjectIdentifier(viewController)] ?? root
    }

    // MARK: UINavigationControllerDelegate

    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        guard let route = route(for: viewController) else { return }
        navigationProxy?.navigation(willShow: route, animated: animated)
    }

    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        guard let route = route(for: viewController) else { return }
        navigationProxy?.navigation(didShow: route, animated: animated)
    }

    // MARK: UIImagePickerControllerDelegate

    public func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        guard let root, let coordinator, let item = photos.register(info, configuration: coordinator.configuration) else { return }
        coordinator.send(.itemPicked(item), from: root.id)
    }

    public func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        guard let root else { return }
        coordinator?.send(.cancelTapped, from: root.id)
    }

    // MARK: PHPickerViewControllerDelegate

    public func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
        guard let root, let coordinator else { return }
        coordinator.send(.itemsPicked(photos.register(results, configuration: coordinator.configuration)), from: root.id)
    }
}
#endif

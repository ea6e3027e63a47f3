#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PhotosUI
import PickerKit
import UIKit

/// PickerKit's view controllers for the routes an app does not draw itself: the system's
/// image picker for the browsers, the system's library picker, and PickerKit's edit screen,
/// camera and movie preview.
/// `UIKitPresenter` presents them; PickerKit's SwiftUI screens host them.
@MainActor
public enum PickerScreens {
    /// The system image picker browsing `source` for `mediaTypes`, no system editing, its picks
    /// and Cancel reported to `relay`.
    public static func browser(source: SourceType, mediaTypes: [MediaType], relay: PickerRelay) -> UIImagePickerController {
        let browser = UIImagePickerController()
        browser.sourceType = source == .savedPhotosAlbum ? .savedPhotosAlbum : .photoLibrary
        browser.mediaTypes = mediaTypes.map(\.identifier)
        browser.allowsEditing = false
        browser.delegate = relay
        return browser
    }

    /// The system library picker for `library`, its results reported to `relay`.
    public static func libraryPicker(_ library: LibraryPickerConfiguration, relay: PickerRelay) -> PHPickerViewController {
        let picker = PHPickerViewController(configuration: SystemPhotoSource.configuration(for: library))
        picker.delegate = relay
        return picker
    }

    /// PickerKit's view controller for `route`: the system pickers for a browser or the library
    /// picker (reporting to `relay`), ``ProfileEditViewController`` for the edit screen,
    /// ``ProfileCameraViewController`` for the camera (not on visionOS),
    /// ``ProfileMoviePreviewViewController`` for a movie's preview; `nil` for the source chooser,
    /// which is an action sheet or a menu rather than a screen.
    public static func viewController(
        for route: Route, picker: ProfilePicker, strings: PickerStrings, relay: PickerRelay
    ) -> UIViewController? {
        switch route.screen {
        case let .browser(source, mediaTypes): browser(source: source, mediaTypes: mediaTypes, relay: relay)
        case let .libraryPicker(library): libraryPicker(library, relay: relay)
        case .editor: ProfileEditViewController(route: route, picker: picker, strings: strings)
        case .camera: camera(route, picker: picker, strings: strings)
        case .moviePreview: ProfileMoviePreviewViewController(route: route, picker: picker, strings: strings)
        case .sourceChooser: nil
        }
    }

    /// Makes `stack` show `pushed` above its root: a route pushed for the first time gets
    /// PickerKit's screen (its route told to `relay`); a screen whose route is no longer pushed is
    /// popped. A route the stack popped by itself (the person swiped back) is not pushed again:
    /// the picker hears of the swipe through `relay` and drops it. For a navigation controller
    /// PickerKit did not make (the system image picker), whose pushes come as a list of routes
    /// rather than as calls. Returns the first route PickerKit has no screen for, if any.
    @discardableResult
    package static func show(
        _ pushed: [Route], on stack: UINavigationController, picker: ProfilePicker, strings: PickerStrings, relay: PickerRelay
    ) -> Route? {
        let wanted = Set(pushed.map(\.id))
        while let top = stack.topViewController, let route = relay.routes[ObjectIdentifier(top)], !wanted.contains(route.id) {
            relay.routes[ObjectIdentifier(top)] = nil
            _ = stack.popViewController(animated: true)
        }
        for route in pushed where !relay.pushedRoutes.contains(route.id) {
            guard let screen = viewController(for: route, picker: picker, strings: strings, relay: relay) else { return route }
            relay.pushedRoutes.insert(route.id)
            relay.routes[ObjectIdentifier(screen)] = route
            stack.pushViewController(screen, animated: true)
        }
        return nil
    }

    private static func camera(_ route: Route, picker: ProfilePicker, strings: PickerStrings) -> UIViewController? {
        #if os(visionOS)
        return nil
        #else
        return ProfileCameraViewController(route: route, picker: picker, strings: strings)
        #endif
    }
}
#endif

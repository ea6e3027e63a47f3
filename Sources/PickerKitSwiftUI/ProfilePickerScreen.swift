#if canImport(SwiftUI) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerKit
import PickerKitUIKit
import SwiftUI
import UIKit

/// PickerKit's screen for a route, in SwiftUI: the system's image picker for the browsers, the
/// system's library picker, PickerKit's edit screen (`ProfileEditViewController`), camera
/// (`ProfileCameraViewController`) and movie preview (`ProfileMoviePreviewViewController`), each
/// reporting to `picker` as they do under `UIKitPresenter`.
///
/// The modifier `profilePicker(_:photos:strings:)` shows it for every route; an
/// app that draws some routes itself shows it for the others:
///
/// ```swift
/// .profilePicker(model.presentation) { route in
///     if case .editor = route.screen { AvatarEditor(route: route) }
///     else { ProfilePickerScreen(route: route, picker: model.picker, photos: model.photos) }
/// }
/// ```
///
/// PickerKit draws no camera on visionOS, and its system pickers register
/// what they deliver with `photos`, which must be the picker's photo source: shown where it
/// cannot work, it ends the session with `PickerError.presentationFailed`, saying why, and what
/// was shown is dismissed.
@available(iOS 17, visionOS 1, *)
@MainActor
public struct ProfilePickerScreen: View {
    /// The route shown.
    public let route: Route
    /// The picker the screen reports to.
    public let picker: ProfilePicker
    /// Where the system pickers' picks go: the picker's photo source.
    public let photos: SystemPhotoSource
    /// The titles of the edit screen's toolbar and VoiceOver's values and actions.
    public var strings: PickerStrings
    /// For a browser drawn by `profilePicker(_:photos:strings:)`: the routes pushed on the system image
    /// picker's own stack (the edit screen), and whether its bar is hidden.
    var pushed: [Route] = []
    var navigationBarHidden = false

    /// The screen for `route` of `picker`, whose photo source is `photos`.
    public init(route: Route, picker: ProfilePicker, photos: SystemPhotoSource, strings: PickerStrings = PickerStrings()) {
        self.route = route
        self.picker = picker
        self.photos = photos
        self.strings = strings
    }

    init(route: Route, picker: ProfilePicker, photos: SystemPhotoSource, strings: PickerStrings, pushed: [Route], navigationBarHidden: Bool) {
        self.init(route: route, picker: picker, photos: photos, strings: strings)
        self.pushed = pushed
        self.navigationBarHidden = navigationBarHidden
    }

    public var body: some View {
        // The system pickers, the edit screen and the camera have bars of their own, and lay
        // themselves out in the safe area.
        PickerScreenController(
            route: route, picker: picker, photos: photos, strings: strings, pushed: pushed, navigationBarHidden: navigationBarHidden)
            .toolbar(.hidden, for: .navigationBar)
            .ignoresSafeArea()
    }

    /// Why PickerKit cannot show `route` for `picker`, whose system pickers' picks go to
    /// `photos`; `nil` when it can.
    static func refusal(_ route: Route, _ picker: ProfilePicker, photos: SystemPhotoSource) -> PresentationProblem? {
        switch route.screen {
        case .browser, .libraryPicker:
            return picker.photoSource === photos ? nil : .needsSystemPhotoSource(route.screen.kind)
        case .editor, .moviePreview:
            return nil
        case .camera:
            #if os(visionOS)
            return .noScreen(.camera)
            #else
            return nil
            #endif
        case .sourceChooser:
            return .noScreen(route.screen.kind)
        }
    }
}

/// A route's PickerKit view controller, hosted in SwiftUI; its coordinator relays what the
/// system pickers report.
@available(iOS 17, visionOS 1, *)
@MainActor
struct PickerScreenController: UIViewControllerRepresentable {
    let route: Route
    let picker: ProfilePicker
    let photos: SystemPhotoSource
    let strings: PickerStrings
    /// The routes pushed on a system image picker's own stack, and whether its bar is hidden.
    let pushed: [Route]
    let navigationBarHidden: Bool

    func makeCoordinator() -> PickerRelay {
        PickerRelay(picker: picker, route: route, photos: photos)
    }

    func makeUIViewController(context: Context) -> UIViewController {
        if let reason = ProfilePickerScreen.refusal(route, picker, photos: photos) {
            // Nothing to show: the session ends saying why, once SwiftUI has finished this update.
            let picker = picker, id = route.id
            Task { @MainActor in picker.screenFailed(id, reason: reason) }
            return UIViewController()
        }
        let controller = PickerScreens.viewController(for: route, picker: picker, strings: strings, relay: context.coordinator)
            ?? UIViewController()
        // The limited-library picker is presented from the screen shown.
        photos.presentingViewController = controller
        // A swipe back on the image picker's own stack reaches the picker as UIKit's does.
        if controller is UIImagePickerController { context.coordinator.navigationProxy = picker.navigationProxy }
        return controller
    }

    func updateUIViewController(_ controller: UIViewController, context: Context) {
        (controller as? ProfileEditViewController)?.strings = strings
        if let browser = controller as? UIImagePickerController {
            if let undrawn = PickerScreens.show(pushed, on: browser, picker: picker, strings: strings, relay: context.coordinator),
                let reason = ProfilePickerScreen.refusal(undrawn, picker, photos: photos) {
                // Nothing to show: the session ends saying why, once SwiftUI has finished this update.
                let picker = picker, id = undrawn.id
                Task { @MainActor in picker.screenFailed(id, reason: reason) }
            }
            if browser.isNavigationBarHidden != navigationBarHidden { browser.setNavigationBarHidden(navigationBarHidden, animated: false) }
        }
    }
}
#endif

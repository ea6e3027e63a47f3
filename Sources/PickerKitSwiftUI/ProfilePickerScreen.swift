#if canImport(SwiftUI) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerKit
import PickerKitUIKit
import SwiftUI
import UIKit

/// PickerKit's screen for a route, in SwiftUI: the system's image picker for the browsers, the
/// system's library picker, PickerKit's edit screen (`ProfileEditViewController`) and camera
/// (`ProfileCameraViewController`), each reporting to `picker` as they do under `UIKitPresenter`.
///
/// The modifier `profilePicker(_:strings:)` shows it for every route; an
/// app that draws some routes itself shows it for the others:
///
/// ```swift
/// .profilePicker(model.presentation) { route in
///     if case .moviePreview = route.screen { MoviePreview(route: route) }
///     else { ProfilePickerScreen(route: route, picker: model.picker) }
/// }
/// ```
///
/// PickerKit draws no movie preview (nor a camera on visionOS), and its system pickers need a
/// `SystemPhotoSource`: shown where it cannot work, it ends the session with
/// `PickerError.presentationFailed`, saying why, and what was shown is dismissed.
@available(iOS 17, visionOS 1, *)
@MainActor
public struct ProfilePickerScreen: View {
    /// The route shown.
    public let route: Route
    /// The picker the screen reports to.
    public let picker: ProfilePicker
    /// The titles of the edit screen's toolbar and VoiceOver's values and actions.
    public var strings: PickerStrings
    /// For a browser drawn by `profilePicker(_:strings:)`: the routes pushed on the system image
    /// picker's own stack (the edit screen), and whether its bar is hidden.
    var pushed: [Route] = []
    var navigationBarHidden = false

    /// The screen for `route` of `picker`.
    public init(route: Route, picker: ProfilePicker, strings: PickerStrings = PickerStrings()) {
        self.route = route
        self.picker = picker
        self.strings = strings
    }

    init(route: Route, picker: ProfilePicker, strings: PickerStrings, pushed: [Route], navigationBarHidden: Bool) {
        self.init(route: route, picker: picker, strings: strings)
        self.pushed = pushed
        self.navigationBarHidden = navigationBarHidden
    }

    public var body: some View {
        // The system pickers, the edit screen and the camera have bars of their own, and lay
        // themselves out in the safe area.
        PickerScreenController(route: route, picker: picker, strings: strings, pushed: pushed, navigationBarHidden: navigationBarHidden)
            .toolbar(.hidden, for: .navigationBar)
            .ignoresSafeArea()
    }

    /// Why PickerKit cannot show `route` for `picker`; `nil` when it can.
    static func refusal(_ route: Route, _ picker: ProfilePicker) -> PresentationProblem? {
        switch route.screen {
        case .browser, .libraryPicker:
            return picker.photoSource is SystemPhotoSource ? nil : .needsSystemPhotoSource(route.screen.kind)
        case .editor:
            return nil
        case .camera:
            #if os(visionOS)
            return .noScreen(.camera)
            #else
            return nil
            #endif
        case .sourceChooser, .moviePreview:
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
    let strings: PickerStrings
    /// The routes pushed on a system image picker's own stack, and whether its bar is hidden.
    let pushed: [Route]
    let navigationBarHidden: Bool

    func makeCoordinator() -> PickerRelay {
        PickerRelay(picker: picker, route: route)
    }

    func makeUIViewController(context: Context) -> UIViewController {
        if let reason = ProfilePickerScreen.refusal(route, picker) {
            // Nothing to show: the session ends saying why, once SwiftUI has finished this update.
            let picker = picker, id = route.id
            Task { @MainActor in picker.screenFailed(id, reason: reason) }
            return UIViewController()
        }
        let controller = PickerScreens.viewController(for: route, picker: picker, strings: strings, relay: context.coordinator)
            ?? UIViewController()
        PickerScreens.share(picker, host: controller)
        // A swipe back on the image picker's own stack reaches the picker as UIKit's does.
        if controller is UIImagePickerController { context.coordinator.navigationProxy = picker.navigationProxy }
        return controller
    }

    func updateUIViewController(_ controller: UIViewController, context: Context) {
        (controller as? ProfileEditViewController)?.strings = strings
        if let browser = controller as? UIImagePickerController {
            if let undrawn = PickerScreens.show(pushed, on: browser, picker: picker, strings: strings, relay: context.coordinator),
                let reason = ProfilePickerScreen.refusal(undrawn, picker) {
                // Nothing to show: the session ends saying why, once SwiftUI has finished this update.
                let picker = picker, id = undrawn.id
                Task { @MainActor in picker.screenFailed(id, reason: reason) }
            }
            if browser.isNavigationBarHidden != navigationBarHidden { browser.setNavigationBarHidden(navigationBarHidden, animated: false) }
        }
    }
}
#endif

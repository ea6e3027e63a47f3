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
/// PickerKit draws no movie preview (nor a camera on visionOS): shown for one, it ends the
/// session with `PickerError.presentationFailed`, saying so.
@available(iOS 17, visionOS 1, *)
public struct ProfilePickerScreen: View {
    /// The route shown.
    public let route: Route
    /// The picker the screen reports to.
    public let picker: ProfilePicker
    /// The titles of the edit screen's toolbar and VoiceOver's values and actions.
    public var strings: PickerStrings

    /// The screen for `route` of `picker`.
    public init(route: Route, picker: ProfilePicker, strings: PickerStrings = PickerStrings()) {
        self.route = route
        self.picker = picker
        self.strings = strings
    }

    public var body: some View {
        if Self.draws(route.screen) {
            // The system pickers, the edit screen and the camera have bars of their own.
            PickerScreenController(route: route, picker: picker, strings: strings)
                .toolbar(.hidden, for: .navigationBar)
        } else {
            EmptyView().onAppear {
                picker.screenFailed(
                    route.id, reason: "PickerKit draws no \(route.screen.kind) screen: draw it in profilePicker's screen closure")
            }
        }
    }

    /// Whether PickerKit has a screen for `screen`.
    static func draws(_ screen: Screen) -> Bool {
        switch screen {
        case .browser, .libraryPicker, .editor: return true
        case .camera:
            #if os(visionOS)
            return false
            #else
            return true
            #endif
        case .sourceChooser, .moviePreview: return false
        }
    }
}

/// A route's PickerKit view controller, hosted in SwiftUI; its coordinator relays what the
/// system pickers report.
@available(iOS 17, visionOS 1, *)
struct PickerScreenController: UIViewControllerRepresentable {
    let route: Route
    let picker: ProfilePicker
    let strings: PickerStrings

    func makeCoordinator() -> PickerRelay {
        PickerRelay(picker: picker, route: route)
    }

    func makeUIViewController(context: Context) -> UIViewController {
        let controller = PickerScreens.viewController(for: route, picker: picker, strings: strings, relay: context.coordinator)
            ?? UIViewController()
        PickerScreens.share(picker, host: controller)
        return controller
    }

    func updateUIViewController(_ controller: UIViewController, context: Context) {
        (controller as? ProfileEditViewController)?.strings = strings
    }
}
#endif

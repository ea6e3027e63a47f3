/// Why a presenter could not show a screen, or why a screen it showed cannot work: the reason
/// ``PickerError/presentationFailed(_:)`` carries, and ``ProfilePicker/presentationFailed(_:reason:)``
/// and ``ProfilePicker/screenFailed(_:reason:)`` take.
///
/// Its description is one sentence for the app's developer, saying what to change. A presenter
/// of the app's own with a reason of its own gives ``other(_:)``, or a string literal:
///
/// ```swift
/// picker.presentationFailed(route.id, reason: "the window scene is in the background")
/// if case .presentationFailed(.hostNotInWindow) = error { … }
/// ```
public enum PresentationProblem: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The host view controller was released before it could present.
    case hostReleased
    /// The host view controller, of the type named, is not in a window: UIKit refuses to
    /// present from it.
    case hostNotInWindow(host: String)
    /// The host view controller is already presenting a view controller of the type named.
    case hostBusy(presenting: String)
    /// A popover's anchor points at neither a view nor a bar button item.
    case unusableAnchor(name: String)
    /// The system pickers hand their items to the `SystemPhotoSource` their presenter or
    /// screen was given, and the picker's photo source is not that one: the picker is made with
    /// it (`photoSource: presenter.photos`), or the app draws the screen of this kind itself.
    case needsSystemPhotoSource(ScreenKind)
    /// Nothing draws a screen of this kind: the app gave no view for it, and PickerKit draws none
    /// there (a camera on visionOS), or the app's own presenter has no screen for it.
    case noScreen(ScreenKind)
    /// The screen did not appear within the time given (SwiftUI showed nothing: the view is
    /// presenting something else, or is not on screen).
    case notShown(within: Duration)
    /// The edit screen cannot draw the photo, for the reason given.
    case photoNotDrawable(String)
    /// A reason of a presenter of the app's own, in its words.
    case other(String)

    /// A reason in the presenter's words: ``other(_:)``.
    public init(stringLiteral value: String) {
        self = .other(value)
    }

    public var description: String {
        switch self {
        case .hostReleased:
            "the host view controller was released"
        case let .hostNotInWindow(host):
            "the host view controller \(host) is not in a window"
        case let .hostBusy(presented):
            "the host view controller is already presenting \(presented)"
        case let .unusableAnchor(name):
            "the popover anchor \(name) points at neither a UIView nor a UIBarButtonItem"
        case let .needsSystemPhotoSource(kind):
            "the system pickers hand their items to the SystemPhotoSource their presenter was given, and the picker's photo "
                + "source is not that one: make the picker with it (photoSource: presenter.photos), or draw the \(kind) yourself "
                + "(UIKitPresenter: usesSystemPickers = false and makeViewController; SwiftUI: profilePicker's screen closure)"
        case let .noScreen(kind):
            "nothing draws the \(kind) screen: PickerKit draws none there, and the app gave none "
                + "(UIKitPresenter's makeViewController, or profilePicker's screen closure in SwiftUI)"
        case let .notShown(timeout):
            "the screen did not appear within \(timeout.seconds) s (is the view presenting something else, or off screen?)"
        case let .photoNotDrawable(reason):
            "the edit screen cannot draw the photo: \(reason)"
        case let .other(reason):
            reason
        }
    }

}

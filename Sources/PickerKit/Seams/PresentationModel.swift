import Observation

/// A ``Presenter`` that is observable state, for SwiftUI: bind `.fullScreenCover(item:)`,
/// `.sheet(item:)` or `.popover(item:)` to ``fullScreenRoute``, ``sheetRoute`` and
/// ``popoverRoute``, a `NavigationStack(path:)` to ``path``, and an alert to ``alert``.
///
/// Everything a person does comes back through the same bindings: setting a route to `nil`
/// (a sheet swiped down, a tap outside a popover) ends the session with one cancel; setting a
/// shorter ``path`` (swiping back) is reported to the picker's navigation proxy, as a
/// navigation controller would.
///
/// ```swift
/// let model = PresentationModel()
/// let picker = ProfilePicker(photoSource: photos)
/// model.attach(to: picker)
/// // In a view:
/// // .fullScreenCover(item: $model.fullScreenRoute) { route in
/// //     NavigationStack(path: $model.path) { screen(for: route) }
/// //         .navigationDestination(for: Route.self) { screen(for: $0) }
/// // }
/// ```
///
/// Transitions complete at once: SwiftUI animates presentations itself and reports no end.
/// It needs the Observation module: iOS 17, macOS 14, tvOS 17 or visionOS 1 (on Linux, any).
@available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
@MainActor
@Observable
public final class PresentationModel: Presenter {
    /// The device the screens show on.
    public var idiom: DeviceIdiom
    /// The proxy the presenter reports navigation to; set by the picker.
    @ObservationIgnored public weak var navigationProxy: (any NavigationProxy)?
    /// The presented route, however it is presented.
    public private(set) var presented: Route?
    /// How the presented route is presented.
    @ObservationIgnored public private(set) var style: PresentationStyle?
    /// The routes pushed on the presented navigation stack, for `NavigationStack(path:)`.
    /// Setting a shorter path is the person going back.
    public var path: [Route] {
        get { pushed }
        set { goBack(to: newValue) }
    }
    /// Whether the presented navigation stack's bar is hidden.
    public private(set) var isNavigationBarHidden = false
    /// The error to show in an alert while the session goes on; set it to `nil` when the alert
    /// is dismissed.
    public var alert: PickerError?

    private var pushed: [Route] = []
    /// The picker the person's dismissals and going back are sent to; set by the picker when
    /// it presents, or by ``attach(to:)``.
    @ObservationIgnored public weak var picker: ProfilePicker?

    /// Creates a model for screens shown on `idiom`.
    public init(idiom: DeviceIdiom = .phone) {
        self.idiom = idiom
    }

    /// Makes this model the picker's presenter. (Passing the model as the picker's presenter
    /// does the same: the picker tells its presenter who it is before it presents.)
    public func attach(to picker: ProfilePicker) {
        self.picker = picker
        picker.presenter = self
    }

    // MARK: Bindings

    /// Which binding shows the presented route.
    private enum Shown {
        case fullScreen, sheet, popover

        init(_ style: PresentationStyle) {
            switch style {
            case .fullScreen: self = .fullScreen
            case .actionSheet, .menu: self = .sheet
            case .popover: self = .popover
            }
        }
    }

    /// The presented route when it covers the whole screen; `nil` otherwise.
    public var fullScreenRoute: Route? {
        get { route(shownAs: .fullScreen) }
        set { if newValue == nil { dismissedByPerson(shownAs: .fullScreen) } }
    }

    /// The presented route when it is an action sheet or menu (a sheet or confirmation dialog
    /// in SwiftUI); `nil` otherwise.
    public var sheetRoute: Route? {
        get { route(shownAs: .sheet) }
        set { if newValue == nil { dismissedByPerson(shownAs: .sheet) } }
    }

    /// The presented route when it is a popover; `nil` otherwise.
    public var popoverRoute: Route? {
        get { route(shownAs: .popover) }
        set { if newValue == nil { dismissedByPerson(shownAs: .popover) } }
    }

    private func route(shownAs shown: Shown) -> Route? {
        guard let presented, let style, Shown(style) == shown else { return nil }
        return presented
    }

    /// The person dismissed what `shown` binds: the picker hears it once, from the
    /// presented route.
    private func dismissedByPerson(shownAs shown: Shown) {
        guard let presented = route(shownAs: shown) else { return }
        clear()
        picker?.send(.interactivelyDismissed, from: presented.id)
    }

    private func goBack(to path: [Route]) {
        guard path.count < pushed.count, Array(pushed.prefix(path.count)) == path, let root = presented else {
            pushed = path
            return
        }
        pushed = path
        report(path.last ?? root)
    }

    private func clear() {
        presented = nil
        style = nil
        pushed = []
        isNavigationBarHidden = false
    }

    private func report(_ route: Route) {
        guard presented?.screen.kind.isNavigationStack == true else { return }
        navigationProxy?.navigation(willShow: route, animated: true)
        navigationProxy?.navigation(didShow: route, animated: true)
    }

    // MARK: Presenter

    public func present(_ route: Route, style: PresentationStyle, animated: Bool) {
        presented = route
        self.style = style
        pushed = []
        isNavigationBarHidden = false
        report(route)
    }

    public func dismiss(animated: Bool) {
        clear()
    }

    public func push(_ route: Route, animated: Bool) {
        pushed.append(route)
        report(route)
    }

    public func pop(animated: Bool) {
        guard !pushed.isEmpty else { return }
        pushed.removeLast()
        if let top = pushed.last ?? presented { report(top) }
    }

    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    public func showAlert(for error: PickerError) {
        alert = error
    }
}

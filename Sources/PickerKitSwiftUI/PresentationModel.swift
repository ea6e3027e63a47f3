#if canImport(Observation)
#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import Observation
import PickerKit
#if canImport(UIKit)
import PickerKitUIKit
#endif

/// A ``Presenter`` that is observable state, for SwiftUI: bind `.fullScreenCover(item:)`,
/// `.sheet(item:)` or `.popover(item:)` to ``fullScreenRoute``, ``sheetRoute`` and
/// ``popoverRoute``, a `.confirmationDialog` to ``dialogRoute`` (the source chooser), a
/// `NavigationStack(path:)` to ``path``, and an alert to ``alert``. The `PickerKitSwiftUI`
/// product's `profilePicker(_:strings:screen:)` modifier binds them all.
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
/// SwiftUI's `onAppear` and `onDisappear` come as a transition starts, not when it ends, so the
/// model is told the ends by UIKit, through the modifier: with ``reportsTransitions`` on (the
/// modifier turns it on while it shows the model), a presentation finishes when a view controller
/// behind its screen has appeared (`viewDidAppear`, then ``presentationAppeared(_:)``), and a
/// dismissal when SwiftUI calls `onDismiss` or, for a popover, which has none, when that view
/// controller has disappeared (``dismissalEnded()``); a screen that has not appeared within
/// ``transitionTimeout`` ends the session with `PickerError.presentationFailed` (SwiftUI shows one
/// sheet at a time, and ignores the picker's while the view presents another). With it off, as
/// when no view shows the model, transitions complete at once.
///
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
    /// Whether SwiftUI reports this model's transitions (see the type's discussion); the
    /// `profilePicker` modifier turns it on while it shows the model.
    @ObservationIgnored public var reportsTransitions = false
    /// How long a presented screen may take to appear before the session ends with
    /// `PickerError.presentationFailed`; 2 s by default, on the picker's
    /// ``ProfilePicker/transitionClock`` (real time while the main actor is free, until a picker
    /// is attached and always by default), never on its ``ProfilePicker/clock``: a test clock
    /// that skips the camera's warm-up does not end a session as its screen starts to appear.
    @ObservationIgnored public var transitionTimeout: Duration = .seconds(2)

    /// The presentation waiting for its screen to appear, and the dismissal waiting for SwiftUI.
    @ObservationIgnored private var appearing: (route: Route.ID, completion: @MainActor () -> Void)?
    @ObservationIgnored private var dismissing: (id: Int, completion: @MainActor () -> Void)?
    /// Dismissals made so far: each one's timeout ends only that one.
    @ObservationIgnored private var dismissals = 0

    private var pushed: [Route] = []
    /// The picker the person's dismissals and going back are sent to; set by the picker when
    /// it presents, or by ``Presenter/attach(to:)``.
    @ObservationIgnored public weak var picker: ProfilePicker? {
        didSet {
            guard let picker, picker !== observedPicker else { return }
            observedPicker = picker
            picker.observeState(self) { [weak self] picker in self?.stateChanged(picker) }
            stateChanged(picker)
        }
    }
    @ObservationIgnored private weak var observedPicker: ProfilePicker?

    /// The clock the timeouts run on: the picker's transition clock, so tests that set a manual
    /// one move them with it.
    private var clock: any PickerClock { picker?.transitionClock ?? SystemPickerClock() }

    /// Whether the person's swipe down or tap outside should be refused now: the edit screen
    /// shown has unsaved edits (``EditingStep/hasUnsavedEdits``), as the system's editors refuse
    /// it. The SwiftUI modifier binds it to `interactiveDismissDisabled(_:)`.
    public private(set) var refusesInteractiveDismissal = false

    private func stateChanged(_ picker: ProfilePicker) {
        guard picker === self.picker else { return }
        let refuses = picker.editing?.hasUnsavedEdits ?? false
        if refuses != refusesInteractiveDismissal { refusesInteractiveDismissal = refuses }
        // The picker's stack went back by itself (the person swiped back on the system image
        // picker's own stack, which follows it): the path follows too.
        let stack = picker.navigation.stack
        if let presented, stack.first?.id == presented.id {
            let shown = Array(stack.dropFirst())
            if shown.count < pushed.count, Array(pushed.prefix(shown.count)) == shown { pushed = shown }
        }
    }

    /// Creates a model for screens shown on `idiom`: by default this device's
    /// (`DeviceIdiom.current`, from `UIDevice`, where UIKit is; a phone elsewhere), so on an iPad
    /// the chooser and browsers are popovers that need an anchor (``anchor(at:)``).
    public init(idiom: DeviceIdiom? = nil) {
        #if canImport(UIKit)
        self.idiom = idiom ?? .current
        #else
        self.idiom = idiom ?? .phone
        #endif
    }

    /// An anchor for this model's popovers, for SwiftUI, which has no view object to point at:
    /// the whole view that carries the `profilePicker` modifier when `rect` is `.zero`, else
    /// `rect` in that view's coordinates. SwiftUI attaches a popover to the view its modifier
    /// is on, so the modifier on the button that starts the picker points every popover (the
    /// chooser's, a browser's) at that button, with no frame to record. The anchor holds the
    /// model itself (weakly) as its source, so it stays attached while the model lives.
    ///
    /// ```swift
    /// Button("Change photo") {
    ///     do { try model.picker.chooseSource(.actionSheet, anchor: model.presentation.anchor()) } catch { … }
    /// }
    /// .profilePicker(model.presentation, photos: model.photos)   // on the button: popovers point at it
    /// ```
    public func anchor(at rect: CGRect = .zero, permittedArrowDirections: ArrowDirections = .any) -> PopoverAnchor {
        PopoverAnchor(sourceView: self, sourceRect: rect, permittedArrowDirections: permittedArrowDirections, name: "SwiftUI anchor")
    }

    // MARK: Bindings

    /// Which binding shows the presented route.
    private enum Shown {
        case fullScreen, sheet, popover, dialog

        init(_ route: Route, _ style: PresentationStyle) {
            if route.screen.kind == .sourceChooser {
                self = .dialog
                return
            }
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

    /// The presented route when it is a sheet; `nil` otherwise.
    public var sheetRoute: Route? {
        get { route(shownAs: .sheet) }
        set { if newValue == nil { dismissedByPerson(shownAs: .sheet) } }
    }

    /// The presented route when it is a popover; `nil` otherwise.
    public var popoverRoute: Route? {
        get { route(shownAs: .popover) }
        set { if newValue == nil { dismissedByPerson(shownAs: .popover) } }
    }

    /// The presented source chooser, for `.confirmationDialog` (a popover on iPad, from the view
    /// the modifier is on); `nil` otherwise. Setting it to `nil` is the dialog going away: if the
    /// chooser is still presented once the button's action, if any, has run, the person dismissed
    /// it, and the session ends with one cancel.
    public var dialogRoute: Route? {
        get { route(shownAs: .dialog) }
        set {
            guard newValue == nil, let closing = route(shownAs: .dialog) else { return }
            // SwiftUI closes the dialog before or after it runs the button's action: wait a turn.
            Task { @MainActor [weak self] in
                guard let self, self.route(shownAs: .dialog)?.id == closing.id else { return }
                self.dismissedByPerson(shownAs: .dialog)
            }
        }
    }

    /// The rectangle the presented popover points at, in the coordinates of the view the
    /// presentation is attached to; `nil` for the whole view (the anchor gave none).
    public var popoverSourceRect: CGRect? {
        guard case let .popover(anchor)? = style, route(shownAs: .popover) != nil else { return nil }
        return anchor.usableSourceRect
    }

    private func route(shownAs shown: Shown) -> Route? {
        guard let presented, let style, Shown(presented, style) == shown else { return nil }
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
        if let waiting = appearing {
            // Gone before it appeared: its presentation is over.
            appearing = nil
            waiting.completion()
        }
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

    /// Presents `route`; with ``reportsTransitions`` on, `completion` waits for its screen to
    /// appear (a dialog's completes at once: SwiftUI reports nothing of it).
    public func present(_ route: Route, style: PresentationStyle, animated: Bool, completion: @escaping @MainActor () -> Void) {
        presented = route
        self.style = style
        pushed = []
        isNavigationBarHidden = false
        report(route)
        guard reportsTransitions, Shown(route, style) != .dialog else { return completion() }
        appearing = (route.id, completion)
        let timeout = transitionTimeout, clock = self.clock
        Task { @MainActor [weak self] in
            do { try await ProfilePicker.sleep(for: timeout, on: clock) } catch { return }
            guard let self, let waiting = self.appearing, waiting.route == route.id else { return }
            self.appearing = nil
            waiting.completion()
            self.picker?.presentationFailed(route.id, reason: .notShown(within: timeout))
        }
    }

    /// The screen of `route` is on screen and its presentation's transition has ended (the
    /// `profilePicker` modifier calls it from UIKit's `viewDidAppear`): its presentation has
    /// finished.
    public func presentationAppeared(_ route: Route.ID) {
        guard let waiting = appearing, waiting.route == route else { return }
        appearing = nil
        waiting.completion()
    }

    /// Dismisses what is presented; with ``reportsTransitions`` on, `completion` waits for
    /// SwiftUI's `onDismiss` (``dismissalEnded()``), for at most ``transitionTimeout``.
    public func dismiss(animated: Bool, completion: @escaping @MainActor () -> Void) {
        let waits = reportsTransitions && presented != nil && route(shownAs: .dialog) == nil
        clear()
        guard waits else { return completion() }
        dismissals += 1
        let id = dismissals
        dismissing = (id, completion)
        let timeout = transitionTimeout, clock = self.clock
        Task { @MainActor [weak self] in
            do { try await ProfilePicker.sleep(for: timeout, on: clock) } catch { return }
            guard let self, self.dismissing?.id == id else { return }
            self.dismissalEnded()
        }
    }

    /// SwiftUI's `onDismiss` for what the model presented (for a popover, UIKit's
    /// `viewDidDisappear`): its dismissal has finished. One that follows the person's own
    /// dismissal, with no dismissal waiting, is ignored.
    public func dismissalEnded() {
        guard let waiting = dismissing else { return }
        dismissing = nil
        waiting.completion()
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
#endif

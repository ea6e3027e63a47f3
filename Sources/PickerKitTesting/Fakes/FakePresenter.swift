import PickerKit

/// A presenter that shows nothing: it keeps the stack it was told to show, records every call
/// in a ``Transcript``, reports transitions to the navigation proxy as a navigation controller
/// would, and reports calls no valid flow makes (pop below the root, present over a
/// presentation) as test failures.
@MainActor
public final class FakePresenter: Presenter {
    /// The device idiom it reports.
    public var idiom: DeviceIdiom
    /// The proxy it reports transitions to, as the coordinator set it.
    public weak var navigationProxy: (any NavigationProxy)?
    /// The picker that presents on it, as the picker set it.
    public weak var picker: ProfilePicker?
    /// When set, presentations are refused for this reason, as UIKit refuses one over another
    /// presentation or from a screen that is not in a window: the completion is called, nothing
    /// is shown, and the refusal is reported to ``picker``.
    public var refusal: PresentationProblem?
    /// What is shown: the presented route, then every pushed route.
    public private(set) var stack: [Route] = []
    /// How the presented route was presented.
    public private(set) var style: String?
    /// Whether the navigation bar is hidden.
    public private(set) var isNavigationBarHidden = false
    /// The alerts shown, in order.
    public private(set) var alerts: [PickerError] = []
    /// When presentations and dismissals finish: at once, or when the test calls
    /// ``completeTransitions()`` (the animation is still running meanwhile).
    public var transitionMode: FakePhotoSource.LoadMode = .immediate
    /// Who holds the completions of transitions that do not finish at once: the presenter itself
    /// by default (releasing it releases them, uncalled), or an animation system that outlives it,
    /// as UIKit's does (``FakeAnimations``): then ``completeTransitions()`` leaves them to it.
    public var animations: FakeAnimations?
    /// Whether a presentation or dismissal is animating.
    public var isTransitioning: Bool { !heldCompletions.isEmpty || animating > 0 }

    private var heldCompletions: [@MainActor () -> Void] = []
    /// The transitions held by ``animations`` that have not ended.
    private var animating = 0

    private let transcript: Transcript

    /// Creates a presenter for `idiom` that records into `transcript`.
    public init(idiom: DeviceIdiom = .phone, transcript: Transcript) {
        self.idiom = idiom
        self.transcript = transcript
    }

    public func present(_ route: Route, style: PresentationStyle, animated: Bool, completion: @escaping @MainActor () -> Void) {
        transcript.record("presenter", "present \(route) \(style)\(animated ? " animated" : "")")
        if isTransitioning { transcript.reportUnexpected("present \(route.id) while a transition animates") }
        if let refusal {
            transcript.record("presenter", "refused #\(route.id.rawValue): \(refusal)")
            completion()
            picker?.presentationFailed(route.id, reason: refusal)
            return
        }
        defer { finish(completion) }
        guard stack.isEmpty else {
            return transcript.reportUnexpected("present \(route.id) while \(stack.map(\.id)) is presented")
        }
        stack = [route]
        self.style = style.description
        isNavigationBarHidden = false
        reportTransition(to: route, animated: animated)
    }

    public func dismiss(animated: Bool, completion: @escaping @MainActor () -> Void) {
        transcript.record("presenter", "dismiss\(animated ? " animated" : "")")
        if isTransitioning { transcript.reportUnexpected("dismiss while a transition animates") }
        defer { finish(completion) }
        guard !stack.isEmpty else { return transcript.reportUnexpected("dismiss with nothing presented") }
        stack = []
        style = nil
    }

    public func push(_ route: Route, animated: Bool) {
        transcript.record("presenter", "push \(route)\(animated ? " animated" : "")")
        if isTransitioning { transcript.reportUnexpected("push \(route.id) while a transition animates") }
        guard let root = stack.first, root.screen.kind.isNavigationStack else {
            return transcript.reportUnexpected("push \(route.id) without a presented navigation stack")
        }
        stack.append(route)
        reportTransition(to: route, animated: animated)
    }

    public func pop(animated: Bool) {
        transcript.record("presenter", "pop\(animated ? " animated" : "")")
        guard stack.count > 1 else { return transcript.reportUnexpected("pop with \(stack.count) route(s) shown") }
        stack.removeLast()
        reportTransition(to: stack[stack.count - 1], animated: animated)
    }

    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        transcript.record("presenter", "navigation bar \(hidden ? "hidden" : "shown")")
        guard !stack.isEmpty else { return transcript.reportUnexpected("navigation bar change with nothing presented") }
        isNavigationBarHidden = hidden
    }

    public func showAlert(for error: PickerError) {
        transcript.record("presenter", "alert \(error)")
        alerts.append(error)
    }

    /// Lets every held presentation or dismissal finish, in order.
    public func completeTransitions() {
        let held = heldCompletions
        heldCompletions.removeAll()
        transcript.record("presenter", "transition finished")
        for completion in held { completion() }
    }

    /// The person dismisses the presented screen themselves (swipes the sheet down, taps
    /// outside the popover): everything shown goes. Returns the presented route, which the
    /// presenter reports with ``UserAction/interactivelyDismissed``.
    @discardableResult
    public func dismissInteractively() -> Route.ID? {
        transcript.record("user", "dismiss interactively")
        guard let root = stack.first else {
            transcript.reportUnexpected("interactive dismissal with nothing presented")
            return nil
        }
        stack = []
        style = nil
        return root.id
    }

    private func finish(_ completion: @escaping @MainActor () -> Void) {
        if transitionMode == .immediate { return completion() }
        guard let animations else { return heldCompletions.append(completion) }
        animating += 1
        animations.run { [weak self] in
            self?.animating -= 1
            completion()
        }
    }

    /// The person swipes back on the navigation stack: it pops by itself and tells the proxy,
    /// without the coordinator asking.
    public func swipeBack() {
        transcript.record("user", "swipe back")
        guard stack.count > 1 else { return transcript.reportUnexpected("swipe back with \(stack.count) route(s) shown") }
        stack.removeLast()
        reportTransition(to: stack[stack.count - 1], animated: true)
    }

    private func reportTransition(to route: Route, animated: Bool) {
        guard let root = stack.first, root.screen.kind.isNavigationStack else { return }
        navigationProxy?.navigation(willShow: route, animated: animated)
        navigationProxy?.navigation(didShow: route, animated: animated)
    }
}

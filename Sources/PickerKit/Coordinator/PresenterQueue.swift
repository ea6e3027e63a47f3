/// The presenter calls a picker makes, in the order its workflow asked for them, and the
/// session ends that follow them: what the runner holds back while a presentation or dismissal
/// animates ("presentation in progress" on a device).
///
/// Three rules, each a value's behaviour rather than a guard in the runner:
/// - a call waits for the transition before it, unless that transition's presenter is gone: a
///   released presenter never finishes its animation, and must not hold the next session's
///   presenter back;
/// - a session that ends before its presentation was sent drops everything it queued: nothing is
///   presented after the session's callback, only to be dismissed;
/// - a session's end waits for the calls queued before it, so the delegate hears the outcome
///   after the dismissal it follows has finished, as ``ProfilePickerDelegate`` documents.
struct PresenterQueue {
    /// A presenter, held weakly, as the picker holds it.
    struct WeakPresenter {
        weak var value: (any Presenter)?
    }

    /// What waits its turn.
    enum Entry {
        /// A call to the presenter of `session`: `.present`, `.dismiss`, `.push`, `.pop`,
        /// `.setNavigationBarHidden` or `.showAlert`.
        case call(WorkflowEffect, presenter: WeakPresenter, session: Int)
        /// The end of `session`, to hand to its task and delegate.
        case deliver(SessionEnd, session: Int)
    }

    /// A presentation or dismissal that is animating.
    struct Transition {
        var id: Int
        var what: String
        var presenter: WeakPresenter
        /// The task that gives it up at its deadline; cancelled when it ends.
        var deadline: Task<Void, Never>?
    }

    private(set) var entries: [Entry] = []
    /// The transition animating now; `nil` once its presenter is gone, which never reports
    /// its end.
    var transition: Transition? {
        guard let animating, animating.presenter.value != nil else { return nil }
        return animating
    }
    private var animating: Transition?
    private var transitions = 0

    /// Whether an entry can be acted on now: something waits and no transition holds it back.
    var isReady: Bool { transition == nil && !entries.isEmpty }

    /// Whether nothing waits and nothing animates.
    var isIdle: Bool { entries.isEmpty && transition == nil }

    /// Whether a session's end waits for its turn: the session is over, its callback not made.
    var hasPendingEnd: Bool {
        entries.contains { if case .deliver = $0 { true } else { false } }
    }

    /// Queues a call to `presenter` for `session`.
    mutating func append(_ effect: WorkflowEffect, to presenter: (any Presenter)?, session: Int) {
        entries.append(.call(effect, presenter: WeakPresenter(value: presenter), session: session))
    }

    /// Queues the end of `session` after what is queued now.
    mutating func appendEnd(_ outcome: SessionEnd, session: Int) {
        entries.append(.deliver(outcome, session: session))
    }

    /// Drops a presentation of `session` that is still queued, not yet sent, with every call of
    /// the session queued after it: the session ends before it showed. What was queued before
    /// it (the dismissal of a chooser it replaces) stays. Returns whether it did: then nothing of
    /// the session is left on screen, and no dismissal is needed.
    mutating func dropUnsent(session: Int) -> Bool {
        guard let first = entries.firstIndex(where: { entry in
            if case let .call(.present, _, owner) = entry { owner == session } else { false }
        }) else { return false }
        entries = entries.enumerated().filter { index, entry in
            guard index >= first, case let .call(_, _, owner) = entry else { return true }
            return owner != session
        }.map(\.element)
        return true
    }

    /// The next entry to act on now; `nil` while a transition animates or nothing waits.
    mutating func next() -> Entry? {
        guard isReady else { return nil }
        stopAnimating()
        return entries.removeFirst()
    }

    /// The transition `id`, while it is the one begun last and not ended, whether or not its
    /// presenter is still there.
    func animating(_ id: Int) -> Transition? {
        animating?.id == id ? animating : nil
    }

    /// Gives the transition `id` its deadline `task`, cancelled when the transition ends.
    mutating func watch(_ id: Int, until task: Task<Void, Never>) {
        guard animating?.id == id else { return task.cancel() }
        animating?.deadline = task
    }

    /// Gives the transition `id` up without its completion (its presenter released the
    /// completion, or its deadline passed); returns whether it was the one animating. A
    /// completion that comes later is ignored by ``end(_:)``.
    mutating func giveUp(_ id: Int) -> Bool {
        guard animating?.id == id else { return false }
        stopAnimating()
        return true
    }

    private mutating func stopAnimating() {
        animating?.deadline?.cancel()
        animating = nil
    }

    /// A transition of `presenter` starts, described as `what`; returns its id for ``end(_:)``.
    mutating func begin(_ what: String, on presenter: any Presenter) -> Int {
        transitions += 1
        stopAnimating()
        animating = Transition(id: transitions, what: what, presenter: WeakPresenter(value: presenter))
        return transitions
    }

    /// The transition `id` finished; returns whether it was the one animating (a second
    /// completion, or one of a transition already given up, is ignored).
    mutating func end(_ id: Int) -> Bool {
        // The transition begun last, even if its presenter is gone since: UIKit holds a
        // presentation's completion and calls it when the animation ends, whoever presented.
        guard animating?.id == id else { return false }
        stopAnimating()
        return true
    }
}

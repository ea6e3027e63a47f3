/// When the picker may call its presenter, and when a session's callback may be delivered: the
/// presenter calls the workflow asked for, the presentations and dismissals they wait for, and
/// the session ends behind them, as a pure value moved on by events.
///
/// ``ProfilePicker`` feeds it everything that bears on a transition (a call the workflow asks
/// for, a session's end, a completion called or released uncalled, a deadline, a presenter
/// released) with ``handle(_:)``, then takes what has become due with ``next()`` until it
/// hands out nothing more, performing each as it takes it. Taking one at a time keeps the order
/// when performing one feeds another event (a presenter that tells the navigation proxy from
/// inside a push, a delegate that starts the next session from its callback). No other code
/// decides when a presenter is called or a callback delivered.
///
/// Four rules:
/// - A call waits for the presentation or dismissal before it, until that transition's
///   completion is called, is released uncalled, or its deadline passes. A presenter that goes
///   away does not end its transition: the animation system may still hold the completion (as
///   UIKit does) and call it later.
/// - A session that ends before its presentation was sent drops everything of its own still
///   queued: nothing is presented after a session's end, only to be dismissed.
/// - A session's end waits for the calls queued before it, so the delegate hears the outcome
///   once the screens it showed have gone (or can no longer complete).
/// - Nothing due is left waiting: the runner takes every due entry after each event, so no
///   callback waits for the host's next call (``hasDueEntry`` is false between events).
///
/// ```swift
/// var machine = TransitionMachine()
/// machine.handle(.call(.present(route, .fullScreen, animated: true), session: 1))   // []
/// machine.next()   // send(present #1, session 1, transition 1): the presentation animates
/// machine.handle(.sessionEnded(.cancelled(.host), session: 1))   // []
/// machine.next()   // nil: the end waits for the presentation
/// machine.handle(.completionCalled(1))   // [ended(1)]
/// machine.next()   // deliver(cancelled (host), session 1)
/// ```
///
/// - Complexity: O(n) per event in the calls queued, which is a handful.
struct TransitionMachine: Sendable, Equatable {
    /// What the workflow asked for that waits its turn.
    enum Entry: Sendable, Equatable {
        /// A call to the presenter of `session`: `.present`, `.dismiss`, `.push`, `.pop`,
        /// `.setNavigationBarHidden` or `.showAlert`.
        case call(WorkflowEffect, session: Int)
        /// The end of `session`, to hand to its task and delegate.
        case deliver(SessionEnd, session: Int)
    }

    /// A presentation or dismissal that was sent and has not ended.
    struct Transition: Sendable, Equatable {
        var id: Int
        /// `"the presentation of #1"`, `"a dismissal"`.
        var what: String
        var session: Int
        /// Whether its presenter was released or replaced since it was sent: its completion is
        /// still out, held by whatever animates.
        var presenterGone = false
    }

    /// Where one transition is.
    enum Phase: Sendable, Equatable {
        /// Sent; its completion has not come.
        case animating
        /// Sent, and its presenter has gone since; its completion is still out.
        case presenterGone
        /// Its completion was called.
        case completed
        /// It ended without its completion, for this reason; a completion that comes later is
        /// ignored.
        case givenUp(PickerEvent.TransitionGiveUp)
    }

    /// What bears on the transitions.
    enum Event: Sendable, Equatable {
        /// The workflow asks for a presenter call of `session` (``WorkflowEffect/present(_:_:animated:)``,
        /// ``WorkflowEffect/dismiss(animated:)`` and the other presenter calls).
        case call(WorkflowEffect, session: Int)
        /// `session` ended with `outcome`.
        case sessionEnded(SessionEnd, session: Int)
        /// Transition `id`'s completion was called.
        case completionCalled(Int)
        /// Transition `id`'s completion was released without being called.
        case completionReleased(Int)
        /// Transition `id` reached its deadline, `after` it was sent.
        case deadlinePassed(Int, after: Duration)
        /// The presenter of `session` was released (a session keeps the presenter it started
        /// with, so a replaced one is gone too). Fed for a session running or not yet delivered.
        case presenterGone(session: Int)
    }

    /// What the runner does now, in order.
    enum Output: Sendable, Equatable {
        /// Make this presenter call for `session`. With a `transition` id it is a presentation or
        /// dismissal that begins that transition: its completion and deadline end it.
        case send(WorkflowEffect, session: Int, transition: Int?)
        /// Hand `session`'s end to its task and delegate.
        case deliver(SessionEnd, session: Int)
        /// Transition `id` ended: stop watching its deadline.
        case ended(Int)
        /// Log that `what` was given up without its completion, for `reason`.
        case gaveUp(String, reason: PickerEvent.TransitionGiveUp)
    }

    /// What waits, oldest first.
    private(set) var entries: [Entry] = []
    /// The transition animating now, if any.
    private(set) var animating: Transition?
    /// The transition that ended last, and how.
    private(set) var lastEnded: (id: Int, phase: Phase)?
    /// The id the last transition took.
    private(set) var transitionsBegun = 0
    /// The sessions whose presenter has gone and whose end has not been delivered: nothing more
    /// is sent for them.
    private(set) var presenterlessSessions: Set<Int> = []

    static func == (a: TransitionMachine, b: TransitionMachine) -> Bool {
        a.entries == b.entries && a.animating == b.animating && a.lastEnded?.id == b.lastEnded?.id
            && a.lastEnded?.phase == b.lastEnded?.phase && a.transitionsBegun == b.transitionsBegun
            && a.presenterlessSessions == b.presenterlessSessions
    }

    /// Whether nothing waits and nothing animates.
    var isIdle: Bool { entries.isEmpty && animating == nil }

    /// Whether ``next()`` would hand out an entry now. The runner takes them all after each
    /// event, so it is never true between events.
    var hasDueEntry: Bool { animating == nil && !entries.isEmpty }

    /// Whether a session's end waits for its turn: the session is over, its callback not made.
    var hasPendingEnd: Bool {
        entries.contains { if case .deliver = $0 { true } else { false } }
    }

    /// The session whose transition animates, or whose calls or end wait; `nil` when idle.
    var pendingSession: Int? {
        if let animating { return animating.session }
        return entries.first.map { entry in
            switch entry {
            case let .call(_, session), let .deliver(_, session): session
            }
        }
    }

    /// Where transition `id` is; `nil` for one not sent, or ended before the last one ended.
    func phase(of id: Int) -> Phase? {
        if let animating, animating.id == id { return animating.presenterGone ? .presenterGone : .animating }
        if let lastEnded, lastEnded.id == id { return lastEnded.phase }
        return nil
    }

    /// Moves the machine on for `event` and returns what to do at once: a transition ended
    /// (``Output/ended(_:)``), given up (``Output/gaveUp(_:reason:)``). The calls and ends it made
    /// due are taken with ``next()``.
    @discardableResult
    mutating func handle(_ event: Event) -> [Output] {
        var outputs: [Output] = []
        switch event {
        case let .call(effect, session):
            // A presenter that has gone cannot be called; a session that ends before its
            // presentation was sent has nothing on screen to dismiss.
            guard !presenterlessSessions.contains(session) else { return [] }
            if case .dismiss = effect, dropUnsent(session: session) { return [] }
            entries.append(.call(effect, session: session))
        case let .sessionEnded(outcome, session):
            entries.append(.deliver(outcome, session: session))
        case let .completionCalled(id):
            guard end(id, .completed) else { return [] }
            outputs.append(.ended(id))
        case let .completionReleased(id):
            guard let what = animating?.what, end(id, .givenUp(.completionReleased)) else { return [] }
            outputs += [.gaveUp(what, reason: .completionReleased), .ended(id)]
        case let .deadlinePassed(id, after):
            guard let what = animating?.what, end(id, .givenUp(.deadline(after))) else { return [] }
            outputs += [.gaveUp(what, reason: .deadline(after)), .ended(id)]
        case let .presenterGone(session):
            // Its completion may still come, from whatever animates: the transition goes on.
            if animating?.session == session { animating?.presenterGone = true }
            presenterlessSessions.insert(session)
            entries.removeAll { if case let .call(_, owner) = $0 { owner == session } else { false } }
        }
        return outputs
    }

    /// Ends transition `id` as `phase`, when it is the one animating; returns whether it was.
    private mutating func end(_ id: Int, _ phase: Phase) -> Bool {
        guard animating?.id == id else { return false }
        animating = nil
        lastEnded = (id, phase)
        return true
    }

    /// Drops a presentation of `session` still queued, with every call of the session queued
    /// after it; what was queued before it (the dismissal of a chooser it replaces) stays.
    /// Returns whether it did.
    private mutating func dropUnsent(session: Int) -> Bool {
        guard let first = entries.firstIndex(where: { entry in
            if case let .call(.present, owner) = entry { owner == session } else { false }
        }) else { return false }
        entries = entries.enumerated().filter { index, entry in
            guard index >= first, case let .call(_, owner) = entry else { return true }
            return owner != session
        }.map(\.element)
        return true
    }

    /// Takes the oldest entry, when one is due: nothing animates. A presentation or dismissal
    /// taken begins its transition, and nothing more is due until it ends.
    mutating func next() -> Output? {
        guard animating == nil, !entries.isEmpty else { return nil }
        switch entries.removeFirst() {
        case let .deliver(outcome, session):
            presenterlessSessions.remove(session)
            return .deliver(outcome, session: session)
        case let .call(effect, session):
            guard let what = Self.transition(effect) else { return .send(effect, session: session, transition: nil) }
            transitionsBegun += 1
            animating = Transition(id: transitionsBegun, what: what, session: session)
            return .send(effect, session: session, transition: transitionsBegun)
        }
    }

    /// What a presentation or dismissal is called in the log; `nil` for a call that does not
    /// animate on its own (a push, a pop, the bar, an alert).
    static func transition(_ effect: WorkflowEffect) -> String? {
        switch effect {
        case let .present(route, _, _): "the presentation of \(route.id)"
        case .dismiss: "a dismissal"
        default: nil
        }
    }

    /// What is still pending, for ``ProfilePicker/idle(timeout:)``: `"a dismissal (animating)"`.
    var pendingWork: [String] {
        animating.map { ["\($0.what) (animating)"] } ?? []
    }
}

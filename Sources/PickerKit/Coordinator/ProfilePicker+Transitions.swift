extension ProfilePicker {
    // MARK: Transitions

    /// Moves the ``TransitionMachine`` on for `event` and does what it hands out, in order: the
    /// deadlines to stop, then each presenter call and callback now due, taken one at a time.
    func transition(_ event: TransitionMachine.Event) {
        // A presenter found gone first: what was queued for it is dropped, not sent and given up.
        if sessionPresenter == nil, let owner = workflow.state.session?.id ?? transitions.pendingSession,
            !transitions.presenterlessSessions.contains(owner)
        {
            for output in transitions.handle(.presenterGone(session: owner)) { perform(output) }
        }
        for output in transitions.handle(event) { perform(output) }
        while let output = transitions.next() { perform(output) }
    }

    /// Does one thing the machine handed out.
    private func perform(_ output: TransitionMachine.Output) {
        switch output {
        case let .send(effect, _, transition):
            send(effect, transition: transition)
        case let .deliver(outcome, session):
            deliver(outcome, session)
        case let .ended(id):
            deadlines.removeValue(forKey: id)?.cancel()
        case let .gaveUp(what, reason):
            eventHandler?(.transitionGivenUp(what, reason: reason))
        }
    }

    /// Makes one presenter call; a presentation or dismissal (`transition`) gets its completion
    /// and its deadline.
    private func send(_ effect: WorkflowEffect, transition id: Int?) {
        guard let presenter = sessionPresenter else {
            // Released between the machine's word and the call: nothing holds the completion.
            if let id { transition(.completionReleased(id)) }
            return
        }
        switch effect {
        case let .present(route, style, animated):
            presenter.picker = self
            if route.screen.kind.isNavigationStack { presenter.navigationProxy = proxy }
            let completion = watch(id)
            presenter.present(route, style: style, animated: animated) { completion?.call() }
        case let .dismiss(animated):
            let completion = watch(id)
            presenter.dismiss(animated: animated) { completion?.call() }
        case let .push(route, animated):
            presenter.push(route, animated: animated)
        case let .pop(animated):
            presenter.pop(animated: animated)
        case let .setNavigationBarHidden(hidden):
            presenter.setNavigationBarHidden(hidden, animated: false)
        case let .showAlert(error):
            presenter.showAlert(for: error)
        default:
            break
        }
    }

    /// Starts transition `id`'s deadline and returns its completion. Called, the completion ends
    /// the transition; released uncalled (the presenter dropped it, or went with it), it gives
    /// the transition up on the main actor's next turn; and ``PickerConfiguration/transitionDeadline``
    /// on ``transitionClock`` gives it up too. Each wakes the picker itself: no host call is
    /// needed for what waits to go on.
    private func watch(_ id: Int?) -> TransitionCompletion? {
        guard let id else { return nil }
        let clock = transitionClock, deadline = configuration.transitionDeadline
        // From the moment the transition is sent, not when the task first runs.
        let sent = clock.now
        deadlines[id] = Task { [weak self] in
            // A picker gone before this task ran leaves nothing to give up: no sleep that a
            // manual clock would hold for good.
            guard self != nil else { return }
            do { try await Self.sleep(for: deadline, on: clock, from: sent) } catch { return }
            self?.transitionEnded(.deadlinePassed(id, after: deadline))
        }
        return TransitionCompletion(
            finished: { [weak self] in self?.transitionEnded(.completionCalled(id)) },
            released: { [weak self] in self?.transitionEnded(.completionReleased(id)) })
    }

    /// A transition ended (its completion, its release or its deadline): what waited goes on,
    /// and a session whose presenter went while it animated ends now, not at the host's next call.
    private func transitionEnded(_ event: TransitionMachine.Event) {
        transition(event)
        endIfSeamsGone()
    }

    /// Waits out a transition's deadline of `duration` on `clock`.
    ///
    /// On the real clock (``SystemPickerClock``, the default) only the time the main actor is
    /// free counts: a loaded test run, or a device busy on its main thread, gives an animation
    /// more time rather than giving it up while its completion waits in line. On another clock
    /// (a test's `ManualClock`) it is one sleep, until the clock's `now` has moved on by
    /// `duration`; a sleep that returns early (a clock that skips its waits) is not believed, and
    /// the rest is waited as on the real clock.
    package static func sleep(for duration: Duration, on clock: any PickerClock, from start: Duration? = nil) async throws {
        guard !(clock is SystemPickerClock) else { return try await sleepWhileFree(for: duration) }
        let start = start ?? clock.now
        try await clock.sleep(for: duration - (clock.now - start))
        let slept = clock.now - start
        guard slept < duration else { return }
        try await sleepWhileFree(for: duration - max(slept, .zero))
    }

    /// Waits until the main actor has been free for `duration` of real time, in slices of 50 ms:
    /// a slice after which the main actor took more than 25 ms to resume this task was spent busy
    /// and does not count.
    static func sleepWhileFree(for duration: Duration) async throws {
        let clock = ContinuousClock()
        let slice = Duration.milliseconds(50)
        var counted = Duration.zero
        while counted < duration {
            let due = clock.now + slice
            try await clock.sleep(until: due, tolerance: nil)
            if clock.now - due <= .milliseconds(25) { counted += slice }
        }
    }
}

/// The completion the picker hands a presenter for one transition. Called, it ends the
/// transition; released without being called (the presenter was released with it, or dropped
/// it), it gives the transition up, on the main actor's next turn.
final class TransitionCompletion: @unchecked Sendable {
    private let finished: @MainActor @Sendable () -> Void
    private let released: @MainActor @Sendable () -> Void
    /// Set on the main actor only, where the completion is called.
    private var called = false

    init(finished: @escaping @MainActor @Sendable () -> Void, released: @escaping @MainActor @Sendable () -> Void) {
        self.finished = finished
        self.released = released
    }

    @MainActor
    func call() {
        guard !called else { return }
        called = true
        finished()
    }

    deinit {
        guard !called else { return }
        let released = self.released
        Task { @MainActor in released() }
    }
}


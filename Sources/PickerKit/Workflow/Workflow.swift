import PickerImaging

/// The profile-photo workflow as a value and a function: the ``state`` a person is in, and a
/// pure, synchronous reducer that moves it on for each ``WorkflowAction`` and returns the
/// ``WorkflowEffect``s to perform, in order.
///
/// ``ProfilePicker`` runs it against the seams; tests and tools can drive it directly, with no
/// seams at all:
///
/// ```swift
/// var workflow = Workflow()
/// let effects = workflow.reduce(.start(
///     .edit(photo), anchor: nil, configuration: PickerConfiguration(), facts: facts, requiresDelegate: true))
/// // [emit(start edit 4x3), present(#1 editor(4x3 crop (1,0,3,3)), fullScreen, animated: true)]
/// workflow.state.navigation.top?.id   // #1
/// ```
///
/// Every decision is made here: validation, the chooser's options, navigation, what a tap
/// means on each screen, when a session ends. Results of asynchronous work come back as
/// ``WorkflowAction/response(session:_:)``, and one rule drops those of a session that is no
/// longer running.
///
/// - Complexity: O(1) per action, except a library selection (O(n) in its items).
public struct Workflow {
    /// The step the person is in.
    public internal(set) var state: WorkflowState = .idle
    /// The number of sessions started so far; the next one is this plus one.
    public internal(set) var sessionsStarted = 0
    /// The id the next route gets.
    public internal(set) var nextRouteNumber = 1

    /// A workflow with no session, whose first route will be #1.
    public init() {}

    /// Moves the workflow on for `action` and returns what to do, in order.
    public mutating func reduce(_ action: WorkflowAction) -> [WorkflowEffect] {
        switch action {
        case let .start(request, anchor, configuration, facts, requiresDelegate):
            return start(request, anchor: anchor, configuration: configuration, facts: facts, requiresDelegate: requiresDelegate)
        case let .user(action, route, time):
            return user(action, route: route, at: time)
        case let .navigationShown(route):
            return navigationShown(route)
        case .hostCancelled:
            return end(.cancelled(.host))
        case .presenterGone:
            return end(.cancelled(.presenterGone))
        case let .presentationFailed(id, reason):
            // Only the presented route of the running session can fail to show; nothing is on
            // screen to dismiss.
            guard state.navigation.stack.first?.id == id else { return [] }
            return end(.failed(.presentationFailed(reason)), dismissing: false)
        case let .screenFailed(id, reason):
            // A screen of the running session, already shown: dismissed with the session.
            guard state.navigation.stack.contains(where: { $0.id == id }) else { return [] }
            return end(.failed(.presentationFailed(reason)))
        case .delegateGone:
            return end(.cancelled(.delegateGone))
        case let .response(session, response):
            // The one rule for asynchronous results: those of a session that is not running fall
            // out (what a late load delivered goes back to the photo source).
            guard session == state.session?.id else { return Self.discarding(response) }
            return respond(response)
        }
    }

    // MARK: A person's actions

    /// Routes a person's action: only with a session, past the access check, on the frontmost
    /// route, and offered by its screen; anything else is logged as ignored.
    mutating func user(_ action: UserAction, route id: Route.ID, at time: Duration) -> [WorkflowEffect] {
        guard case let .active(session, step) = state else { return ignore(action, id, .noSession) }
        if case .askingAccess = step { return ignore(action, id, .starting) }
        if action == .interactivelyDismissed {
            // The whole presentation went, whatever was pushed on it: one cancel, no dismiss.
            guard state.navigation.stack.first?.id == id else { return ignore(action, id, .notFrontmost) }
            return end(.cancelled(.user), dismissing: false)
        }
        guard let top = state.topRoute, top.id == id else { return ignore(action, id, .notFrontmost) }
        if action == .cancelTapped { return cancelTapped() }
        let effects: [WorkflowEffect]?
        switch step {
        case let .choosingSource(route): effects = chooserAction(action, session, route)
        case .browsing, .loading, .loadingMany: effects = browserAction(action, on: id)
        case .camera: effects = cameraAction(action, on: id, at: time)
        case .editing: effects = editorAction(action, on: id)
        case .previewing: effects = previewAction(action)
        case .askingAccess: effects = nil
        }
        return effects ?? ignore(action, id, .notOffered)
    }

    /// Cancel goes back one step from a pushed edit screen or preview (B4); anywhere else it
    /// ends the session with a cancel.
    mutating func cancelTapped() -> [WorkflowEffect] {
        switch state {
        case let .active(session, .editing(editing)):
            guard let root = editing.root else { break }
            state = .active(session, root.shownAgain)
            return [.pop(animated: false), .setNavigationBarHidden(false)]
        case .active(_, .previewing(let preview)) where preview.exportProgress != nil:
            return cancelExport() ?? []
        case let .active(session, .previewing(preview)):
            state = .active(session, preview.root.shownAgain)
            return [.pop(animated: true)] + (preview.pickedMovie.map { [WorkflowEffect.discard($0)] } ?? [])
        default: break
        }
        return end(.cancelled(.user))
    }

    func ignore(_ action: UserAction, _ route: Route.ID, _ reason: PickerEvent.IgnoreReason) -> [WorkflowEffect] {
        [.emit(.actionIgnored(action, route: route, reason: reason))]
    }

    /// Changes the edit screen's step in place, and returns what `change` returns; `nil` when
    /// the edit screen is not the step. The step is taken out of the state while it changes, so
    /// the arrays it holds (the edit history's) grow in place instead of being copied, and is
    /// put back after.
    mutating func updateEditing<Value>(_ change: (WorkflowSession, inout EditingStep) -> Value) -> Value? {
        guard case .active(let session, .editing(var editing)) = state else { return nil }
        state = .idle
        defer { state = .active(session, .editing(editing)) }
        return change(session, &editing)
    }

    // MARK: Responses

    mutating func respond(_ response: WorkflowResponse) -> [WorkflowEffect] {
        switch response {
        case .taskCancelled:
            return end(.cancelled(.task))
        case let .accessAnswered(source, status, asked):
            return accessAnswered(source, status, asked: asked)
        case let .loadProgress(item, fraction):
            return loadProgress(item, fraction)
        case let .moreItemsSelected(source):
            return [.emit(.moreItemsSelected(source))]
        case let .loaded(item, slot, result):
            return loaded(item, slot: slot, result)
        case let .cameraReady(device, time):
            return cameraReady(device, at: time)
        case let .cameraFailed(cause):
            return cameraFailed(cause)
        case let .captured(result):
            return captured(result)
        case let .recordingStarted(result):
            return recordingStarted(result)
        case let .recordingStopped(result):
            return recordingStopped(result)
        case let .deadline(timer):
            return deadline(timer)
        case let .rendered(result, edit, route):
            return rendered(result, edit, route: route)
        case let .subjectLocated(route, result):
            return subjectLocated(result, route: route)
        case let .movieExportProgress(attempt, fraction):
            return movieExportProgress(attempt: attempt, fraction)
        case let .movieExported(attempt, result):
            return movieExported(attempt: attempt, result)
        }
    }

    // MARK: Sessions and routes

    mutating func newSession(
        _ entry: SessionEntry, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts
    ) -> WorkflowSession {
        sessionsStarted += 1
        return WorkflowSession(id: sessionsStarted, entry: entry, anchor: anchor, configuration: configuration, facts: facts)
    }

    mutating func makeRoute(_ screen: Screen) -> Route {
        defer { nextRouteNumber += 1 }
        return Route(id: Route.ID(nextRouteNumber), screen: screen)
    }

    /// Ends the running session once: tears the camera down if it runs, dismisses what is
    /// shown, logs the end and delivers the outcome. With no session it does nothing.
    /// `dismissing` is `false` when the person already dismissed the screens themselves.
    mutating func end(_ outcome: SessionEnd, dismissing: Bool = true) -> [WorkflowEffect] {
        guard let session = state.session else { return [] }
        var effects: [WorkflowEffect] = []
        if case .ready = state.cameraBelow?.readiness { effects.append(.tearDownCamera) }
        if dismissing, state.topRoute != nil { effects.append(.dismiss(animated: session.configuration.animated)) }
        if case .finished = outcome {} else { effects += state.heldMedia.map(WorkflowEffect.discard) }
        state = .idle
        effects.append(.emit(.sessionEnded(outcome.logged)))
        effects.append(.deliver(outcome, session: session.id))
        return effects
    }
}

extension Workflow {
    /// What a response that falls out delivered, to hand back to the photo source.
    static func discarding(_ response: WorkflowResponse) -> [WorkflowEffect] {
        switch response {
        case let .loaded(_, _, .success(media)): [.discard(media)]
        case let .movieExported(_, .success(url)): [.deleteExport(url)]
        default: []
        }
    }
}

extension WorkflowState {
    /// The media of the photo source a step holds that no result carries yet: a previewed movie
    /// picked in a browser, the loaded items of a selection.
    var heldMedia: [PickedMedia] {
        switch step {
        case let .previewing(preview): preview.pickedMovie.map { [$0] } ?? []
        case let .loadingMany(_, batch): batch.compactMap { entry in if case let .success(media)? = entry.result { media } else { nil } }
        default: []
        }
    }
}

extension PreviewStep {
    /// The previewed movie when a browser picked it (a recording is the camera's, not the
    /// photo source's).
    var pickedMovie: PickedMedia? {
        if case .browser = root { .movie(url, duration: duration) } else { nil }
    }
}

extension SessionEnd {
    /// The outcome as the event log tells it.
    var logged: SessionOutcome {
        switch self {
        case let .finished(result): .finished(result.summary)
        case let .cancelled(reason): .cancelled(reason)
        case let .failed(error): .failed(error)
        }
    }
}

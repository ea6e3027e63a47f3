import Foundation
@testable import PickerKit


/// The picker and its world as one pure value, for exploring every order of events: the real
/// ``Workflow`` and ``TransitionMachine``, the runner's glue between them (when a seam is found
/// gone, what each effect becomes), and a model of the host's side (its presenter and what it
/// shows, who holds each completion, the delegate, the background work, the clocks).
///
/// Every event is applied synchronously, as one turn of the main actor: what the picker would
/// do on a later turn by itself (a released completion, a load that finished) is an event of
/// its own. After each event the model checks the contract, and records what it broke in
/// ``violations``.
struct PickerModel {
    /// Who holds the completions of the presenter's transitions that do not end at once.
    enum Holder: String, CaseIterable {
        /// They end as they start.
        case immediate
        /// The presenter: releasing it releases them, uncalled.
        case presenter
        /// An animation system that outlives the presenter, as UIKit's does.
        case animations
    }

    /// A completion handed to a presenter and not yet called or released.
    struct Held: Equatable {
        var transition: Int
        var presenter: Int
    }

    /// What the host can do, what the person can do, and what time does.
    enum Event: Equatable {
        case startEdit, startLibrary, startCamera, startChooser, pickLibrary
        /// A tap on the frontmost screen: the `index`th action its screen offers.
        case tap(Int)
        /// A cancel on a route that is not the frontmost one (or no longer shown).
        case staleTap
        /// The person swipes the presented sheet away.
        case swipeAway
        /// The oldest held completion is called.
        case completeOldest
        /// A completion already called is called again.
        case completeTwice
        /// The oldest held completion is released uncalled.
        case releaseOldest
        /// The host lets go of its presenter.
        case releasePresenter
        /// The host sets a new presenter (letting go of the old one).
        case replacePresenter
        case releaseDelegate, setDelegate
        case hostCancel
        /// The task awaiting ``ProfilePicker/pick(_:anchor:)`` is cancelled.
        case cancelPickTask
        /// The oldest background work (a load, the camera starting, a capture, a render, an
        /// instant clock's timer) finishes.
        case workFinishes
        /// The clocks move on by nothing, by less than any deadline, or past every deadline.
        case advanceNothing, advanceALittle, advancePastDeadlines

        static let all: [Event] = [
            .startEdit, .startLibrary, .startCamera, .startChooser, .pickLibrary, .tap(0), .tap(1), .staleTap, .swipeAway,
            .completeOldest, .completeTwice, .releaseOldest, .releasePresenter, .replacePresenter, .releaseDelegate, .setDelegate,
            .hostCancel, .cancelPickTask, .workFinishes, .advanceNothing, .advanceALittle, .advancePastDeadlines,
        ]
    }

    /// What the runner keeps per session, as ``ProfilePicker`` does.
    struct Link: Equatable {
        var reportsToDelegate: Bool
        var isPick: Bool
        /// The presenter the session shows on.
        var presenter: Int?
        /// Whether its presenter went while one of its transitions animated.
        var releasedMidTransition = false
        /// Whether a transition of its was given up.
        var gaveUp = false
    }

    // The picker.
    var workflow = Workflow()
    var machine = TransitionMachine()
    /// The deadline's progress of the transition animating: ticks on the transition clock.
    var ticks = 0

    // The host.
    let holder: Holder
    /// Whether the picker's clock returns from its sleeps at once.
    let instantClock: Bool
    /// The presenter the host has set; `nil` once released.
    var hostPresenter: Int? = 1
    var presentersMade = 1
    /// What each live presenter shows: its stack of route ids.
    var shown: [Int: [Route.ID]] = [1: []]
    /// The completions out, oldest first.
    var held: [Held] = []
    /// The transitions whose completion was called.
    var called: [Int] = []
    /// The transitions given up, their completion released or past their deadline.
    var givenUp: Set<Int> = []
    var delegateAlive = true
    var links: [Int: Link] = [:]
    /// The background work, oldest first: the response it gives, and its session.
    var work: [(session: Int, response: WorkflowResponse)] = []
    /// The workflow's timers waiting on a manual clock.
    var timers: [(session: Int, timer: WorkflowTimer)] = []
    /// The callbacks each session got.
    var callbacks: [Int: Int] = [:]

    /// What the presenter and delegate heard during the last event, as lines.
    var heard: [String] = []
    /// The broken rules, with the event that broke each.
    var violations: [String] = []

    static let photo = try! PixelBuffer(width: 2, height: 2)
    static let item = PickedItem(id: "IMG")
    static let deadline = Duration.seconds(4)

    init(holder: Holder, instantClock: Bool) {
        self.holder = holder
        self.instantClock = instantClock
    }

    var sessionPresenter: Int? {
        let id = workflow.state.session?.id ?? machine.pendingSession
        return id.flatMap { links[$0]?.presenter }
    }

    func isAlive(_ presenter: Int?) -> Bool { presenter.map { shown[$0] != nil } ?? false }

    // MARK: Events

    /// Applies `event`; returns whether it could happen at all (a tap needs a screen).
    @discardableResult
    mutating func apply(_ event: Event) -> Bool {
        heard = []
        switch event {
        case .startEdit: start(.edit(Self.photo, mediaType: .image, restoring: nil), delegate: true)
        case .startLibrary: start(.source(.photoLibrary), delegate: true)
        case .startCamera: start(.source(.camera), delegate: true)
        case .startChooser: start(.sourceChooser(.actionSheet), delegate: true)
        case .pickLibrary: start(.source(.photoLibrary), delegate: false)
        case let .tap(index):
            guard let top = workflow.state.topRoute else { return false }
            let actions = Self.actions(on: top.screen.kind)
            guard actions.indices.contains(index) else { return false }
            send(actions[index], from: top.id)
        case .staleTap:
            guard let top = workflow.state.topRoute, top.id.rawValue > 1 else { return false }
            send(.cancelTapped, from: Route.ID(top.id.rawValue - 1))
        case .swipeAway:
            guard let presenter = hostPresenter, let root = shown[presenter]?.first, !isBusy(presenter) else { return false }
            shown[presenter] = []
            send(.interactivelyDismissed, from: root)
        case .completeOldest:
            guard !held.isEmpty else { return false }
            let completion = held.removeFirst()
            called.append(completion.transition)
            transitionEnded(.completionCalled(completion.transition))
        case .completeTwice:
            guard let again = called.last else { return false }
            transitionEnded(.completionCalled(again))
        case .releaseOldest:
            guard !held.isEmpty else { return false }
            transitionEnded(.completionReleased(held.removeFirst().transition))
        case .releasePresenter:
            guard let presenter = hostPresenter else { return false }
            releasePresenter(presenter)
        case .replacePresenter:
            if let presenter = hostPresenter { releasePresenter(presenter) }
            presentersMade += 1
            hostPresenter = presentersMade
            shown[presentersMade] = []
        case .releaseDelegate:
            guard delegateAlive else { return false }
            delegateAlive = false
        case .setDelegate:
            guard !delegateAlive else { return false }
            delegateAlive = true
        case .hostCancel:
            if endIfSeamsGone() { break }
            dispatch(.hostCancelled)
        case .cancelPickTask:
            guard let session = workflow.state.session?.id, links[session]?.isPick == true else { return false }
            respond(session, .taskCancelled)
        case .workFinishes:
            guard !work.isEmpty else { return false }
            let next = work.removeFirst()
            respond(next.session, next.response)
        case .advanceNothing:
            break
        case .advanceALittle:
            guard let animating = machine.animating else { return false }
            ticks += 1
            if ticks >= 4 { transitionEnded(.deadlinePassed(animating.id, after: Self.deadline)) }
        case .advancePastDeadlines:
            if let animating = machine.animating { transitionEnded(.deadlinePassed(animating.id, after: Self.deadline)) }
            let due = timers
            timers = []
            for timer in due { respond(timer.session, .deadline(timer.timer)) }
        }
        check(after: event)
        return true
    }

    /// The actions a person can take on a screen, as a walk offers them.
    static func actions(on kind: ScreenKind) -> [UserAction] {
        switch kind {
        case .sourceChooser: [.sourceChosen(.photoLibrary), .cancelTapped]
        case .browser: [.itemPicked(item), .cancelTapped]
        case .camera: [.shutterTapped, .cancelTapped]
        case .editor, .moviePreview: [.chooseTapped, .cancelTapped]
        case .libraryPicker: [.cancelTapped]
        }
    }

    private mutating func releasePresenter(_ presenter: Int) {
        hostPresenter = nil
        shown[presenter] = nil
        for (id, link) in links where link.presenter == presenter && machine.animating?.session == id {
            links[id]?.releasedMidTransition = true
        }
        // The completions it held go with it; the picker hears each on the next turn.
        guard holder == .presenter else { return }
        let released = held.filter { $0.presenter == presenter }
        held.removeAll { $0.presenter == presenter }
        for completion in released { transitionEnded(.completionReleased(completion.transition)) }
    }

    private func isBusy(_ presenter: Int) -> Bool {
        held.contains { $0.presenter == presenter }
    }

    // MARK: The runner's glue, as ProfilePicker has it

    private mutating func start(_ request: PickRequest, delegate requiresDelegate: Bool) {
        endIfSeamsGone()
        if workflow.state.session == nil, machine.hasPendingEnd {
            heard.append("start refused: in progress")
            return
        }
        let presenter = workflow.state.session == nil ? hostPresenter : sessionPresenter
        let id = workflow.sessionsStarted + 1
        links[id] = Link(reportsToDelegate: requiresDelegate, isPick: !requiresDelegate, presenter: presenter)
        let facts = DeviceFacts(
            sources: [.photoLibrary: [.image], .camera: [.image]], cameras: [.rear], canRecordMovies: false,
            hostInfo: .allDeclared, idiom: .phone, hasPresenter: hostPresenter != nil, hasDelegate: delegateAlive)
        var configuration = PickerConfiguration()
        configuration.transitionDeadline = Self.deadline
        // The edit screen waits for the subject locator's answer, which comes as other work does.
        configuration.editor.initialFraming = .subject
        dispatch(.start(request, anchor: nil, configuration: configuration, facts: facts, requiresDelegate: requiresDelegate))
        // Refused by its checks: no session started.
        if workflow.sessionsStarted < id { links[id] = nil }
    }

    private mutating func send(_ action: UserAction, from route: Route.ID) {
        if action == .interactivelyDismissed, workflow.state.navigation.stack.first?.id == route {
            dispatch(.user(action, route: route, at: .zero))
            return
        }
        if endIfSeamsGone() { return }
        dispatch(.user(action, route: route, at: .zero))
    }

    private mutating func respond(_ session: Int, _ response: WorkflowResponse) {
        if endIfSeamsGone() { return }
        dispatch(.response(session: session, response))
    }

    @discardableResult
    private mutating func endIfSeamsGone() -> Bool {
        let presenterGone = !isAlive(sessionPresenter)
        if presenterGone, let owner = workflow.state.session?.id ?? machine.pendingSession {
            transition(.presenterGone(session: owner))
        }
        guard let session = workflow.state.session else { return false }
        if presenterGone {
            dispatch(.presenterGone)
            return true
        }
        if !delegateAlive, links[session.id]?.reportsToDelegate == true {
            dispatch(.delegateGone)
            return true
        }
        return false
    }

    private mutating func dispatch(_ action: WorkflowAction) {
        for effect in workflow.reduce(action) { perform(effect) }
    }

    private mutating func perform(_ effect: WorkflowEffect) {
        switch effect {
        case .present, .dismiss, .push, .pop, .setNavigationBarHidden, .showAlert:
            transition(.call(effect, session: workflow.sessionsStarted))
        case let .checkAccess(source, session):
            respond(session, .accessAnswered(source, .authorized, asked: false))
        case let .load(item, _, slot, session):
            work.append((session, .loaded(item, slot: slot, .success(.image(Self.photo)))))
        case let .prepareCamera(device, session):
            work.append((session, .cameraReady(device, at: .zero)))
        case let .captureStill(_, session):
            work.append((session, .captured(.success(Self.photo))))
        case let .startTimer(timer, _, session):
            if instantClock { work.append((session, .deadline(timer))) } else { timers.append((session, timer)) }
        case let .cancelTimer(timer):
            timers.removeAll { $0.timer == timer }
            work.removeAll { if case .deadline(timer) = $0.response { true } else { false } }
        case let .render(edit, original, route, session):
            work.append((session, .rendered(.success(original), edit, route: route)))
        case let .locateSubject(_, route, session):
            let face = SubjectRegion(kind: .face, box: PixelRect(x: 0, y: 0, width: 1, height: 1), confidence: 0.9)
            work.append((session, .subjectLocated(route: route, .success([face]))))
        case let .deliver(outcome, session):
            work.removeAll { $0.session == session }
            timers.removeAll { $0.session == session }
            transition(.sessionEnded(outcome, session: session))
        default:
            break
        }
    }

    private mutating func transitionEnded(_ event: TransitionMachine.Event) {
        transition(event)
        endIfSeamsGone()
    }

    private mutating func transition(_ event: TransitionMachine.Event) {
        if !isAlive(sessionPresenter), let owner = workflow.state.session?.id ?? machine.pendingSession,
            !machine.presenterlessSessions.contains(owner)
        {
            for output in machine.handle(.presenterGone(session: owner)) { perform(output) }
        }
        let animating = machine.animating?.session
        for output in machine.handle(event) {
            if case .gaveUp = output, let animating {
                links[animating]?.gaveUp = true
                if case let .deadlinePassed(id, _) = event { givenUp.insert(id) }
            }
            perform(output)
        }
        while let output = machine.next() { perform(output) }
    }

    private mutating func perform(_ output: TransitionMachine.Output) {
        switch output {
        case let .send(effect, session, transition):
            sendToPresenter(effect, session: session, transition: transition)
        case let .deliver(outcome, session):
            deliver(outcome, session)
        case .ended:
            ticks = 0
        case .gaveUp:
            break
        }
    }

    private mutating func sendToPresenter(_ effect: WorkflowEffect, session: Int, transition: Int?) {
        guard let presenter = links[session]?.presenter, isAlive(presenter) else {
            if let transition { self.transition(.completionReleased(transition)) }
            return
        }
        heard.append("presenter \(presenter): \(Self.line(effect))")
        if held.contains(where: { $0.presenter == presenter && !givenUp.contains($0.transition) }) {
            violations.append("presenter \(presenter) called (\(Self.line(effect))) while its transition animates")
        }
        var stack = shown[presenter] ?? []
        switch effect {
        case let .present(route, _, _):
            if !stack.isEmpty { violations.append("present \(route.id) over \(stack)") }
            stack = [route.id]
        case .dismiss:
            if stack.isEmpty { violations.append("dismiss with nothing shown") }
            stack = []
        case let .push(route, _):
            if stack.isEmpty { violations.append("push \(route.id) with nothing shown") }
            stack.append(route.id)
        case .pop:
            if stack.count < 2 { violations.append("pop with \(stack.count) shown") }
            stack.removeLast(min(1, stack.count))
        default:
            break
        }
        shown[presenter] = stack
        // A navigation stack tells the proxy what it shows, before the completion, as a
        // navigation controller does.
        switch effect {
        case let .present(route, _, _) where route.screen.kind.isNavigationStack:
            navigationShown(route)
        case let .push(route, _):
            navigationShown(route)
        default:
            break
        }
        guard let transition else { return }
        if holder == .immediate {
            called.append(transition)
            transitionEnded(.completionCalled(transition))
        } else {
            held.append(Held(transition: transition, presenter: presenter))
        }
    }

    private mutating func navigationShown(_ route: Route) {
        if endIfSeamsGone() { return }
        dispatch(.navigationShown(route))
    }

    private mutating func deliver(_ outcome: SessionEnd, _ session: Int) {
        callbacks[session, default: 0] += 1
        heard.append("deliver s\(session) \(outcome.logged)")
        if callbacks[session]! > 1 { violations.append("session \(session) called back \(callbacks[session]!) times") }
        guard let presenter = links[session]?.presenter else { return }
        if isAlive(presenter), links[session]?.gaveUp != true, shown[presenter]?.isEmpty == false {
            violations.append("session \(session) called back with \(shown[presenter]!) still shown")
        }
        if held.contains(where: { $0.presenter == presenter && !givenUp.contains($0.transition) }) {
            violations.append("session \(session) called back while a transition of its can still complete")
        }
    }

    // MARK: Checks

    /// The rules that hold after every event.
    private mutating func check(after event: Event) {
        if machine.hasDueEntry { violations.append("after \(event): a call or callback is due and waits") }
        if workflow.state.session == nil, machine.hasPendingEnd, machine.animating == nil {
            violations.append("after \(event): a session's end waits with nothing animating")
        }
        // A session whose presenter went mid-transition ends when nothing of its animates.
        if let session = workflow.state.session?.id, links[session]?.releasedMidTransition == true,
            !isAlive(links[session]?.presenter), machine.animating == nil
        {
            violations.append("after \(event): session \(session) lost its presenter mid-transition and waits for a host call")
        }
    }

    /// Ends everything without the host's help where it can (completions, work, deadlines), then
    /// with a host cancel; returns the broken rules: a session without exactly one callback,
    /// anything retained.
    func settledViolations() -> [String] {
        var model = self
        model.violations = []
        for round in 0..<4 {
            var steps = 0
            while steps < 40, !model.held.isEmpty || !model.work.isEmpty || !model.timers.isEmpty || model.machine.animating != nil {
                steps += 1
                if !model.held.isEmpty {
                    model.apply(.completeOldest)
                } else if !model.work.isEmpty {
                    model.apply(.workFinishes)
                } else {
                    model.apply(.advancePastDeadlines)
                }
            }
            if round == 1, model.hostPresenter == nil { model.apply(.replacePresenter) }
            model.apply(.hostCancel)
        }
        var problems = model.violations
        for (session, _) in model.links where model.callbacks[session] != 1 {
            problems.append("session \(session): \(model.callbacks[session] ?? 0) callbacks")
        }
        if !model.machine.isIdle { problems.append("the machine still holds \(model.machine.entries.count) entries") }
        if !model.machine.presenterlessSessions.isEmpty { problems.append("presenterless sessions kept: \(model.machine.presenterlessSessions)") }
        if !model.work.isEmpty || !model.timers.isEmpty { problems.append("work retained: \(model.work.count) tasks, \(model.timers.count) timers") }
        return problems
    }

    /// The presenter call as a line: `"present #1"`, `"dismiss"`.
    static func line(_ effect: WorkflowEffect) -> String {
        switch effect {
        case let .present(route, _, _): "present \(route.id)"
        case .dismiss: "dismiss"
        case let .push(route, _): "push \(route.id)"
        case .pop: "pop"
        case let .setNavigationBarHidden(hidden): hidden ? "bar hidden" : "bar shown"
        case .showAlert: "alert"
        default: "\(effect)"
        }
    }

    /// Everything that decides what happens next, as a string: two models with the same key
    /// behave the same from here on.
    var key: String {
        var parts: [String] = []
        parts.append("w\(workflow.sessionsStarted).\(workflow.nextRouteNumber) \(Self.stepKey(workflow.state))")
        parts.append("m\(machine.entries.map(Self.entryKey)) \(machine.animating.map { "\($0.id)\($0.presenterGone)" } ?? "-") \(machine.presenterlessSessions.sorted()) t\(ticks)")
        parts.append("p\(hostPresenter ?? 0) \(shown.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.map(\.rawValue))" })")
        parts.append("h\(held.map { "\($0.transition)@\($0.presenter)\(givenUp.contains($0.transition))" }) c\(called.last ?? 0) d\(delegateAlive)")
        parts.append("l\(links.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.reportsToDelegate)\($0.value.presenter ?? 0)\($0.value.releasedMidTransition)\($0.value.gaveUp)" })")
        parts.append("k\(work.map { "\($0.session):\(Self.responseKey($0.response))" }) \(timers.map { "\($0.session):\($0.timer)" }) \(callbacks.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })")
        return parts.joined(separator: "|")
    }

    static func entryKey(_ entry: TransitionMachine.Entry) -> String {
        switch entry {
        case let .call(effect, session): "\(session)\(line(effect))"
        case let .deliver(outcome, session): "\(session)end\(outcome.logged)"
        }
    }

    static func responseKey(_ response: WorkflowResponse) -> String {
        switch response {
        case .loaded: "loaded"
        case .cameraReady: "ready"
        case .captured: "captured"
        case let .deadline(timer): "\(timer)"
        case let .rendered(_, _, route): "rendered\(route)"
        default: "other"
        }
    }

    static func stepKey(_ state: WorkflowState) -> String {
        guard case let .active(session, step) = state else { return "idle" }
        let routes = state.navigation.stack.map { "\($0.id)" }.joined(separator: ",")
        let phase: String = switch step {
        case .askingAccess: "access"
        case .choosingSource: "chooser"
        case .browsing: "browsing"
        case .loading: "loading"
        case .loadingMany: "loadingMany"
        case let .camera(camera, activity): "camera \(camera.readiness) \(activity)"
        case let .editing(editing): "editing \(editing.isRendering) \(editing.root.map { "\($0.camera?.readiness as Any)" } ?? "-")"
        case .previewing: "previewing"
        }
        return "s\(session.id) \(phase) [\(routes)]"
    }
}

import Foundation
import PickerImaging

extension ProfilePicker {
    // MARK: Starting

    /// Starts a session; returns its number, or throws the start's refusal.
    @discardableResult
    func startNow(
        _ request: PickRequest, anchor: PopoverAnchor?, requiresDelegate: Bool, outcome: Once<SessionEnd>? = nil
    ) throws(PickerError) -> Int {
        endIfSeamsGone()
        if workflow.state.session == nil, transitions.hasPendingEnd {
            // The last session's screens are still going away and its callback has not been
            // made: a session is in progress until the host has heard how it ended.
            eventHandler?(.startFailed(.sessionInProgress))
            throw .sessionInProgress
        }
        // A session shows on the presenter it started with, even if the host sets another.
        if workflow.state.session == nil { sessionPresenter = presenter }
        let id = workflow.sessionsStarted + 1
        sessions[id] = SessionLink(outcome: outcome, started: nil, reportsToDelegate: requiresDelegate)
        let rejected = dispatch(
            .start(request, anchor: anchor, configuration: configuration, facts: currentFacts(), requiresDelegate: requiresDelegate))
        // Refused by the start's checks, by an access answer that came back at once, or not
        // started at all.
        if let error = rejected ?? sessions[id]?.refusal ?? (workflow.sessionsStarted < id ? .sessionInProgress : nil) {
            sessions[id] = nil
            throw error
        }
        return id
    }

    /// Starts a session and, while access is being asked for, waits until the source is shown,
    /// access is refused (thrown), or the session ends. Cancelling the waiting task cancels the
    /// session.
    @discardableResult
    func start(
        _ request: PickRequest, anchor: PopoverAnchor?, requiresDelegate: Bool, outcome: Once<SessionEnd>?
    ) async throws(PickerError) -> Int {
        let id = try startNow(request, anchor: anchor, requiresDelegate: requiresDelegate, outcome: outcome)
        guard case .askingAccess = workflow.state.step, workflow.state.session?.id == id else { return id }
        let started = Once<PickerError?>()
        sessions[id]?.started = started
        let refusal = await withTaskCancellationHandler {
            await started.value
        } onCancel: {
            Task { @MainActor [weak self] in self?.respond(id, .taskCancelled) }
        }
        if let refusal { throw refusal }
        return id
    }

    /// The device and host as they are now, for a session's start.
    func currentFacts() -> DeviceFacts {
        var sources: [SourceType: [MediaType]] = [:]
        for source in SourceType.allCases where photoSource.isSourceTypeAvailable(source) {
            sources[source] = photoSource.availableMediaTypes(for: source)
        }
        var facts = DeviceFacts(
            sources: sources, cameras: camera.map { camera in Set(CameraDevice.allCases.filter(camera.isAvailable)) },
            canRecordMovies: camera?.canRecordMovies ?? false, hostInfo: hostInfo, idiom: presenter?.idiom ?? .phone,
            hasPresenter: presenter != nil, hasDelegate: delegate != nil)
        facts.canExportMovies = movieExporter != nil
        return facts
    }

    // MARK: Feeding the workflow

    /// Runs `action` through the workflow and performs its effects, in order; then any action
    /// held back while they were performed. Returns the refusal of a start, when the workflow
    /// refused one (``WorkflowEffect/rejectStart(_:)``).
    @discardableResult
    func dispatch(_ action: WorkflowAction) -> PickerError? {
        heldActions.enter()
        var refusal: PickerError?
        for effect in workflow.reduce(action) {
            if case let .rejectStart(error) = effect { refusal = error }
            perform(effect)
        }
        heldActions.leave()
        while let held = heldActions.next() { dispatch(held) }
        if heldActions.isSettled {
            // The observers still alive, and not cancelled, hear that the state changed.
            for observer in stateObservers.due(workflow.state) where observer.isLive { observer.handler(self) }
        }
        return refusal
    }

    /// Runs `action` now, or once the effects being performed are done: a presenter that
    /// reports a failure from inside the call that asked it to present must not end the
    /// session halfway through the effects of the step that started it.
    func dispatchAfterEffects(_ action: WorkflowAction) {
        if let action = heldActions.dueNow(action) { dispatch(action) }
    }

    /// Feeds a response of `session`'s work, unless a seam has gone meanwhile; returns the
    /// refusal of a start it caused (an access answer refusing a direct start).
    @discardableResult
    func respond(_ session: Int, _ response: WorkflowResponse) -> PickerError? {
        if endIfSeamsGone() { return nil }
        return dispatch(.response(session: session, response))
    }

    /// The picker's navigation stack shows `route`.
    func navigationDidShow(_ route: Route) {
        if endIfSeamsGone() { return }
        dispatch(.navigationShown(route))
    }

    /// Ends the running session with a cancel when its presenter, or the delegate it reports
    /// to, has been released. Returns whether it did.
    @discardableResult
    func endIfSeamsGone() -> Bool {
        if sessionPresenter == nil, let owner = workflow.state.session?.id ?? transitions.pendingSession {
            // Nothing more is sent to it; a transition it began waits for its completion still.
            transition(.presenterGone(session: owner))
        }
        guard let session = workflow.state.session else { return false }
        if sessionPresenter == nil {
            dispatch(.presenterGone)
            return true
        }
        if delegate == nil, sessions[session.id]?.reportsToDelegate == true {
            dispatch(.delegateGone)
            return true
        }
        return false
    }

    /// Whether `session` is still the running one, and the calling task still wanted.
    func isCurrent(_ session: Int) -> Bool {
        workflow.state.session?.id == session && !Task.isCancelled
    }

    // MARK: Effects

    /// Hands `event` to ``eventHandler``. With no handler set, a debug build writes what a
    /// developer must know to standard error: a source the chooser left out, and why.
    func emit(_ event: PickerEvent) {
        if let eventHandler { return eventHandler(event) }
        #if DEBUG
        if case .sourceLeftOut = event { FileHandle.standardError.write(Data("PickerKit: \(event)\n".utf8)) }
        #endif
    }

    func perform(_ effect: WorkflowEffect) {
        switch effect {
        case let .emit(event):
            emit(event)
        case .rejectStart:
            // `dispatch` returns it to the start it refuses.
            break
        case .present, .dismiss, .push, .pop, .setNavigationBarHidden, .showAlert:
            // Every presenter call belongs to the latest session: sessions never overlap.
            transition(.call(effect, session: workflow.sessionsStarted))
        case let .checkAccess(source, session):
            checkAccess(source, session)
        case let .selectMoreItems(source, session):
            selectMoreItems(source, session)
        case let .load(item, representation, slot, session):
            load(item, representation, slot: slot, session)
        case let .prepareCamera(device, session):
            prepareCamera(device, session)
        case let .captureStill(flash, session):
            captureStill(flash, session)
        case let .startRecording(session):
            startRecording(session)
        case let .stopRecording(session):
            stopRecording(session)
        case .tearDownCamera:
            // The camera that started, even if the host has set another since.
            runningCamera?.tearDown()
            runningCamera = nil
        case let .startTimer(timer, duration, session):
            startTimer(timer, duration, session)
        case let .cancelTimer(timer):
            work.cancel(timer)
        case let .render(edit, original, route, session):
            render(edit, of: original, route: route, session)
        case let .locateSubject(image, route, session):
            locateSubject(in: image, route: route, session)
        case let .discard(media):
            photoSource.discard(media)
        case let .exportMovie(source, range, quality, attempt, session):
            exportMovie(MovieExportRequest(
                source: source, timeRange: range, quality: quality,
                destination: FileManager.default.temporaryDirectory.appendingPathComponent("PickerKit-\(UUID().uuidString).mov")),
                attempt: attempt, session)
        case .cancelMovieExport:
            runningExport.cancel()
        case let .deleteExport(url):
            Self.deleteExport(url)
        case let .deliver(outcome, session):
            stopWork(of: session)
            // After the dismissal queued before it: the delegate hears the end once the screens are gone.
            transition(.sessionEnded(outcome, session: session))
        }
    }

    private func selectMoreItems(_ source: SourceType, _ session: Int) {
        let photos = photoSource
        spawn(session, "the selection of more items") { [weak self] in
            await photos.selectMoreItems(for: source)
            self?.respond(session, .moreItemsSelected(source))
        }
    }

    private func startTimer(_ timer: WorkflowTimer, _ duration: Duration, _ session: Int) {
        let clock = self.clock
        spawn(session, "the \(timer) timer (\(duration.seconds)s)", timer: timer) { [weak self] in
            do { try await clock.sleep(for: duration) } catch { return }
            guard !Task.isCancelled else { return }
            self?.respond(session, .deadline(timer))
        }
    }

    private func render(_ edit: EditSession, of original: any ImageBuffer, route: Route.ID, _ session: Int) {
        spawn(session, "the render of \(route)") { [weak self] in
            let result = await Self.render(edit, of: original)
            self?.respond(session, .rendered(result, edit, route: route))
        }
    }

    /// Runs the ``subjectLocator`` off the main actor and answers with its regions, or with its
    /// failure (the screen then opens centred).
    private func locateSubject(in image: any ImageBuffer, route: Route.ID, _ session: Int) {
        let locator = subjectLocator
        spawn(session, "the subject location of \(route)") { [weak self] in
            let result = await Self.locate(image, with: locator)
            self?.respond(session, .subjectLocated(route: route, result))
        }
    }

    @concurrent
    nonisolated private static func locate(_ image: any ImageBuffer, with locator: any SubjectLocator) async -> Result<[SubjectRegion], ErrorCause> {
        do {
            return .success(try await locator.regions(in: image))
        } catch {
            return .failure(ErrorCause(error))
        }
    }

    /// Crops, scales and masks an edit off the main actor, so the interface stays live while a
    /// 12 MP photo is rendered: on every core but one, which stays free for the interface.
    @concurrent
    nonisolated private static func render(_ edit: EditSession, of original: any ImageBuffer) async -> Result<any ImageBuffer, PickerError> {
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        do throws(PickerError) { return .success(try edit.apply(to: original, threads: threads)) } catch { return .failure(error) }
    }

    /// Exports with the ``movieExporter`` and answers with its file or its failure. A partial file
    /// is deleted when the export throws or is cancelled: by Cancel, by the session's end, or by
    /// the picker's release (its deinit cancels it), when no answer comes.
    private func exportMovie(_ request: MovieExportRequest, attempt: Int, _ session: Int) {
        guard let exporter = movieExporter else {
            let cause = ErrorCause("the movieExporter was set to nil after the session started")
            respond(session, .movieExported(attempt: attempt, .failure(.movieExportFailed(cause))))
            return
        }
        let destination = request.destination
        let task = spawn(session, "the export of \(request.source.lastPathComponent)") { [weak self] in
            let result: Result<URL, PickerError>
            do {
                try await exporter.export(request) { fraction in
                    self?.respond(session, .movieExportProgress(attempt: attempt, fraction))
                }
                try Task.checkCancellation()
                result = .success(destination)
            } catch {
                Self.deleteExport(destination)
                if Task.isCancelled { return }
                result = .failure(.movieExportFailed(ErrorCause(error)))
            }
            guard let self else { return Self.deleteExport(destination) }
            self.respond(session, .movieExported(attempt: attempt, result))
        }
        runningExport.hold(task)
    }

    /// Deletes a file an export wrote, or began to; a file already gone is no error.
    nonisolated static func deleteExport(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// Runs `body` in a task of `session`'s (as `timer`, when it is one), unless the session
    /// has ended by the time it starts.
    @discardableResult
    private func spawn(
        _ session: Int, _ what: String, timer: WorkflowTimer? = nil, _ body: @escaping @MainActor () async -> Void
    ) -> Task<Void, Never> {
        let id = work.nextID()
        let task = Task { [weak self] in
            defer { self?.work.remove(id) }
            guard self?.isCurrent(session) == true else { return }
            await body()
        }
        work.add(id, session: session, what: what, task: task, timer: timer)
        return task
    }

    private func checkAccess(_ source: SourceType, _ session: Int) {
        let status = photoSource.authorizationStatus(for: source)
        guard status == .notDetermined else { return answered(source, status, asked: false, session) }
        let photos = photoSource
        spawn(session, "the access request for \(source)") { [weak self] in
            let answer = await photos.requestAuthorization(for: source)
            self?.answered(source, answer, asked: true, session)
        }
    }

    private func answered(_ source: SourceType, _ status: AuthorizationStatus, asked: Bool, _ session: Int) {
        let refusal = respond(session, .accessAnswered(source, status, asked: asked))
        if case .askingAccess = workflow.state.step, workflow.state.session?.id == session { return }
        guard let started = sessions[session]?.started else {
            // Answered at once, while the start is still running: it reads the refusal there.
            sessions[session]?.refusal = refusal
            return
        }
        started.resolve(refusal)
        if refusal != nil { sessions[session] = nil }
    }

    private func load(_ item: PickedItem, _ representation: LibraryPickerConfiguration.Representation?, slot: Int?, _ session: Int) {
        let photos = photoSource
        spawn(session, "load of \(item.id)") { [weak self] in
            let result: Result<PickedMedia, PickerError>
            do {
                if let representation {
                    result = .success(try await photos.loadMedia(for: item, representation: representation) { fraction in
                        self?.respond(session, .loadProgress(item, fraction))
                    })
                } else {
                    result = .success(try await photos.loadMedia(for: item))
                }
            } catch {
                result = .failure(.itemLoadFailed(itemID: item.id, cause: ErrorCause(error)))
            }
            self?.respond(session, .loaded(item, slot: slot, result))
        }
    }

    private func prepareCamera(_ device: CameraDevice, _ session: Int) {
        guard let camera else {
            respond(session, .cameraFailed(ErrorCause(PickerError.noCameraSession)))
            return
        }
        let clock = self.clock
        spawn(session, "start of the \(device.rawValue) camera") { [weak self] in
            do {
                try await camera.prepare(device)
            } catch {
                self?.respond(session, .cameraFailed(ErrorCause(error)))
                return
            }
            // A capture session that started for a session gone meanwhile is stopped at once.
            guard let self, self.isCurrent(session) else { return camera.tearDown() }
            self.runningCamera = camera
            self.respond(session, .cameraReady(device, at: clock.now))
            // The presenter or delegate went while it started: the session ended without it.
            if !self.isCurrent(session), let running = self.runningCamera {
                running.tearDown()
                self.runningCamera = nil
            }
        }
    }

    private func captureStill(_ flash: FlashMode, _ session: Int) {
        // The session's own, as its editor and output are: a change the host makes meanwhile
        // is for the next session.
        let configuration = workflow.state.session?.configuration ?? self.configuration
        cameraWork(session, "photo capture", { try await $0.captureStill(flash: flash, configuration: configuration) }, failure: {
            .captureFailed(ErrorCause($0))
        }, answer: WorkflowResponse.captured)
    }

    private func startRecording(_ session: Int) {
        cameraWork(session, "start of a recording", { try await $0.startRecording() }, answer: WorkflowResponse.recordingStarted)
    }

    private func stopRecording(_ session: Int) {
        cameraWork(session, "end of a recording", { camera in
            let (url, duration) = try await camera.stopRecording()
            return RecordedMovie(url: url, duration: duration)
        }, answer: WorkflowResponse.recordingStopped)
    }

    /// Runs `call` on the camera for `session` and answers with its result, unless the task
    /// was cancelled (the session ended): a recording stopped on purpose is not a failure.
    private func cameraWork<Value>(
        _ session: Int, _ what: String, _ call: @escaping @MainActor (any CameraSession) async throws -> Value,
        failure: @escaping (any Error) -> PickerError = { $0 as? PickerError ?? .captureFailed(ErrorCause($0)) },
        answer: @escaping (Result<Value, PickerError>) -> WorkflowResponse
    ) {
        guard let camera = runningCamera ?? camera else {
            respond(session, answer(.failure(.noCameraSession)))
            return
        }
        spawn(session, what) { [weak self] in
            let result: Result<Value, PickerError>
            do {
                result = .success(try await call(camera))
            } catch {
                result = .failure(failure(error))
            }
            guard !Task.isCancelled else { return }
            self?.respond(session, answer(result))
        }
    }

    /// The session ended: its work and timers stop at once, a start still waiting for access
    /// returns, and the delegate it reports to now is kept for the outcome.
    private func stopWork(of session: Int) {
        work.stop(session)
        sessions[session]?.started?.resolve(nil)
        sessions[session]?.recipient = WeakDelegate(value: delegate)
    }

    /// The session's screens are gone: the awaiting task and the delegate of the session's end
    /// hear the outcome, once.
    func deliver(_ outcome: SessionEnd, _ session: Int) {
        let link = sessions.removeValue(forKey: session)
        link?.outcome?.resolve(outcome)
        guard let delegate = link?.recipient?.value else { return }
        switch outcome {
        case let .finished(result): delegate.profilePicker(self, didFinishWith: result)
        case .cancelled: delegate.profilePickerDidCancel(self)
        case let .failed(error): delegate.profilePicker(self, didFailWith: error)
        }
    }

    // MARK: Waiting

    /// What the picker is still doing in the background, for a test or a diagnostic to show:
    /// `"load of IMG_0003"`, `"the warmUp timer (0.75s)"`, `"a dismissal (animating)"`; what
    /// ``idle(timeout:)`` waits for.
    ///
    /// ```swift
    /// #expect(picker.pendingWork == ["the presentation of #1 (animating)"])
    /// ```
    public var pendingWork: [String] {
        work.descriptions + transitions.pendingWork
    }
}

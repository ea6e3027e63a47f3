import PickerImaging

/// The coordinator of the profile-photo workflow: it validates the host's setup, drives the
/// screens through a ``Presenter``, loads picked items from a ``PhotoSource``, and reports
/// exactly one finish or cancel per session to its ``ProfilePickerDelegate``.
///
/// The navigation stack is value state the picker owns (``navigation``); the presenter reflects
/// each change, and the person's taps come back through ``send(_:from:)``.
///
/// ```swift
/// let picker = ProfilePicker(photoSource: photos, presenter: profileScreen)
/// picker.delegate = profileScreen
/// try await picker.select(from: .photoLibrary)
/// // or, without a delegate:
/// if let result = try await picker.pick(.sourceChooser(.actionSheet)) { avatar = result.image }
/// ```
///
/// The presenter and delegate are held weakly; the picker holds nothing that holds it, so it
/// is released when the host lets go of it.
@MainActor
public final class ProfilePicker {
    /// Receives the session's one finish or cancel callback. Held weakly.
    public weak var delegate: (any ProfilePickerDelegate)?
    /// Shows the picker's screens. Held weakly.
    public weak var presenter: (any Presenter)?
    /// The device's media.
    public let photoSource: any PhotoSource
    /// The camera's capture session, needed for the camera source. A capture session that is
    /// running stays in use (and is the one torn down) until the camera screen closes, even if
    /// this is set to another camera or to `nil` meanwhile.
    public var camera: (any CameraSession)?
    /// Exports the part of a chosen movie the person kept, at ``MovieSettings/quality``, before
    /// the session finishes with the exported file (``MovieExporter``). Without one, a movie is
    /// chosen as its original file with its trim range, for the app to export.
    public var movieExporter: (any MovieExporter)?
    /// Finds where the person is in a photo, for an edit screen that opens framed on them
    /// (``InitialFraming/subject``): PickerImaging's pure-Swift `AttentionLocator` by default;
    /// PickerKitUIKit's `VisionSubjectLocator` on Apple platforms; PickerKitTesting's
    /// `FakeSubjectLocator` in tests. It runs off the main actor while the screen waits, and is
    /// cancelled with the session.
    public var subjectLocator: any SubjectLocator = AttentionLocator()
    /// The clock the workflow's waits are measured on: the camera's warm-up, a recording's
    /// maximum duration. A test clock here (PickerKitTesting's `ManualClock`, or one whose sleeps
    /// return at once) changes nothing about presentations and dismissals, which wait on
    /// ``transitionClock``.
    public var clock: any PickerClock
    /// The clock a presentation's or dismissal's ``PickerConfiguration/transitionDeadline`` is
    /// measured on: real time by default, and never ``clock``, so a test clock that returns from
    /// its sleeps at once cannot give up an animation as it starts.
    ///
    /// On the real clock only the time the main actor is free counts (slices of 50 ms after
    /// which the main actor resumed the deadline within 25 ms): a loaded test run, or a device
    /// busy on its main thread, gives an animation more time instead of giving it up while its
    /// completion waits in line. On another clock a deadline is given up once that clock's `now`
    /// has moved on by the whole deadline since the transition was sent; a sleep that returns
    /// before then is not believed, and the rest is waited as on the real clock. A test that
    /// exercises deadlines sets a `ManualClock` here and advances it (`PickerScenario` does, with
    /// its own clock).
    public var transitionClock: any PickerClock = SystemPickerClock()
    /// How sessions run. Changes apply to the next session.
    public var configuration: PickerConfiguration
    /// The host's Info.plist, checked for privacy keys before a source is shown.
    public var hostInfo: HostInfo
    /// The host's own observer of the picker's navigation, called after the coordinator for
    /// every transition. Held weakly.
    public weak var navigationObserver: (any NavigationProxy)?
    /// Receives every ``PickerEvent`` as it happens.
    public var eventHandler: ((PickerEvent) -> Void)?

    /// The workflow's state: the step the person is in, and the session running.
    public internal(set) var workflow = Workflow()

    /// The screens presented now, frontmost last; derived from ``workflow``.
    public var navigation: NavigationState { workflow.state.navigation }

    /// The proxy the coordinator gives its presenter to report navigation transitions to.
    public var navigationProxy: any NavigationProxy { proxy }

    /// Whether a session is running: from its start until its callback, which comes once the
    /// screens it showed have finished going away. A start meanwhile throws
    /// ``PickerError/sessionInProgress``.
    public var isSessionActive: Bool { workflow.state.session != nil || transitions.hasPendingEnd }

    /// The edit screen's current geometry, while it is shown.
    public var editorGeometry: EditorGeometry? {
        workflow.state.editing?.geometry
    }

    /// The camera screen's state, while the camera is the step shown.
    public var cameraScreen: CameraScreenState? {
        guard case let .active(session, .camera(step, activity)) = workflow.state else { return nil }
        return CameraScreenState(step: step, activity: activity, cameras: session.facts.cameras ?? [])
    }

    /// Calls `handler` after each change of the workflow's state (a screen shown, the camera
    /// ready, a capture under way, the edit changed, a render started), once the change and
    /// what it caused are done, until `observer` is released or the returned observation is
    /// cancelled, whichever comes first. PickerKit's screens redraw from it; a handler may send
    /// actions.
    ///
    /// Each call registers one handler: an observer registered twice is called twice per change,
    /// and each registration is cancelled on its own. Releasing the observation does not cancel
    /// it (a screen that lives as long as its handler may drop it).
    ///
    /// ```swift
    /// let observation = picker.observeState(self) { [weak self] picker in self?.redraw(picker) }
    /// observation.cancel()   // no more calls
    /// ```
    @discardableResult
    public func observeState(_ observer: AnyObject, _ handler: @escaping @MainActor (ProfilePicker) -> Void) -> StateObservation {
        let observation = StateObservation()
        stateObservers.add(StateObserver(observer: observer, observation: observation, handler: handler))
        return observation
    }

    /// Waits until what the picker started in the background has finished: an access request,
    /// an item loading, a capture, a timer, Choose's render, a presentation or dismissal still
    /// animating. An app with seams of its own awaits Choose's avatar with it rather than polling
    /// ``editing``'s `isRendering`.
    ///
    /// - Returns: what is still pending when `timeout` passes (`"load of IMG_0003"`,
    ///   `"a dismissal (animating)"`); empty when the picker became idle.
    @discardableResult
    public func idle(timeout: Duration = .seconds(5)) async -> [String] {
        // At least 2,000 turns of the main actor as well as `timeout` of real time, so a main
        // actor held up elsewhere does not cut the wait short.
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var turns = 0
        while !work.isEmpty || !transitions.isIdle {
            guard clock.now < deadline || turns < 2_000 else { return pendingWork }
            turns += 1
            if turns < 200 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
        }
        return []
    }

    /// The edit screen's step, while it is shown: the image, its geometry, the undo steps and
    /// whether the crop is rendering. An edit screen draws it and its ``EditingStep/controls(strings:presets:)``.
    public var editing: EditingStep? {
        workflow.state.editing
    }

    /// A movie's preview, while it is shown: the movie, its trim and how far an export has come.
    /// A preview screen draws it (with ``MovieTrimBar``) and sends the person's actions through
    /// ``send(_:from:)``.
    public var moviePreview: PreviewStep? {
        if case let .active(_, .previewing(preview)) = workflow.state { preview } else { nil }
    }

    let proxy = ForwardingNavigationProxy()
    /// What ``sourceMenu(anchor:)`` last logged as left out.
    var menuLeftOut: [String] = []
    /// Who hears the workflow's state change, held weakly.
    var stateObservers = StateObservers()
    /// Work running in the background for the sessions, in the order started, and the timers.
    lazy var work = SessionWork(running: runningWork)
    /// The export running, or the last that ran: Cancel stops it, and so does the picker's
    /// release, which deletes its partial file.
    let runningExport = RunningExport()
    /// The session work's tasks, for the deinit to cancel.
    let runningWork = RunningWork()
    /// What the runner keeps per session: where ``pick(_:anchor:)`` waits, and whether the
    /// session reports to the delegate.
    var sessions: [Int: SessionLink] = [:]
    /// The presenter the running session shows on. Held weakly.
    weak var sessionPresenter: (any Presenter)?
    /// The camera whose capture session runs for the session: the one torn down, even if the
    /// host sets another ``camera`` meanwhile.
    var runningCamera: (any CameraSession)?
    /// Presenter calls and session ends, held back while a presentation or dismissal animates:
    /// the one place that decides when the presenter is called and a callback delivered.
    var transitions = TransitionMachine()
    /// The deadline of each transition animating, by its id; cancelled when it ends.
    var deadlines: [Int: Task<Void, Never>] = [:]

    /// How deep ``dispatch(_:)`` calls are nested now, and the actions waiting for the effects
    /// being performed (``dispatchAfterEffects(_:)``).
    var heldActions = HeldActions()

    /// Creates a picker.
    ///
    /// - Parameters:
    ///   - photoSource: the device's media.
    ///   - camera: the camera's capture session, for the camera source.
    ///   - presenter: the screen that presents the picker; held weakly.
    ///   - delegate: receives the session's end; held weakly.
    ///   - configuration: media types, editing, titles.
    ///   - hostInfo: the host's Info.plist keys; ``HostInfo/main`` by default.
    ///   - clock: the clock of the camera's warm-up; the system's by default. Transitions'
    ///     deadlines are measured on ``transitionClock``, real time by default.
    public init(
        photoSource: any PhotoSource, camera: (any CameraSession)? = nil, presenter: (any Presenter)? = nil,
        delegate: (any ProfilePickerDelegate)? = nil,
        configuration: PickerConfiguration = PickerConfiguration(), hostInfo: HostInfo = .main,
        clock: any PickerClock = SystemPickerClock()
    ) {
        self.photoSource = photoSource
        self.camera = camera
        self.clock = clock
        self.presenter = presenter
        self.delegate = delegate
        self.configuration = configuration
        self.hostInfo = hostInfo
        proxy.picker = self
    }

    /// A picker released while a movie exports stops the export: its task deletes the partial
    /// file, and nothing is called.
    deinit {
        runningExport.cancel()
        runningWork.cancelAll()
    }

    // MARK: Entry points

    /// Presents the edit screen full screen for an image the app already has (B1); with a
    /// saved ``EditSession``, reopened on its crop (B24).
    ///
    /// - Throws: ``PickerError/sessionInProgress``, ``PickerError/noPresenter``,
    ///   ``PickerError/noDelegate``, ``PickerError/invalidEditorLayout(_:)``.
    public func edit(_ image: any ImageBuffer, mediaType: MediaType = .image, restoring session: EditSession? = nil) throws(PickerError) {
        try startNow(.edit(image, mediaType: mediaType, restoring: session), anchor: nil, requiresDelegate: true)
    }

    /// Presents the source chooser, offering only the sources that would start here, plus
    /// Cancel (B7). For a menu attached to a button, use ``sourceMenu(anchor:)`` instead: a
    /// menu is shown by the system on the tap, not presented.
    ///
    /// - Parameters:
    ///   - style: an action sheet (every available source, then Cancel) or a menu.
    ///   - anchor: where the action sheet points on iPad; required there.
    /// - Throws: the setup errors of ``edit(_:mediaType:restoring:)``, ``PickerError/mediaTypesEmpty``,
    ///   ``PickerError/noSourceAvailable``, ``PickerError/popoverAnchorRequired(_:)``.
    public func chooseSource(_ style: SourceChooser.Style = .actionSheet, anchor: PopoverAnchor? = nil) throws(PickerError) {
        try startNow(.sourceChooser(style), anchor: anchor, requiresDelegate: true)
    }

    /// The source menu's contents, for a menu the app attaches to a button before it is tapped
    /// (a `UIMenu` on `UIButton.menu`): a menu is not presented, so no session starts here. It
    /// offers exactly the sources that would pass the checks of ``select(from:anchor:)`` now,
    /// and logs each source it leaves out as ``PickerEvent/sourceLeftOut(_:reason:)`` (when what
    /// it leaves out changes, not on every call: SwiftUI asks on every redraw);
    /// when the person picks one, call ``select(from:anchor:)`` with it. Access is not among
    /// those checks: a source whose access is denied or restricted is offered, and selecting it
    /// fails with ``PickerError/authorizationDenied(_:)`` (its message points to Settings) or
    /// ``PickerError/authorizationRestricted(_:)``.
    ///
    /// ```swift
    /// let menu = picker.sourceMenu()
    /// button.menu = UIMenu(title: menu.title ?? "", children: menu.options.map { option in
    ///     UIAction(title: option.title) { _ in Task { try await picker.select(from: option.sourceType) } }
    /// })
    /// ```
    ///
    /// - Parameter anchor: where the chosen source's browser will point on iPad, Mac and Vision.
    /// - Returns: a chooser of style ``SourceChooser/Style/menu``; no options when no source would start.
    public func sourceMenu(anchor: PopoverAnchor? = nil) -> SourceChooser {
        let facts = currentFacts()
        let leftOut = Workflow.leftOut(of: .menu, anchor: anchor, configuration: configuration, facts: facts)
        // A menu is asked for on every redraw of its button: what it leaves out is logged when it changes.
        let said = leftOut.map { "\($0.source): \($0.reason)" }
        if said != menuLeftOut {
            menuLeftOut = said
            for (source, reason) in leftOut { emit(.sourceLeftOut(source, reason: reason)) }
        }
        return Workflow.chooser(.menu, anchor: anchor, configuration: configuration, facts: facts)
    }

    /// Starts `source` in a task of its own, as a source menu's entry does when it is chosen
    /// (the UIKit and SwiftUI menus both), and hands a start that fails (access denied, a session
    /// already running) to `onFailure`. The task holds the picker weakly.
    @discardableResult
    package func selectInTask(
        from source: SourceType, anchor: PopoverAnchor?, onFailure: @escaping @MainActor (PickerError) -> Void
    ) -> Task<Void, Never> {
        Task { @MainActor [weak self] in
            do throws(PickerError) {
                try await self?.select(from: source, anchor: anchor)
            } catch {
                onFailure(error)
            }
        }
    }

    /// Validates `source` and presents its browser or camera (B2, B13).
    ///
    /// Asks for access first when the person has not been asked.
    ///
    /// - Parameters:
    ///   - source: the camera, the photo library or the saved photos album.
    ///   - anchor: where the browser points on iPad; required there for the library.
    /// - Throws: the setup errors, then ``PickerError/mediaTypesEmpty``,
    ///   ``PickerError/sourceUnavailable(_:)``, ``PickerError/mediaTypesUnavailable(requested:source:available:)``,
    ///   ``PickerError/missingUsageDescription(_:)``, ``PickerError/popoverAnchorRequired(_:)``,
    ///   ``PickerError/authorizationDenied(_:)``, ``PickerError/authorizationRestricted(_:)``,
    ///   in that order.
    ///
    /// Returns once the source is shown. If the calling task is cancelled while the person is
    /// being asked for access, the session ends with a cancel (the delegate hears of it) and
    /// this returns.
    public func select(from source: SourceType, anchor: PopoverAnchor? = nil) async throws(PickerError) {
        try await start(.source(source), anchor: anchor, requiresDelegate: true, outcome: nil)
    }

    /// Presents the photo library picker (B12): one item goes through the edit screen or a
    /// movie's preview; several are loaded, each on its own, and returned in the order picked.
    ///
    /// - Throws: the errors of ``select(from:anchor:)`` for the photo library, with the filter
    ///   standing for the media types, and ``PickerError/invalidSelectionLimit(_:)``.
    public func selectFromLibrary(_ options: LibraryPickerConfiguration, anchor: PopoverAnchor? = nil) async throws(PickerError) {
        try await start(.library(options), anchor: anchor, requiresDelegate: true, outcome: nil)
    }

    /// Selects from the photo library: every album.
    public func selectFromPhotoLibrary(anchor: PopoverAnchor? = nil) async throws(PickerError) {
        try await select(from: .photoLibrary, anchor: anchor)
    }

    /// Selects from the saved photos album: the camera roll only.
    public func selectFromSavedPhotosAlbum(anchor: PopoverAnchor? = nil) async throws(PickerError) {
        try await select(from: .savedPhotosAlbum, anchor: anchor)
    }

    /// Ends the running session with a cancel, as if the person had cancelled. Does nothing
    /// when no session runs.
    public func cancel() {
        if endIfSeamsGone() { return }
        dispatch(.hostCancelled)
    }

    /// Ends the running session with ``PickerError/presentationFailed(_:)`` because its
    /// presenter could not show `route`, the presented route, for `reason` (the host view
    /// controller was released, is not in a window, or is already presenting something).
    /// Presenters call this after calling the presentation's completion; a route that is not
    /// the running session's presented one is ignored.
    public func presentationFailed(_ route: Route.ID, reason: PresentationProblem) {
        dispatchAfterEffects(.presentationFailed(route, reason: reason))
    }

    /// Ends the running session with ``PickerError/presentationFailed(_:)`` because `route`,
    /// already shown, cannot work for `reason` (PickerKit's SwiftUI screens draw no camera):
    /// unlike ``presentationFailed(_:reason:)``, what is shown is dismissed. A route not on the
    /// running session's navigation stack is ignored.
    public func screenFailed(_ route: Route.ID, reason: PresentationProblem) {
        dispatchAfterEffects(.screenFailed(route, reason: reason))
    }

    /// Acts on what the person did on the screen shown by `route`.
    ///
    /// An action is acted on only when a session is running, `route` is frontmost, and its
    /// screen offers the action; otherwise it is ignored and logged as
    /// ``PickerEvent/actionIgnored(_:route:reason:)``. So a late tap on a screen that is
    /// already gone changes nothing. A session whose presenter (or delegate) has been released
    /// ends with a cancel instead.
    ///
    /// | screen | actions |
    /// |---|---|
    /// | source chooser | `sourceChosen` (an offered source), `cancelTapped` |
    /// | browser | `itemPicked`, `cancelTapped` |
    /// | library picker | `itemsPicked` (within the limit and filter; none cancels), `cancelTapped` |
    /// | camera | `shutterTapped`, `recordTapped` and `stopTapped` (movies offered), `cameraSwitched`, `flashModeChanged`, `cancelTapped` |
    /// | edit screen | `editorGesture`, `chooseTapped`, `cancelTapped` (back one step, or end if it is alone) |
    /// | movie preview | `playTapped`, `trimChanged` (editing on), `chooseTapped`, `cancelTapped` (back to the browser) |
    public func send(_ action: UserAction, from route: Route.ID) {
        // The person dismissed the screens themselves: nothing is left to dismiss, even when the
        // delegate has gone meanwhile.
        if action == .interactivelyDismissed, workflow.state.navigation.stack.first?.id == route {
            dispatch(.user(action, route: route, at: clock.now))
            return
        }
        if endIfSeamsGone() { return }
        dispatch(.user(action, route: route, at: clock.now))
    }
}

import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// A million random steps through the pure workflow, with every invariant checked after each:
/// one outcome per session and nothing after it, the presented screens (rebuilt from the
/// effects alone) equal to the navigation derived from the state, and the editor's crop square
/// and inside the image.
///
/// `PICKERKIT_WALK_STEPS` sets the number of steps (the sanitizer runs of CI use fewer). In a
/// release build (`swift test -c release --filter WorkflowWalk`) it prints the steps per second.
@Suite("The workflow's reducer, walked at random (B23)")
struct WorkflowWalkTests {
    static var steps: Int {
        ProcessInfo.processInfo.environment["PICKERKIT_WALK_STEPS"].flatMap(Int.init) ?? 1_000_000
    }

    @Test("invariants hold after every step of a million")
    func walk() throws {
        var walker = try WorkflowWalker(seed: 2026)
        let clock = ContinuousClock()
        let started = clock.now
        try walker.run(steps: Self.steps)
        let elapsed = started.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let inReducer = Double(walker.reducing.components.seconds) + Double(walker.reducing.components.attoseconds) / 1e18
        print("""
            workflow walk: \(Self.steps) steps in \(String(format: "%.2f", seconds)) s with the checks, \
            \(Int(Double(Self.steps) / seconds)) steps/s; the reducer alone \(String(format: "%.2f", inReducer)) s, \
            \(Int(Double(Self.steps) / inReducer)) steps/s; the rarest milestones: \(
                WorkflowWalker.Milestone.allCases.sorted { walker.reached[$0, default: 0] < walker.reached[$1, default: 0] }
                    .prefix(3).map { "\($0) \(walker.reached[$0, default: 0])" }.joined(separator: ", "))
            """)
        #expect(walker.violations == [], "\(walker.violations.prefix(5))")
        #expect(walker.stepsRun == Self.steps)
        // The walk reaches every step and every ending, or it proves little.
        for milestone in WorkflowWalker.Milestone.allCases {
            #expect(walker.reached[milestone, default: 0] > 0, "never reached \(milestone)")
        }
    }
}

/// Drives a ``Workflow`` with random starts, taps, navigation reports and answers to the work
/// it asks for (some late, some for sessions long gone), checking the invariants after each step.
struct WorkflowWalker {
    enum Milestone: String, CaseIterable {
        case editedFinish, uneditedFinish, movieFinish, manyItemsFinish, userCancel, hostCancel, taskCancel
        case presenterGone, delegateGone, failure, startRefused, chooser, accessAsked, browsing, loading
        case loadingMany, camera, capturing, recording, editing, previewing, swipeBack, staleResponse
        case interactiveDismissal, moreSelected, rendering, presentationFailed, discarded
        case exporting, exportFinish, exportDeleted, framing, framed
    }

    enum Pending {
        case access(SourceType)
        case selectMore(SourceType)
        case load(PickedItem, slot: Int?)
        case prepare(CameraDevice)
        case capture
        case startRecording
        case stopRecording
        case timer(WorkflowTimer)
        case render(EditSession, original: any ImageBuffer, route: Route.ID)
        case locate(any ImageBuffer, route: Route.ID)
        case export(attempt: Int)
        /// An export cancelled whose answer was already on its way.
        case lateExport(attempt: Int)
    }

    var workflow = Workflow()
    var rng: SeededRandomNumberGenerator
    var pending: [(session: Int, work: Pending)] = []
    /// The presenter, rebuilt from the effects alone.
    var shown: [Route] = []
    var barHidden = false
    var now = Duration.zero
    var delivered = Set<Int>()
    var violations: [String] = []
    var reached: [Milestone: Int] = [:]
    var stepsRun = 0
    /// The time spent inside the reducer.
    var reducing = Duration.zero
    /// The photo source's movies the workflow holds: each leaves once, in a result or discarded.
    var outstandingMovies = Set<URL>()
    /// Files exports wrote that neither a result carries nor a delete removed yet: always empty
    /// once the answer that brought one has been reduced.
    var outstandingExports = Set<URL>()
    var exportsWritten = 0
    var moviesLoaded = 0
    let clock = ContinuousClock()
    let photos: [PixelBuffer]
    let items: [PickedItem] = [
        PickedItem(id: "IMG", mediaType: .image), PickedItem(id: "IMG2", mediaType: .image),
        PickedItem(id: "MOV", mediaType: .movie), PickedItem(id: "LIVE", mediaType: .livePhoto),
    ]
    /// The view the anchors point at, kept alive by the walk; one anchor in eight has lost its view.
    let anchorView = NSObject()
    let anchor: PopoverAnchor
    let releasedAnchor = PopoverAnchor(sourceView: nil, sourceRect: .zero, name: "gone")
    /// Random starts (device, host, configuration, request), made once: the walk picks among them.
    var starts: [WorkflowAction] = []
    let gestures: [EditorGesture] = [
        .pan(CGPoint(x: -120, y: 40)), .pan(CGPoint(x: 300, y: -300)), .pan(CGPoint(x: 2, y: 1)),
        .pinch(scale: 2.5, focus: CGPoint(x: 180, y: 330)), .pinch(scale: 0.3, focus: CGPoint(x: 10, y: 10)),
        .pinch(scale: 5, focus: CGPoint(x: 200, y: 400)), .doubleTap(CGPoint(x: 100, y: 300)), .ended, .ended, .reset,
        .pinch(scale: .nan, focus: .zero), .pan(CGPoint(x: Double.infinity, y: 0)),
        .transform(.turnRight), .transform(.turnLeft), .transform(.flipHorizontal), .transform(.flipVertical),
        .aspect(.original), .aspect(.square), .aspect(.ratio(9, 16)), .aspect(.ratio(16, 9)), .aspect(.ratio(0, 1)),
        .rotate(degrees: 12), .rotate(degrees: -50), .straighten(degrees: 7), .straighten(degrees: -44.5),
        .straighten(degrees: .nan),
    ]

    init(seed: UInt64) throws {
        rng = SeededRandomNumberGenerator(seed: seed)
        anchor = PopoverAnchor(sourceView: anchorView, sourceRect: .zero, name: "button")
        photos = try [(3, 2, ImageOrientation.up), (5, 9, .right), (1, 1, .leftMirrored), (8, 3, .down)].map {
            try PixelBuffer(width: $0.0, height: $0.1, orientation: $0.2)
        }
        starts = (0..<512).map { _ in makeStart() }
    }

    mutating func run(steps: Int) throws {
        for _ in 0..<steps { step() }
    }

    mutating func roll(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }

    mutating func step() {
        stepsRun += 1
        now += .milliseconds(roll(400))
        let wasIdle = workflow.state.session == nil
        let choice = roll(100)
        let action: WorkflowAction
        switch choice {
        case 0..<10: action = start()
        case 10..<12 where !shown.isEmpty:
            // The person swipes the presentation away: the presenter has already dismissed it.
            let root = shown[0].id
            shown = []
            reached[.interactiveDismissal, default: 0] += 1
            action = .user(.interactivelyDismissed, route: root, at: now)
        case 12..<50 where !shown.isEmpty: action = tap(onTop: roll(8) > 0)
        case 50..<75 where !pending.isEmpty: action = respond()
        case 75..<80 where !shown.isEmpty: action = navigationReport()
        case 80..<82: action = .hostCancelled
        case 82: action = roll(2) == 0 ? .presenterGone : .delegateGone
        case 83..<85:
            let session = workflow.sessionsStarted - roll(2)
            action = .response(session: session, .taskCancelled)
        case 85 where !shown.isEmpty:
            // The presenter could not show what it was asked to (or reports a route long gone).
            let route = roll(4) == 0 ? Route.ID(roll(workflow.nextRouteNumber + 2)) : shown[0].id
            if route == shown[0].id {
                shown = []
                reached[.presentationFailed, default: 0] += 1
            }
            action = .presentationFailed(route, reason: "the host is not in a window")
        default:
            action = pending.isEmpty ? (workflow.state.session == nil ? start() : tap(onTop: true)) : respond()
        }
        if case let .response(_, .loaded(_, _, .success(.movie(url, _)))) = action { outstandingMovies.insert(url) }
        if case let .response(_, .movieExported(_, .success(url))) = action { outstandingExports.insert(url) }
        let before = clock.now
        let effects = workflow.reduce(action)
        reducing += before.duration(to: clock.now)
        apply(effects, after: action, wasIdle: wasIdle)
        check()
    }

    // MARK: Actions

    mutating func start() -> WorkflowAction {
        starts[roll(starts.count)]
    }

    mutating func makeStart() -> WorkflowAction {
        var sources: [SourceType: [MediaType]] = [:]
        let offers: [[MediaType]] = [[.image], [.image, .movie], [.image, .movie, .livePhoto], [.movie]]
        for source in SourceType.allCases where roll(5) > 0 { sources[source] = offers[roll(offers.count)] }
        let cameras: Set<CameraDevice>? = [nil, [.rear, .front], [.rear], [.front]][roll(4)]
        var hostInfo = HostInfo.allDeclared
        if roll(6) == 0 { hostInfo.usageDescriptions[[UsageDescriptionKey.camera, .photoLibrary, .microphone][roll(3)]] = nil }
        let facts = DeviceFacts(
            sources: sources, cameras: cameras, canRecordMovies: roll(3) > 0, hostInfo: hostInfo,
            idiom: roll(2) == 0 ? .phone : DeviceIdiom.allCases[roll(4)], hasPresenter: roll(40) > 0, hasDelegate: roll(40) > 0)
        var exporting = facts
        exporting.canExportMovies = roll(3) > 0
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [[.image], [.image, .movie], [.movie], [], [.livePhoto, .image]][roll(5)]
        configuration.allowsEditing = roll(4) > 0
        configuration.animated = roll(2) == 0
        configuration.libraryAccess = roll(2) == 0 ? .inApp : .outOfProcess
        configuration.camera.device = roll(3) == 0 ? .front : .rear
        configuration.movie.maximumDuration = .seconds([10, 600, -1, 3][roll(4)])
        configuration.movie.quality = VideoQuality.allCases[roll(3)]
        if roll(3) == 0 { configuration.output.size = [64, 0, 512][roll(3)] }
        if roll(4) == 0 { configuration.editor.allowsEmptySpace = true }
        if roll(5) == 0 { configuration.editor.shape = .rectangle(aspectRatio: 1.5) }
        if roll(2) == 0 { configuration.editor.initialFraming = .subject }
        let request: PickRequest
        switch roll(6) {
        case 0: request = .edit(photos[roll(photos.count)])
        case 1: request = .sourceChooser(roll(2) == 0 ? .actionSheet : .menu)
        case 2, 3: request = .source(SourceType.allCases[roll(3)])
        default:
            var library = LibraryPickerConfiguration()
            library.filter = Set(LibraryPickerConfiguration.Filter.allCases.filter { _ in roll(2) == 0 })
            library.selectionLimit = roll(5) - 1
            library.access = roll(2) == 0 ? .inApp : .outOfProcess
            request = .library(library)
        }
        let anchors: [PopoverAnchor?] = [anchor, anchor, anchor, anchor, anchor, nil, nil, releasedAnchor]
        return .start(request, anchor: anchors[roll(anchors.count)], configuration: configuration, facts: exporting, requiresDelegate: roll(2) == 0)
    }

    mutating func tap(onTop: Bool) -> WorkflowAction {
        let route = onTop ? shown[shown.count - 1].id : Route.ID(roll(workflow.nextRouteNumber + 2))
        let kind = shown.last?.screen.kind
        // On a preview the person often chooses, and often cancels the export that starts: its
        // answer may still come.
        if onTop, kind == .moviePreview, case let .active(_, .previewing(preview)) = workflow.state, roll(2) == 0 {
            return .user(preview.exportProgress == nil ? .chooseTapped : .cancelTapped, route: route, at: now)
        }
        let action: UserAction
        switch (kind, roll(10)) {
        case (_, 0): action = .cancelTapped
        case (.sourceChooser, _): action = .sourceChosen(SourceType.allCases[roll(3)])
        case (.browser, 1), (.libraryPicker, 1): action = .selectMoreTapped
        case (.browser, _): action = .itemPicked(items[roll(items.count)])
        case (.libraryPicker, _): action = .itemsPicked((0..<roll(4)).map { _ in items[roll(items.count)] })
        case (.camera, let n) where n < 4: action = .shutterTapped
        case (.camera, 4), (.camera, 5): action = .recordTapped
        case (.camera, 6), (.camera, 7): action = .stopTapped
        case (.camera, 8): action = .cameraSwitched
        case (.camera, _): action = .flashModeChanged(FlashMode.allCases[roll(3)])
        case (.editor, 1): action = .chooseTapped
        case (.editor, 2): action = roll(2) == 0 ? .undoTapped : .redoTapped
        case (.editor, 3): action = .accessibilityAction(EditorAccessibilityAction.allCases[roll(EditorAccessibilityAction.allCases.count)])
        case (.editor, _): action = .editorGesture(gestures[roll(gestures.count)])
        case (.moviePreview, 1): action = .chooseTapped
        case (.moviePreview, 2): action = .playTapped
        case (.moviePreview, _): action = .trimChanged(start: .seconds(roll(30) - 5), end: .seconds(roll(30) - 5))
        default: action = .chooseTapped
        }
        return .user(action, route: route, at: now)
    }

    mutating func respond() -> WorkflowAction {
        let (session, work) = pending.remove(at: roll(pending.count))
        let response: WorkflowResponse
        switch work {
        case let .access(source):
            let statuses: [AuthorizationStatus] = [.authorized, .authorized, .limited, .denied, .restricted]
            response = .accessAnswered(source, statuses[roll(statuses.count)], asked: roll(2) == 0)
        case let .load(item, slot):
            switch roll(5) {
            case 0: response = .loaded(item, slot: slot, .failure(.itemLoadFailed(itemID: item.id, cause: "offline")))
            case 1: response = .loadProgress(item, Double(roll(11)) / 10)
            default:
                moviesLoaded += 1
                let media: PickedMedia = item.mediaType == .movie
                    ? .movie(URL(fileURLWithPath: "/tmp/m-\(moviesLoaded).mov"), duration: .seconds(roll(900) - 5))
                    : .image(photos[roll(photos.count)])
                response = .loaded(item, slot: slot, .success(media))
            }
            if case .loadProgress = response { pending.append((session, work)) }
        case let .prepare(device):
            response = roll(8) == 0 ? .cameraFailed("in use") : .cameraReady(device, at: now)
        case .capture:
            response = .captured(roll(5) == 0 ? .failure(.captureFailed("busy")) : .success(photos[roll(photos.count)]))
        case .startRecording:
            response = .recordingStarted(roll(6) == 0 ? .failure(.captureFailed("disk")) : .success(()))
        case .stopRecording:
            response = .recordingStopped(roll(6) == 0
                ? .failure(.captureFailed("disk"))
                : .success(RecordedMovie(url: URL(fileURLWithPath: "/tmp/r.mov"), duration: .seconds(roll(30) - 2))))
        case let .timer(timer):
            response = .deadline(timer)
        case let .selectMore(source):
            reached[.moreSelected, default: 0] += 1
            response = .moreItemsSelected(source)
        case let .render(edit, original, route):
            let result: Result<any ImageBuffer, PickerError> = edit.output.size == 0
                ? .failure(.invalidConfiguration(.outputSize(0))) : .success(original)
            response = .rendered(result, edit, route: route)
        case let .locate(image, route):
            // Nothing, a face anywhere (even past the photo), a salient region, or a failure.
            let size = image.displaySize
            let box = PixelRect(x: roll(size.width + 20) - 10, y: roll(size.height + 20) - 10, width: roll(size.width) + 1, height: roll(size.height) + 1)
            switch roll(4) {
            case 0: response = .subjectLocated(route: route, .success([]))
            case 1: response = .subjectLocated(route: route, .success([SubjectRegion(kind: .face, box: box, confidence: Double(roll(11)) / 10)]))
            case 2: response = .subjectLocated(route: route, .success([SubjectRegion(kind: .salient, box: box, confidence: 0.5)]))
            default: response = .subjectLocated(route: route, .failure("no model"))
            }
        case let .export(attempt), let .lateExport(attempt):
            switch roll(4) {
            case 0:
                response = .movieExportProgress(attempt: attempt, Double(roll(11)) / 10)
                pending.append((session, work))
            case 1: response = .movieExported(attempt: attempt, .failure(.movieExportFailed("disk full")))
            default:
                exportsWritten += 1
                response = .movieExported(attempt: attempt, .success(URL(fileURLWithPath: "/tmp/x-\(exportsWritten).mov")))
            }
        }
        if session != workflow.state.session?.id { reached[.staleResponse, default: 0] += 1 }
        return .response(session: session, response)
    }

    /// The navigation stack reports a route: frontmost (shown), below it (the person swiped
    /// back: the presenter pops by itself first), or one nobody knows.
    mutating func navigationReport() -> WorkflowAction {
        let index = roll(shown.count + 1)
        guard index < shown.count else { return .navigationShown(Route(id: Route.ID(9_999), screen: shown[0].screen)) }
        if index < shown.count - 1, shown[0].screen.kind.isNavigationStack {
            shown.removeSubrange((index + 1)...)
            reached[.swipeBack, default: 0] += 1
        }
        return .navigationShown(shown[min(index, shown.count - 1)])
    }

    // MARK: Effects and invariants

    mutating func violation(_ text: String) {
        if violations.count < 20 { violations.append("step \(stepsRun): \(text)") }
    }

    mutating func apply(_ effects: [WorkflowEffect], after action: WorkflowAction, wasIdle: Bool) {
        let current = workflow.state.session?.id
        var ended: Int?
        for effect in effects {
            if let ended { violation("effect after the end of session \(ended): \(effect)") }
            switch effect {
            case let .emit(event):
                if wasIdle, !isStart(action) {
                    switch event {
                    case .actionIgnored, .unknownRouteShown: break
                    default: violation("\(event) with no session")
                    }
                }
                if case .startFailed = event { reached[.startRefused, default: 0] += 1 }
                if case .authorizationRequested = event { reached[.accessAsked, default: 0] += 1 }
            case .rejectStart: break
            case let .present(route, _, _):
                if !shown.isEmpty { violation("present \(route.id) over \(shown.map(\.id))") }
                shown = [route]
                barHidden = false
            case .dismiss:
                if shown.isEmpty { violation("dismiss with nothing shown") }
                shown = []
            case let .push(route, _):
                guard let root = shown.first, root.screen.kind.isNavigationStack else { violation("push without a stack"); break }
                if let last = shown.last, last.id >= route.id { violation("route ids went back") }
                shown.append(route)
            case .pop:
                if shown.count < 2 { violation("pop with \(shown.count) shown") } else { shown.removeLast() }
            case let .setNavigationBarHidden(hidden):
                if shown.isEmpty { violation("bar change with nothing shown") }
                barHidden = hidden
            case .showAlert, .tearDownCamera: break
            case let .checkAccess(source, session): work(.access(source), session, current)
            case let .selectMoreItems(source, session): work(.selectMore(source), session, current)
            case let .load(item, _, slot, session): work(.load(item, slot: slot), session, current)
            case let .prepareCamera(device, session): work(.prepare(device), session, current)
            case let .captureStill(_, session): work(.capture, session, current)
            case let .startRecording(session): work(.startRecording, session, current)
            case let .stopRecording(session): work(.stopRecording, session, current)
            case let .startTimer(timer, _, session): work(.timer(timer), session, current)
            case let .cancelTimer(timer):
                pending.removeAll { if case .timer(timer) = $0.work { true } else { false } }
            case let .render(edit, original, route, session):
                // Rendered off the main actor: the answer comes later, maybe after the person went back.
                work(.render(edit, original: original, route: route), session, current)
            case let .locateSubject(image, route, session):
                if !(workflow.state.editing?.isFraming ?? false) { violation("locate the subject of \(route) with no screen waiting") }
                work(.locate(image, route: route), session, current)
            case let .exportMovie(_, range, _, attempt, session):
                if pending.contains(where: { if case .export = $0.work { $0.session == session } else { false } }) {
                    violation("a second export while one runs")
                }
                if range.lowerBound < .zero || range.upperBound < range.lowerBound { violation("export of \(range.listedForWalk)") }
                work(.export(attempt: attempt), session, current)
                reached[.exporting, default: 0] += 1
            case .cancelMovieExport:
                // Half the time its answer is already on its way: it comes for an export that no
                // longer runs, and what it wrote must be deleted.
                let late = roll(2) == 0
                pending = pending.compactMap { item in
                    guard case let .export(attempt) = item.work else { return item }
                    return late ? (item.session, .lateExport(attempt: attempt)) : nil
                }
            case let .deleteExport(url):
                if outstandingExports.remove(url) == nil { violation("deleted \(url.lastPathComponent), which no export wrote") }
                reached[.exportDeleted, default: 0] += 1
            case let .discard(media):
                guard case let .movie(url, _) = media else { break }
                if outstandingMovies.remove(url) == nil { violation("discarded \(url.lastPathComponent), which the workflow did not hold") }
                reached[.discarded, default: 0] += 1
            case let .deliver(outcome, session):
                if case let .finished(result) = outcome {
                    let movies = [result.mediaURL].compactMap { $0 } + result.items.compactMap { entry in
                        if case let .success(.movie(url, _)) = entry.media { url } else { nil }
                    }
                    for url in movies where url.lastPathComponent.hasPrefix("m-") && outstandingMovies.remove(url) == nil {
                        violation("returned \(url.lastPathComponent), which the workflow did not hold")
                    }
                    if let url = result.mediaURL, url.lastPathComponent.hasPrefix("x-") {
                        if outstandingExports.remove(url) == nil { violation("returned \(url.lastPathComponent), which no export wrote") }
                        reached[.exportFinish, default: 0] += 1
                    }
                }
                if !delivered.insert(session).inserted { violation("a second outcome for session \(session)") }
                if workflow.state.session != nil { violation("delivered while a session runs") }
                ended = session
                // Most of the session's work is cancelled; some answers still arrive late.
                let keep = (0..<pending.count).map { _ in roll(3) == 0 }
                pending = zip(pending, keep).filter { $0.0.session != session || $0.1 }.map(\.0)
                record(outcome)
            }
        }
    }

    mutating func work(_ kind: Pending, _ session: Int, _ current: Int?) {
        if delivered.contains(session) { violation("work for ended session \(session)") }
        if session != current { violation("work for session \(session) while \(String(describing: current)) runs") }
        pending.append((session, kind))
    }

    func isStart(_ action: WorkflowAction) -> Bool {
        if case .start = action { true } else { false }
    }

    mutating func record(_ outcome: SessionEnd) {
        let milestone: Milestone
        switch outcome {
        case let .finished(result) where !result.items.isEmpty: milestone = .manyItemsFinish
        case let .finished(result) where result.mediaURL != nil: milestone = .movieFinish
        case let .finished(result): milestone = result.editedImage == nil ? .uneditedFinish : .editedFinish
        case .cancelled(.user): milestone = .userCancel
        case .cancelled(.host): milestone = .hostCancel
        case .cancelled(.task): milestone = .taskCancel
        case .cancelled(.presenterGone): milestone = .presenterGone
        case .cancelled(.delegateGone): milestone = .delegateGone
        case .failed: milestone = .failure
        }
        reached[milestone, default: 0] += 1
    }

    mutating func check() {
        if !outstandingExports.isEmpty {
            violation("\(outstandingExports.map(\.lastPathComponent).sorted()) neither returned nor deleted")
            outstandingExports = []
        }
        if case .idle = workflow.state, !outstandingMovies.isEmpty {
            violation("no session runs, and \(outstandingMovies.map(\.lastPathComponent).sorted()) were neither returned nor discarded")
            outstandingMovies = []
        }
        let navigation = workflow.state.navigation
        if shown != navigation.stack { violation("presenter shows \(shown.map(\.id)), state derives \(navigation.stack.map(\.id))") }
        if !shown.isEmpty, barHidden != navigation.isNavigationBarHidden { violation("bar hidden \(barHidden)") }
        if navigation.stack.count > 2 { violation("stack of \(navigation.stack.count)") }
        let milestone: Milestone?
        switch workflow.state {
        case .idle, .active(_, .askingAccess): milestone = nil
        case .active(_, .choosingSource): milestone = .chooser
        case .active(_, .browsing): milestone = .browsing
        case .active(_, .loading): milestone = .loading
        case .active(_, .loadingMany): milestone = .loadingMany
        case .active(_, .camera(_, .idle)): milestone = .camera
        case .active(_, .camera(_, .capturing)): milestone = .capturing
        case .active(_, .camera(_, .recording)): milestone = .recording
        case let .active(session, .editing(editing)):
            milestone = editing.isRendering ? .rendering : editing.isFraming ? .framing : editing.geometry.openingCrop != nil ? .framed : .editing
            let geometry = editing.geometry, crop = geometry.cropRect
            if geometry.configuration.shape.isSquare, crop.width != crop.height { violation("crop \(crop) not square") }
            // Presets are for rectangular masks: a circle or square mask stays as it was.
            let opened = session.configuration.editor.shape
            if opened.isSquare, geometry.configuration.shape != opened {
                violation("the mask changed from \(opened) to \(geometry.configuration.shape)")
            }
            if !geometry.configuration.allowsEmptySpace, !PixelRect(size: geometry.imageSize).contains(crop) {
                violation("crop \(crop) outside \(geometry.imageSize)")
            }
        case .active(_, .previewing): milestone = .previewing
        }
        if let milestone { reached[milestone, default: 0] += 1 }
    }
}

extension ClosedRange<Duration> {
    /// `"0s–20s"`, for a violation's text.
    var listedForWalk: String { "\(lowerBound)–\(upperBound)" }
}

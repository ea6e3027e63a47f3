import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Thousands of random action sequences through every flow, with the invariants checked after
/// every step.
@MainActor
@Suite("Random walks through every flow (B23)")
struct RandomWalkTests {
    /// 240 walks of 40 steps; `PICKERKIT_RANDOM_WALKS` sets the count (the sanitizer runs of CI
    /// use fewer, a soak more).
    static let walks = ProcessInfo.processInfo.environment["PICKERKIT_RANDOM_WALKS"].flatMap(Int.init) ?? 240
    static let stepsPerWalk = 40

    @Test("invariants hold after every step")
    func randomWalks() async throws {
        var steps = 0
        var seen: [String: Int] = [:]
        let clock = ContinuousClock()
        let started = clock.now
        for walk in 0..<Self.walks {
            var rng = SeededRandomNumberGenerator(seed: UInt64(walk))
            let (count, lines) = try await Self.walk(&rng)
            steps += count
            for (name, marker) in Self.milestones where lines.contains(where: { $0.contains(marker) }) {
                seen[name, default: 0] += 1
            }
        }
        let elapsed = started.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("picker walk: \(steps) steps in \(String(format: "%.2f", seconds)) s, \(Int(Double(steps) / seconds)) steps/s")
        #expect(steps == Self.walks * Self.stepsPerWalk)
        // The walks reach every flow and every ending, or they prove little.
        for (name, _) in Self.milestones {
            #expect(seen[name, default: 0] > 0, "no walk reached \(name)")
        }
    }

    static let milestones: [(String, String)] = [
        ("an edited finish", "delegate: didFinish public.image edited"),
        ("an unedited finish", "delegate: didFinish public.image image"),
        ("a movie finish", "delegate: didFinish public.movie"),
        ("a user cancel", "picker: end cancelled (user)"),
        ("a host cancel", "picker: end cancelled (host)"),
        ("a failure after start", "delegate: didFail"),
        ("a start failure", "picker: start failed"),
        ("a load failure", "presenter: alert"),
        ("a swipe back", "picker: navigation back to"),
        ("a stale action", "not frontmost"),
        ("a pick while busy", ": busy"),
        ("a photo taken", "picker: captured"),
        ("a capture failure", "picker: capture failed"),
        ("a camera switch", "picker: camera front"),
        ("a recording", "picker: recorded recording.mov"),
        ("a movie preview", "preview("),
        ("a trim", "picker: trim "),
        ("a multi-item finish", "didFinish public.image items "),
        ("a library pick over the limit", "over the selection limit"),
        ("an empty library pick", "picker: end cancelled (user)"),
        ("a movie chosen with its trim", "didFinish public.movie url m.mov trim"),
        ("a pop to the browser", "presenter: pop"),
        ("an iPad popover", "popover("),
        ("a menu", " menu"),
        ("an editor gesture", "picker: editor "),
        ("a turn or flip", "picker: editor turn"),
        ("an undo", "picker: editor undo"),
        ("a VoiceOver action", "user: VoiceOver "),
    ]

    /// One walk: a randomly configured device and host, then random starts and taps.
    static func walk(_ rng: inout SeededRandomNumberGenerator) async throws -> (steps: Int, lines: [String]) {
        let idiom: DeviceIdiom = Bool.random(using: &rng) ? .phone : .pad
        var configuration = PickerConfiguration()
        configuration.allowsEditing = Int.random(in: 0..<4, using: &rng) > 0
        configuration.mediaTypes = [[.image], [.image, .movie], [.image, .movie], [.movie], []][Int.random(in: 0..<5, using: &rng)]
        configuration.animated = Bool.random(using: &rng)
        let photo = try PickerScenario.photo(
            width: Int.random(in: 1...9, using: &rng), height: Int.random(in: 1...9, using: &rng),
            orientation: ImageOrientation.allCases.randomElement(using: &rng)!)
        let items: [FakePhotoSource.Item] = [
            .image("IMG", photo), .image("IMG2", photo), .movie("MOV", url: URL(fileURLWithPath: "/tmp/m.mov")), .failing("BAD", "offline"),
        ]
        let statuses = AuthorizationStatus.allCases
        var sourceTable: [SourceType: [MediaType]] = [:]
        var authorization: [SourceType: AuthorizationStatus] = [:]
        var answers: [SourceType: AuthorizationStatus] = [:]
        for source in SourceType.allCases where Int.random(in: 0..<5, using: &rng) > 0 {
            sourceTable[source] = [[.image], [.image, .movie], [.image, .movie], [.movie]][Int.random(in: 0..<4, using: &rng)]
            authorization[source] = Int.random(in: 0..<3, using: &rng) > 0 ? .authorized : statuses.randomElement(using: &rng)!
            answers[source] = [.authorized, .denied, .limited].randomElement(using: &rng)!
        }
        let manualLoads = Bool.random(using: &rng)
        let cameraDevices: Set<CameraDevice> = [[.rear, .front], [.rear], [.front]][Int.random(in: 0..<3, using: &rng)]
        let failingCaptures = Bool.random(using: &rng)
        let hostInfo = Int.random(in: 0..<6, using: &rng) > 0
            ? HostInfo.allDeclared : HostInfo(usageDescriptions: [.photoLibrary: "Pick"])
        let s = PickerScenario(idiom: idiom, items: items, configuration: configuration, hostInfo: hostInfo, exhaustivity: .off) {
            $0.sources = sourceTable
            $0.authorization = authorization
            $0.authorizationAnswers = answers
            $0.loadMode = manualLoads ? .manual : .immediate
        }
        s.camera.devices = cameraDevices
        s.source.limitedSelection = Set(items.map(\.item.id).filter { _ in Bool.random(using: &rng) })
        s.camera.captureMode = manualLoads ? .manual : .immediate
        if failingCaptures { s.camera.captures = [.failure(.init(description: "sensor busy")), .success(photo)] }
        let anchorView = NSObject()
        var steps = 0
        for _ in 0..<stepsPerWalk {
            let before = s.transcript.lines.count
            let wasActive = s.picker.isSessionActive
            let stateBefore = s.picker.navigation
            let kind = try await step(s, &rng, anchorView: anchorView)
            // Time passes now and then, so camera warm-ups end.
            if Int.random(in: 0..<3, using: &rng) == 0 { s.clock.advance(by: .milliseconds(Int.random(in: 0...800, using: &rng))) }
            // A manual load or capture, or the camera's warm-up on the manual clock, waits for the
            // test, so waiting for idle could wait for ever: let the picker's tasks run a few turns.
            for _ in 0..<8 { await Task.yield() }
            check(s, after: kind, wasActive: wasActive, stateBefore: stateBefore, linesBefore: before)
            steps += 1
        }
        // Finish every walk cleanly: whatever is open ends with exactly one callback.
        s.source.completePendingLoads()
        s.camera.completePendingCapture()
        s.clock.advance(by: .seconds(1))
        for _ in 0..<8 { await Task.yield() }
        s.picker.cancel()
        #expect(!s.camera.isRunning, "the camera is torn down with its session")
        #expect(!s.picker.isSessionActive)
        #expect(s.presenter.stack.isEmpty)
        #expect(s.transcript.unexpected.isEmpty, "\(s.transcript.lines.joined(separator: "\n"))")
        return (steps, s.transcript.lines)
    }

    enum StepKind { case start, tap, stale, other }

    static func step(_ s: PickerScenario, _ rng: inout SeededRandomNumberGenerator, anchorView: NSObject) async throws -> StepKind {
        let anchor: PopoverAnchor? = Bool.random(using: &rng) ? PopoverAnchor(sourceView: anchorView, sourceRect: .zero) : nil
        // Half the time, the person does something the frontmost screen offers.
        if let top = s.presenter.stack.last, Bool.random(using: &rng) {
            let roll = Int.random(in: 0..<6, using: &rng)
            switch (top.screen.kind, roll) {
            case (.sourceChooser, 0): s.user.tapCancel()
            case (.sourceChooser, _): s.user.chooseSource(SourceType.allCases.randomElement(using: &rng)!)
            case (.browser, 0): s.user.tapCancel()
            case (.browser, _) where !s.source.visibleItems.isEmpty:
                s.user.pickItem(at: Int.random(in: 0..<s.source.visibleItems.count, using: &rng))
            case (.browser, _): s.user.tapCancel()
            case (.camera, 0): s.user.tapCancel()
            case (.camera, 1) where Bool.random(using: &rng): s.user.switchCamera()
            case (.camera, 1): s.user.setFlash(FlashMode.allCases.randomElement(using: &rng)!)
            case (.camera, 2): s.user.tapRecord()
            case (.camera, 3): s.user.tapStop()
            case (.camera, _): s.user.tapShutter()
            case (.editor, 0): s.user.tapCancel()
            case (.editor, 1): s.user.tapChoose()
            case (.editor, 2) where Bool.random(using: &rng):
                if Bool.random(using: &rng) { s.user.tapUndo() } else { s.user.tapRedo() }
            case (.editor, 2): s.user.accessibilityAction(EditorAccessibilityAction.allCases.randomElement(using: &rng)!)
            case (.editor, 3): s.user.twoFingerRotate(by: Double.random(in: -30...30, using: &rng))
            case (.editor, 4): s.user.straighten(to: Double.random(in: -50...50, using: &rng))
            case (.editor, _): s.user.gesture(.pinch(scale: Double.random(in: 0.3...3, using: &rng), focus: CGPoint(x: 150, y: 300)))
            case (.moviePreview, 0): s.user.tapCancel()
            case (.moviePreview, 1): s.user.tapChoose()
            case (.moviePreview, 2): s.user.tapPlay()
            case (.libraryPicker, 0): s.user.tapCancel()
            case (.libraryPicker, _):
                let visible = s.source.visibleItems.count
                let count = visible == 0 ? 0 : Int.random(in: 0...4, using: &rng)
                s.user.pickItems(at: (0..<count).map { _ in Int.random(in: 0..<visible, using: &rng) })
            case (.moviePreview, _):
                s.user.trim(from: .seconds(Int.random(in: -5...20, using: &rng)), to: .seconds(Int.random(in: -5...20, using: &rng)))
            }
            return .tap
        }
        var choice = Int.random(in: 0..<13, using: &rng)
        // Someone looking at a screen mostly taps on it; with nothing shown there is nothing to tap.
        if !s.presenter.stack.isEmpty, Bool.random(using: &rng) { choice = [3, 4, 5, 6, 7, 8, 12][Int.random(in: 0..<7, using: &rng)] }
        if [3, 4, 5, 6, 7, 8, 12].contains(choice), s.presenter.stack.isEmpty { choice = 9 }
        switch choice {
        case 0:
            _ = try? s.picker.edit(try PickerScenario.photo(width: 3, height: 2))
            return .start
        case 1:
            _ = try? await s.picker.select(from: SourceType.allCases.randomElement(using: &rng)!, anchor: anchor)
            return .start
        case 2 where Bool.random(using: &rng):
            var library = LibraryPickerConfiguration()
            library.filter = Set(LibraryPickerConfiguration.Filter.allCases.filter { _ in Bool.random(using: &rng) })
            library.selectionLimit = Int.random(in: -1...3, using: &rng)
            _ = try? await s.picker.selectFromLibrary(library, anchor: anchor)
            return .start
        case 2:
            _ = try? s.picker.chooseSource(Bool.random(using: &rng) ? .actionSheet : .menu, anchor: anchor)
            return .start
        case 3:
            s.user.tapCancel()
            return .tap
        case 4:
            s.user.tapChoose()
            return .tap
        case 5, 6:
            guard !s.source.visibleItems.isEmpty else { return .other }
            s.user.pickItem(at: Int.random(in: 0..<s.source.visibleItems.count, using: &rng))
            return .tap
        case 7:
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: s.user.chooseSource(SourceType.allCases.randomElement(using: &rng)!)
            case 1: s.user.switchCamera()
            case 2 where Bool.random(using: &rng): s.user.tapPlay()
            case 2: s.user.trim(from: .seconds(Int.random(in: -5...20, using: &rng)), to: .seconds(Int.random(in: -5...20, using: &rng)))
            default: s.user.tapShutter()
            }
            return .tap
        case 8:
            if s.presenter.stack.count > 1 { s.user.swipeBack() }
            return .tap
        case 9:
            let actions: [UserAction] = [.cancelTapped, .chooseTapped, .sourceChosen(.photoLibrary), .itemPicked(s.source.items[0].item)]
            let route = Route.ID(Int.random(in: 1...20, using: &rng))
            s.picker.send(actions.randomElement(using: &rng)!, from: route)
            return .stale
        case 10:
            s.source.completePendingLoads()
            s.camera.completePendingCapture()
            s.clock.advance(by: .milliseconds(Int.random(in: 0...1000, using: &rng)))
            return .other
        case 12:
            let gestures: [EditorGesture] = [
                .pan(CGPoint(x: Double.random(in: -300...300, using: &rng), y: Double.random(in: -300...300, using: &rng))),
                .pinch(scale: Double.random(in: 0.2...5, using: &rng), focus: CGPoint(x: 100, y: 300)),
                .doubleTap(CGPoint(x: 180, y: 330)), .ended, .reset,
                .transform(DisplayTransform.allCases.randomElement(using: &rng)!),
                .aspect([AspectPreset.original, .square, .ratio(3, 4)].randomElement(using: &rng)!),
            ]
            s.user.gesture(gestures.randomElement(using: &rng)!)
            return .tap
        default:
            if Int.random(in: 0..<4, using: &rng) == 0 { s.picker.cancel() }
            return .other
        }
    }

    static func check(_ s: PickerScenario, after kind: StepKind, wasActive: Bool, stateBefore: NavigationState, linesBefore: Int) {
        let nav = s.picker.navigation
        // The presenter shows exactly the coordinator's stack.
        #expect(s.presenter.stack == nav.stack)
        if !nav.stack.isEmpty { #expect(s.presenter.isNavigationBarHidden == nav.isNavigationBarHidden) }
        // The bar is hidden exactly while an edit screen is pushed on a browser or camera.
        #expect(nav.isNavigationBarHidden == (nav.stack.count > 1 && nav.top?.screen.kind == .editor))
        // Only a browser or camera carries pushed screens, and only edit screens are pushed.
        if nav.stack.count > 1 {
            #expect(nav.stack[0].screen.kind.isNavigationStack)
            #expect(nav.stack.dropFirst().allSatisfy { [.editor, .moviePreview].contains($0.screen.kind) })
        }
        #expect(nav.stack.count <= 2)
        // The editor's geometry exists exactly while an edit screen is frontmost.
        #expect((s.picker.editorGeometry != nil) == (nav.top?.screen.kind == .editor))
        if let editor = s.picker.editorGeometry {
            #expect(editor.cropRect.width == editor.cropRect.height)
            #expect(PixelRect(size: editor.imageSize).contains(editor.cropRect))
        }
        // Route ids only grow.
        #expect(zip(nav.stack, nav.stack.dropFirst()).allSatisfy { $0.id < $1.id })
        // No session: nothing shown.
        if !s.picker.isSessionActive { #expect(nav.stack.isEmpty) }
        // One callback per ended session, never more.
        let ends = s.transcript.lines.filter { $0.hasPrefix("picker: end ") }.count
        #expect(s.delegate.callbacks.count == ends)
        // An action with no session running changes nothing but the log.
        if !wasActive && kind != .start {
            #expect(nav == stateBefore)
            #expect(s.transcript.lines(since: linesBefore).allSatisfy {
                $0.hasPrefix("picker: ignored") || $0.hasPrefix("user:") || $0.hasPrefix("source: deliver")
                    || $0.hasPrefix("source: load") && $0.hasSuffix("cancelled")
            })
        }
        #expect(s.transcript.unexpected.isEmpty)
    }
}

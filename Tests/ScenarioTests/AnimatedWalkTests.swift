import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Random walks with presenters whose transitions finish when the walk says (by random amounts
/// later), their completions held by the presenter or by an animation system that outlives it
/// (as UIKit's does), with the presenter, the delegate and the camera released at random steps
/// and replaced for the sessions after, and with a picker clock that is manual or returns at
/// once: the picker must never present after a session's callback, call the presenter while its
/// transition animates, dismiss with nothing shown, call back twice, leave the camera running
/// without a session, wedge, or leave a callback waiting for the host's next call.
@MainActor
@Suite("Random walks with animations and released seams (B10, B23)")
struct AnimatedWalkTests {
    /// 300 walks of 30 steps in the suite; `PICKERKIT_ANIMATED_WALKS` sets the count (the
    /// sanitizer runs of CI use fewer; 33,334 walks is a soak of a million steps).
    static let walks = ProcessInfo.processInfo.environment["PICKERKIT_ANIMATED_WALKS"].flatMap(Int.init) ?? 300
    static let stepsPerWalk = 30

    /// The seams of one walk: each can be released and replaced.
    @MainActor
    final class Seams {
        let transcript = Transcript()
        let source: FakePhotoSource
        var presenter: FakePresenter?
        var delegate: RecordingDelegate?
        var camera: FakeCamera?
        let picker: ProfilePicker
        /// Every camera the walk made, to check none is left running.
        var cameras: [FakeCamera] = []
        /// The picker's clock, when manual; its sleeps end with the walk.
        let clock = ManualClock()
        /// The animation system: it holds the completions of some presenters, and outlives them.
        let animations = FakeAnimations()
        /// The presenter the running session shows on, held weakly as the picker holds it.
        weak var shownOn: FakePresenter?
        /// Whether the running session's presenter was released while one of its transitions
        /// animated.
        var releasedMidTransition = false

        deinit { clock.cancelSleepers() }

        init(_ rng: inout SeededRandomNumberGenerator) throws {
            let photo = try PickerScenario.photo(width: 4, height: 3)
            source = FakePhotoSource(transcript: transcript, items: [.image("IMG", photo), .movie("MOV", url: URL(fileURLWithPath: "/tmp/m.mov"))])
            source.sources = [.photoLibrary: [.image, .movie], .camera: [.image]]
            // A host's test clock: one that moves when told, or one whose sleeps return at once.
            let instant = Bool.random(using: &rng)
            picker = ProfilePicker(photoSource: source, hostInfo: .allDeclared, clock: instant ? ImmediateClock() : clock)
            picker.configuration.camera.warmUp = instant ? .milliseconds(750) : .zero
            picker.eventHandler = { [weak self] event in
                self?.transcript.record("picker", event.description)
                if case .sessionStarted = event {
                    self?.delegate?.sessionStarted()
                    self?.shownOn = self?.presenter
                    self?.releasedMidTransition = false
                }
            }
            replacePresenter(&rng)
            replaceDelegate()
            replaceCamera()
        }

        func replacePresenter(_ rng: inout SeededRandomNumberGenerator) {
            let presenter = FakePresenter(transcript: transcript)
            // Transitions that end at once, or when the walk says, their completions held by the
            // presenter or by the animation system.
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: presenter.transitionMode = .immediate
            case 1: presenter.transitionMode = .manual
            default:
                presenter.transitionMode = .manual
                presenter.animations = animations
            }
            self.presenter = presenter
            picker.presenter = presenter
        }

        func replaceDelegate() {
            let delegate = RecordingDelegate(transcript: transcript)
            // A delegate set during a session is the one that session calls back.
            if picker.isSessionActive { delegate.sessionStarted() }
            self.delegate = delegate
            picker.delegate = delegate
        }

        func replaceCamera() {
            let camera = FakeCamera(transcript: transcript, defaultPhoto: try? PickerScenario.photo(width: 4, height: 3))
            cameras.append(camera)
            self.camera = camera
            picker.camera = camera
        }
    }

    @Test("no late presentation, stray dismissal, second callback, running camera or wedge")
    func walks() async throws {
        var ends = 0, releases = 0, deferred = 0
        // Sessions whose presenter was released while one of its transitions animated, and whose
        // callback had still not come two main-actor turns later with no call from the host (it
        // would have waited for the host's next call); and, beside them, sessions whose presenter
        // went while nothing animated, which end at the host's next call.
        var heldHostage = 0, releasedWhileAnimating = 0, releasedWhileIdle = 0, releasedWithTheAnimationHolding = 0
        for walk in 0..<Self.walks {
            var rng = SeededRandomNumberGenerator(seed: UInt64(10_000 + walk))
            let seams = try Seams(&rng)
            for _ in 0..<Self.stepsPerWalk {
                let anchor = PopoverAnchor(sourceView: seams, sourceRect: .zero)
                switch Int.random(in: 0..<14, using: &rng) {
                case 0: _ = try? seams.picker.edit(try PickerScenario.photo(width: 3, height: 2))
                case 1: _ = try? await seams.picker.select(from: [.photoLibrary, .camera].randomElement(using: &rng)!, anchor: anchor)
                case 2: _ = try? seams.picker.chooseSource(anchor: anchor)
                case 3, 4:
                    // The person taps on the screen the picker thinks is frontmost.
                    if let top = seams.picker.navigation.top {
                        let actions: [UserAction] = switch top.screen.kind {
                        case .sourceChooser: [.sourceChosen(.photoLibrary), .sourceChosen(.camera), .cancelTapped]
                        case .browser: [.itemPicked(seams.source.items[0].item), .itemPicked(seams.source.items[1].item), .cancelTapped]
                        case .camera: [.shutterTapped, .cancelTapped]
                        case .editor, .moviePreview: [.chooseTapped, .cancelTapped]
                        case .libraryPicker: [.cancelTapped]
                        }
                        seams.picker.send(actions.randomElement(using: &rng)!, from: top.id)
                    }
                case 5, 6:
                    if Bool.random(using: &rng) { seams.presenter?.completeTransitions() } else { seams.animations.finish() }
                    deferred += 1
                case 7:
                    // A sheet swiped away, if something is shown.
                    if let root = seams.presenter?.stack.first?.id, seams.presenter?.isTransitioning == false {
                        _ = seams.presenter?.dismissInteractively()
                        seams.picker.send(.interactivelyDismissed, from: root)
                    }
                case 8:
                    let animating = seams.picker.pendingWork.contains { $0.hasSuffix("(animating)") }
                    let active = seams.picker.isSessionActive
                    let held = seams.animations.count
                    seams.presenter = nil
                    releases += 1
                    if active && animating {
                        releasedWhileAnimating += 1
                        seams.releasedMidTransition = seams.shownOn == nil
                        if held > 0 { releasedWithTheAnimationHolding += 1 }
                    } else if active {
                        releasedWhileIdle += 1
                    }
                case 9:
                    seams.delegate = nil
                    releases += 1
                case 10:
                    seams.camera = nil
                    seams.picker.camera = nil
                    releases += 1
                case 11: seams.picker.cancel()
                default:
                    // The host sets whatever seams it released, some steps later.
                    if seams.presenter == nil { seams.replacePresenter(&rng) }
                    if seams.delegate == nil { seams.replaceDelegate() }
                    if seams.camera == nil { seams.replaceCamera() }
                }
                for _ in 0..<Int.random(in: 0...6, using: &rng) { await Task.yield() }
                // A session whose presenter went mid-transition ends when that transition does:
                // once nothing of the picker's is pending, its callback must have come.
                if seams.releasedMidTransition, seams.picker.isSessionActive {
                    for _ in 0..<3 { await Task.yield() }
                    if seams.picker.isSessionActive, seams.picker.pendingWork.isEmpty {
                        heldHostage += 1
                        seams.releasedMidTransition = false
                    }
                }
                #expect(seams.transcript.unexpected.isEmpty, "walk \(walk): \(seams.transcript.lines.joined(separator: "\n"))")
                if !seams.transcript.unexpected.isEmpty { return }
            }
            // Everything ends: transitions finish, the session is cancelled, work drains.
            if seams.presenter == nil { seams.replacePresenter(&rng) }
            for _ in 0..<3 {
                seams.animations.finish()
                seams.presenter?.completeTransitions()
                seams.picker.cancel()
                seams.animations.finish()
                seams.presenter?.completeTransitions()
                await seams.picker.idle(timeout: .seconds(2))
            }
            #expect(!seams.picker.isSessionActive)
            #expect(seams.picker.pendingWork == [], "walk \(walk) wedged: \(seams.picker.pendingWork)")
            #expect(seams.cameras.allSatisfy { !$0.isRunning }, "walk \(walk) left a camera running")
            #expect(seams.transcript.unexpected.isEmpty, "walk \(walk): \(seams.transcript.lines.suffix(30).joined(separator: "\n"))")
            #expect(Self.latePresentations(in: seams.transcript.lines) == [], "walk \(walk)")
            ends += seams.transcript.lines.filter { $0.hasPrefix("picker: end ") }.count
        }
        #expect(ends > Self.walks && releases > Self.walks && deferred > Self.walks, "the walks end, release and defer often")
        #expect(heldHostage == 0, "\(heldHostage) of \(releasedWhileAnimating) sessions waited for the host after their presenter went mid-transition")
        #expect(releasedWhileAnimating > Self.walks / 10, "presenters are released mid-transition often")
        #expect(releasedWithTheAnimationHolding > Self.walks / 20, "often while the animation system holds the completion")
        if ProcessInfo.processInfo.environment["PICKERKIT_ANIMATED_WALKS"] != nil {
            print("animated walks: \(Self.walks * Self.stepsPerWalk) steps, \(ends) sessions ended; presenters released mid-transition in \(releasedWhileAnimating) sessions (\(releasedWithTheAnimationHolding) with the animation system holding the completion), \(heldHostage) of them waited for the host; released while idle in \(releasedWhileIdle)")
        }
    }

    /// The presentations that came after a callback with no session started in between: a
    /// session's screen shown after the host heard it end.
    static func latePresentations(in lines: [String]) -> [String] {
        var ended = false
        var late: [String] = []
        for line in lines {
            if line.hasPrefix("delegate: did") { ended = true }
            if line.hasPrefix("picker: start "), !line.hasPrefix("picker: start failed") { ended = false }
            if ended, line.hasPrefix("presenter: present ") { late.append(line) }
        }
        return late
    }
}

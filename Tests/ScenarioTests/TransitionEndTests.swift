import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// A transition whose completion can no longer come, or never comes: the picker goes on by
/// itself. No test here calls `settle()`, `idle()` or any picker method between the
/// release (or the deadline) and the check: what the host hears must come without its help.
@MainActor
@Suite("Transitions that never end (B10)")
struct TransitionEndTests {
    /// The seams a test releases: a presenter whose transitions finish only when the test says.
    @MainActor
    final class Host {
        let transcript = Transcript()
        let source: FakePhotoSource
        let delegate: RecordingDelegate
        var presenter: FakePresenter?
        let picker: ProfilePicker
        let clock = ManualClock()

        init() {
            source = FakePhotoSource(transcript: transcript)
            delegate = RecordingDelegate(transcript: transcript)
            let presenter = FakePresenter(transcript: transcript)
            presenter.transitionMode = .manual
            self.presenter = presenter
            picker = ProfilePicker(photoSource: source, presenter: presenter, delegate: delegate, hostInfo: .allDeclared, clock: clock)
            picker.transitionClock = clock
            picker.eventHandler = { [transcript, delegate] event in
                transcript.record("picker", event.description)
                if case .sessionStarted = event { delegate.sessionStarted() }
            }
        }

        deinit { clock.cancelSleepers() }

        /// The main actor's next turn: what was scheduled on it meanwhile has run.
        func nextTurn() async {
            await Task.yield()
        }
    }

    @Test func aPresenterReleasedWhileItsDismissalAnimatesStillGetsTheCallbackOut() async throws {
        let host = Host()
        try host.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        host.presenter?.completeTransitions()
        host.picker.cancel()
        // The dismissal animates; the host releases the presenter before its completion.
        #expect(host.picker.pendingWork == ["a dismissal (animating)"])
        #expect(host.delegate.callbacks.isEmpty)
        host.presenter = nil
        await host.nextTurn()
        #expect(host.delegate.callbacks.count == 1)
        #expect(!host.picker.isSessionActive)
        #expect(host.picker.pendingWork == [])
        #expect(host.transcript.lines == [
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "presenter: transition finished",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "picker: gave up a dismissal: its completion was released uncalled (the presenter went)",
            "delegate: didCancel",
        ])
    }

    @Test func aPresenterReleasedMidPresentationEndsTheSessionAndPickReturns() async throws {
        let host = Host()
        @MainActor final class Outcome { var returned = false }
        let outcome = Outcome()
        let pick = Task { @MainActor in
            _ = try? await host.picker.pick(.edit(try PickerScenario.photo(width: 2, height: 2)))
            outcome.returned = true
        }
        await host.nextTurn()
        #expect(host.picker.pendingWork == ["the presentation of #1 (animating)"])
        host.presenter = nil
        await host.nextTurn()
        await host.nextTurn()
        #expect(outcome.returned, "pick() returned within a turn or two of the release")
        #expect(!host.picker.isSessionActive)
        #expect(host.transcript.lines == [
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "picker: gave up the presentation of #1: its completion was released uncalled (the presenter went)",
            "picker: end cancelled (presenter gone)",
            "delegate: didCancel",
        ])
        _ = await pick.value
    }

    /// A presenter that never calls a completion, and is not released: past the deadline the
    /// picker gives the transition up, says so, and the next session starts. The completion
    /// that comes late is ignored: nothing is delivered twice.
    @Test func aCompletionThatNeverComesIsGivenUpAtTheDeadline() async throws {
        let host = Host()
        host.picker.configuration.transitionDeadline = .seconds(3)
        try host.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        host.presenter?.completeTransitions()
        host.picker.cancel()
        #expect(host.delegate.callbacks.isEmpty)
        await eventually("the deadline is waiting on the clock") { host.clock.sleeperCount == 1 }
        host.clock.advance(by: .milliseconds(2999))
        await host.nextTurn()
        #expect(host.delegate.callbacks.isEmpty, "not before the deadline")
        #expect(throws: PickerError.sessionInProgress) { try host.picker.edit(try PickerScenario.photo(width: 2, height: 2)) }
        host.clock.advance(by: .milliseconds(1))
        await eventually("the deadline passes") { host.delegate.callbacks.count == 1 }
        #expect(!host.picker.isSessionActive)
        // The completion that comes late changes nothing; the next session works.
        host.presenter?.completeTransitions()
        #expect(host.delegate.callbacks.count == 1)
        host.presenter?.transitionMode = .immediate
        try host.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        #expect(host.presenter?.stack.map(\.id) == [Route.ID(2)])
        #expect(host.transcript.lines == [
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "presenter: transition finished",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "picker: start failed: a session is already in progress; start the next one after its callback",
            "picker: gave up a dismissal: no completion within 3s",
            "delegate: didCancel",
            "presenter: transition finished",
            "picker: start edit 2x2",
            "presenter: present #2 editor(2x2 crop (0,0,2,2)) fullScreen animated",
        ])
    }

    @Test func aDeadlineThatIsNotPositiveIsRefusedAtStart() throws {
        let host = Host()
        host.picker.configuration.transitionDeadline = .zero
        #expect(throws: PickerError.invalidConfiguration(.transitionDeadline(.zero))) {
            try host.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        }
    }
}

/// A presenter as UIKit's is: the animation, not the presenter, holds the completion, and calls
/// it when it ends, whether or not the presenter is still there.
@MainActor
final class AnimatingPresenter: Presenter {
    /// The animations running: UIKit's, which outlive the view controller that started them.
    @MainActor
    final class Animations {
        var running: [@MainActor () -> Void] = []
        func finish() {
            let ended = running
            running = []
            for completion in ended { completion() }
        }
    }

    let idiom = DeviceIdiom.phone
    weak var navigationProxy: (any NavigationProxy)?
    weak var picker: ProfilePicker?
    let animations: Animations

    init(animations: Animations) { self.animations = animations }

    func push(_ route: Route, animated: Bool) {}
    func pop(animated: Bool) {}
    func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {}
    func showAlert(for error: PickerError) {}
    func present(_ route: Route, style: PresentationStyle, animated: Bool, completion: @escaping @MainActor () -> Void) {
        animations.running.append(completion)
    }
    func dismiss(animated: Bool, completion: @escaping @MainActor () -> Void) {
        animations.running.append(completion)
    }
}

extension TransitionEndTests {
    /// UIKit keeps the completion of a dismissal whose presenter was released and calls it when
    /// the animation ends: the callback comes then, not at the deadline.
    @Test func aCompletionThatOutlivesItsPresenterEndsTheTransitionWhenItComes() async throws {
        let transcript = Transcript()
        let delegate = RecordingDelegate(transcript: transcript)
        let animations = AnimatingPresenter.Animations()
        var presenter: AnimatingPresenter? = AnimatingPresenter(animations: animations)
        let clock = ManualClock()
        defer { clock.cancelSleepers() }
        let picker = ProfilePicker(
            photoSource: FakePhotoSource(transcript: transcript), presenter: presenter, delegate: delegate, hostInfo: .allDeclared, clock: clock)
        picker.eventHandler = { event in
            transcript.record("picker", event.description)
            if case .sessionStarted = event { delegate.sessionStarted() }
        }
        try picker.edit(try PickerScenario.photo(width: 2, height: 2))
        animations.finish()
        picker.cancel()
        #expect(picker.pendingWork == ["a dismissal (animating)"])
        presenter = nil
        await Task.yield()
        #expect(delegate.callbacks.isEmpty, "the animation still runs")
        animations.finish()
        #expect(delegate.callbacks.count == 1, "the callback comes as the animation ends")
        #expect(!picker.isSessionActive)
        #expect(!transcript.lines.contains { $0.hasPrefix("picker: gave up") }, "\(transcript.lines)")
        withExtendedLifetime(presenter) {}
    }
}

import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// What real presenters need: no call while a transition animates, and a dismissal the person
/// makes themselves ending the session once.
@MainActor
@Suite("Presentation transitions and interactive dismissal (B4, B23)")
struct PresentationTests {
    @Test func theNextScreenWaitsForTheDismissalBeforeIt() async throws {
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))])
        s.presenter.transitionMode = .manual
        try s.picker.chooseSource()
        s.presenter.completeTransitions()
        s.user.chooseSource(.photoLibrary)
        s.expect([
            "picker: start chooser actionSheet",
            "presenter: present #1 chooser(actionSheet: Take photo=camera, Camera roll=savedPhotosAlbum, Photo library=photoLibrary, cancel Cancel) actionSheet animated",
            "presenter: transition finished",
            "user: choose photoLibrary on #1",
            "presenter: dismiss animated",
        ])
        #expect(s.picker.pendingWork == ["a dismissal (animating)"])
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.browser], "the workflow moved on; the presenter waits")
        s.presenter.completeTransitions()
        s.expect([
            "presenter: transition finished",
            "presenter: present #2 browser(photoLibrary, [public.image]) fullScreen animated",
        ])
        s.presenter.completeTransitions()
        #expect(s.picker.pendingWork == [])
        s.user.tapCancel()
        s.presenter.completeTransitions()
        s.expect([
            "presenter: transition finished",
            "user: cancel on #2",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            // The delegate hears the end once the dismissal it follows has finished.
            "presenter: transition finished",
            "delegate: didCancel",
        ])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func settleNamesAnAnimationThatNeverFinishes() async throws {
        let s = PickerScenario(exhaustivity: .off)
        s.presenter.transitionMode = .manual
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        await withKnownIssue {
            await s.settle(timeout: .milliseconds(10))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix("the presentation of #1 (animating)") }
        }
    }

    @Test func swipingTheBrowserDownCancelsOnceWithoutADismiss() async throws {
        let s = PickerScenario()
        try await s.picker.selectFromPhotoLibrary()
        s.user.dismissInteractively()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: dismiss interactively",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(s.picker.navigation == NavigationState())
        #expect(s.delegate.callbacks.count == 1)
    }

    @Test func dismissingTheCameraWithTheEditorPushedTearsItDown() async throws {
        let s = PickerScenario()
        try await s.picker.select(from: .camera)
        await s.settle()
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await s.settle()
        s.user.dismissInteractively()
        s.expect([
            "picker: start source camera",
            "presenter: present #1 camera(rear, [public.image]) fullScreen animated",
            "camera: prepare rear",
            "picker: camera ready: rear",
            "user: shutter on #1",
            "picker: shutter: capture after 0s",
            "camera: capture, flash auto",
            "picker: captured 30x40 right (6)",
            "presenter: push #2 editor(30x40 crop (0,5,30,30))",
            "presenter: navigation bar hidden",
            "user: dismiss interactively",
            "camera: tear down",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(!s.camera.isRunning)
    }

    @Test func aDismissalReportedFromAnotherRouteIsIgnored() async throws {
        let s = PickerScenario()
        try await s.picker.selectFromPhotoLibrary()
        s.picker.send(.interactivelyDismissed, from: Route.ID(7))
        s.picker.send(.interactivelyDismissed, from: Route.ID(1))
        s.picker.send(.interactivelyDismissed, from: Route.ID(1))
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "picker: ignored interactivelyDismissed on #7: not frontmost",
            "picker: end cancelled (user)",
            "delegate: didCancel",
            "picker: ignored interactivelyDismissed on #1: no session",
        ])
    }

    @Test func aHostCancelWhileTheScreenAnimatesInIsHeardAfterTheDismissal() async throws {
        let s = PickerScenario()
        s.presenter.transitionMode = .manual
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.picker.cancel()
        // The presentation is still animating: the dismissal waits for it, and the callback for the dismissal.
        #expect(s.delegate.callbacks.isEmpty)
        s.presenter.completeTransitions()
        #expect(s.delegate.callbacks.isEmpty)
        s.presenter.completeTransitions()
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "picker: end cancelled (host)",
            "presenter: transition finished",
            "presenter: dismiss animated",
            "presenter: transition finished",
            "delegate: didCancel",
        ])
    }

    @Test func aSessionCancelledBeforeItsPresentationWasMadeShowsNothing() async throws {
        let s = PickerScenario()
        s.presenter.transitionMode = .manual
        try s.picker.chooseSource()
        s.user.chooseSource(.photoLibrary)  // the chooser's presentation still animates
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.browser], "the browser waits behind the chooser")
        s.picker.cancel()
        s.presenter.completeTransitions()
        s.presenter.completeTransitions()
        s.expect([
            "picker: start chooser actionSheet",
            "presenter: present #1 chooser(actionSheet: Take photo=camera, Camera roll=savedPhotosAlbum, Photo library=photoLibrary, cancel Cancel) actionSheet animated",
            "user: choose photoLibrary on #1",
            "picker: end cancelled (host)",
            "presenter: transition finished",
            "presenter: dismiss animated",
            "presenter: transition finished",
            "delegate: didCancel",
        ])
        #expect(s.presenter.stack.isEmpty)
        #expect(s.transcript.unexpected.isEmpty, "never presented after the callback, never dismissed with nothing shown")
    }

    @Test func aPresenterReleasedWithItsCompletionsEndsTheSessionOnTheNextTurn() async throws {
        let transcript = Transcript()
        let delegate = RecordingDelegate(transcript: transcript)
        var first: FakePresenter? = FakePresenter(transcript: transcript)
        first?.transitionMode = .manual
        let picker = ProfilePicker(photoSource: FakePhotoSource(transcript: transcript), presenter: first, delegate: delegate, hostInfo: .allDeclared)
        picker.eventHandler = { if case .sessionStarted = $0 { delegate.sessionStarted() } }
        try picker.edit(try PickerScenario.photo(width: 2, height: 2))
        #expect(picker.pendingWork == ["the presentation of #1 (animating)"])
        first = nil  // released mid-animation, with the completions it held
        #expect(delegate.callbacks.isEmpty, "a released completion is heard on the main actor's next turn")
        #expect(picker.pendingWork == ["the presentation of #1 (animating)"])
        await Task.yield()
        #expect(delegate.callbacks.count == 1, "no host call needed")
        let second = FakePresenter(transcript: transcript)
        picker.presenter = second
        try picker.edit(try PickerScenario.photo(width: 2, height: 2))
        #expect(second.stack.map(\.id) == [Route.ID(2)], "the new presenter is used at once")
        #expect(picker.pendingWork == [])
    }

    @Test func aSessionStartedBeforeTheLastOneCalledBackIsRefused() async throws {
        let s = PickerScenario()
        s.presenter.transitionMode = .manual
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.presenter.completeTransitions()
        s.picker.cancel()
        // The dismissal animates; the host has not heard the end yet, so the session is not over.
        #expect(s.picker.isSessionActive)
        #expect(throws: PickerError.sessionInProgress) { try s.picker.edit(try PickerScenario.photo(width: 2, height: 2)) }
        s.presenter.completeTransitions()
        #expect(!s.picker.isSessionActive)
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "presenter: transition finished",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "picker: start failed: a session is already in progress; start the next one after its callback",
            "presenter: transition finished",
            "delegate: didCancel",
            "picker: start edit 2x2",
            "presenter: present #2 editor(2x2 crop (0,0,2,2)) fullScreen animated",
        ])
    }

    @Test func theDelegateWhenTheSessionEndedHearsIt() async throws {
        let s = PickerScenario()
        s.presenter.transitionMode = .manual
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.presenter.completeTransitions()
        s.user.tapCancel()
        // The host sets a delegate for its next session while the dismissal still animates.
        let next = RecordingDelegate(transcript: Transcript())
        s.picker.delegate = next
        s.presenter.completeTransitions()
        #expect(next.callbacks.isEmpty)
        #expect(s.delegate.callbacks.count == 1)
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "presenter: transition finished",
            "user: cancel on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "presenter: transition finished",
            "delegate: didCancel",
        ])
    }

    @Test func aPresenterReleasedDuringTheDismissalStillLetsTheHostHearTheEnd() async throws {
        let transcript = Transcript()
        let delegate = RecordingDelegate(transcript: transcript)
        var presenter: FakePresenter? = FakePresenter(transcript: transcript)
        presenter?.transitionMode = .manual
        let picker = ProfilePicker(photoSource: FakePhotoSource(transcript: transcript), presenter: presenter, delegate: delegate, hostInfo: .allDeclared)
        picker.eventHandler = { if case .sessionStarted = $0 { delegate.sessionStarted() } }
        try picker.edit(try PickerScenario.photo(width: 2, height: 2))
        presenter?.completeTransitions()
        picker.cancel()
        #expect(picker.pendingWork == ["a dismissal (animating)"])
        presenter = nil  // its dismissal's completion will never come
        #expect(delegate.callbacks.isEmpty)
        #expect(await picker.idle(timeout: .seconds(1)) == [])
        #expect(delegate.callbacks.count == 1)
        #expect(!picker.isSessionActive)
        #expect(transcript.unexpected.isEmpty)
    }
}

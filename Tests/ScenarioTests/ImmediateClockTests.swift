import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// A host's test clock whose sleeps return at once (to skip the camera's warm-up) and a
/// presenter that holds its completions: the picker still waits for every transition, since
/// their deadline is measured on its transition clock (real time), never on the test's clock.
@MainActor
@Suite("A clock that returns at once gives up no transition")
struct ImmediateClockTests {
    /// A scenario as a host app sets one up: its own instant clock, the transition clock left
    /// as it comes (real time), transitions finishing only when the test says.
    static func scenario() throws -> PickerScenario {
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 40, height: 30))])
        s.picker.clock = ImmediateClock()
        s.picker.transitionClock = SystemPickerClock()
        s.presenter.transitionMode = .manual
        return s
    }

    /// Lets every task the picker started run, as many times as it takes to settle, without
    /// calling the picker.
    static func turns(_ count: Int = 50) async {
        for _ in 0..<count { await Task.yield() }
    }

    @Test func aPickWhileTheBrowserAnimatesInWaitsToPush() async throws {
        let s = try Self.scenario()
        try await s.picker.select(from: .photoLibrary)
        s.user.pickItem(at: 0)
        await Self.turns()
        // The item loaded, the edit screen is the picker's top route, and its push waits.
        #expect(s.picker.navigation.stack.map(\.id) == [Route.ID(1), Route.ID(2)])
        #expect(s.presenter.stack.map(\.id) == [Route.ID(1)])
        #expect(s.picker.pendingWork == ["the presentation of #1 (animating)"])
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 40x30 up (1)",
        ])
        s.presenter.completeTransitions()
        s.expect([
            "presenter: transition finished",
            "presenter: push #2 editor(40x30 crop (5,0,30,30))",
            "presenter: navigation bar hidden",
        ])
        #expect(s.presenter.stack == s.picker.navigation.stack)
        s.picker.cancel()
        s.presenter.completeTransitions()
        s.expect([
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "presenter: transition finished",
            "delegate: didCancel",
        ])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func theHostCancellingWhileThePresentationAnimatesWaitsToDismissAndCallsBackAfter() async throws {
        let s = try Self.scenario()
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.picker.cancel()
        await Self.turns()
        #expect(s.delegate.callbacks.isEmpty)
        #expect(s.picker.isSessionActive)
        #expect(s.picker.pendingWork == ["the presentation of #1 (animating)"])
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "picker: end cancelled (host)",
        ])
        s.presenter.completeTransitions()
        await Self.turns()
        // The dismissal now animates; the callback waits for it.
        #expect(s.delegate.callbacks.isEmpty)
        #expect(s.picker.pendingWork == ["a dismissal (animating)"])
        s.expect(["presenter: transition finished", "presenter: dismiss animated"])
        s.presenter.completeTransitions()
        s.expect(["presenter: transition finished", "delegate: didCancel"])
        #expect(!s.picker.isSessionActive)
        #expect(s.picker.pendingWork == [])
        #expect(s.transcript.unexpected.isEmpty)
    }

    /// The camera's warm-up is skipped by the instant clock, while the camera's presentation
    /// still animates: the shutter works once the camera is ready, and the edit screen's push
    /// waits for the presentation.
    @Test func theWarmUpSkipsButThePresentationStillWaits() async throws {
        let s = try Self.scenario()
        try await s.picker.select(from: .camera)
        await Self.turns()
        #expect(s.picker.cameraScreen?.isStarting == false, "the warm-up took no time")
        s.user.tapShutter()
        await Self.turns()
        #expect(s.presenter.stack.map(\.id) == [Route.ID(1)], "the edit screen waits for the camera's presentation")
        #expect(s.picker.pendingWork == ["the presentation of #1 (animating)"])
        s.presenter.completeTransitions()
        #expect(s.presenter.stack == s.picker.navigation.stack)
        #expect(s.picker.navigation.stack.count == 2)
        #expect(!s.transcript.lines.contains { $0.hasPrefix("picker: gave up") })
        s.exhaustivity = .off
        s.picker.cancel()
        s.presenter.completeTransitions()
        #expect(s.delegate.callbacks.count == 1)
        #expect(s.transcript.unexpected.isEmpty)
    }
}

import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("Lifetimes (B10)")
struct LifetimeTests {
    @Test func theDelegateAndPresenterAreHeldWeakly() {
        let transcript = Transcript()
        let source = FakePhotoSource(transcript: transcript)
        let picker = ProfilePicker(photoSource: source, hostInfo: .allDeclared)
        do {
            let presenter = FakePresenter(transcript: transcript)
            let delegate = RecordingDelegate(transcript: transcript)
            picker.presenter = presenter
            picker.delegate = delegate
            #expect(picker.presenter != nil && picker.delegate != nil)
        }
        #expect(picker.presenter == nil)
        #expect(picker.delegate == nil)
    }

    @Test func thePickerIsReleasedAfterItsSession() async throws {
        let transcript = Transcript()
        let presenter = FakePresenter(transcript: transcript)
        let delegate = RecordingDelegate(transcript: transcript)
        let source = FakePhotoSource(
            transcript: transcript, items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 4))])
        weak var released: ProfilePicker?
        do {
            let picker = ProfilePicker(photoSource: source, presenter: presenter, delegate: delegate, hostInfo: .allDeclared)
            picker.eventHandler = { if case .sessionStarted = $0 { delegate.sessionStarted() } }
            released = picker
            try await picker.selectFromPhotoLibrary()
            picker.send(.itemPicked(source.items[0].item), from: Route.ID(1))
            await picker.idle()
            picker.send(.chooseTapped, from: Route.ID(2))
            await picker.idle()
        }
        #expect(released == nil)
        #expect(delegate.callbacks.count == 1)
        #expect(presenter.navigationProxy == nil, "the presenter held the proxy weakly")
    }

    @Test func aPickerDroppedWhileAnItemLoadsIsReleasedAndCallsNothing() async throws {
        let transcript = Transcript()
        let presenter = FakePresenter(transcript: transcript)
        let delegate = RecordingDelegate(transcript: transcript)
        let source = FakePhotoSource(
            transcript: transcript, items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 4))])
        source.loadMode = .manual
        weak var released: ProfilePicker?
        do {
            let picker = ProfilePicker(photoSource: source, presenter: presenter, delegate: delegate, hostInfo: .allDeclared)
            released = picker
            try await picker.selectFromPhotoLibrary()
            picker.send(.itemPicked(source.items[0].item), from: Route.ID(1))
            await eventually("the load starts") { source.pendingLoadCount == 1 }
        }
        #expect(released == nil)
        source.completePendingLoads()
        for _ in 0..<10 { await Task.yield() }
        #expect(delegate.callbacks.isEmpty)
        #expect(transcript.unexpected.isEmpty)
    }

    @Test func aPickerDroppedWhileATimerWaitsStopsItsWork() async throws {
        let transcript = Transcript()
        let presenter = FakePresenter(transcript: transcript)
        let delegate = RecordingDelegate(transcript: transcript)
        let source = FakePhotoSource(transcript: transcript, items: [])
        let clock = ManualClock()
        weak var released: ProfilePicker?
        do {
            let picker = ProfilePicker(
                photoSource: source, camera: FakeCamera(transcript: transcript), presenter: presenter, delegate: delegate,
                hostInfo: .allDeclared, clock: clock)
            released = picker
            try await picker.select(from: .camera)
            await eventually("the camera shows") { picker.cameraScreen != nil }
            // The shutter waits out the warm-up on the app's clock, which nobody advances.
            picker.send(.shutterTapped, from: try #require(picker.cameraScreen).step.route.id)
            await eventually("the warm-up waits on the clock") { clock.sleeperCount == 1 }
        }
        #expect(released == nil)
        // The picker's release cancels its work: the timer stops waiting on a clock the app
        // still holds (and would otherwise keep the task alive with it).
        await eventually("the timer stops waiting") { clock.sleeperCount == 0 }
        #expect(delegate.callbacks.isEmpty)
    }

    @Test func aPresenterReleasedMidSessionEndsItOnTheNextAction() throws {
        let s = PickerScenario()
        do {
            let other = FakePresenter(transcript: s.transcript)
            s.picker.presenter = other
            try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        }
        s.picker.send(.chooseTapped, from: Route.ID(1))
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "picker: end cancelled (presenter gone)",
            "delegate: didCancel",
        ])
        #expect(s.picker.navigation == NavigationState())
    }
}

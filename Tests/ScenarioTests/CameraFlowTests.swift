import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("Camera flow (B3, B4)")
struct CameraFlowTests {
    /// Opens the camera and lets it report ready.
    static func openCamera(_ configure: (PickerScenario) -> Void = { _ in }) async throws -> PickerScenario {
        let s = PickerScenario()
        configure(s)
        try await s.picker.select(from: .camera)
        await s.settle()
        return s
    }

    /// Takes a photo on the open camera: the shutter, then the warm-up's 0.75 s, so the edit
    /// screen over the camera shows.
    static func takePhoto(_ s: PickerScenario) async {
        s.user.tapShutter()
        await eventually("the warm-up starts") { s.clock.sleeperCount == 1 }
        s.clock.advance(by: .milliseconds(750))
        await s.settle()
    }

    @Test func theShutterWaitsOutTheWarmUpThenPushesOurEditScreen() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.expect([
            "picker: start source camera",
            "presenter: present #1 camera(rear, [public.image]) fullScreen animated",
            "camera: prepare rear",
            "picker: camera ready: rear",
        ])
        s.user.tapShutter()
        await eventually("the warm-up starts") { s.clock.sleeperCount == 1 }
        #expect(!s.transcript.lines.contains("camera: capture, flash auto"), "nothing is captured before the warm-up")
        s.clock.advance(by: .milliseconds(749))
        await Task.yield()
        #expect(s.clock.sleeperCount == 1)
        s.clock.advance(by: .milliseconds(1))
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        #expect(Array(s.transcript.lines.dropFirst(4)) == [
            "user: shutter on #1",
            "picker: shutter: capture after 0.75s",
            "camera: capture, flash auto",
            "picker: captured 30x40 right (6)",
            "presenter: push #2 editor(30x40 crop (0,5,30,30))",
            "presenter: navigation bar hidden",
            "user: choose on #2",
            "camera: tear down",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 30x30 from 30x40 crop (0,5,30,30)",
            "delegate: didFinish public.image edited 30x30 from 30x40 crop (0,5,30,30)",
        ])
        #expect(!s.camera.isRunning)
        #expect(s.transcript.unexpected.isEmpty)
    }

    /// The camera decodes a capture no larger than the edit needs: the picker hands it the
    /// session's configuration with each capture, the one its editor and output use, so a
    /// change the host makes meanwhile is for the next session.
    @Test func eachCaptureIsAskedWithItsSessionsConfiguration() async throws {
        let s = try await Self.openCamera { $0.picker.configuration.output.size = 64 }
        s.exhaustivity = .off
        let first = s.picker.configuration
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await s.settle()
        s.user.tapCancel()
        s.picker.configuration.output.size = 128
        let second = s.picker.configuration
        s.user.tapShutter()
        await s.settle()
        s.picker.cancel()
        await s.settle()
        try await s.picker.select(from: .camera)
        await s.settle()
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await s.settle()
        #expect(first.output.size == 64 && second.output.size == 128)
        #expect(s.camera.captureConfigurations == [first, first, second])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func onlyTheRestOfTheWarmUpIsWaited() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.clock.advance(by: .milliseconds(500))
        s.user.tapShutter()
        await eventually("the warm-up starts") { s.clock.sleeperCount == 1 }
        #expect(s.transcript.lines.last == "picker: shutter: capture after 0.25s")
        s.clock.advance(by: .milliseconds(250))
        await s.settle()
        #expect(s.picker.navigation.top?.screen.kind == .editor)
    }

    @Test func cancelOnTheEditScreenReturnsToTheCameraToRetake() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await s.settle()
        s.user.tapCancel()
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.camera])
        #expect(s.camera.isRunning, "the camera keeps running to retake")
        s.camera.captures = [.success(try PickerScenario.photo(width: 8, height: 8))]
        s.user.tapShutter()
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.lastResult?.cropRect == PixelRect(x: 0, y: 0, width: 8, height: 8))
        #expect(s.transcript.lines.filter { $0.hasPrefix("camera: prepare") }.count == 1)
    }

    @Test func aFailedCaptureKeepsTheCameraOpenToRetry() async throws {
        let s = try await Self.openCamera { $0.camera.captures = [.failure(.init(description: "sensor busy"))] }
        s.exhaustivity = .off
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await s.settle()
        let failure = PickerError.captureFailed("sensor busy")
        #expect(Array(s.transcript.lines.suffix(3)) == [
            "camera: capture, flash auto",
            "picker: capture failed: the photo could not be taken: sensor busy",
            "presenter: alert the photo could not be taken: sensor busy",
        ])
        #expect(s.presenter.alerts == [failure])
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.camera])
        s.user.tapShutter()
        await s.settle()
        #expect(s.picker.navigation.top?.screen.kind == .editor)
        #expect(s.delegate.callbacks.isEmpty)
    }

    @Test func aCameraThatCannotStartFailsTheSession() async throws {
        let s = try await Self.openCamera { $0.camera.prepareFailure = "device in use" }
        s.exhaustivity = .off
        #expect(Array(s.transcript.lines.suffix(4)) == [
            "camera: prepare rear",
            "presenter: dismiss animated",
            "picker: end failed: the camera could not start: device in use",
            "delegate: didFail the camera could not start: device in use",
        ])
        #expect(!s.camera.isRunning)
    }

    @Test func aShutterDuringACaptureIsIgnoredNotDoubled() async throws {
        let s = try await Self.openCamera { $0.camera.captureMode = .manual }
        s.exhaustivity = .off
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await eventually("the capture starts") { s.camera.hasPendingCapture }
        s.user.tapShutter()
        #expect(s.transcript.lines.last == "picker: ignored shutterTapped on #1: busy")
        s.camera.completePendingCapture()
        await s.settle()
        #expect(s.transcript.lines.filter { $0.hasPrefix("camera: capture") }.count == 1)
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func cancelDuringTheWarmUpEndsOnceAndTearsDown() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.user.tapShutter()
        await eventually("the warm-up starts") { s.clock.sleeperCount == 1 }
        s.user.tapCancel()
        await eventually("the sleeper is cancelled") { s.clock.sleeperCount == 0 }
        s.clock.advance(by: .seconds(5))
        for _ in 0..<5 { await Task.yield() }
        #expect(!s.transcript.lines.contains { $0.hasPrefix("camera: capture") })
        #expect(s.delegate.callbacks.count == 1)
        #expect(!s.camera.isRunning)
    }

    @Test func theCameraThatStartedIsTheOneTornDownWhenTheHostSetsAnother() async throws {
        let s = try await Self.openCamera()
        let replacement = FakeCamera(transcript: s.transcript)
        s.picker.camera = replacement
        s.user.tapCancel()
        await s.settle()
        #expect(!s.camera.isRunning, "the running capture session is stopped")
        #expect(s.transcript.unexpected.isEmpty, "the new camera, never started, is not torn down")
        s.expect([
            "picker: start source camera",
            "presenter: present #1 camera(rear, [public.image]) fullScreen animated",
            "camera: prepare rear",
            "picker: camera ready: rear",
            "user: cancel on #1",
            "camera: tear down",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
    }

    @Test func flashAndCameraSwitchAreSettings() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.user.setFlash(.on)
        s.user.switchCamera()
        await s.settle()
        #expect(Array(s.transcript.lines.dropFirst(4)) == [
            "user: flash on on #1",
            "picker: camera rear, flash on",
            "user: switch camera on #1",
            "camera: tear down",
            "picker: camera front, flash on",
            "camera: prepare front",
            "picker: camera ready: front",
        ])
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await s.settle()
        #expect(s.transcript.lines.contains("camera: capture, flash on"))
    }

    @Test func switchingToAMissingCameraIsIgnored() async throws {
        let s = try await Self.openCamera { $0.camera.devices = [.rear] }
        s.exhaustivity = .off
        s.user.switchCamera()
        #expect(s.transcript.lines.last == "picker: ignored cameraSwitched on #1: not offered here")
    }

    @Test func withEditingOffThePhotoIsReturnedAsTaken() async throws {
        var configuration = PickerConfiguration()
        configuration.allowsEditing = false
        let s = PickerScenario(configuration: configuration)
        s.exhaustivity = .off
        try await s.picker.select(from: .camera)
        await s.settle()
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await s.settle()
        #expect(s.delegate.lastResult?.originalImage?.displaySize == PixelSize(width: 30, height: 40))
        #expect(s.delegate.lastResult?.editedImage == nil)
    }

    @Test("camera setup errors", arguments: [
        (SetupCase.noSession, PickerError.noCameraSession),
        (.rearMissing, .cameraUnavailable(.rear)),
    ])
    func setupErrors(setup: SetupCase, error: PickerError) async {
        let s = PickerScenario()
        s.exhaustivity = .off
        switch setup {
        case .noSession: s.picker.camera = nil
        case .rearMissing: s.camera.devices = [.front]
        }
        await #expect(throws: error) { try await s.picker.select(from: .camera) }
        #expect(s.presenter.stack.isEmpty)
    }

    enum SetupCase: Sendable { case noSession, rearMissing }

    /// A task sleeping on a manual clock holds the clock, which holds the task's continuation:
    /// a scenario that goes with the warm-up still waiting ends that sleep, or neither would
    /// ever be freed.
    @Test func aScenarioThatGoesEndsTheSleepsLeftOnItsClock() async throws {
        var s: PickerScenario? = try await Self.openCamera()
        s?.exhaustivity = .off
        s?.user.tapShutter()
        let clock = try #require(s?.clock)
        await eventually("the warm-up starts") { clock.sleeperCount == 1 }
        s = nil
        #expect(clock.sleeperCount == 0)
        // A sleep of its own ends the same way, with CancellationError.
        let before = clock.sleeperCount
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await eventually("the sleep starts") { clock.sleeperCount == before + 1 }
        clock.cancelSleepers()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }
}

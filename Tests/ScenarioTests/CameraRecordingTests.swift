import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("Recording movies with the camera (B14, B16, B17)")
struct CameraRecordingTests {
    static func openCamera(maximum: Duration = .seconds(600), _ configure: (PickerScenario) -> Void = { _ in }) async throws -> PickerScenario {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.image, .movie]
        configuration.movie.maximumDuration = maximum
        let s = PickerScenario(configuration: configuration)
        configure(s)
        try await s.picker.select(from: .camera)
        await s.settle()
        return s
    }

    @Test func recordStopPreviewAndChoose() async throws {
        let s = try await Self.openCamera()
        s.user.tapRecord()
        await eventually("recording starts") { s.camera.isRecording }
        s.user.tapStop()
        await eventually("the preview opens") { s.picker.navigation.top?.screen.kind == .moviePreview }
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "picker: start source camera",
            "presenter: present #1 camera(rear, [public.image, public.movie]) fullScreen animated",
            "camera: prepare rear",
            "picker: camera ready: rear",
            "user: record on #1",
            "camera: start recording",
            "picker: recording, at most 600s",
            "user: stop on #1",
            "camera: stop recording",
            "picker: recorded recording.mov 5s",
            "presenter: push #2 preview(recording.mov 5s, trim) animated",
            "user: choose on #2",
            "picker: movie not exported: medium quality asked; no movieExporter is set",
            "camera: tear down",
            "presenter: dismiss animated",
            "picker: end finished public.movie url recording.mov trim 0s–5s quality medium",
            "delegate: didFinish public.movie url recording.mov trim 0s–5s quality medium",
        ])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func stoppingWhileTheLimitIsTimedOpensThePreviewWithoutAFailure() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.user.tapRecord()
        await eventually("the limit is being timed") { s.clock.sleeperCount == 1 }
        s.user.tapStop()
        await eventually("the preview opens") { s.picker.navigation.top?.screen.kind == .moviePreview }
        for _ in 0..<5 { await Task.yield() }
        #expect(!s.transcript.lines.contains { $0.contains("capture failed") })
        #expect(s.presenter.alerts.isEmpty)
        #expect(s.clock.sleeperCount == 0)
        s.picker.cancel()
    }

    @Test func recordingStopsByItselfAtTheMaximumDuration() async throws {
        let s = try await Self.openCamera(maximum: .seconds(30)) { $0.camera.recording = .success(.seconds(30)) }
        s.exhaustivity = .off
        s.user.tapRecord()
        await eventually("the limit is being timed") { s.clock.sleeperCount == 1 }
        s.clock.advance(by: .seconds(29))
        await Task.yield()
        #expect(s.camera.isRecording)
        s.clock.advance(by: .seconds(1))
        await eventually("the preview opens") { s.picker.navigation.top?.screen.kind == .moviePreview }
        #expect(s.transcript.lines.contains("picker: recorded recording.mov 30s (the maximum)"))
        s.user.tapCancel()
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.camera], "Cancel on the preview goes back to the camera")
    }

    @Test func theShutterIsBusyWhileRecording() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.user.tapRecord()
        await eventually("recording starts") { s.camera.isRecording }
        s.user.tapShutter()
        #expect(s.transcript.lines.last == "picker: ignored shutterTapped on #1: busy")
        s.picker.cancel()
    }

    @Test func aFailedRecordingKeepsTheCameraOpen() async throws {
        let s = try await Self.openCamera { $0.camera.recording = .failure(.init(description: "disk full")) }
        s.exhaustivity = .off
        s.user.tapRecord()
        await eventually("recording starts") { s.camera.isRecording }
        s.user.tapStop()
        await eventually("the failure shows") { !s.presenter.alerts.isEmpty }
        #expect(s.presenter.alerts == [.captureFailed("disk full")])
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.camera])
        #expect(s.delegate.callbacks.isEmpty)
        #expect(s.clock.sleeperCount == 0, "stopping ends the maximum-duration timer")
    }

    @Test func aCameraThatCannotRecordOffersStillsOnly() async throws {
        let s = try await Self.openCamera { $0.camera.canRecordMovies = false }
        s.exhaustivity = .off
        s.exhaustivity = .off
        #expect(s.picker.navigation.top?.screen == .camera(device: .rear, mediaTypes: [.image]))
        s.user.tapRecord()
        #expect(s.transcript.lines.last == "picker: ignored recordTapped on #1: not offered here")

        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.movie]
        let moviesOnly = PickerScenario(configuration: configuration)
        moviesOnly.exhaustivity = .off
        moviesOnly.camera.canRecordMovies = false
        await #expect(throws: PickerError.mediaTypesUnavailable(requested: [.movie], source: .camera, available: [.image])) {
            try await moviesOnly.picker.select(from: .camera)
        }
    }

    @Test func cancelWhileRecordingEndsOnceAndTearsDown() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.user.tapRecord()
        await eventually("recording starts") { s.camera.isRecording }
        s.user.tapCancel()
        await eventually("the limit's timer is cancelled") { s.clock.sleeperCount == 0 }
        #expect(!s.camera.isRunning && !s.camera.isRecording)
        #expect(s.delegate.callbacks.count == 1)
    }
}

extension CameraRecordingTests {
    @Test func theCameraCannotBeSwitchedWhileRecording() async throws {
        let s = try await Self.openCamera()
        s.exhaustivity = .off
        s.user.tapRecord()
        await eventually("recording starts") { s.camera.isRecording }
        s.user.switchCamera()
        #expect(s.transcript.lines.last == "picker: ignored cameraSwitched on #1: busy")
        #expect(s.camera.isRecording)
        s.picker.cancel()
    }
}

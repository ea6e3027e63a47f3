import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// The camera screen's state and controls, as PickerKit's camera screens show them, and the
/// state observers that redraw them.
@MainActor
@Suite("The camera screen's controls")
struct CameraScreenStateTests {
    @Test func theControlsFollowTheCameraThroughACapture() async throws {
        let s = try await CameraFlowTests.openCamera()
        s.exhaustivity = .off
        var camera = try #require(s.picker.cameraScreen)
        #expect(camera.cameras == [.rear, .front] && !camera.offersMovies && !camera.isStarting)
        #expect(camera.controls(flashModes: FlashMode.allCases).map(\.description) == [
            "cancel", "flash [*auto, on, off]", "switchCamera", "shutter",
        ])
        #expect(camera.controls(flashModes: [.off]).map(\.description) == ["cancel", "switchCamera", "shutter"], "no choice, no menu")
        // A mode the camera lacks shows as the one it resolves to.
        s.user.setFlash(.on)
        camera = try #require(s.picker.cameraScreen)
        #expect(camera.controls(flashModes: [.off, .auto]).map(\.description)[1] == "flash [auto, *off]")
        #expect(camera.controls(flashModes: [.off, .auto])[1].menu.map(\.action) == [.flashModeChanged(.auto), .flashModeChanged(.off)])
        s.user.tapShutter()
        camera = try #require(s.picker.cameraScreen)
        #expect(camera.isStarting, "the warm-up shows")
        #expect(camera.controls(flashModes: FlashMode.allCases).map(\.description) == [
            "cancel", "flash [auto, *on, off] (disabled)", "switchCamera (disabled)", "shutter (disabled)",
        ])
        #expect(camera.controls(flashModes: [], strings: PickerStrings(language: .english)).map(\.title) == ["Cancel", "Switch camera", "Take photo"])
    }

    @Test func cancelOnTheEditScreenOverTheCameraReadsRetake() async throws {
        let s = try await CameraFlowTests.openCamera()
        s.exhaustivity = .off
        await CameraFlowTests.takePhoto(s)
        let english = PickerStrings(language: .english)
        #expect(s.picker.editing?.controls(strings: english).first?.title == "Retake")
        #expect(s.picker.editing?.controls(strings: english).first?.action == .cancelTapped)
        s.user.tapCancel()
        #expect(s.picker.cameraScreen != nil, "back to the camera")
    }

    @Test func moviesAddRecordThenStop() async throws {
        let s = try await CameraFlowTests.openCamera { $0.picker.configuration.mediaTypes = [.image, .movie] }
        s.exhaustivity = .off
        var camera = try #require(s.picker.cameraScreen)
        #expect(camera.offersMovies)
        #expect(camera.controls(flashModes: [.off]).map(\.description) == ["cancel", "switchCamera", "shutter", "record"])
        s.user.tapRecord()
        camera = try #require(s.picker.cameraScreen)
        #expect(camera.controls(flashModes: [.off]).map(\.description) == [
            "cancel", "switchCamera (disabled)", "shutter (disabled)", "stop (disabled)",
        ], "\(camera.activity)")
        await eventually("the recording starts") { s.picker.cameraScreen?.activity == .recording(.recording) }
        camera = try #require(s.picker.cameraScreen)
        #expect(camera.controls(flashModes: [.off]).map(\.description) == [
            "cancel", "switchCamera (disabled)", "shutter (disabled)", "stop",
        ])
        #expect(camera.controls(flashModes: [.off]).last?.action == .stopTapped)
    }

    @Test func aCameraWithOneSideHasNoSwitch() async throws {
        let s = try await CameraFlowTests.openCamera { $0.camera.devices = [.rear] }
        s.exhaustivity = .off
        let camera = try #require(s.picker.cameraScreen)
        #expect(camera.controls(flashModes: [.off]).map(\.kind) == [.cancel, .shutter])
        #expect(s.picker.camera?.supportedFlashModes() == FlashMode.allCases, "a session that does not say has every mode")
    }

    @Test func observersHearEachChangeOnceAndOnlyWhileTheyLive() async throws {
        let s = PickerScenario(exhaustivity: .off)
        final class Screen {}
        var screen: Screen? = Screen()
        var heard: [String] = []
        s.picker.observeState(screen!) { picker in heard.append(picker.navigation.stack.map(\.screen.kind.rawValue).joined(separator: ",")) }
        try s.picker.edit(try PickerScenario.photo(width: 40, height: 30))
        #expect(heard == ["editor"])
        s.user.gesture(.pan(.zero))
        #expect(heard == ["editor"], "nothing changed, nothing heard")
        s.user.gesture(.transform(.turnRight))
        #expect(heard == ["editor", "editor"])
        screen = nil
        s.user.gesture(.transform(.turnRight))
        #expect(heard.count == 2, "a released observer hears nothing")
    }
}

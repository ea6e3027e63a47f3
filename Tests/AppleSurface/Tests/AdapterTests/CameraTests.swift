@_spi(Surface) import AVFoundation
import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import PickerKitUIKit
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// AVCameraSession against AVFoundation's capture session as documented.
    @MainActor
    @Suite("AVCameraSession")
    struct CameraTests {
        static func phone(photos: Int = 3, width: Int = 64, height: Int = 48) throws -> Phone {
            var configuration = PickerConfiguration()
            configuration.camera.warmUp = .zero
            let phone = Phone(configuration: configuration)
            Device.current.photos = try (0..<photos).map { _ in try Photos.jpeg(width: width, height: height) }
            return phone
        }

        @Test func itKeepsTheCameraSessionContract() async throws {
            let phone = try Self.phone(photos: 4)
            let violations = await CameraSessionContract.violations { phone.camera }
            #expect(violations == [])
            #expect(phone.camera.session.surfaceStartsOnMainThread == 0, "started on its own queue")
            phone.expectNoCrash()
        }

        /// Apple asks for every session, input and output call on the session's queue: the
        /// connection checked, the flash chosen and the photo asked for there, never on the main
        /// thread (a capture from the main actor, as the picker makes it).
        @Test func aCaptureAsksThePhotoOutputOnTheSessionsQueue() async throws {
            let phone = try Self.phone(photos: 2)
            try await phone.camera.prepare(.rear)
            #expect(phone.camera.supportedFlashModes() == [.off, .on, .auto])
            _ = try await phone.camera.captureStill(flash: .auto)
            let output = try #require(phone.camera.session.outputs.first as? AVCapturePhotoOutput)
            #expect(output.surfaceCallsOnMainThread == [])
            phone.camera.tearDown()
            #expect(phone.camera.supportedFlashModes() == [], "no camera, no flash")
            phone.expectNoCrash()
        }

        @Test func theCameraFlowTakesAPhotoAndEditsIt() async throws {
            let phone = try Self.phone()
            try await phone.picker.select(from: .camera)
            await phone.settle()
            let screen = try #require(phone.topScreen)
            #expect(screen.route.screen.kind == .camera)
            #expect(phone.camera.session.isRunning, "prepared when the camera screen showed")
            phone.tap(.shutterTapped, on: screen.route.id)
            await phone.settle()
            let editor = try #require(phone.topScreen)
            #expect(editor.route.screen.kind == .editor)
            phone.tap(.chooseTapped, on: editor.route.id)
            await phone.settle()
            // Held upright, the sensor's image is turned right: the photo shows 48x64.
            let result = try #require(phone.delegate.lastResult)
            #expect(result.originalImage?.orientation == .right)
            #expect(result.originalSize == PixelSize(width: 48, height: 64))
            #expect(result.cropRect == PixelRect(x: 0, y: 8, width: 48, height: 48))
            #expect(!phone.camera.session.isRunning || phone.camera.session.inputs.isEmpty == false)
            _ = await phone.waitFor { !phone.camera.session.isRunning }
            #expect(!phone.camera.session.isRunning, "torn down with the session")
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func aCaptureIsReducedToWhatTheEditNeedsAndReportsItsFullSize() async throws {
            let phone = try Self.phone(photos: 2, width: 1200, height: 900)
            var configuration = PickerConfiguration()
            configuration.output.size = 40
            configuration.editor.maximumZoom = .factor(2)
            try await phone.camera.prepare(.rear)
            let photo = try await phone.camera.captureStill(flash: .auto, configuration: configuration)
            // 40 px at up to 2x zoom: 80 px of the short side, 107 of the long.
            #expect(photo.pixelSize == PixelSize(width: 107, height: 80))
            #expect(photo.fullResolutionPixelSize == PixelSize(width: 1200, height: 900))
            // Without one, the camera's own configuration (the defaults: 4096 across, 5x zoom).
            let whole = try await phone.camera.captureStill(flash: .auto)
            #expect(whole.pixelSize == PixelSize(width: 1200, height: 900))
            #expect(whole.fullResolutionPixelSize == nil)
            phone.camera.tearDown()
        }

        /// The picker hands its configuration to the camera with each capture: no presenter
        /// has to copy it across first.
        @Test func thePickersCaptureIsReducedByThePickersConfiguration() async throws {
            let phone = try Self.phone(photos: 1, width: 1200, height: 900)
            phone.picker.configuration.output.size = 40
            phone.picker.configuration.editor.maximumZoom = .factor(2)
            try await phone.picker.select(from: .camera)
            await phone.settle()
            let camera = try #require(phone.topScreen)
            phone.tap(.shutterTapped, on: camera.route.id)
            await phone.settle()
            let editor = try #require(phone.topScreen)
            #expect(editor.route.screen.kind == .editor)
            let edited = try #require(phone.picker.editing?.original)
            // 40 px at up to 2x zoom: 80 px of the short side, 107 of the long, as stored.
            #expect(edited.pixelSize == PixelSize(width: 107, height: 80))
            #expect(edited.fullResolutionPixelSize == PixelSize(width: 1200, height: 900))
            #expect(phone.camera.configuration == PickerConfiguration(), "passed with the capture, not copied into the camera")
            phone.picker.cancel()
            await phone.settle()
            #expect(phone.presented.isEmpty && phone.delegate.callbacks.count == 1)
            phone.expectNoCrash()
        }

        @Test func anInterruptedCameraSaysWhyInsteadOfRaisingAndCapturesAgainAfterIt() async throws {
            let phone = try Self.phone()
            try await phone.camera.prepare(.rear)
            phone.camera.session.surfaceInterrupt(.videoDeviceInUseByAnotherClient)
            _ = await phone.waitFor { !(phone.camera.session.isInterrupted == false) }
            await #expect(throws: CameraError.unavailableNow("another app is using the camera")) {
                // The notification is posted from AVFoundation's queue; the camera hears it on the main queue.
                for _ in 0..<200 { await Task.yield() }
                _ = try await phone.camera.captureStill(flash: .off)
            }
            phone.camera.session.surfaceEndInterruption()
            #expect(await phone.waitFor { !phone.camera.session.isInterrupted })
            for _ in 0..<200 { await Task.yield() }
            let photo = try await phone.camera.captureStill(flash: .off)
            #expect(photo.displaySize == PixelSize(width: 48, height: 64))
            phone.camera.tearDown()
            phone.expectNoCrash()
        }

        @Test func aCaptureUnderWayWhenTheCameraIsInterruptedEndsWithTheReason() async throws {
            let phone = try Self.phone()
            try await phone.camera.prepare(.rear)
            let output = try #require(phone.camera.session.outputs.first as? AVCapturePhotoOutput)
            output.surfaceHoldCaptures()
            let capture = Task { @MainActor in try await phone.camera.captureStill(flash: .off) }
            #expect(await phone.waitFor { output.surfaceCapturesInFlight == 1 })
            phone.camera.session.surfaceInterrupt(.videoDeviceNotAvailableInBackground)
            await #expect(throws: CameraError.unavailableNow("the app went to the background")) { try await capture.value }
            output.surfaceFinishCaptures()
            phone.camera.tearDown()
            phone.expectNoCrash()
        }

        @Test func aSessionResetByTheMediaServerStartsAgain() async throws {
            let phone = try Self.phone()
            try await phone.camera.prepare(.rear)
            phone.camera.session.surfaceRuntimeError(.mediaServicesWereReset)
            #expect(await phone.waitFor { !phone.camera.session.isRunning })
            #expect(await phone.waitFor { phone.camera.session.isRunning }, "restarted on its queue")
            _ = try await phone.camera.captureStill(flash: .off)
            phone.camera.session.surfaceRuntimeError(.deviceNotConnected)
            #expect(await phone.waitFor { !phone.camera.session.isRunning })
            for _ in 0..<200 { await Task.yield() }
            await #expect(throws: CameraError.unavailableNow("the camera failed (AVError -11814)")) { try await phone.camera.captureStill(flash: .off) }
            phone.camera.tearDown()
            #expect(phone.camera.session.surfaceStartsOnMainThread == 0)
            phone.expectNoCrash()
        }

        @Test func previewsStayLevelAsTheDeviceTurnsAndFollowACameraSwitch() async throws {
            let phone = try Self.phone()
            try await phone.camera.prepare(.rear)
            let preview = phone.camera.makePreviewLayer()
            #expect(preview.session === phone.camera.session)
            #expect(await phone.waitFor { preview.connection?.videoRotationAngle == 90 })
            UIDevice.current.surfaceTurn(to: .landscapeLeft)
            #expect(await phone.waitFor { preview.connection?.videoRotationAngle == 0 }, "turned with the device")
            let landscape = try await phone.camera.captureStill(flash: .off)
            #expect(landscape.orientation == .up, "a landscape capture is stored upright")
            try await phone.camera.prepare(.front)
            #expect((phone.camera.session.inputs.first as? AVCaptureDeviceInput)?.device.position == .front)
            #expect(preview.session === phone.camera.session, "the same preview shows the front camera")
            #expect(await phone.waitFor { preview.connection?.videoRotationAngle == 180 }, "the front sensor is mounted the other way")
            phone.camera.tearDown()
            phone.expectNoCrash()
        }

        @Test func aFlashTheFrontCameraLacksIsNotAsked() async throws {
            let phone = try Self.phone()
            try await phone.camera.prepare(.front)
            _ = try await phone.camera.captureStill(flash: .on)
            phone.camera.tearDown()
            phone.expectNoCrash()
        }

        @Test func withoutCameraAccessPreparingFailsClearly() async throws {
            let phone = try Self.phone()
            Device.current.cameraAccess = .denied
            await #expect(throws: AVError(.applicationIsNotAuthorizedToUseDevice)) { try await phone.camera.prepare(.rear) }
            phone.expectNoCrash()
        }
    }
}

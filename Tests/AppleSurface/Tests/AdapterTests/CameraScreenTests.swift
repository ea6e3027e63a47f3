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
    /// PickerKit's UIKit camera screen, which `UIKitPresenter` shows when the app makes none.
    @MainActor
    @Suite("The UIKit camera screen")
    struct CameraScreenTests {
        static func phone(warmUp: Duration = .zero, clock: any PickerClock = SystemPickerClock()) throws -> Phone {
            var configuration = PickerConfiguration()
            configuration.camera.warmUp = warmUp
            let phone = Phone(configuration: configuration, ownScreens: false, clock: clock)
            Device.current.photos = try (0..<3).map { _ in try Photos.jpeg(width: 64, height: 48) }
            return phone
        }

        static func items(_ toolbar: UIToolbar) -> [UIBarButtonItem] {
            (toolbar.items ?? []).filter { !$0.isFlexibleSpace }
        }

        static func item(_ toolbar: UIToolbar, _ title: String) throws -> UIBarButtonItem {
            try #require(items(toolbar).first { $0.title == title })
        }

        @Test func theCameraShowsItsPreviewAndOnlyTheControlsTheDeviceHas() async throws {
            let phone = try Self.phone()
            try await phone.picker.select(from: .camera)
            await phone.settle()
            let stack = try #require(phone.presented.first as? UINavigationController)
            let screen = try #require(stack.topViewController as? ProfileCameraViewController)
            #expect(screen.previewView.layer.sublayers?.first is AVCaptureVideoPreviewLayer)
            #expect(screen.previewView.layer.sublayers?.first?.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
            #expect(screen.statusLabel.isHidden, "the camera is running: nothing to wait for")
            #expect(screen.overrideUserInterfaceStyle == .dark)
            #expect(screen.statusLabel.font.surfaceTextStyle == .headline && screen.statusLabel.adjustsFontForContentSizeCategory)
            #expect(screen.statusLabel.textColor.surfaceName == "white" && screen.statusLabel.textAlignment == .center)
            #expect(Self.items(screen.toolbar).map(\.title) == ["Cancel", "Flash", "Switch camera", "Take photo"])
            #expect(Self.items(screen.toolbar).map { $0.image?.surfaceSystemName } == [
                nil, "bolt", "arrow.triangle.2.circlepath.camera", "circle.inset.filled",
            ])
            // The rear camera has every flash mode; auto is the default.
            let flash = try Self.item(screen.toolbar, "Flash")
            let modes = (flash.menu?.children ?? []).compactMap { $0 as? UIAction }
            #expect(modes.map(\.title) == ["Auto", "On", "Off"])
            #expect(modes.map(\.state) == [.on, .off, .off])
            #expect(flash.surfaceChoose("Off"))
            #expect(phone.picker.cameraScreen?.step.flash == .off)
            // The front camera has no flash: no menu to offer.
            try Self.item(screen.toolbar, "Switch camera").surfaceTap()
            await phone.settle()
            #expect(Self.items(screen.toolbar).map(\.title) == ["Cancel", "Switch camera", "Take photo"])
            try Self.item(screen.toolbar, "Cancel").surfaceTap()
            await phone.settle()
            #expect(phone.presented.isEmpty)
            phone.transcript.expect([
                "picker: start source camera",
                "picker: camera ready: rear",
                "picker: camera rear, flash off",
                "picker: camera front, flash off",
                "picker: camera ready: front",
                "picker: end cancelled (user)",
                "delegate: didCancel",
            ])
            phone.expectNoCrash()
        }

        /// An app's own camera session that shows what it sees.
        final class PreviewingCamera: CameraPreviewing {
            let fake: FakeCamera
            private(set) var previews: [CALayer] = []
            init(_ fake: FakeCamera) { self.fake = fake }
            func isAvailable(_ device: CameraDevice) -> Bool { fake.isAvailable(device) }
            func prepare(_ device: CameraDevice) async throws { try await fake.prepare(device) }
            func captureStill(flash: FlashMode) async throws -> any ImageBuffer { try await fake.captureStill(flash: flash) }
            func tearDown() { fake.tearDown() }
            func makeCameraPreview() -> CALayer {
                let layer = CALayer()
                previews.append(layer)
                return layer
            }
        }

        @Test func anAppsOwnCameraShowsItsPreviewOnTheScreen() async throws {
            let phone = Phone(configuration: PickerConfiguration(), ownScreens: false)
            let camera = PreviewingCamera(FakeCamera(transcript: phone.transcript))
            phone.picker.camera = camera
            try await phone.picker.select(from: .camera)
            await phone.settle()
            let stack = try #require(phone.presented.first as? UINavigationController)
            let screen = try #require(stack.topViewController as? ProfileCameraViewController)
            #expect(camera.previews.count == 1)
            #expect(screen.previewView.layer.sublayers?.count == 1)
            #expect(screen.previewView.layer.sublayers?.first === camera.previews.first)
            #expect(camera.previews.first?.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
            phone.picker.cancel()
            await phone.settle()
            #expect(phone.presented.isEmpty && phone.delegate.callbacks.count == 1)
            phone.expectNoCrash()
        }

        @Test func moviesAreRecordedAndStoppedFromTheScreen() async throws {
            var configuration = PickerConfiguration()
            configuration.mediaTypes = [.image, .movie]
            let phone = Phone(configuration: configuration, ownScreens: false)
            let camera = FakeCamera(transcript: phone.transcript)
            phone.picker.camera = camera
            try await phone.picker.select(from: .camera)
            await phone.settle()
            let stack = try #require(phone.presented.first as? UINavigationController)
            let screen = try #require(stack.topViewController as? ProfileCameraViewController)
            #expect(screen.previewView.layer.sublayers == nil, "a camera session that shows no preview (not CameraPreviewing) leaves it empty")
            #expect(Self.items(screen.toolbar).map(\.title) == ["Cancel", "Flash", "Switch camera", "Take photo", "Record"])
            try Self.item(screen.toolbar, "Record").surfaceTap()
            try #require(await phone.waitFor { Self.items(screen.toolbar).last?.title == "Stop" && Self.items(screen.toolbar).last?.isEnabled == true })
            #expect(Self.items(screen.toolbar).map(\.isEnabled) == [true, false, false, false, true])
            try Self.item(screen.toolbar, "Stop").surfaceTap()
            try #require(await phone.waitFor { stack.topViewController is ProfileMoviePreviewViewController })
            let preview = try #require(stack.topViewController as? ProfileMoviePreviewViewController)
            #expect(preview.route.screen.kind == .moviePreview, "the movie's preview is PickerKit's")
            // Over the camera, Cancel reads Retake, and goes back to take another.
            #expect(Self.items(preview.toolbar).map(\.title) == ["Retake", "Play", "Choose"])
            try Self.item(preview.toolbar, "Retake").surfaceTap()
            await phone.settle()
            #expect(stack.topViewController === screen)
            #expect(phone.picker.cameraScreen != nil)
            phone.expectNoCrash()
        }

        /// In Hebrew the camera's bar and its status run from the right, as the edit screen's do.
        @Test func inHebrewTheCameraRunsFromTheRight() async throws {
            let clock = ManualClock()
            let phone = try Self.phone(warmUp: .milliseconds(300), clock: clock)
            let hebrew = PickerStrings(language: "he")
            phone.presenter.strings = hebrew
            try await phone.picker.select(from: .camera)
            await phone.settle()
            let stack = try #require(phone.presented.first as? UINavigationController)
            let screen = try #require(stack.topViewController as? ProfileCameraViewController)
            #expect(screen.toolbar.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            #expect(screen.statusLabel.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            #expect(Self.items(screen.toolbar).map(\.title) == [hebrew[.cancel], hebrew[.flash], hebrew[.switchCamera], hebrew[.takePhoto]])
            #expect(Self.items(screen.toolbar).map(\.title).allSatisfy { $0.map { !$0.contains("Cancel") } ?? false })
            try Self.item(screen.toolbar, hebrew[.takePhoto]).surfaceTap()
            #expect(!screen.statusLabel.isHidden && screen.statusLabel.text == hebrew[.startingCamera])
            try Self.item(screen.toolbar, hebrew[.cancel]).surfaceTap()
            await phone.settle()
            #expect(phone.presented.isEmpty && phone.delegate.callbacks.count == 1)
            phone.expectNoCrash()
        }

        @Test func theWarmUpShowsAndRetakeGoesBackToTheCamera() async throws {
            // The warm-up on a clock the test moves: under way however slowly the machine runs.
            let clock = ManualClock()
            let phone = try Self.phone(warmUp: .milliseconds(300), clock: clock)
            try await phone.picker.select(from: .camera)
            await phone.settle()
            let stack = try #require(phone.presented.first as? UINavigationController)
            let screen = try #require(stack.topViewController as? ProfileCameraViewController)
            // The camera started when its screen showed; the shutter waits out the rest of the warm-up.
            try Self.item(screen.toolbar, "Take photo").surfaceTap()
            #expect(!screen.statusLabel.isHidden && screen.statusLabel.text == "Starting the camera…")
            #expect(Self.items(screen.toolbar).map(\.isEnabled) == [true, false, false, false], "only Cancel while it warms up")
            try #require(await phone.waitFor { clock.sleeperCount > 0 })
            clock.advance(by: .milliseconds(300))
            try #require(await phone.waitFor { stack.topViewController is ProfileEditViewController })
            await phone.settle()
            let editor = try #require(stack.topViewController as? ProfileEditViewController)
            #expect(Self.items(editor.toolbar).first?.title == "Retake")
            try Self.item(editor.toolbar, "Retake").surfaceTap()
            await phone.settle()
            #expect(stack.topViewController === screen)
            #expect(screen.statusLabel.isHidden)
            #expect(Self.items(screen.toolbar).map(\.isEnabled) == [true, true, true, true])
            try Self.item(screen.toolbar, "Take photo").surfaceTap()
            try #require(await phone.waitFor { stack.topViewController is ProfileEditViewController })
            await phone.settle()
            let second = try #require(stack.topViewController as? ProfileEditViewController)
            try Self.item(second.toolbar, "Choose").surfaceTap()
            await phone.settle()
            #expect(phone.presented.isEmpty)
            #expect(phone.delegate.lastResult?.cropRect == PixelRect(x: 0, y: 8, width: 48, height: 48))
            #expect(phone.delegate.callbacks.count == 1)
            phone.expectNoCrash()
        }
    }
}

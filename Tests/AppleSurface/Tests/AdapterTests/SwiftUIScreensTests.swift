import Foundation
@_spi(Surface) import AVFoundation
import PickerImaging
import PickerKit
import PickerKitSwiftUI
import PickerKitTesting
import PickerKitUIKit
import SurfaceDevice
@_spi(Surface) import SwiftUI
import Testing
@_spi(Surface) import UIKit

/// A SwiftUI app that draws none of the picker's screens.
struct DefaultScreensView: View {
    let model: PresentationModel
    let picker: ProfilePicker
    let photos: SystemPhotoSource
    var body: some View {
        Button("Change photo") { try? picker.chooseSource() }
            .profilePicker(model, photos: photos)
    }
}

/// A SwiftUI app whose button is a menu of the sources.
struct MenuScreensView: View {
    let model: PresentationModel
    let picker: ProfilePicker
    let photos: SystemPhotoSource
    let failed: @MainActor (PickerError) -> Void
    var body: some View {
        PickerSourceMenu(picker: picker, onFailure: failed) { Text("Change photo") }
            .profilePicker(model, photos: photos)
    }
}

extension AppleSurfaceTests {
    /// PickerKit's screens in SwiftUI, shown by `profilePicker(_:photos:strings:)` for every route.
    @MainActor
    @Suite("PickerKit's screens in SwiftUI")
    struct SwiftUIScreensTests {
        @MainActor
        final class App {
            let transcript = Transcript()
            let model: PresentationModel
            let photos = SystemPhotoSource()
            let delegate: RecordingDelegate
            let picker: ProfilePicker
            var host: SurfaceHost!

            init(configuration: PickerConfiguration = PickerConfiguration(), idiom: DeviceIdiom = .phone) {
                Device.current.reset()
                Device.current.screenScale = 1
                Device.current.idiom = idiom == .pad ? .pad : .phone
                Animations.reset()
                model = PresentationModel(idiom: idiom)
                delegate = RecordingDelegate(transcript: transcript)
                picker = ProfilePicker(
                    photoSource: photos, camera: AVCameraSession(), presenter: model, delegate: delegate, configuration: configuration, hostInfo: .allDeclared)
                picker.eventHandler = { [transcript, delegate] event in
                    transcript.record("picker", event.description)
                    if case .sessionStarted = event { delegate.sessionStarted() }
                }
                host = SurfaceHost(DefaultScreensView(model: model, picker: picker, photos: photos))
            }

            func settle() async {
                for _ in 0..<5 {
                    host.update()
                    await picker.idle(timeout: .milliseconds(500))
                    // Work the screens left for the main actor's next turn (a failure to report).
                    for _ in 0..<10 { await Task.yield() }
                    for _ in 0..<50 where Animations.running > 0 { try? await Task.sleep(for: .milliseconds(2)) }
                }
            }
        }

        @Test func aLibraryPickGoesThroughTheSystemPickerAndTheEditScreenToTheDelegate() async throws {
            var configuration = PickerConfiguration()
            configuration.output.size = 50
            let app = App(configuration: configuration)
            let file = try Photos.file(try Photos.jpeg(width: 400, height: 300), named: "IMG_0002.jpeg")
            app.host.tap("Change photo")
            await app.settle()
            #expect(app.host.dialog?.buttons == ["Take photo", "Camera roll", "Photo library", "Cancel"])
            app.host.tap("Photo library")
            await app.settle()
            let browser = try #require(app.host.controllers.first as? UIImagePickerController)
            #expect(browser.sourceType == .photoLibrary && browser.mediaTypes == ["public.image"] && !browser.allowsEditing)
            #expect(app.photos.presentingViewController === browser, "the source presents the limited-library picker from it")
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            await app.settle()
            // The image picker is a navigation controller itself: the edit screen is pushed on its
            // own stack, as UIKitPresenter pushes it, and no NavigationStack holds it.
            #expect(app.host.presented?.stack == nil, "no NavigationStack around the image picker")
            #expect(app.host.controllers.compactMap { $0 as? UINavigationController }.count == 1 && app.host.controllers.first === browser)
            #expect(browser.viewControllers.count == 2)
            let editor = try #require(browser.topViewController as? ProfileEditViewController)
            #expect(browser.isNavigationBarHidden)
            #expect(app.host.controllersIgnoreSafeArea, "the screens lay themselves out in the safe area")
            let choose = try #require(editor.toolbar.items?.first { $0.title == "Choose" })
            choose.surfaceTap()
            await app.settle()
            #expect(app.host.presentedKind == nil)
            #expect(app.host.controllers.isEmpty, "the screens' view controllers are dismantled with the sheet")
            app.transcript.expect([
                "picker: start chooser actionSheet",
                "picker: load picked-1 (public.image)",
                // The output is 50 px at up to 5x zoom: 250 px of the short side are enough.
                "picker: loaded picked-1: image 334x251 up (1)",
                "picker: editor laid out 390x844: crop (42,0,251,251)",
                "picker: end finished public.image edited 50x50 from 400x300 (loaded at 334x251) crop (50,0,300,300)",
                "delegate: didFinish public.image edited 50x50 from 400x300 (loaded at 334x251) crop (50,0,300,300)",
            ])
            #expect(Device.current.exceptions == [] && Device.current.warnings == [])
        }

        /// A swipe back on the image picker's own stack reaches the picker, and the model's path
        /// follows: picking again pushes one edit screen, not two.
        @Test func aSwipeBackOnTheImagePickersStackIsFollowed() async throws {
            let app = App()
            let file = try Photos.file(try Photos.jpeg(width: 40, height: 30), named: "IMG_0003.jpeg")
            try await app.picker.selectFromPhotoLibrary()
            await app.settle()
            let browser = try #require(app.host.controllers.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            await app.settle()
            #expect(browser.viewControllers.count == 2 && app.model.path.count == 1)
            browser.surfaceSwipeBack()
            await app.settle()
            #expect(app.picker.navigation.stack.map(\.screen.kind) == [.browser])
            #expect(app.model.path == [] && browser.viewControllers.count == 1)
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            await app.settle()
            #expect(browser.viewControllers.count == 2 && browser.topViewController is ProfileEditViewController)
            #expect(app.picker.navigation.stack.map(\.screen.kind) == [.browser, .editor])
            #expect(Device.current.exceptions == [])
            app.picker.cancel()
            await app.settle()
        }

        @Test func theSourceMenuOffersTheSourcesAndStartsTheOneChosen() async throws {
            let app = App()
            var failures: [PickerError] = []
            app.host = SurfaceHost(MenuScreensView(model: app.model, picker: app.picker, photos: app.photos) { failures.append($0) })
            #expect(app.host.menu("Change photo") == ["Camera", "Gallery"])
            #expect(app.host.presentedKind == nil, "a menu is not a presentation")
            Device.current.cameraAccess = .denied
            app.host.choose("Camera", inMenu: "Change photo")
            for _ in 0..<100 where failures.isEmpty { await Task.yield() }
            #expect(failures == [.authorizationDenied(.camera)])
            app.host.choose("Gallery", inMenu: "Change photo")
            for _ in 0..<100 where app.model.sheetRoute == nil && app.model.fullScreenRoute == nil { await Task.yield() }
            await app.settle()
            #expect(app.host.controllers.first is UIImagePickerController)
        }

        @Test func aPopoverWithUnsavedEditsIsNotTappedAway() async throws {
            let app = App(idiom: .pad)
            let file = try Photos.file(try Photos.jpeg(width: 400, height: 300), named: "IMG_0003.jpeg")
            let button = NSObject()
            try await app.picker.selectFromPhotoLibrary(anchor: PopoverAnchor(sourceView: button, sourceRect: CGRect(x: 0, y: 0, width: 10, height: 10)))
            await app.settle()
            #expect(app.host.presentedKind == "popover")
            let browser = try #require(app.host.controllers.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            await app.settle()
            let editor = try #require(browser.topViewController as? ProfileEditViewController)
            try #require(editor.toolbar.items?.first { $0.title == "Rotate" }).surfaceTap()
            await app.settle()
            #expect(!app.host.tapOutside(), "the edit is not thrown away")
            try #require(editor.toolbar.items?.first { $0.title == "Undo" }).surfaceTap()
            await app.settle()
            #expect(app.host.tapOutside())
            await app.settle()
            #expect(app.host.presentedKind == nil)
            #expect(app.transcript.lines.last == "delegate: didCancel")
        }

        @Test func cancelInTheSystemPickerIsOneCancel() async throws {
            let app = App()
            try await app.picker.selectFromPhotoLibrary()
            await app.settle()
            let browser = try #require(app.host.controllers.first as? UIImagePickerController)
            browser.surfaceTapCancel()
            await app.settle()
            #expect(app.host.presentedKind == nil)
            #expect(app.delegate.callbacks.count == 1)
            #expect(app.transcript.lines.last == "delegate: didCancel")
        }

        @Test func aMoviesPreviewIsPickerKitsPushedOnTheImagePickersStack() async throws {
            var configuration = PickerConfiguration()
            configuration.mediaTypes = [.image, .movie]
            configuration.movie.quality = .high
            let app = App(configuration: configuration)
            let movie = try Photos.file(Photos.movie(seconds: 3), named: "MOV_0001.mov")
            try await app.picker.selectFromPhotoLibrary()
            await app.settle()
            let browser = try #require(app.host.controllers.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.movie", .mediaURL: movie])
            await app.settle()
            let preview = try #require(browser.topViewController as? ProfileMoviePreviewViewController)
            #expect(preview.route.screen.kind == .moviePreview)
            let choose = try #require(preview.toolbar.items?.first { $0.title == "Choose" })
            choose.surfaceTap()
            await app.settle()
            #expect(app.host.presentedKind == nil)
            #expect(app.delegate.callbacks.count == 1)
            #expect(app.transcript.lines.last?.hasPrefix("delegate: didFinish public.movie") == true, "\(app.transcript.lines)")
        }

        @Test func theSystemPickersRefuseAPickerLoadingFromAnotherSource() async throws {
            let app = App()
            // The screens register picks with a source the picker does not load from.
            app.host = SurfaceHost(DefaultScreensView(model: app.model, picker: app.picker, photos: SystemPhotoSource()))
            try await app.picker.selectFromPhotoLibrary()
            await app.settle()
            #expect(app.host.presentedKind == nil, "what was shown is dismissed")
            let reasons = app.delegate.callbacks.map { callback -> PresentationProblem? in
                if case let .failed(.presentationFailed(problem)) = callback { problem } else { nil }
            }
            #expect(reasons == [.needsSystemPhotoSource(.browser)])
        }

        @Test func theCameraIsPickerKitsCameraScreen() async throws {
            let app = App()
            try await app.picker.select(from: .camera)
            await app.settle()
            let camera = try #require(app.host.controllers.first as? ProfileCameraViewController)
            #expect(camera.previewView.layer.sublayers?.first is AVCaptureVideoPreviewLayer)
            try #require(camera.toolbar.items?.first { $0.title == "Cancel" }).surfaceTap()
            await app.settle()
            #expect(app.host.presentedKind == nil)
            #expect(app.transcript.lines.last == "delegate: didCancel")
        }
    }
}

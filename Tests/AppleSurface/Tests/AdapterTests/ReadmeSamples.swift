// The README's UIKit and SwiftUI samples, compiled against the Apple surface and run on it.
// Everything between the markers is the README's text; the test below checks it still is.

// README: begin
import PickerImaging
import PickerKit
import PickerKitUIKit
import UIKit

final class ProfileViewController: UIViewController, ProfilePickerDelegate {
    let avatarView = UIImageView()
    private(set) var failure: PickerError?
    private let photos = SystemPhotoSource()
    private lazy var presenter = UIKitPresenter(host: self, photos: photos)
    private(set) lazy var picker = ProfilePicker(
        photoSource: photos, camera: AVCameraSession(), presenter: presenter, delegate: self,
        configuration: .profilePhoto())
    private let savedEditURL = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("avatar-edit.json")
    /// Sends a file and its media type to the app's server (its API client).
    var uploadAvatar: @Sendable (Data, String) async throws -> Void = { _, _ in }

    func changePhotoTapped(_ button: UIBarButtonItem) {
        do {
            try picker.chooseSource(.actionSheet, anchor: PopoverAnchor(barButtonItem: button))
        } catch {
            report(error)
        }
    }

    func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
        do {
            // A CGImageBuffer on a device: its own CGImage, shown with its orientation.
            avatarView.image = try result.image?.uiImage()
        } catch {
            print("profile photo: \(error)")
        }
        if let avatar = result.image {
            let upload = uploadAvatar
            Task.detached {
                do {
                    // Upright, in sRGB, the circle's corners white: shown right by any server.
                    let options = ImageFileOptions.jpeg(quality: 0.85)
                    try await upload(try avatar.fileData(options), options.format.mimeType)
                } catch {
                    print("profile photo: not uploaded: \(error)")
                }
            }
        }
        guard let original = result.originalImage, let session = result.editSession else { return }
        Task {
            // The photo's own file and the edit, to reopen the editor in a later launch.
            do {
                let saved = try await SavedEdit(original: original, session: session)
                try JSONEncoder().encode(saved).write(to: savedEditURL)
            } catch {
                print("profile photo: the edit was not saved: \(error)")
            }
        }
    }

    func editAgainTapped() async {
        do {
            let saved = try JSONDecoder().decode(SavedEdit.self, from: Data(contentsOf: savedEditURL))
            let largest = picker.configuration.largestUsefulSide(for: saved.displaySize)
            try picker.edit(try await saved.original(largestSide: largest), restoring: saved.session)
        } catch {
            print("profile photo: cannot reopen the edit: \(error)")
        }
    }

    func profilePickerDidCancel(_ picker: ProfilePicker) {}

    func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError) {
        report(error)
    }

    private func report(_ error: PickerError) {
        print("profile photo: \(error.developerDescription)")
        failure = error
        let alert = UIAlertController(title: nil, message: error.message(in: PickerStrings()), preferredStyle: .alert)
        if let settings = error.settingsURL {
            alert.addAction(UIAlertAction(title: "Settings", style: .default) { _ in UIApplication.shared.open(settings) })
        }
        alert.addAction(UIAlertAction(title: "OK", style: .cancel))
        present(alert, animated: true)
    }
}

import Observation
import PickerImaging
import PickerKit
import PickerKitSwiftUI
import PickerKitUIKit
import SwiftUI

@available(iOS 17, *)
@MainActor
@Observable
final class ProfileModel: ProfilePickerDelegate {
    let presentation = PresentationModel()
    let photos = SystemPhotoSource()
    let picker: ProfilePicker
    var avatar: Image?
    var problem: String?

    init() {
        picker = ProfilePicker(
            photoSource: photos, camera: AVCameraSession(), presenter: presentation, configuration: .profilePhoto())
        picker.delegate = self
    }

    func changePhotoTapped() {
        do {
            // On iPad the chooser is a popover: the model's own anchor points at its view.
            try picker.chooseSource(anchor: presentation.anchor())
        } catch {
            print("profile photo: \(error.developerDescription)")
            problem = error.message(in: PickerStrings())
        }
    }

    func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
        guard let image = result.image else { return }
        do {
            avatar = try Image(decorative: image, scale: 2)
        } catch {
            print("profile photo: \(error)")
        }
    }

    func profilePickerDidCancel(_ picker: ProfilePicker) {}
}

@available(iOS 17, *)
@MainActor
struct ProfileScreenView: View {
    let model: ProfileModel

    var body: some View {
        if let avatar = model.avatar { avatar }
        Button("Change photo") { model.changePhotoTapped() }
            .profilePicker(model.presentation, photos: model.photos)
    }
}
// README: end

import Foundation
import PickerCodecs
import PickerImaging
import PickerKitTesting
import SurfaceDevice
import Testing
@_spi(Surface) import SwiftUI
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    @MainActor
    @Suite("The README's UIKit and SwiftUI samples")
    struct ReadmeSampleTests {
        @Test func theSamplesHereAreTheReadmes() throws {
            let here = URL(fileURLWithPath: #filePath)
            let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            let source = try String(contentsOf: here, encoding: .utf8)
            let samples = source.components(separatedBy: "// README: begin\n")[1].components(separatedBy: "// README: end")[0]
            let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { String($0[..<$0.range(of: "```")!.lowerBound]) }
                .filter { $0.contains("import UIKit") || $0.contains("import SwiftUI") }
            #expect(blocks.count == 2)
            #expect(samples == blocks.joined(separator: "\n"), "README.md's UIKit and SwiftUI samples are not the ones compiled here")
        }

        @Test func theUIKitSamplePicksAPhotoFromTheChooser() async throws {
            Device.current.reset()
            Device.current.screenScale = 1
            Animations.reset()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let screen = ProfileViewController()
            window.rootViewController = screen
            window.makeKeyAndVisible()
            screen.picker.hostInfo = .allDeclared
            let uploads = Uploads()
            screen.uploadAvatar = { data, type in await uploads.add(data, type) }
            let file = try Photos.file(try Photos.jpeg(width: 40, height: 30), named: "IMG.jpeg")
            screen.changePhotoTapped(UIBarButtonItem())
            #expect(screen.failure == nil)
            #expect(screen.picker.presenter != nil, "the presenter outlives the call that made it")
            try #require(await waitFor { screen.presentedViewController is UIAlertController && Animations.running == 0 })
            (screen.presentedViewController as? UIAlertController)?.surfaceTap("Photo library")
            try #require(await waitFor { screen.presentedViewController is UIImagePickerController && Animations.running == 0 })
            let browser = try #require(screen.presentedViewController as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            // PickerKit's edit screen, pushed on the system picker's stack.
            try #require(await waitFor { browser.topViewController is ProfileEditViewController && Animations.running == 0 })
            let editor = try #require(browser.topViewController as? ProfileEditViewController)
            let choose = try #require(editor.toolbar.items?.first { $0.title == "Choose" })
            choose.surfaceTap()
            try #require(await waitFor { screen.avatarView.image != nil && screen.presentedViewController == nil })
            // The profile photo preset: the 512 px circle, shown in the image view.
            #expect(screen.avatarView.image?.size == CGSize(width: 512, height: 512))
            #expect(screen.avatarView.image?.cgImage?.width == 512)
            // Uploaded: a 512 px JPEG, sRGB, with white corners.
            var sent: [(Data, String)] = []
            try #require(await waitUntil { sent = await uploads.files; return !sent.isEmpty })
            #expect(sent.count == 1 && sent.first?.1 == "image/jpeg")
            let jpeg = try JPEG.decode(try #require(sent.first?.0))
            #expect(jpeg.pixelSize == PixelSize(width: 512, height: 512) && jpeg.colorProfile?.isSRGB == true)
            #expect([jpeg[0, 0], jpeg[511, 0], jpeg[0, 511], jpeg[511, 511]].allSatisfy { $0.r >= 253 && $0.g >= 253 && $0.b >= 253 })
            #expect(Device.current.exceptions == [] && Device.current.warnings == [])
        }

        /// What the UIKit sample uploaded.
        actor Uploads {
            var files: [(Data, String)] = []
            func add(_ data: Data, _ type: String) { files.append((data, type)) }
        }

        @Test func theSwiftUISamplePicksAPhotoFromTheChooser() async throws {
            Device.current.reset()
            Device.current.screenScale = 1
            Animations.reset()
            let model = ProfileModel()
            model.picker.hostInfo = .allDeclared
            let file = try Photos.file(try Photos.jpeg(width: 60, height: 40), named: "IMG.jpeg")
            let host = SurfaceHost(ProfileScreenView(model: model))
            func settle() async {
                for _ in 0..<5 {
                    host.update()
                    await model.picker.idle(timeout: .milliseconds(200))
                    _ = await waitFor { Animations.running == 0 }
                }
            }
            host.tap("Change photo")
            await settle()
            #expect(host.dialog?.buttons == ["Take photo", "Camera roll", "Photo library", "Cancel"])
            host.tap("Photo library")
            await settle()
            let browser = try #require(host.controllers.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            await settle()
            let editor = try #require(browser.topViewController as? ProfileEditViewController, "pushed on the image picker's own stack")
            try #require(editor.toolbar.items?.first { $0.title == "Choose" }).surfaceTap()
            await settle()
            let avatar = try #require(model.avatar)
            #expect(avatar.surfaceCGImage.width == 512 && avatar.surfaceScale == 2 && avatar.surfaceOrientation == .up)
            #expect(host.screen.images == [avatar], "the avatar is shown")
            #expect(host.presentedKind == nil)
            #expect(Device.current.exceptions == [] && Device.current.warnings == [])
        }

        @Test func onAPadTheSwiftUISamplesChooserIsADialogAtItsAnchor() async throws {
            Device.current.reset()
            Device.current.idiom = .pad
            Animations.reset()
            let model = ProfileModel()
            #expect(model.presentation.idiom == .pad, "the device's idiom, untold")
            model.picker.hostInfo = .allDeclared
            let host = SurfaceHost(ProfileScreenView(model: model))
            host.tap("Change photo")
            host.update()
            #expect(model.problem == nil)
            #expect(host.dialog?.buttons == ["Take photo", "Camera roll", "Photo library", "Cancel"])
            model.picker.cancel()
            await model.picker.idle(timeout: .milliseconds(500))
            host.update()
        }

        /// Waits, for at most 5 s, until `condition` holds.
        func waitFor(_ condition: () -> Bool) async -> Bool {
            let clock = ContinuousClock(), deadline = clock.now + .seconds(5)
            while !condition() {
                guard clock.now < deadline else { return false }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return true
        }

        func waitUntil(_ condition: () async -> Bool) async -> Bool {
            let clock = ContinuousClock(), deadline = clock.now + .seconds(5)
            while await !condition() {
                guard clock.now < deadline else { return false }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return true
        }
    }
}

// The README's UIKit and SwiftUI samples, compiled against the Apple surface and run on it.
// Everything between the markers is the README's text; the test below checks it still is.

// README: begin
import PickerImaging
import PickerKit
import PickerKitUIKit
import UIKit

final class ProfileViewController: UIViewController, ProfilePickerDelegate {
    private(set) var avatar: (any ImageBuffer)?
    private(set) var failure: PickerError?
    private let photos = SystemPhotoSource()
    private lazy var presenter = UIKitPresenter(host: self, photos: photos)
    private(set) lazy var picker = ProfilePicker(
        photoSource: photos, camera: AVCameraSession(), presenter: presenter, delegate: self)

    func changePhotoTapped(_ button: UIBarButtonItem) {
        do {
            try picker.chooseSource(.actionSheet, anchor: PopoverAnchor(barButtonItem: button))
        } catch {
            failure = error
        }
    }

    func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
        avatar = result.image
    }

    func profilePickerDidCancel(_ picker: ProfilePicker) {}

    func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError) {
        failure = error
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
    var avatar: (any ImageBuffer)?

    init() {
        picker = ProfilePicker(photoSource: photos, camera: AVCameraSession(), presenter: presentation)
        picker.delegate = self
    }

    func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
        avatar = result.image
    }

    func profilePickerDidCancel(_ picker: ProfilePicker) {}
}

@available(iOS 17, *)
@MainActor
struct ProfileScreenView: View {
    let model: ProfileModel

    var body: some View {
        Button("Change photo") { try? model.picker.chooseSource() }
            .profilePicker(model.presentation, photos: model.photos)
    }
}
// README: end

import Foundation
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
            try #require(await waitFor { screen.avatar != nil && screen.presentedViewController == nil })
            #expect(screen.avatar?.displaySize == PixelSize(width: 30, height: 30))
            #expect(Device.current.exceptions == [] && Device.current.warnings == [])
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
                    await model.picker.waitUntilIdle(timeout: .milliseconds(200))
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
            #expect(model.avatar?.displaySize == PixelSize(width: 40, height: 40))
            #expect(host.presentedKind == nil)
            #expect(Device.current.exceptions == [] && Device.current.warnings == [])
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
    }
}

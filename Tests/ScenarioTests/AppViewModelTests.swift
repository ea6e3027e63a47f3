import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// An app's view model that makes and owns its picker, tested as it is: the scenario wraps the
/// app's picker, records what happens, and forwards every callback to the view model.
@MainActor
@Suite("A view model that owns its picker")
struct AppViewModelTests {
    /// What an app writes: it owns its picker and is its delegate.
    @MainActor
    final class ProfileViewModel: ProfilePickerDelegate {
        let picker: ProfilePicker
        private(set) var avatar: (any ImageBuffer)?
        private(set) var problem: String?
        private(set) var events: [String] = []

        init(photos: any PhotoSource, presenter: any Presenter) {
            picker = ProfilePicker(photoSource: photos, presenter: presenter, configuration: .profilePhoto(size: 64))
            picker.delegate = self
            picker.eventHandler = { [weak self] event in self?.events.append("\(event)") }
        }

        func changePhotoTapped() async {
            do {
                try await picker.select(from: .photoLibrary)
            } catch {
                problem = error.developerDescription
            }
        }

        func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) { avatar = result.image }
        func profilePickerDidCancel(_ picker: ProfilePicker) {}
        func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError) { problem = error.developerDescription }
    }

    @Test func theScenarioDrivesTheAppsOwnPickerAndTheViewModelHearsTheEnd() async throws {
        var model: ProfileViewModel!
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 400, height: 300))]) { fakes in
            model = ProfileViewModel(photos: fakes.source, presenter: fakes.presenter)
            return model.picker
        }
        #expect(s.picker === model.picker)
        await model.changePhotoTapped()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.pinch(by: 2)
        s.user.drag(dx: 30, dy: 0)
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 400x300 up (1)",
            "presenter: push #2 editor(400x300 crop (50,0,300,300))",
            "presenter: navigation bar hidden",
            "user: pinch(2 at 187.5,333.5) on #2",
            "picker: editor pinch(2 at 187.5,333.5): crop (125,75,150,150)",
            "user: ended on #2",
            "picker: editor ended: crop (125,75,150,150)",
            "user: pan(30,0) on #2",
            "picker: editor pan(30,0): crop (112,75,150,150)",
            "user: ended on #2",
            "picker: editor ended: crop (112,75,150,150)",
            "user: choose on #2",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 64x64 from 400x300 crop (112,75,150,150)",
            "delegate: didFinish public.image edited 64x64 from 400x300 crop (112,75,150,150)",
        ])
        // The view model heard the end, and its own event handler every event.
        #expect(model.avatar?.displaySize == PixelSize(width: 64, height: 64))
        #expect(model.problem == nil)
        #expect(model.events.first == "start source photoLibrary")
        #expect(model.events.last == "end finished public.image edited 64x64 from 400x300 crop (112,75,150,150)")
    }

    @Test func aSetupErrorReachesTheViewModelWithTheDevelopersDetail() async throws {
        var model: ProfileViewModel!
        let s = PickerScenario(hostInfo: HostInfo(usageDescriptions: [:])) { fakes in
            model = ProfileViewModel(photos: fakes.source, presenter: fakes.presenter)
            return model.picker
        }
        s.source.sources = [.camera: [.image]]
        await model.changePhotoTapped()
        #expect(model.problem == PickerError.sourceUnavailable(.photoLibrary).developerDescription)
        s.expect(["picker: start failed: \(PickerError.sourceUnavailable(.photoLibrary))"])
    }
}

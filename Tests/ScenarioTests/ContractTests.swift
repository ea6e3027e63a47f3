import Foundation
import PickerImaging
import PickerKit
import PickerKitSwiftUI
import PickerKitTesting
import Testing

/// The contract checks a host runs against its own adapters, run here against the fakes and
/// against adapters broken on purpose, so the checks are known to catch what they name.
@MainActor
@Suite("Contract checks for host adapters")
struct ContractTests {
    @Test func theFakePresenterKeepsThePresenterContract() async {
        #expect(await PresenterContract.violations { FakePresenter(transcript: Transcript()) } == [])
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func theSwiftUIModelKeepsThePresenterContract() async {
        #expect(await PresenterContract.violations { PresentationModel() } == [])
    }

    /// Calls every completion twice and never reports a pushed route.
    final class SloppyPresenter: Presenter {
        var idiom: DeviceIdiom = .phone
        weak var navigationProxy: (any NavigationProxy)?
        weak var picker: ProfilePicker?
        func present(_ route: Route, style: PresentationStyle, animated: Bool, completion: @escaping @MainActor () -> Void) {
            navigationProxy?.navigation(didShow: route, animated: animated)
            completion()
            completion()
        }
        func dismiss(animated: Bool, completion: @escaping @MainActor () -> Void) { completion() }
        func push(_ route: Route, animated: Bool) {}
        func pop(animated: Bool) {}
        func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {}
        func showAlert(for error: PickerError) {}
    }

    @Test func aSloppyPresenterIsCaught() async {
        let violations = await PresenterContract.violations(timeout: .milliseconds(50)) { SloppyPresenter() }
        #expect(violations == [
            "present: the completion was called 2 times, not once",
            #"present a navigation stack: the proxy heard ["did show #1"], not ["will show #1", "did show #1"]"#,
            #"push: the proxy heard [], not ["will show #2", "did show #2"]"#,
            #"pop: the proxy heard [], not ["will show #1", "did show #1"]"#,
            "present after a dismiss: the completion was called 2 times, not once",
        ])
    }

    @Test func theFakePhotoSourceKeepsThePhotoSourceContract() async throws {
        var item = FakePhotoSource.Item.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))
        item.progress = [0.25, 0.5, 1]
        let source = FakePhotoSource(transcript: Transcript(), items: [item, .failing("BAD", "offline")])
        #expect(await PhotoSourceContract.violations(of: source, items: [item.item, PickedItem(id: "BAD")]) == [])
        source.loadMode = .manual
        let violations = await PhotoSourceContract.violations(of: source, items: [item.item], timeout: .milliseconds(50))
        #expect(violations == ["IMG_1: the load did not finish within 0.05 seconds"], "a held load is caught; a cancelled one ends")
    }

    /// Reports progress past 1 and back, and ignores cancellation until released.
    final class SloppySource: PhotoSource {
        var held: [CheckedContinuation<Void, Never>] = []
        func release() {
            for load in held { load.resume() }
            held = []
        }
        func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool { sourceType == .photoLibrary }
        func availableMediaTypes(for sourceType: SourceType) -> [MediaType] { [] }
        func authorizationStatus(for sourceType: SourceType) -> AuthorizationStatus { .authorized }
        func requestAuthorization(for sourceType: SourceType) async -> AuthorizationStatus { .authorized }
        func loadMedia(for item: PickedItem) async throws -> PickedMedia {
            await withCheckedContinuation { held.append($0) }
            throw CancellationError()
        }
        func loadMedia(
            for item: PickedItem, representation: LibraryPickerConfiguration.Representation,
            progress: @escaping @MainActor (Double) -> Void
        ) async throws -> PickedMedia {
            progress(0.5)
            progress(1.5)
            progress(0.2)
            throw CancellationError()
        }
    }

    @Test func aSloppyPhotoSourceIsCaught() async {
        let source = SloppySource()
        let violations = await PhotoSourceContract.violations(of: source, items: [PickedItem(id: "X")], timeout: .milliseconds(40))
        source.release()
        #expect(violations == [
            "photoLibrary: available, but offers no media type",
            "X: progress 1.5 is outside 0…1",
            "X: progress went back: [0.5, 1.5, 0.2]",
            "X: a cancelled load did not end within 0.04 seconds",
        ])
    }

    @Test func theFakeCameraKeepsTheCameraSessionContract() async throws {
        let transcript = Transcript()
        let photo = try PickerScenario.photo(width: 4, height: 3)
        #expect(await CameraSessionContract.violations { FakeCamera(transcript: transcript, defaultPhoto: photo) } == [])
        #expect(transcript.lines == [
            "camera: prepare rear", "camera: capture, flash off", "camera: capture, flash off", "camera: capture, flash off",
            "camera: tear down", "camera: prepare rear", "camera: capture, flash off", "camera: tear down",
        ])
    }

    /// Keeps a capture waiting for ever, through cancellation and teardown alike.
    final class StuckCamera: CameraSession {
        var waiting: [CheckedContinuation<Void, Never>] = []
        func isAvailable(_ device: CameraDevice) -> Bool { device == .front }
        func prepare(_ device: CameraDevice) async throws {}
        func captureStill(flash: FlashMode) async throws -> any ImageBuffer {
            await withCheckedContinuation { waiting.append($0) }
            throw CancellationError()
        }
        func tearDown() {}
        func release() {
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    @Test func aCameraWhoseCapturesNeverEndIsCaught() async {
        let camera = StuckCamera()
        let violations = await CameraSessionContract.violations(timeout: .milliseconds(40)) { camera }
        camera.release()
        #expect(violations == [
            "a capture: the capture did not end within 0.04 seconds",
            "a cancelled capture: the capture did not end within 0.04 seconds",
            "a capture under way at teardown: the capture did not end within 0.04 seconds",
            "a capture after a restart: the capture did not end within 0.04 seconds",
        ])
    }

    @Test func aCameraWithNoDeviceSaysSo() async {
        final class NoCamera: CameraSession {
            func isAvailable(_ device: CameraDevice) -> Bool { false }
            func prepare(_ device: CameraDevice) async throws {}
            func captureStill(flash: FlashMode) async throws -> any ImageBuffer { throw CancellationError() }
            func tearDown() {}
        }
        #expect(await CameraSessionContract.violations { NoCamera() } == ["no camera is available: nothing more can be checked"])
    }

    @Test func aManualFakeCaptureEndsWhenTheCameraIsTornDown() async throws {
        let transcript = Transcript()
        let camera = FakeCamera(transcript: transcript, defaultPhoto: try PickerScenario.photo(width: 2, height: 2))
        camera.captureMode = .manual
        try await camera.prepare(.rear)
        let capture = Task { @MainActor in try await camera.captureStill(flash: .auto) }
        #expect(await eventually("the capture waits") { camera.hasPendingCapture })
        camera.tearDown()
        let error = await #expect(throws: FakePhotoSource.LoadError.self) { try await capture.value }
        #expect(error?.description == "the camera was torn down during the capture")
    }
}

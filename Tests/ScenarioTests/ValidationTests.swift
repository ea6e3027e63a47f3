import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// One way a host's setup can be wrong, and the error starting must throw for it.
struct SetupProblem: Sendable, CustomStringConvertible {
    var description: String
    var source: SourceType = .photoLibrary
    var idiom: DeviceIdiom = .phone
    var hostInfo: HostInfo = .allDeclared
    var configure: @MainActor @Sendable (PickerScenario) -> Void = { _ in }
    var expected: PickerError
    /// Lines the source and picker write before the failure (an access request).
    var linesBefore: [String] = []
}

@MainActor
@Suite("Validation before anything is presented (B8, B9, B14, B15)")
struct ValidationTests {
    nonisolated static let problems: [SetupProblem] = [
        SetupProblem(description: "no presenter", configure: { $0.picker.presenter = nil }, expected: .noPresenter),
        SetupProblem(description: "no delegate", configure: { $0.picker.delegate = nil }, expected: .noDelegate),
        SetupProblem(
            description: "empty media types", configure: { $0.picker.configuration.mediaTypes = [] },
            expected: .mediaTypesEmpty),
        SetupProblem(
            description: "no camera", source: .camera, configure: { $0.source.sources[.camera] = nil },
            expected: .sourceUnavailable(.camera)),
        SetupProblem(
            description: "only movies requested from an image-only library",
            configure: {
                $0.source.sources[.photoLibrary] = [.image]
                $0.picker.configuration.mediaTypes = [.movie]
            },
            expected: .mediaTypesUnavailable(requested: [.movie], source: .photoLibrary, available: [.image])),
        SetupProblem(
            description: "no photo library privacy key",
            hostInfo: HostInfo(usageDescriptions: [.camera: "Take your photo"]),
            expected: .missingUsageDescription(.photoLibrary)),
        SetupProblem(
            description: "a blank camera privacy key", source: .camera,
            hostInfo: HostInfo(usageDescriptions: [.camera: "  ", .photoLibrary: "Pick"]),
            expected: .missingUsageDescription(.camera)),
        SetupProblem(
            description: "movies from the camera without a microphone key", source: .camera,
            hostInfo: HostInfo(usageDescriptions: [.camera: "Take", .photoLibrary: "Pick"]),
            configure: { $0.picker.configuration.mediaTypes = [.image, .movie] },
            expected: .missingUsageDescription(.microphone)),
        SetupProblem(
            description: "an iPad library browser without an anchor", idiom: .pad,
            expected: .popoverAnchorRequired(.browser)),
        SetupProblem(
            description: "access denied", configure: { $0.source.authorization[.photoLibrary] = .denied },
            expected: .authorizationDenied(.photoLibrary),
            linesBefore: ["picker: start source photoLibrary"]),
        SetupProblem(
            description: "access restricted", source: .camera,
            configure: { $0.source.authorization[.camera] = .restricted },
            expected: .authorizationRestricted(.camera),
            linesBefore: ["picker: start source camera"]),
        SetupProblem(
            description: "access refused when asked",
            configure: {
                $0.source.authorization[.photoLibrary] = .notDetermined
                $0.source.authorizationAnswers[.photoLibrary] = .denied
            },
            expected: .authorizationDenied(.photoLibrary),
            linesBefore: [
                "picker: start source photoLibrary",
                "source: asked access to photoLibrary: denied",
                "picker: asked access to photoLibrary: denied",
            ]),
        SetupProblem(
            description: "several problems: the first in the documented order wins",
            source: .camera, hostInfo: HostInfo(usageDescriptions: [:]),
            configure: { $0.source.authorization[.camera] = .denied; $0.source.sources[.camera] = [.movie] },
            expected: .mediaTypesUnavailable(requested: [.image], source: .camera, available: [.movie])),
    ]

    @Test("starting fails with a typed error and shows nothing", arguments: problems)
    func startingFails(problem: SetupProblem) async throws {
        let s = PickerScenario(idiom: problem.idiom, configuration: Self.inApp, hostInfo: problem.hostInfo)
        problem.configure(s)
        await #expect(throws: problem.expected) { try await s.picker.select(from: problem.source) }
        s.expect(problem.linesBefore + ["picker: start failed: \(problem.expected)"])
        #expect(s.presenter.stack.isEmpty)
        #expect(s.delegate.callbacks.isEmpty)
        #expect(!s.picker.isSessionActive)
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test("errors say what to fix", arguments: [
        (PickerError.missingUsageDescription(.camera), "the app's Info.plist has no NSCameraUsageDescription: add it before using this source"),
        (.mediaTypesEmpty, "the media-type list is empty: request at least one media type, such as public.image"),
        (.mediaTypesUnavailable(requested: [.movie], source: .camera, available: [.image]),
         "none of the media types [public.movie] is available for camera (it offers [public.image])"),
        (.popoverAnchorRequired(.browser), "on iPad the browser is shown in a popover: pass a PopoverAnchor"),
        (.sourceUnavailable(.savedPhotosAlbum), "source savedPhotosAlbum is not available on this device"),
        (.noDelegate, "no delegate: set ProfilePicker.delegate, or call pick(_:) instead"),
    ])
    func messages(error: PickerError, message: String) {
        #expect(error.description == message)
    }

    /// Browsing the library in the app, which needs its key and the person's authorization.
    static var inApp: PickerConfiguration {
        var configuration = PickerConfiguration()
        configuration.libraryAccess = .inApp
        return configuration
    }

    @Test func askingForAccessThenAllowedPresentsTheBrowser() async throws {
        let s = PickerScenario(configuration: Self.inApp) { $0.authorization[.photoLibrary] = .notDetermined }
        try await s.picker.selectFromPhotoLibrary()
        s.expect([
            "picker: start source photoLibrary",
            "source: asked access to photoLibrary: authorized",
            "picker: asked access to photoLibrary: authorized",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
        ])
    }

    @Test func limitedAccessStillPicks() async throws {
        let s = PickerScenario { $0.authorization[.photoLibrary] = .limited }
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        #expect(s.presenter.stack.map(\.screen) == [.browser(source: .photoLibrary, mediaTypes: [.image])])
    }

    @Test func requestedTypesAreNarrowedToWhatTheSourceOffers() async throws {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.livePhoto, .image, .movie]
        let s = PickerScenario(configuration: configuration) { $0.sources[.photoLibrary] = [.movie, .image] }
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        #expect(s.presenter.stack.map(\.screen) == [.browser(source: .photoLibrary, mediaTypes: [.image, .movie])])
    }

    @Test func onIPadTheCameraIsFullScreenWithoutAnAnchor() async throws {
        let s = PickerScenario(idiom: .pad)
        s.exhaustivity = .off
        try await s.picker.select(from: .camera)
        #expect(s.presenter.style == "fullScreen")
    }

    @Test func onIPadTheLibraryIsAPopoverAtItsAnchor() async throws {
        let s = PickerScenario(idiom: .pad)
        s.exhaustivity = .off
        let view = NSObject()
        try await s.picker.selectFromPhotoLibrary(anchor: PopoverAnchor(
            sourceView: view, sourceRect: CGRect(x: 1, y: 2, width: 3, height: 4), permittedArrowDirections: .left,
            name: "cell"))
        #expect(s.presenter.style == "popover(cell (1.0,2.0,3.0,4.0) [left])")
    }
}

import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Out-of-process pickers need no privacy key and no prompt; only browsing the library in the
/// app does (B9).
@MainActor
@Suite("Library access: out of process by default, in-app on request (B9)")
struct LibraryAccessTests {
    /// An app that declares no privacy key at all, whose library access was never asked.
    static func bareApp(_ configuration: PickerConfiguration = PickerConfiguration()) throws -> PickerScenario {
        PickerScenario(
            items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))], configuration: configuration,
            hostInfo: HostInfo(usageDescriptions: [:])
        ) {
            $0.authorization = [.photoLibrary: .notDetermined, .savedPhotosAlbum: .denied]
        }
    }

    @Test func theLibraryPickerNeedsNoKeyAndAsksNothing() async throws {
        let s = try Self.bareApp()
        let running = Task { try await s.picker.pick(.library(LibraryPickerConfiguration())) }
        await eventually("the picker shows") { !s.presenter.stack.isEmpty }
        s.user.pickItems(at: [0])
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        let result = try await running.value
        #expect(result?.cropRect == PixelRect(x: 1, y: 0, width: 3, height: 3))
        s.expect([
            "picker: start library picker",
            "presenter: present #1 library([public.image], limit 1) fullScreen animated",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1 (current)",
            "picker: loaded IMG_1: image 4x3 up (1)",
            "presenter: push #2 editor(4x3 crop (1,0,3,3))",
            "presenter: navigation bar hidden",
            "user: choose on #2",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 3x3 from 4x3 crop (1,0,3,3)",
            "delegate: didFinish public.image edited 3x3 from 4x3 crop (1,0,3,3)",
        ])
    }

    @Test("the system browsers need no key and ask nothing", arguments: [SourceType.photoLibrary, .savedPhotosAlbum])
    func browsersOutOfProcess(source: SourceType) async throws {
        let s = try Self.bareApp()
        try await s.picker.select(from: source)
        s.expect([
            "picker: start source \(source)",
            "presenter: present #1 browser(\(source), [public.image]) fullScreen animated",
        ])
    }

    @Test func theCameraStillNeedsItsKey() async throws {
        let s = try Self.bareApp()
        await #expect(throws: PickerError.missingUsageDescription(.camera)) { try await s.picker.select(from: .camera) }
        try s.picker.chooseSource()
        s.expect([
            "picker: start failed: the app's Info.plist has no NSCameraUsageDescription: add it before using this source",
            "picker: start chooser actionSheet",
            "picker: chooser left out camera: the app's Info.plist has no NSCameraUsageDescription: add it before using this source",
            "presenter: present #1 chooser(actionSheet: Camera roll=savedPhotosAlbum, Photo library=photoLibrary, cancel Cancel) actionSheet animated",
        ])
    }

    @Test func browsingInTheAppNeedsTheKeyThenAsks() async throws {
        var configuration = PickerConfiguration()
        configuration.libraryAccess = .inApp
        let bare = try Self.bareApp(configuration)
        await #expect(throws: PickerError.missingUsageDescription(.photoLibrary)) { try await bare.picker.selectFromPhotoLibrary() }
        bare.expect(["picker: start failed: the app's Info.plist has no NSPhotoLibraryUsageDescription: add it before using this source"])

        let s = PickerScenario(configuration: configuration) { $0.authorization[.photoLibrary] = .notDetermined }
        try await s.picker.selectFromPhotoLibrary()
        s.expect([
            "picker: start source photoLibrary",
            "source: asked access to photoLibrary: authorized",
            "picker: asked access to photoLibrary: authorized",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
        ])
    }

    @Test func anInAppLibraryPickerIsAskedForToo() async throws {
        var library = LibraryPickerConfiguration()
        library.access = .inApp
        let s = PickerScenario { $0.authorization[.photoLibrary] = .denied }
        await #expect(throws: PickerError.authorizationDenied(.photoLibrary)) { try await s.picker.selectFromLibrary(library) }
        s.expect([
            "picker: start library picker",
            "picker: start failed: access to photoLibrary was denied: the person can allow it in Settings",
        ])
    }
}

/// The menu chooser as data: a menu is attached to its button before the tap, so it is not
/// presented and starts no session (B7).
@MainActor
@Suite("The source menu as data (B7)")
struct SourceMenuTests {
    @Test func theMenuOffersWhatWouldStartAndStartsNothing() async throws {
        let s = PickerScenario(hostInfo: HostInfo(usageDescriptions: [:]))
        let menu = s.picker.sourceMenu()
        #expect(menu.description == #"menu "Select source": Gallery=photoLibrary"#, "no camera key: no camera")
        #expect(!s.picker.isSessionActive)
        try await s.picker.select(from: try #require(menu.options.first).sourceType)
        s.expect([
            "picker: chooser left out camera: the app's Info.plist has no NSCameraUsageDescription: add it before using this source",
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
        ])
    }

    @Test func withEverythingInPlaceTheMenuHasCameraAndGallery() {
        let s = PickerScenario()
        #expect(s.picker.sourceMenu().options.map(\.sourceType) == [.camera, .photoLibrary])
        s.picker.camera = nil
        #expect(s.picker.sourceMenu().options.map(\.sourceType) == [.photoLibrary])
        // The menu says why the camera went: no capture session to run it.
        s.expect(["picker: chooser left out camera: \(PickerError.noCameraSession)"])
        _ = s.picker.sourceMenu()
        s.expect([])  // asked again, unchanged: nothing more is logged
    }
}

/// Limited access to a library browsed in the app: the person can allow more items (B12).
@MainActor
@Suite("Select more photos, with limited access (B12)")
struct SelectMoreTests {
    static func items() throws -> [FakePhotoSource.Item] {
        [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3)), .image("IMG_2", try PickerScenario.photo(width: 2, height: 2))]
    }

    @Test func thePersonAllowsMoreThenPicksIt() async throws {
        var configuration = PickerConfiguration()
        configuration.libraryAccess = .inApp
        let s = PickerScenario(items: try Self.items(), configuration: configuration) {
            $0.authorization[.photoLibrary] = .limited
            $0.limitedSelection = ["IMG_2"]
            $0.itemsAllowedOnRequest = ["IMG_1"]
        }
        try await s.picker.selectFromPhotoLibrary()
        #expect(s.source.visibleItems.map(\.item.id) == ["IMG_2"])
        s.user.tapSelectMore()
        await s.settle()
        #expect(s.source.visibleItems.map(\.item.id) == ["IMG_1", "IMG_2"])
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapSelectMore()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: select more on #1",
            "source: select more for photoLibrary: IMG_1",
            "picker: more items selected for photoLibrary",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 4x3 up (1)",
            "presenter: push #2 editor(4x3 crop (1,0,3,3))",
            "presenter: navigation bar hidden",
            "user: select more on #2",
            "picker: ignored selectMoreTapped on #2: not offered here",
        ])
    }

    @Test func withFullAccessThereIsNothingMoreToSelect() async throws {
        var configuration = PickerConfiguration()
        configuration.libraryAccess = .inApp
        let s = PickerScenario(items: try Self.items(), configuration: configuration)
        try await s.picker.selectFromPhotoLibrary()
        s.user.tapSelectMore()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: select more on #1",
            "picker: ignored selectMoreTapped on #1: not offered here",
        ])
        #expect(s.picker.workflow.state.session?.access == .authorized)
    }

    @Test func outOfProcessThereIsNothingToSelectMoreOf() async throws {
        let s = PickerScenario(items: try Self.items())
        try await s.picker.selectFromLibrary(LibraryPickerConfiguration())
        s.user.tapSelectMore()
        s.expect([
            "picker: start library picker",
            "presenter: present #1 library([public.image], limit 1) fullScreen animated",
            "user: select more on #1",
            "picker: ignored selectMoreTapped on #1: not offered here",
        ])
    }
}

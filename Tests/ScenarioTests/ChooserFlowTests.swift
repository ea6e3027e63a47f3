import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("Source chooser (B7, B8)")
struct ChooserFlowTests {
    static let photo = try! PickerScenario.photo(width: 4, height: 3)

    @Test func theActionSheetOffersEveryAvailableSourceThenCancel() throws {
        let s = PickerScenario()
        try s.picker.chooseSource()
        s.expect([
            "picker: start chooser actionSheet",
            "presenter: present #1 chooser(actionSheet: Take photo=camera, Camera roll=savedPhotosAlbum, "
                + "Photo library=photoLibrary, cancel Cancel) actionSheet animated",
        ])
    }

    @Test("only sources that exist and offer a requested media type are offered", arguments: [
        ([SourceType.photoLibrary: [MediaType.image]], ["Photo library=photoLibrary"]),
        ([.camera: [.image], .savedPhotosAlbum: [.image]], ["Take photo=camera", "Camera roll=savedPhotosAlbum"]),
        ([.camera: [.movie], .photoLibrary: [.image]], ["Photo library=photoLibrary"]),
    ])
    func onlyAvailableSourcesAreOffered(sources: [SourceType: [MediaType]], offered: [String]) throws {
        let s = PickerScenario(exhaustivity: .off) { $0.sources = sources }
        try s.picker.chooseSource()
        guard case let .sourceChooser(chooser)? = s.presenter.stack.first?.screen else {
            Issue.record("no chooser shown"); return
        }
        #expect(chooser.options.map { "\($0.title)=\($0.sourceType)" } == offered)
        #expect(chooser.cancelTitle == "Cancel")
    }

    @Test func withNoSourceAvailableTheChooserIsNotShown() {
        let s = PickerScenario { $0.sources = [.camera: [.movie]] }
        #expect(throws: PickerError.noSourceAvailable) { try s.picker.chooseSource() }
        // What the developer reads: each source and why it was left out, then the refusal.
        s.expect([
            "picker: chooser left out camera: none of the media types [public.image] is available for camera (it offers [public.movie])",
            "picker: chooser left out savedPhotosAlbum: source savedPhotosAlbum is not available on this device",
            "picker: chooser left out photoLibrary: source photoLibrary is not available on this device",
            "picker: start failed: no source is available for the requested media types",
        ])
    }

    @Test func theMenuOffersCameraAndGalleryWithReplaceableTitles() throws {
        var configuration = PickerConfiguration()
        configuration.chooserTitles.menuTitle = "Photo de profil"
        configuration.chooserTitles.menuCamera = "Appareil photo"
        configuration.chooserTitles.menuGallery = "Galerie"
        let s = PickerScenario(configuration: configuration)
        s.exhaustivity = .off
        try s.picker.chooseSource(.menu)
        #expect(s.transcript.lines.last
            == "presenter: present #1 chooser(menu \"Photo de profil\": Appareil photo=camera, Galerie=photoLibrary) menu animated")
    }

    @Test func choosingASourceClosesTheChooserAndOpensItsBrowser() async throws {
        let s = PickerScenario(items: [.image("IMG_1", Self.photo)])
        s.exhaustivity = .off
        try s.picker.chooseSource()
        s.user.chooseSource(.photoLibrary)
        await s.settle()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        #expect(Array(s.transcript.lines.dropFirst(2)) == [
            "user: choose photoLibrary on #1",
            "presenter: dismiss animated",
            "presenter: present #2 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #2",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 4x3 up (1)",
            "presenter: push #3 editor(4x3 crop (1,0,3,3))",
            "presenter: navigation bar hidden",
            "user: choose on #3",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 3x3 from 4x3 crop (1,0,3,3)",
            "delegate: didFinish public.image edited 3x3 from 4x3 crop (1,0,3,3)",
        ])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func choosingTheCameraOpensTheCameraFullScreen() async throws {
        let s = PickerScenario()
        s.exhaustivity = .off
        try s.picker.chooseSource()
        s.user.chooseSource(.camera)
        await s.settle()
        #expect(Array(s.transcript.lines.dropFirst(4)) == [
            "presenter: present #2 camera(rear, [public.image]) fullScreen animated",
            "camera: prepare rear",
            "picker: camera ready: rear",
        ])
        s.user.tapCancel()
        #expect(Array(s.transcript.lines.suffix(5)) == [
            "user: cancel on #2", "camera: tear down", "presenter: dismiss animated", "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
    }

    @Test func cancelInTheChooserEndsTheSession() throws {
        let s = PickerScenario()
        s.exhaustivity = .off
        try s.picker.chooseSource()
        s.user.tapCancel()
        #expect(Array(s.transcript.lines.dropFirst(2)) == [
            "user: cancel on #1", "presenter: dismiss animated", "picker: end cancelled (user)", "delegate: didCancel",
        ])
    }

    @Test func aSourceTheChooserDidNotOfferIsIgnored() throws {
        let s = PickerScenario { $0.sources = [.photoLibrary: [.image]] }
        s.exhaustivity = .off
        try s.picker.chooseSource()
        s.user.chooseSource(.camera)
        #expect(s.transcript.lines.last == "picker: ignored sourceChosen(camera) on #1: not offered here")
        #expect(s.picker.navigation.stack.map(\.id) == [Route.ID(1)])
    }

    @Test func asksForAccessAfterTheChoiceAndFailsTheSessionWhenDenied() async throws {
        var configuration = PickerConfiguration()
        configuration.libraryAccess = .inApp
        let s = PickerScenario(configuration: configuration) {
            $0.authorization = [.photoLibrary: .notDetermined]
            $0.authorizationAnswers = [.photoLibrary: .denied]
        }
        s.exhaustivity = .off
        try s.picker.chooseSource()
        s.user.chooseSource(.photoLibrary)
        await s.settle()
        #expect(Array(s.transcript.lines.dropFirst(2)) == [
            "user: choose photoLibrary on #1",
            "presenter: dismiss animated",
            "source: asked access to photoLibrary: denied",
            "picker: asked access to photoLibrary: denied",
            "picker: end failed: access to photoLibrary was denied: the person can allow it in Settings",
            "delegate: didFail access to photoLibrary was denied: the person can allow it in Settings",
        ])
        #expect(s.presenter.stack.isEmpty)
    }

    /// The rule for access: the chooser and the menu offer a source whose access is denied or
    /// restricted (hiding it would leave the person no way to learn why it is missing), and
    /// picking it ends the session with the error whose message sends them to Settings, as a
    /// direct start would.
    @Test("a source whose access is denied or restricted is offered, and picking it fails with the Settings message",
        arguments: [AuthorizationStatus.denied, .restricted])
    func aRefusedSourceIsOfferedAndFailsOnPick(status: AuthorizationStatus) async throws {
        let s = PickerScenario { $0.authorization = [.camera: status] }
        s.exhaustivity = .off
        let allowed = PickerScenario { $0.authorization = [.camera: .authorized] }
        #expect(s.picker.sourceMenu() == allowed.picker.sourceMenu())
        #expect(s.picker.sourceMenu().options.map(\.sourceType).contains(.camera))
        try s.picker.chooseSource()
        s.user.chooseSource(.camera)
        await s.settle()
        let error: PickerError = status == .denied ? .authorizationDenied(.camera) : .authorizationRestricted(.camera)
        #expect(Array(s.transcript.lines.dropFirst(2)) == [
            "user: choose camera on #1",
            "presenter: dismiss animated",
            "picker: end failed: \(error)",
            "delegate: didFail \(error)",
        ])
        #expect(error.description.contains("Settings") == (status == .denied), "only the person's own refusal can be undone there")
        #expect(s.presenter.stack.isEmpty)
        #expect(!s.camera.isRunning)
    }

    @Test func aSourceMissingItsPrivacyKeyIsNotOffered() throws {
        let s = PickerScenario(hostInfo: HostInfo(usageDescriptions: [.photoLibrary: "Pick a photo"]))
        try s.picker.chooseSource()
        s.user.chooseSource(.camera)
        s.expect([
            "picker: start chooser actionSheet",
            "picker: chooser left out camera: the app's Info.plist has no NSCameraUsageDescription: add it before using this source",
            "presenter: present #1 chooser(actionSheet: Camera roll=savedPhotosAlbum, Photo library=photoLibrary, cancel Cancel) actionSheet animated",
            "user: choose camera on #1",
            "picker: ignored sourceChosen(camera) on #1: not offered here",
        ])
    }

    @Test("the chooser offers only what starting the source directly would accept", arguments: [
        ("no camera session", "Camera roll=savedPhotosAlbum, Photo library=photoLibrary"),
        ("camera cannot record, movies only", "Camera roll=savedPhotosAlbum, Photo library=photoLibrary"),
        ("no microphone key for movies", "Camera roll=savedPhotosAlbum, Photo library=photoLibrary"),
        ("the configured camera is missing", "Camera roll=savedPhotosAlbum, Photo library=photoLibrary"),
        ("everything in place", "Take photo=camera, Camera roll=savedPhotosAlbum, Photo library=photoLibrary"),
    ])
    func chooserOffersWhatValidates(setup: String, offered: String) async throws {
        var configuration = PickerConfiguration()
        var hostInfo = HostInfo.allDeclared
        switch setup {
        case "camera cannot record, movies only": configuration.mediaTypes = [.movie]
        case "no microphone key for movies":
            configuration.mediaTypes = [.image, .movie]
            hostInfo.usageDescriptions[.microphone] = nil
        default: break
        }
        func scenario() -> PickerScenario {
            let s = PickerScenario(configuration: configuration, hostInfo: hostInfo, exhaustivity: .off)
            switch setup {
            case "no camera session": s.picker.camera = nil
            case "camera cannot record, movies only": s.camera.canRecordMovies = false
            case "the configured camera is missing": s.camera.devices = [.front]
            default: break
            }
            return s
        }
        let s = scenario()
        try s.picker.chooseSource()
        #expect(s.picker.navigation.top?.screen.description == "chooser(actionSheet: \(offered), cancel Cancel)")
        for source in SourceType.allCases {
            let offeredHere = offered.contains("=\(source)")
            let direct = scenario()
            var started = true
            do { try await direct.picker.select(from: source) } catch { started = false }
            #expect(started == offeredHere, "\(source): offered \(offeredHere), starts directly \(started)")
        }
    }

    @Test func onIPadTheActionSheetNeedsAnAnchor() throws {
        let s = PickerScenario(idiom: .pad)
        s.exhaustivity = .off
        #expect(throws: PickerError.popoverAnchorRequired(.sourceChooser)) { try s.picker.chooseSource() }
        #expect(s.presenter.stack.isEmpty)
        let button = NSObject()
        let anchor = PopoverAnchor(
            sourceView: button, sourceRect: CGRect(x: 10, y: 20, width: 44, height: 44),
            permittedArrowDirections: [.up, .down], name: "avatarButton")
        try s.picker.chooseSource(anchor: anchor)
        #expect(s.presenter.style == "popover(avatarButton (10.0,20.0,44.0,44.0) [up, down])")
    }

    @Test func onIPadTheLibraryBrowserAfterTheChooserUsesTheSameAnchor() async throws {
        let s = PickerScenario(idiom: .pad)
        s.exhaustivity = .off
        let button = NSObject()
        try s.picker.chooseSource(anchor: PopoverAnchor(sourceView: button, sourceRect: .zero, name: "button"))
        s.user.chooseSource(.photoLibrary)
        await s.settle()
        #expect(s.transcript.lines.last
            == "presenter: present #2 browser(photoLibrary, [public.image]) popover(button (0.0,0.0,0.0,0.0) [up, down, left, right]) animated")
    }

    @Test func onIPadAMenuNeedsNoAnchor() throws {
        let s = PickerScenario(idiom: .pad)
        s.exhaustivity = .off
        try s.picker.chooseSource(.menu)
        #expect(s.presenter.style == "menu")
    }
}

/// The chooser names each source it leaves out, and why, so a developer who misses "Take photo"
/// is not left to blame the device.
@MainActor
@Suite("The chooser says why it left a source out")
struct ChooserOmissionTests {
    @Test func everyReasonIsNamedInTheChoosersOrder() throws {
        // No camera key, no camera roll on this device, and a library without movies.
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.movie]
        let s = PickerScenario(configuration: configuration, hostInfo: HostInfo(usageDescriptions: [.photoLibrary: "Pick"])) { source in
            source.sources = [.camera: [.image, .movie], .photoLibrary: [.movie]]
        }
        try s.picker.chooseSource()
        s.expect([
            "picker: start chooser actionSheet",
            "picker: chooser left out camera: \(PickerError.missingUsageDescription(.camera))",
            "picker: chooser left out savedPhotosAlbum: \(PickerError.sourceUnavailable(.savedPhotosAlbum))",
            "presenter: present #1 chooser(actionSheet: Photo library=photoLibrary, cancel Cancel) actionSheet animated",
        ])
    }

    @Test func aMenuWithALibraryDoesNotCountTheCameraRollAsLeftOut() {
        let s = PickerScenario { $0.sources = [.camera: [.image], .photoLibrary: [.image]] }
        #expect(s.picker.sourceMenu().options.map(\.sourceType) == [.camera, .photoLibrary])
        #expect(s.transcript.lines.isEmpty, "the camera roll is never a menu's gallery beside the library")
    }

    @Test func theReasonsAreWhatADirectStartThrows() {
        let facts = DeviceFacts(
            sources: [.photoLibrary: [.image]], cameras: nil, canRecordMovies: false, hostInfo: .allDeclared, idiom: .phone)
        let leftOut = Workflow.leftOut(of: .actionSheet, anchor: nil, configuration: PickerConfiguration(), facts: facts)
        #expect(leftOut.map(\.source) == [.camera, .savedPhotosAlbum])
        #expect(leftOut.map(\.reason) == [.sourceUnavailable(.camera), .sourceUnavailable(.savedPhotosAlbum)])
    }
}

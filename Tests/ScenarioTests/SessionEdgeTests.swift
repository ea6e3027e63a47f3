import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// The paths between the flows: changes made while a session runs, cancels that race work in
/// flight, seams that go away, hostile configuration. Each test failed on the coordinator
/// before it became a state machine.
@MainActor
@Suite("Edges between the flows (B11, B15, B23)")
struct SessionEdgeTests {
    static func photo(access: LibraryAccess = .outOfProcess) throws -> PickerScenario {
        var configuration = PickerConfiguration()
        configuration.libraryAccess = access
        return PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))], configuration: configuration)
    }

    @Test func configurationChangesApplyToTheNextSessionOnly() async throws {
        let s = try Self.photo()
        try await s.picker.selectFromPhotoLibrary()
        s.picker.configuration.allowsEditing = false
        s.user.pickItem(at: 0)
        await s.settle()
        #expect(s.picker.navigation.top?.screen.kind == .editor, "the running session keeps editing on")
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.lastResult?.editedImage != nil)
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        #expect(s.delegate.callbacks.count == 2)
        #expect(s.delegate.lastResult?.editedImage == nil, "the next session has editing off")
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 4x3 up (1)",
            "presenter: push #2 editor(4x3 crop (1,0,3,3))",
            "presenter: navigation bar hidden",
            "user: choose on #2",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 3x3 from 4x3 crop (1,0,3,3)",
            "delegate: didFinish public.image edited 3x3 from 4x3 crop (1,0,3,3)",
            "picker: start source photoLibrary",
            "presenter: present #3 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #3",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 4x3 up (1)",
            "presenter: dismiss animated",
            "picker: end finished public.image image 4x3",
            "delegate: didFinish public.image image 4x3",
        ])
    }

    @Test func cancellingThePickTaskDuringTheAccessPromptCancelsTheSessionOnce() async throws {
        let s = try Self.photo(access: .inApp)
        s.source.authorization[.photoLibrary] = .notDetermined
        s.source.accessMode = .manual
        let task = Task { try await s.picker.pick(.source(.photoLibrary)) }
        await eventually("the prompt is up") { s.source.pendingAccessRequestCount == 1 }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        s.source.answerAccessRequests()
        await s.settle()
        for _ in 0..<10 { await Task.yield() }
        s.expect([
            "picker: start source photoLibrary",
            "source: prompt for access to photoLibrary",
            "picker: end cancelled (task)",
            "delegate: didCancel",
            "source: asked access to photoLibrary: authorized",
        ])
        #expect(s.presenter.stack.isEmpty, "an answer after the end shows nothing")
        #expect(!s.picker.isSessionActive)
    }

    @Test func hostCancelDuringTheAccessPromptMakesPickReturnNil() async throws {
        let s = try Self.photo(access: .inApp)
        s.source.authorization[.photoLibrary] = .notDetermined
        s.source.accessMode = .manual
        let task = Task { try await s.picker.pick(.source(.photoLibrary)) }
        await eventually("the prompt is up") { s.source.pendingAccessRequestCount == 1 }
        s.picker.cancel()
        let result = try await task.value
        #expect(result == nil)
        s.source.answerAccessRequests()
        await eventually("the late answer arrives") { s.source.pendingAccessRequestCount == 0 && s.transcript.lines.count == 5 }
        s.expect([
            "picker: start source photoLibrary",
            "source: prompt for access to photoLibrary",
            "picker: end cancelled (host)",
            "delegate: didCancel",
            "source: asked access to photoLibrary: authorized",
        ])
        #expect(s.presenter.stack.isEmpty)
    }

    @Test func cancellingASelectTaskDuringThePromptTellsTheDelegate() async throws {
        let s = try Self.photo(access: .inApp)
        s.source.authorization[.photoLibrary] = .notDetermined
        s.source.accessMode = .manual
        let task = Task { try await s.picker.selectFromPhotoLibrary() }
        await eventually("the prompt is up") { s.source.pendingAccessRequestCount == 1 }
        task.cancel()
        try await task.value
        s.source.answerAccessRequests()
        await eventually("the late answer arrives") { s.transcript.lines.count == 5 }
        s.expect([
            "picker: start source photoLibrary",
            "source: prompt for access to photoLibrary",
            "picker: end cancelled (task)",
            "delegate: didCancel",
            "source: asked access to photoLibrary: authorized",
        ])
        #expect(s.presenter.stack.isEmpty)
    }

    @Test func aPresenterReleasedMidSessionEndsItWhenALateLoadArrives() async throws {
        let s = try Self.photo()
        s.source.loadMode = .manual
        do {
            let other = FakePresenter(transcript: s.transcript)
            s.picker.presenter = other
            try await s.picker.selectFromPhotoLibrary()
            s.picker.send(.itemPicked(s.source.items[0].item), from: Route.ID(1))
            await eventually("the load starts") { s.source.pendingLoadCount == 1 }
        }
        s.source.completePendingLoads()
        await s.settle()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "source: deliver IMG_1",
            "picker: end cancelled (presenter gone)",
            "delegate: didCancel",
        ])
        #expect(!s.picker.isSessionActive, "nothing is pushed onto a presenter that is gone")
        s.picker.presenter = s.presenter
        try await s.picker.selectFromPhotoLibrary()
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.browser], "the next start is not refused")
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #2 browser(photoLibrary, [public.image]) fullScreen animated",
        ])
    }

    @Test func aPresenterReleasedMidSessionIsNoSessionInProgress() throws {
        let s = try Self.photo()
        do {
            let other = FakePresenter(transcript: s.transcript)
            s.picker.presenter = other
            try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        }
        s.picker.presenter = s.presenter
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "picker: end cancelled (presenter gone)",
            "delegate: didCancel",
            "picker: start edit 2x2",
            "presenter: present #2 editor(2x2 crop (0,0,2,2)) fullScreen animated",
        ])
    }

    @Test func aDelegateReleasedMidSessionEndsIt() async throws {
        let s = try Self.photo()
        do {
            let other = RecordingDelegate(transcript: s.transcript)
            s.picker.delegate = other
            try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        }
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "user: choose on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (delegate gone)",
        ])
        #expect(s.presenter.stack.isEmpty)
    }

    @Test func cancelRightAfterChoosingASourceAsksNothing() async throws {
        let s = try Self.photo(access: .inApp)
        s.source.authorization[.photoLibrary] = .notDetermined
        try s.picker.chooseSource()
        s.user.chooseSource(.photoLibrary)
        s.picker.cancel()
        await s.settle()
        for _ in 0..<10 { await Task.yield() }
        s.expect([
            "picker: start chooser actionSheet",
            "presenter: present #1 chooser(actionSheet: Take photo=camera, Camera roll=savedPhotosAlbum, Photo library=photoLibrary, cancel Cancel) actionSheet animated",
            "user: choose photoLibrary on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "delegate: didCancel",
        ])
    }

    @Test func cancelRightAfterAPickLoadsNothing() async throws {
        let s = try Self.photo()
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        s.picker.cancel()
        await s.settle()
        for _ in 0..<10 { await Task.yield() }
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "delegate: didCancel",
        ])
    }

    static func recording() async throws -> PickerScenario {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.image, .movie]
        configuration.movie.maximumDuration = .seconds(10)
        let s = PickerScenario(configuration: configuration)
        try await s.picker.select(from: .camera)
        await s.settle()
        s.user.tapRecord()
        await eventually("the recording starts") { s.transcript.lines.last == "picker: recording, at most 10s" }
        s.expect([
            "picker: start source camera",
            "presenter: present #1 camera(rear, [public.image, public.movie]) fullScreen animated",
            "camera: prepare rear",
            "picker: camera ready: rear",
            "user: record on #1",
            "camera: start recording",
            "picker: recording, at most 10s",
        ])
        return s
    }

    @Test func stopThenCancelInOneTurnNeverStopsATornDownCamera() async throws {
        let s = try await Self.recording()
        s.user.tapStop()
        s.user.tapCancel()
        for _ in 0..<20 { await Task.yield() }
        s.expect([
            "user: stop on #1",
            "user: cancel on #1",
            "camera: tear down",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func theAutomaticStopRacingACancelNeverStopsATornDownCamera() async throws {
        let s = try await Self.recording()
        s.clock.advance(by: .seconds(10))
        s.user.tapCancel()
        for _ in 0..<20 { await Task.yield() }
        s.expect([
            "user: cancel on #1",
            "camera: tear down",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test("configuration out of range is a typed error at start", arguments: [
        ("maximum movie duration -1s", ConfigurationProblem.movieMaximumDuration(.seconds(-1)),
         "movie.maximumDuration is -1s; it must be positive"),
        ("maximum movie duration 0", .movieMaximumDuration(.zero), "movie.maximumDuration is 0s; it must be positive"),
        ("warm-up -1s", .cameraWarmUp(.seconds(-1)), "camera.warmUp is -1s; it must not be negative"),
        ("output size Int.max", .outputSize(.max), "output.size is \(Int.max); use 1...10000, or nil for the crop's own pixels"),
        ("output size 0", .outputSize(0), "output.size is 0; use 1...10000, or nil for the crop's own pixels"),
        ("maximum dimension -1", .outputMaximumDimension(-1), "output.maximumDimension is -1; use 1...10000"),
    ])
    func configurationIsValidatedAtStart(setting: String, problem: ConfigurationProblem, reason: String) async throws {
        var configuration = PickerConfiguration()
        switch setting {
        case "maximum movie duration -1s": configuration.movie.maximumDuration = .seconds(-1)
        case "maximum movie duration 0": configuration.movie.maximumDuration = .zero
        case "warm-up -1s": configuration.camera.warmUp = .seconds(-1)
        case "output size Int.max": configuration.output.size = .max
        case "output size 0": configuration.output.size = 0
        default: configuration.output.maximumDimension = -1
        }
        let s = PickerScenario(configuration: configuration)
        let expected = PickerError.invalidConfiguration(problem)
        #expect(problem.description == reason)
        #expect(throws: expected) { try s.picker.edit(try PickerScenario.photo(width: 2, height: 2)) }
        await #expect(throws: expected) { try await s.picker.select(from: .photoLibrary) }
        s.expect(Array(repeating: "picker: start failed: \(expected)", count: 2))
        #expect(!s.picker.isSessionActive)
    }

    @Test func aMovieWithANegativeLengthIsShownAsZero() async throws {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.movie]
        let s = PickerScenario(
            items: [.movie("MOV", url: URL(fileURLWithPath: "/tmp/odd.mov"), duration: .seconds(-3))],
            configuration: configuration)
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.trim(from: .seconds(-1), to: .seconds(5))
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.movie]) fullScreen animated",
            "user: pick MOV on #1",
            "picker: load MOV (public.movie)",
            "source: load MOV",
            "picker: loaded MOV: movie odd.mov -3s",
            "presenter: push #2 preview(odd.mov 0s, trim) animated",
            "user: trim -1.0 seconds–5.0 seconds on #2",
            "picker: trim 0s–0s",
            "user: choose on #2",
            "picker: movie not exported: medium quality asked; no movieExporter is set",
            "presenter: dismiss animated",
            "picker: end finished public.movie url odd.mov trim 0s–0s quality medium",
            "delegate: didFinish public.movie url odd.mov trim 0s–0s quality medium",
        ])
    }

    @Test func typedThrowsLetAHostCatchACase() async throws {
        let s = try Self.photo()
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        var caught = false
        do {
            try await s.picker.selectFromPhotoLibrary()
        } catch .sessionInProgress {
            caught = true
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(caught)
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "picker: start failed: a session is already in progress; start the next one after its callback",
        ])
    }

    @Test func aCameraStartingWhenTheDelegateGoesIsStoppedOnceItHasStarted() async throws {
        let transcript = Transcript()
        let presenter = FakePresenter(transcript: transcript)
        let camera = FakeCamera(transcript: transcript, defaultPhoto: try PickerScenario.photo(width: 4, height: 3))
        var delegate: RecordingDelegate? = RecordingDelegate(transcript: transcript)
        let picker = ProfilePicker(
            photoSource: FakePhotoSource(transcript: transcript), camera: camera, presenter: presenter, delegate: delegate,
            hostInfo: .allDeclared)
        try await picker.select(from: .camera)
        // The camera screen showed and the capture session is starting; the delegate goes meanwhile.
        delegate = nil
        await picker.idle()
        #expect(!picker.isSessionActive)
        #expect(!camera.isRunning, "the camera that finished starting for an ended session is stopped")
        #expect(transcript.lines.filter { $0.hasPrefix("camera:") } == ["camera: prepare rear", "camera: tear down"])
        #expect(transcript.unexpected.isEmpty)
    }

    @Test func aSheetSwipedAwayAfterTheDelegateWentIsNotDismissedAgain() async throws {
        let transcript = Transcript()
        let presenter = FakePresenter(transcript: transcript)
        var delegate: RecordingDelegate? = RecordingDelegate(transcript: transcript)
        let picker = ProfilePicker(photoSource: FakePhotoSource(transcript: transcript), presenter: presenter, delegate: delegate, hostInfo: .allDeclared)
        try await picker.selectFromPhotoLibrary()
        delegate = nil
        let root = try #require(presenter.dismissInteractively())
        picker.send(.interactivelyDismissed, from: root)
        #expect(!picker.isSessionActive)
        #expect(transcript.lines.last == "user: dismiss interactively")
        #expect(transcript.unexpected.isEmpty, "no dismiss with nothing presented")
    }
}

import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("Movies (B14, B16, B17)")
struct MovieFlowTests {
    static let clip = URL(fileURLWithPath: "/tmp/clip.mov")

    static func scenario(duration: Duration = .seconds(12), editing: Bool = true, maximum: Duration? = nil) -> PickerScenario {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.image, .movie]
        configuration.allowsEditing = editing
        if let maximum { configuration.movie.maximumDuration = maximum }
        return PickerScenario(items: [.movie("MOV_1", url: clip, duration: duration)], configuration: configuration)
    }

    /// The transcript of opening the library and picking `clip.mov`, up to its preview.
    static func pickedFromLibrary(duration: Duration) -> [String] {
        [
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image, public.movie]) fullScreen animated",
            "user: pick MOV_1 on #1",
            "picker: load MOV_1 (public.movie)",
            "source: load MOV_1",
            "picker: loaded MOV_1: movie clip.mov \(duration.seconds)s",
            "presenter: push #2 preview(clip.mov \(duration.seconds)s, trim) animated",
        ]
    }

    @Test func tappingAMovieOpensItsPreviewAndChooseFinishesWithItsURL() async throws {
        let s = Self.scenario()
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapPlay()
        s.user.tapChoose()
        await s.settle()
        s.expect(Self.pickedFromLibrary(duration: .seconds(12)) + [
            "user: play on #2",
            "picker: playing clip.mov",
            "user: choose on #2",
            "picker: movie not exported: medium quality asked; no movieExporter is set",
            "presenter: dismiss animated",
            "picker: end finished public.movie url clip.mov trim 0s–12s quality medium",
            "delegate: didFinish public.movie url clip.mov trim 0s–12s quality medium",
        ])
        let result = try #require(s.delegate.lastResult)
        #expect(result.mediaURL == Self.clip)
        #expect(result.mediaType == .movie)
        #expect(result.image == nil)
        #expect(Set(result.info.keys) == [.mediaType, .mediaURL])
    }

    @Test func cancelOnThePreviewReturnsToTheBrowser() async throws {
        let s = Self.scenario()
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapCancel()
        // The movie the preview held goes back to the source, which can delete its copy.
        #expect(Array(s.transcript.lines.suffix(3)) == ["user: cancel on #2", "presenter: pop animated", "source: discard clip.mov"])
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.browser])
        #expect(s.delegate.callbacks.isEmpty)
        #expect(s.source.discarded.map(\.lastPathComponent) == ["clip.mov"])
    }

    @Test func aMovieTheSessionDropsGoesBackToTheSourceAndOneItReturnsDoesNot() async throws {
        let s = Self.scenario()
        s.exhaustivity = .off
        // Swiped back from the preview.
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.swipeBack()
        #expect(s.source.discarded.count == 1)
        // The session cancelled while the preview shows.
        s.user.pickItem(at: 0)
        await s.settle()
        s.picker.cancel()
        #expect(s.source.discarded.count == 2)
        // Chosen: the app's now.
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        #expect(s.source.discarded.count == 2)
        #expect(s.delegate.lastResult?.mediaURL?.lastPathComponent == "clip.mov")
    }

    @Test func theTrimStepEnforcesTheMaximumDuration() async throws {
        let s = Self.scenario(duration: .seconds(900))
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.trim(from: .seconds(100), to: .seconds(850))
        s.user.tapChoose()
        await s.settle()
        #expect(s.transcript.lines.contains("picker: trim 100s–700s"), "at most the default 10 minutes")
        #expect(s.delegate.lastResult?.movieTrim == .seconds(100)...(.seconds(700)))
    }

    @Test("trimming outside the movie is clamped", arguments: [
        (-5, 8, "0s–8s"), (3, 40, "3s–12s"), (20, 30, "12s–12s"), (9, 2, "9s–9s"), (0, 12, "0s–10s"),
    ])
    func trimIsClamped(start: Int, end: Int, kept: String) async throws {
        let s = Self.scenario(maximum: .seconds(10))
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.trim(from: .seconds(start), to: .seconds(end))
        #expect(s.transcript.lines.last == "picker: trim \(kept)")
    }

    @Test func theInitialTrimIsTheMovieUpToTheMaximum() async throws {
        let s = Self.scenario(duration: .seconds(30), maximum: .seconds(15))
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.lastResult?.movieTrim == .zero...(.seconds(15)))
    }

    @Test func withEditingOffThereIsNoTrimStep() async throws {
        let s = Self.scenario(editing: false)
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        #expect(s.picker.navigation.top?.screen == .moviePreview(MoviePreview(fileName: "clip.mov", duration: .seconds(12), trimmable: false)))
        s.user.trim(from: .seconds(1), to: .seconds(2))
        #expect(s.transcript.lines.last == "picker: ignored trimChanged(1s–2s) on #2: not offered here")
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.lastResult?.movieTrim == nil)
        #expect(s.delegate.lastResult?.videoQuality == .medium)
    }

    @Test func onlyMoviesFromASourceWithoutMoviesIsAValidationError() async {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.movie]
        let s = PickerScenario(configuration: configuration) { $0.sources[.savedPhotosAlbum] = [.image] }
        s.exhaustivity = .off
        await #expect(throws: PickerError.mediaTypesUnavailable(requested: [.movie], source: .savedPhotosAlbum, available: [.image])) {
            try await s.picker.selectFromSavedPhotosAlbum()
        }
    }
}

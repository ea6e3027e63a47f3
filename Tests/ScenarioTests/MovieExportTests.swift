import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Choose on a movie's preview exports the part kept with the app's ``MovieExporter`` before the
/// session finishes with the exported file; progress, Cancel, failure and release on the way.
@MainActor
@Suite("Exporting a chosen movie (B16, B17)")
struct MovieExportTests {
    static let clip = URL(fileURLWithPath: "/tmp/clip.mov")

    /// A library holding a movie of `duration`, with editing on, a 20 s maximum and an exporter.
    static func scenario(
        duration: Duration = .seconds(40), quality: VideoQuality = .medium, mode: FakePhotoSource.LoadMode = .immediate,
        exhaustive: Bool = false
    ) -> (PickerScenario, FakeMovieExporter) {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.image, .movie]
        configuration.movie.maximumDuration = .seconds(20)
        configuration.movie.quality = quality
        let s = PickerScenario(
            items: [.movie("MOV_1", url: clip, duration: duration)], configuration: configuration, exhaustivity: exhaustive ? .on : .off)
        let exporter = FakeMovieExporter(transcript: s.transcript)
        exporter.mode = mode
        s.picker.movieExporter = exporter
        return (s, exporter)
    }

    /// Opens the movie's preview in the library.
    static func openPreview(_ s: PickerScenario) async throws {
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        #expect(s.picker.navigation.top?.screen.kind == .moviePreview)
    }

    /// Trims the preview to `start`…`end` and chooses: the export's request.
    static func trimAndChoose(
        _ s: PickerScenario, _ exporter: FakeMovieExporter, from start: Duration, to end: Duration
    ) async throws -> MovieExportRequest {
        s.user.trim(from: start, to: end)
        s.user.tapChoose()
        await s.settle()
        return try #require(exporter.requests.first)
    }

    /// A preview whose Choose started an export that stalls: the scenario, the exporter, and the
    /// partial file the export left.
    static func stalledExport() async throws -> (PickerScenario, FakeMovieExporter, URL) {
        let (s, exporter) = scenario(mode: .manual)
        try await openPreview(s)
        s.user.tapChoose()
        await eventually("the export starts") { exporter.isExporting }
        return (s, exporter, exporter.requests[0].destination)
    }

    static func preview(_ s: PickerScenario) -> PreviewStep? {
        if case let .active(_, .previewing(preview)) = s.picker.workflow.state { preview } else { nil }
    }

    @Test func aTrimmedMovieIsExportedAndTheSessionFinishesWithTheExportedFile() async throws {
        let (s, exporter) = Self.scenario(exhaustive: true)
        try await Self.openPreview(s)
        let request = try await Self.trimAndChoose(s, exporter, from: .seconds(5), to: .seconds(40))
        s.expect(MovieFlowTests.pickedFromLibrary(duration: .seconds(40)) + [
            "user: trim 5.0 seconds–40.0 seconds on #2",
            "picker: trim 5s–25s",
            "user: choose on #2",
            "picker: export clip.mov 5s–25s medium",
            "exporter: export clip.mov 5s–25s medium",
            "picker: exported \(request.destination.lastPathComponent)",
            "source: discard clip.mov",
            "presenter: dismiss animated",
            "picker: end finished public.movie url \(request.destination.lastPathComponent) trim 5s–25s quality medium",
            "delegate: didFinish public.movie url \(request.destination.lastPathComponent) trim 5s–25s quality medium",
        ])
        #expect(exporter.requests == [MovieExportRequest(
            source: Self.clip, timeRange: .seconds(5)...(.seconds(25)), quality: .medium, destination: request.destination)])
        // A fresh file in the temporary directory, which the app now owns.
        #expect(request.destination.deletingLastPathComponent().standardizedFileURL
            == FileManager.default.temporaryDirectory.standardizedFileURL)
        #expect(request.destination.pathExtension == "mov")
        let result = try #require(s.delegate.lastResult)
        #expect(result.mediaURL == request.destination)
        #expect(result.movieTrim == .seconds(5)...(.seconds(25)), "the trim stays, as information")
        #expect(result.videoQuality == .medium)
        #expect(try String(contentsOf: request.destination, encoding: .utf8) == "movie clip.mov 5s–25s medium")
        #expect(s.source.discarded == [Self.clip])
        try FileManager.default.removeItem(at: request.destination)
    }

    @Test func progressShowsOnThePreviewAndTheTrimAndChooseAreBusyMeanwhile() async throws {
        let (s, exporter, _) = try await Self.stalledExport()
        #expect(Self.preview(s)?.exportProgress == 0)
        exporter.reportProgress(0.25)
        #expect(Self.preview(s)?.exportProgress == 0.25)
        // Out-of-range fractions are clamped; NaN reads as none yet.
        exporter.reportProgress(1.5)
        #expect(Self.preview(s)?.exportProgress == 1)
        exporter.reportProgress(.nan)
        #expect(Self.preview(s)?.exportProgress == 0)
        s.transcript.skipUnasserted()
        s.user.tapChoose()
        s.user.trim(from: .seconds(1), to: .seconds(2))
        s.user.tapPlay()
        s.expect([
            "user: choose on #2",
            "picker: ignored chooseTapped on #2: busy",
            "user: trim 1.0 seconds–2.0 seconds on #2",
            "picker: ignored trimChanged(1s–2s) on #2: busy",
            "user: play on #2",
            "picker: playing clip.mov",
        ])
        #expect(exporter.requests.count == 1)
        #expect(Self.preview(s)?.trim == .zero...(.seconds(20)))
        exporter.completePendingExport()
        await s.settle()
        let result = try #require(s.delegate.lastResult)
        #expect(result.mediaURL == exporter.requests[0].destination)
        #expect(exporter.reportedProgress.prefix(2) == [0.25, 1.5] && exporter.reportedProgress.count == 3)
        #expect(s.delegate.callbacks.count == 1)
        try FileManager.default.removeItem(at: exporter.requests[0].destination)
    }

    @Test func aFailedExportIsAnAlertThenThePreviewAgainAndChooseTriesAgain() async throws {
        let (s, exporter, first) = try await Self.stalledExport()
        #expect(FileManager.default.fileExists(atPath: first.path), "the fake left a partial file")
        s.transcript.skipUnasserted()
        exporter.failPendingExport("disk full")
        await s.settle()
        let failure = PickerError.movieExportFailed("disk full")
        s.expect([
            "picker: export failed: the movie could not be exported: disk full",
            "presenter: alert the movie could not be exported: disk full",
        ])
        #expect(s.presenter.alerts == [failure])
        #expect(failure.message(in: PickerStrings(language: .english)) == "The video could not be prepared. Try again.")
        #expect(failure.message(in: PickerStrings(language: "de")) == "Das Video konnte nicht vorbereitet werden. Versuche es erneut.")
        #expect(!FileManager.default.fileExists(atPath: first.path), "the partial file is deleted")
        #expect(s.picker.navigation.top?.screen.kind == .moviePreview)
        #expect(Self.preview(s)?.exportProgress == nil)
        #expect(s.delegate.callbacks.isEmpty)
        // Choose again: a second export, to a new file, which succeeds.
        exporter.failure = nil
        s.user.tapChoose()
        await eventually("the second export starts") { exporter.isExporting }
        let second = exporter.requests[1].destination
        #expect(second != first)
        exporter.completePendingExport()
        await s.settle()
        #expect(s.delegate.lastResult?.mediaURL == second)
        #expect(s.delegate.callbacks.count == 1)
        try FileManager.default.removeItem(at: second)
    }

    @Test func cancelDuringTheExportStopsItDeletesThePartialFileAndKeepsThePreview() async throws {
        let (s, exporter) = Self.scenario(mode: .manual)
        try await Self.openPreview(s)
        s.user.trim(from: .seconds(10), to: .seconds(30))
        s.user.tapChoose()
        await eventually("the export starts") { exporter.isExporting }
        let partial = exporter.requests[0].destination
        s.transcript.skipUnasserted()
        s.user.tapCancel()
        await eventually("the export stops") { !exporter.isExporting }
        await s.settle()
        s.expect([
            "user: cancel on #2",
            "picker: export cancelled",
            "exporter: cancelled clip.mov",
        ])
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.browser, .moviePreview])
        #expect(Self.preview(s)?.trim == .seconds(10)...(.seconds(30)), "the trim is kept")
        #expect(Self.preview(s)?.exportProgress == nil)
        #expect(s.delegate.callbacks.isEmpty)
        #expect(s.source.discarded.isEmpty)
        // A second Cancel leaves the preview, as before.
        s.user.tapCancel()
        s.expect(["user: cancel on #2", "presenter: pop animated", "source: discard clip.mov"])
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.browser])
        #expect(s.delegate.callbacks.isEmpty)
    }

    /// Swiping back from the preview while its export runs stops the export, as Cancel does,
    /// and drops the movie (before, the export ran on, and a second preview's Choose started a
    /// second export beside it).
    @Test func swipingBackDuringTheExportStopsItAndDropsTheMovie() async throws {
        let (s, exporter, partial) = try await Self.stalledExport()
        s.transcript.skipUnasserted()
        s.user.swipeBack()
        await eventually("the export stops") { !exporter.isExporting }
        await s.settle()
        s.expect([
            "user: swipe back",
            "picker: navigation back to #1",
            "picker: export cancelled",
            "source: discard clip.mov",
            "exporter: cancelled clip.mov",
        ])
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.browser])
        #expect(s.delegate.callbacks.isEmpty)
    }

    @Test func theSessionEndingDuringTheExportDeletesThePartialFileAndCallsBackOnce() async throws {
        let (s, exporter, partial) = try await Self.stalledExport()
        s.picker.cancel()
        await eventually("the export stops") { !exporter.isExporting }
        await s.settle()
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(s.delegate.callbacks.count == 1)
        #expect(s.delegate.lastResult == nil)
        #expect(s.transcript.lines.contains("exporter: cancelled clip.mov"))
        #expect(s.source.discarded == [Self.clip], "the previewed movie goes back to its source")
    }

    @Test func anAppReleasedDuringTheExportStopsItDeletesThePartialFileAndCallsNothing() async throws {
        let transcript = Transcript()
        let presenter = FakePresenter(transcript: transcript)
        let delegate = RecordingDelegate(transcript: transcript)
        let source = FakePhotoSource(transcript: transcript, items: [.movie("MOV_1", url: Self.clip, duration: .seconds(40))])
        let exporter = FakeMovieExporter(transcript: transcript)
        exporter.mode = .manual
        weak var released: ProfilePicker?
        do {
            var configuration = PickerConfiguration()
            configuration.mediaTypes = [.movie]
            let picker = ProfilePicker(
                photoSource: source, presenter: presenter, delegate: delegate, configuration: configuration, hostInfo: .allDeclared)
            picker.movieExporter = exporter
            released = picker
            try await picker.selectFromPhotoLibrary()
            picker.send(.itemPicked(source.items[0].item), from: Route.ID(1))
            await eventually("the preview shows") { picker.navigation.top?.screen.kind == .moviePreview }
            picker.send(.chooseTapped, from: Route.ID(2))
            await eventually("the export starts") { exporter.isExporting }
        }
        #expect(released == nil)
        await eventually("the export stops") { !exporter.isExporting }
        let partial = try #require(exporter.requests.first).destination
        await eventually("the partial file is deleted") { !FileManager.default.fileExists(atPath: partial.path) }
        for _ in 0..<10 { await Task.yield() }
        #expect(delegate.callbacks.isEmpty)
        #expect(transcript.lines.last == "exporter: cancelled clip.mov")
        #expect(transcript.unexpected.isEmpty)
    }

    @Test func aMovieKeptWholeAtHighQualityIsNotExportedAndAtLowerQualityIs() async throws {
        // 12 s, under the 20 s maximum, untrimmed, at the original's quality: the file as it is.
        let (whole, exporter) = Self.scenario(duration: .seconds(12), quality: .high)
        try await Self.openPreview(whole)
        whole.user.tapChoose()
        await whole.settle()
        #expect(exporter.requests.isEmpty)
        #expect(whole.delegate.lastResult?.mediaURL == Self.clip)
        #expect(whole.delegate.lastResult?.movieTrim == .zero...(.seconds(12)))
        #expect(!whole.transcript.lines.contains { $0.contains("export") })
        // The same movie at low quality is exported whole.
        let (low, lowExporter) = Self.scenario(duration: .seconds(12), quality: .low)
        try await Self.openPreview(low)
        low.user.tapChoose()
        await low.settle()
        #expect(lowExporter.requests.map(\.description) == ["clip.mov 0s–12s low"])
        #expect(low.delegate.lastResult?.mediaURL == lowExporter.requests.first?.destination)
        // Trimmed at high quality: exported, to keep only the part.
        let (trimmed, trimmedExporter) = Self.scenario(duration: .seconds(12), quality: .high)
        try await Self.openPreview(trimmed)
        trimmed.user.trim(from: .seconds(2), to: .seconds(12))
        trimmed.user.tapChoose()
        await trimmed.settle()
        #expect(trimmedExporter.requests.map(\.description) == ["clip.mov 2s–12s high"])
        // Too long, editing on: the default trim keeps the first 20 s, exported.
        let (long, longExporter) = Self.scenario(duration: .seconds(40), quality: .high)
        try await Self.openPreview(long)
        long.user.tapChoose()
        await long.settle()
        #expect(longExporter.requests.map(\.description) == ["clip.mov 0s–20s high"])
        for exporter in [lowExporter, trimmedExporter, longExporter] {
            try FileManager.default.removeItem(at: exporter.requests[0].destination)
        }
    }

    @Test func withoutAnExporterTheOriginalIsChosenAndTheLogSaysWhy() async throws {
        let (s, _) = Self.scenario(exhaustive: true)
        s.picker.movieExporter = nil
        try await Self.openPreview(s)
        s.transcript.skipUnasserted()
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "user: choose on #2",
            "picker: movie not exported: trimmed to 0s–20s of 40s; no movieExporter is set",
            "presenter: dismiss animated",
            "picker: end finished public.movie url clip.mov trim 0s–20s quality medium",
            "delegate: didFinish public.movie url clip.mov trim 0s–20s quality medium",
        ])
    }

    @Test func aRecordedMovieIsExportedToo() async throws {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.image, .movie]
        configuration.movie.maximumDuration = .seconds(20)
        let s = PickerScenario(configuration: configuration)
        let exporter = FakeMovieExporter(transcript: s.transcript)
        s.picker.movieExporter = exporter
        s.camera.recording = .success(.seconds(8))
        try await s.picker.select(from: .camera)
        await s.settle()
        s.user.tapRecord()
        await eventually("recording starts") { s.camera.isRecording }
        s.user.tapStop()
        await eventually("the preview opens") { s.picker.navigation.top?.screen.kind == .moviePreview }
        s.transcript.skipUnasserted()
        let request = try await Self.trimAndChoose(s, exporter, from: .seconds(1), to: .seconds(8))
        s.expect([
            "user: trim 1.0 seconds–8.0 seconds on #2",
            "picker: trim 1s–8s",
            "user: choose on #2",
            "picker: export recording.mov 1s–8s medium",
            "exporter: export recording.mov 1s–8s medium",
            "picker: exported \(request.destination.lastPathComponent)",
            "camera: tear down",
            "presenter: dismiss animated",
            "picker: end finished public.movie url \(request.destination.lastPathComponent) trim 1s–8s quality medium",
            "delegate: didFinish public.movie url \(request.destination.lastPathComponent) trim 1s–8s quality medium",
        ])
        #expect(request.source == URL(fileURLWithPath: "/tmp/recording.mov"))
        #expect(s.source.discarded.isEmpty, "a recording is not the photo source's")
        try FileManager.default.removeItem(at: request.destination)
    }
}

/// PickerKitTesting's exporter keeps the contract it ships for apps' own exporters.
@MainActor
@Suite("MovieExporterContract")
struct MovieExporterContractTests {
    @Test func theFakeExporterKeepsTheContract() async {
        let transcript = Transcript()
        let violations = await MovieExporterContract.violations(movie: URL(fileURLWithPath: "/tmp/clip.mov"), duration: .seconds(8)) {
            FakeMovieExporter(transcript: transcript)
        }
        #expect(violations == [])
        #expect(transcript.lines.filter { $0.hasPrefix("exporter: export") }.count == 3)
    }

    /// An exporter that ignores cancellation and reports progress backwards breaks it, and the
    /// contract says how.
    @Test func aCarelessExporterIsCaught() async {
        let violations = await MovieExporterContract.violations(movie: URL(fileURLWithPath: "/tmp/clip.mov"), duration: .seconds(8)) {
            CarelessExporter()
        }
        #expect(violations == [
            "an export: it wrote no file at the destination",
            "an export: it reported progress 1.5, outside 0…1",
            "an export: its progress went back: [0.5, 1.5, 0.25]",
            "an export cancelled before it started: it finished instead of throwing",
        ])
    }

    @MainActor
    final class CarelessExporter: MovieExporter {
        func export(_ request: MovieExportRequest, progress: @escaping @MainActor (Double) -> Void) async throws {
            for fraction in [0.5, 1.5, 0.25] { progress(fraction) }
        }
    }
}

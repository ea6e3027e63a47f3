import Foundation
import PickerKit
import PickerKitTesting
import Testing

/// The preview's trim bar: handles on the track, drags and VoiceOver's adjustments as the
/// workflow's actions, with the workflow's limits applied.
@MainActor
@Suite("The movie preview's trim bar (B16)")
struct MovieTrimBarTests {
    /// A 40 s movie's preview in the library, at most 20 s kept, and its bar on a 400 pt track.
    static func preview(rightToLeft: Bool = false) async throws -> (PickerScenario, () -> MovieTrimBar) {
        let (s, _) = MovieExportTests.scenario()
        try await MovieExportTests.openPreview(s)
        return (s, {
            MovieTrimBar(
                s.picker.moviePreview!, maximum: s.picker.configuration.movie.maximumDuration, trackWidth: 400,
                rightToLeft: rightToLeft)
        })
    }

    @Test func handlesSitAtTheirTimesAndADragMovesOneHandle() async throws {
        let (s, bar) = try await Self.preview()
        #expect(bar().trim == .zero...(.seconds(20)))
        #expect(bar().x(of: .start) == 0)
        #expect(bar().x(of: .end) == 200)
        #expect(bar().time(atX: 50) == .seconds(5))
        let route = try #require(s.picker.moviePreview).route.id
        s.picker.send(bar().dragging(.start, toX: 50), from: route)
        #expect(s.picker.moviePreview?.trim == .seconds(5)...(.seconds(20)))
        #expect(bar().x(of: .start) == 50)
        // The end pulled past the maximum: the workflow keeps 20 s.
        s.picker.send(bar().dragging(.end, toX: 400), from: route)
        #expect(s.picker.moviePreview?.trim == .seconds(5)...(.seconds(25)))
        // The start pushed past the end: nothing is kept, at the start.
        s.picker.send(bar().dragging(.start, toX: 300), from: route)
        #expect(s.picker.moviePreview?.trim == .seconds(30)...(.seconds(30)))
        // Off the track: clamped to the movie.
        #expect(bar().time(atX: -20) == .zero)
        #expect(bar().time(atX: 9_000) == .seconds(40))
        #expect(bar().time(atX: .nan) == .zero)
        #expect(bar().kept(strings: PickerStrings(language: .english)) == "0:00")
    }

    @Test func rightToLeftTheStartIsOnTheRight() async throws {
        let (s, bar) = try await Self.preview(rightToLeft: true)
        #expect(bar().x(of: .start) == 400)
        #expect(bar().x(of: .end) == 200)
        #expect(bar().time(atX: 350) == .seconds(5))
        s.picker.send(bar().dragging(.start, toX: 350), from: try #require(s.picker.moviePreview).route.id)
        #expect(s.picker.moviePreview?.trim == .seconds(5)...(.seconds(20)))
    }

    @Test func voiceOverMovesAHandleASecondAndReadsItsTime() async throws {
        let (s, bar) = try await Self.preview()
        let route = try #require(s.picker.moviePreview).route.id
        let english = PickerStrings(language: .english)
        #expect(bar().accessibilityStep == .seconds(1))
        #expect(bar().accessibilityValue(of: .start, strings: english) == "0:00")
        #expect(bar().accessibilityValue(of: .end, strings: english) == "0:20")
        s.picker.send(bar().adjusting(.start, by: 1), from: route)
        s.picker.send(bar().adjusting(.start, by: 1), from: route)
        #expect(s.picker.moviePreview?.trim == .seconds(2)...(.seconds(20)))
        #expect(bar().accessibilityValue(of: .start, strings: english) == "0:02")
        // Below zero is zero.
        for _ in 0..<5 { s.picker.send(bar().adjusting(.start, by: -1), from: route) }
        #expect(s.picker.moviePreview?.trim == .zero...(.seconds(20)))
        // The end, past the maximum, stays at 20 s kept.
        s.picker.send(bar().adjusting(.end, by: 1), from: route)
        #expect(s.picker.moviePreview?.trim == .zero...(.seconds(20)))
        #expect(bar().kept(strings: english) == "0:20")
        // Arabic digits for a person reading Arabic in Egypt.
        let arabic = PickerStrings(language: "ar", locale: Locale(identifier: "ar-EG"))
        #expect(bar().accessibilityValue(of: .end, strings: arabic) == "٠:٢٠")
        #expect(MovieTrimBar.clock(.seconds(754), strings: english) == "12:34")
        #expect(MovieTrimBar.clock(.milliseconds(-500), strings: english) == "0:00")
    }

    @Test func shortAndEmptyMovies() {
        let short = MovieTrimBar(duration: .seconds(4), trim: .zero...(.seconds(4)), maximum: .seconds(20), trackWidth: 100)
        #expect(short.accessibilityStep == .milliseconds(200))
        #expect(short.adjusting(.end, by: -1) == .trimChanged(start: .zero, end: .milliseconds(3_800)))
        let empty = MovieTrimBar(duration: .seconds(-3), trim: .zero...(.zero), maximum: .seconds(20), trackWidth: -5)
        #expect(empty.duration == .zero && empty.trackWidth == 0)
        #expect(empty.x(of: .end) == 0 && empty.time(atX: 10) == .zero)
        #expect(MovieTrimBar(duration: .zero, trim: .zero...(.zero), maximum: .seconds(1), trackWidth: 80, rightToLeft: true).x(of: .start) == 80)
    }

    @Test func thePreviewsToolbarInEveryLanguage() async throws {
        let (library, _) = MovieExportTests.scenario()
        try await MovieExportTests.openPreview(library)
        let picked = try #require(library.picker.moviePreview)
        let (exportingScenario, exporter, _) = try await MovieExportTests.stalledExport()
        let exporting = try #require(exportingScenario.picker.moviePreview)
        let camera = try await CameraRecordingTests.openCamera()
        camera.exhaustivity = .off
        camera.user.tapRecord()
        await eventually("recording starts") { camera.camera.isRecording }
        camera.user.tapStop()
        await eventually("the preview opens") { camera.picker.moviePreview != nil }
        let recorded = try #require(camera.picker.moviePreview)

        let english = PickerStrings(language: .english)
        #expect(picked.controls(strings: english).map(\.description) == ["cancel", "play", "choose"])
        #expect(picked.controls(strings: english).map(\.title) == ["Cancel", "Play", "Choose"])
        #expect(picked.controls(strings: english).map(\.action) == [.cancelTapped, .playTapped, .chooseTapped])
        #expect(exporting.controls(strings: english).map(\.description) == ["cancel", "play", "choose (disabled)"])
        #expect(recorded.controls(strings: english).map(\.title) == ["Retake", "Play", "Choose"])
        #expect(picked.controls(strings: english, isPlaying: true).map(\.title) == ["Cancel", "Pause", "Choose"])
        #expect(picked.controls(strings: english, isPlaying: true).map(\.action) == [.cancelTapped, .playTapped, .chooseTapped])
        #expect(recorded.controls(strings: PickerStrings(language: "de")).map(\.title) == ["Neu aufnehmen", "Abspielen", "Auswählen"])
        let bar = MovieTrimBar(picked, maximum: .seconds(20), trackWidth: 300)
        #expect(bar.accessibilityLabel(of: .start, strings: english) == "Trim start")
        #expect(bar.accessibilityLabel(of: .end, strings: PickerStrings(language: "ja")) == "トリムの終了")
        var checked = 0
        for language in PickerStrings.Language.shipped {
            let strings = PickerStrings(language: language)
            for preview in [picked, exporting, recorded] {
                for isPlaying in [false, true] {
                    let titles = preview.controls(strings: strings, isPlaying: isPlaying).map(\.title)
                    #expect(Set(titles).count == titles.count, "\(language): \(titles)")
                }
                checked += 1
            }
            #expect(strings[.play] != strings[.pause], "\(language)")
            let labels = MovieTrimBar.Handle.allCases.map { bar.accessibilityLabel(of: $0, strings: strings) }
            #expect(Set(labels).count == 2, "\(language): \(labels)")
        }
        #expect(checked == 3 * PickerStrings.Language.shipped.count)
        exporter.completePendingExport()
        await exportingScenario.settle()
        if let url = exportingScenario.delegate.lastResult?.mediaURL { try FileManager.default.removeItem(at: url) }
    }

    @Test func aTouchTakesTheNearerHandleAndPullsApartHandlesThatMeet() {
        func bar(_ trim: ClosedRange<Duration>, rightToLeft: Bool = false) -> MovieTrimBar {
            MovieTrimBar(duration: .seconds(40), trim: trim, maximum: .seconds(20), trackWidth: 400, rightToLeft: rightToLeft)
        }
        let apart = bar(.seconds(10)...(.seconds(30)))
        #expect([0, 100, 199, 200, 201, 300, 400].map { apart.handle(nearestX: $0) } == [.start, .start, .start, .start, .end, .end, .end])
        #expect(apart.handle(nearestX: .nan) == .start)
        // Right to left the start sits at 300 and the end at 100.
        let mirrored = bar(.seconds(10)...(.seconds(30)), rightToLeft: true)
        #expect([0, 100, 199, 201, 300, 400].map { mirrored.handle(nearestX: $0) } == [.end, .end, .end, .start, .start, .start])
        // Both at 20 s (x 200): a touch to the later side takes the end, to the earlier the start.
        let met = bar(.seconds(20)...(.seconds(20)))
        #expect([150, 200, 250].map { met.handle(nearestX: $0) } == [.start, .start, .end])
        let metMirrored = bar(.seconds(20)...(.seconds(20)), rightToLeft: true)
        #expect([150, 200, 250].map { metMirrored.handle(nearestX: $0) } == [.end, .start, .start])
    }

    @Test func thumbnailsFillTheTrackEachShowingTheMomentUnderItsMiddle() {
        let bar = MovieTrimBar(duration: .seconds(40), trim: .zero...(.seconds(20)), maximum: .seconds(20), trackWidth: 100, rightToLeft: false)
        let frames = bar.thumbnails(height: 30)
        #expect(frames.map(\.x) == [0, 30, 60, 90])
        #expect(frames.map(\.width) == [30, 30, 30, 10])
        #expect(frames.map(\.time) == [.seconds(6), .seconds(18), .seconds(30), .seconds(38)])
        let mirrored = MovieTrimBar(duration: .seconds(40), trim: .zero...(.seconds(20)), maximum: .seconds(20), trackWidth: 100, rightToLeft: true)
        #expect(mirrored.thumbnails(height: 30).map(\.time) == [.seconds(34), .seconds(22), .seconds(10), .seconds(2)])
        // Nothing to show, and never more than 64 frames.
        #expect(bar.thumbnails(height: 0).isEmpty)
        #expect(bar.thumbnails(height: .nan).isEmpty)
        #expect(MovieTrimBar(duration: .zero, trim: .zero...(.zero), maximum: .seconds(20), trackWidth: 100).thumbnails(height: 30).isEmpty)
        #expect(MovieTrimBar(duration: .seconds(40), trim: .zero...(.zero), maximum: .seconds(20), trackWidth: 0).thumbnails(height: 30).isEmpty)
        let wide = MovieTrimBar(duration: .seconds(40), trim: .zero...(.zero), maximum: .seconds(20), trackWidth: 10_000).thumbnails(height: 1)
        #expect(wide.count == 64)
        #expect(wide.last.map { $0.x + $0.width } == 10_000)
    }

    @Test func playPlaysOnlyThePartKeptAndAMovedHandleShowsItsFrame() {
        let kept = Duration.seconds(10)...(.seconds(30))
        #expect(MoviePlayback.play(kept: kept, now: .seconds(15), isPlaying: true) == .pause)
        #expect(MoviePlayback.play(kept: kept, now: .seconds(15), isPlaying: false) == .play(from: nil, until: .seconds(30)))
        #expect(MoviePlayback.play(kept: kept, now: .seconds(10), isPlaying: false) == .play(from: nil, until: .seconds(30)))
        #expect(MoviePlayback.play(kept: kept, now: .milliseconds(29_949), isPlaying: false) == .play(from: nil, until: .seconds(30)))
        // Before the part kept, at its end or a frame short of it (played through), or past it: from its start.
        for now in [Duration.zero, .milliseconds(29_951), .seconds(30), .seconds(35)] {
            #expect(MoviePlayback.play(kept: kept, now: now, isPlaying: false) == .play(from: .seconds(10), until: .seconds(30)))
        }
        #expect(MoviePlayback.seek(from: kept, to: .seconds(12)...(.seconds(30))) == .seconds(12))
        #expect(MoviePlayback.seek(from: kept, to: .seconds(10)...(.seconds(25))) == .seconds(25))
        #expect(MoviePlayback.seek(from: kept, to: .seconds(12)...(.seconds(32))) == .seconds(12))
        #expect(MoviePlayback.seek(from: kept, to: kept) == nil)
    }
}

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
        #expect(recorded.controls(strings: PickerStrings(language: "de")).map(\.title) == ["Neu aufnehmen", "Abspielen", "Auswählen"])
        let bar = MovieTrimBar(picked, maximum: .seconds(20), trackWidth: 300)
        #expect(bar.accessibilityLabel(of: .start, strings: english) == "Trim start")
        #expect(bar.accessibilityLabel(of: .end, strings: PickerStrings(language: "ja")) == "トリムの終了")
        var checked = 0
        for language in PickerStrings.Language.shipped {
            let strings = PickerStrings(language: language)
            for preview in [picked, exporting, recorded] {
                let titles = preview.controls(strings: strings).map(\.title)
                #expect(Set(titles).count == titles.count, "\(language): \(titles)")
                checked += 1
            }
            let labels = MovieTrimBar.Handle.allCases.map { bar.accessibilityLabel(of: $0, strings: strings) }
            #expect(Set(labels).count == 2, "\(language): \(labels)")
        }
        #expect(checked == 3 * PickerStrings.Language.shipped.count)
        exporter.completePendingExport()
        await exportingScenario.settle()
        if let url = exportingScenario.delegate.lastResult?.mediaURL { try FileManager.default.removeItem(at: url) }
    }
}

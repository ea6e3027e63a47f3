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
}

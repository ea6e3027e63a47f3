import Foundation
import PickerKit
import PickerKitTesting

/// `avatar-demo --pick movie`: the movie flow, headless, with its export.
enum MovieDemo {
    /// Picks a 40 s movie from the library (at most 20 s kept), trims it to 5–25 s, chooses, and
    /// lets PickerKitTesting's exporter write the kept part. Returns the transcript and a summary.
    @MainActor
    static func run() async -> [String] {
        var configuration = PickerConfiguration()
        configuration.mediaTypes = [.image, .movie]
        configuration.movie.maximumDuration = .seconds(20)
        let movie = URL(fileURLWithPath: "/tmp/holiday.mov")
        let scenario = PickerScenario(
            items: [.movie("MOV_0001", url: movie, duration: .seconds(40))], configuration: configuration, exhaustivity: .off)
        let exporter = FakeMovieExporter(transcript: scenario.transcript)
        scenario.picker.movieExporter = exporter
        do {
            try await scenario.picker.selectFromPhotoLibrary()
        } catch {
            return scenario.transcript.lines + ["movie: the library did not open: \(error.developerDescription)"]
        }
        scenario.user.pickItem(at: 0)
        await scenario.settle()
        scenario.user.trim(from: .seconds(5), to: .seconds(25))
        scenario.user.tapChoose()
        await scenario.settle()
        var lines = scenario.transcript.lines
        if let result = scenario.delegate.lastResult, let url = result.mediaURL, let trim = result.movieTrim {
            lines.append("movie: \(url.lastPathComponent), the part \(trim.lowerBound.components.seconds)s to \(trim.upperBound.components.seconds)s of \(movie.lastPathComponent), at \(result.videoQuality?.rawValue ?? "?") quality")
            // The stand-in the fake wrote; on a device AVMovieExporter writes the movie.
            try? FileManager.default.removeItem(at: url)
        } else {
            lines.append("movie: the session ended without a movie")
        }
        return lines
    }
}

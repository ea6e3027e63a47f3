import Foundation
import PickerKit

/// The checks every ``PickerKit/MovieExporter`` must pass, to run against your own exporter in
/// your test target (on a device or simulator, for one over AVFoundation, with a real movie).
/// PickerKit's suite runs them against ``FakeMovieExporter`` and, on its Apple surface, against
/// `AVMovieExporter`.
///
/// ```swift
/// @MainActor @Test func ourExporterKeepsTheContract() async {
///     let violations = await MovieExporterContract.violations(movie: clipURL, duration: .seconds(4)) { AVMovieExporter() }
///     #expect(violations == [])
/// }
/// ```
///
/// It checks that an export of the movie's first half writes a non-empty file at the
/// destination, reporting progress from 0 to 1 without going back; that an export whose task is
/// cancelled before it starts throws; and that one cancelled while it runs ends (with the file
/// or an error) instead of running on. Each export writes to a fresh file in the temporary
/// directory, deleted after.
@MainActor
public enum MovieExporterContract {
    /// The broken requirements, one line each; empty when `make()`'s exporter keeps them all.
    ///
    /// - Parameters:
    ///   - movie: a movie the exporter can read.
    ///   - duration: its length.
    ///   - timeout: how long each export may take, in real time.
    ///   - make: makes the exporter under test.
    public static func violations(
        movie: URL, duration: Duration, timeout: Duration = .seconds(30), _ make: () -> any MovieExporter
    ) async -> [String] {
        let exporter = make()
        var violations: [String] = []
        func request() -> MovieExportRequest {
            MovieExportRequest(
                source: movie, timeRange: .zero...(duration / 2), quality: .medium,
                destination: FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString).mov"))
        }

        // An export.
        let first = request()
        let run = Run(exporter, first)
        switch await run.finish(within: timeout) {
        case nil: violations.append("an export: it did not end within \(timeout)")
        case let .failure(error)?: violations.append("an export: it failed: \(error)")
        case .success?:
            let size = (try? FileManager.default.attributesOfItem(atPath: first.destination.path)[.size] as? Int) ?? 0
            if size == 0 { violations.append("an export: it wrote no file at the destination") }
        }
        if let wrong = run.progress.first(where: { !(0...1).contains($0) }) {
            violations.append("an export: it reported progress \(wrong), outside 0…1")
        }
        if zip(run.progress, run.progress.dropFirst()).contains(where: { $1 < $0 }) {
            violations.append("an export: its progress went back: \(run.progress)")
        }

        // Cancelled before it starts.
        let early = request()
        let cancelledEarly = Run(exporter, early, cancelFirst: true)
        switch await cancelledEarly.finish(within: timeout) {
        case nil: violations.append("an export cancelled before it started: it did not end within \(timeout)")
        case .success?: violations.append("an export cancelled before it started: it finished instead of throwing")
        case .failure?: break
        }

        // Cancelled while it runs.
        let late = request()
        let cancelledLate = Run(exporter, late)
        await Task.yield()
        cancelledLate.task.cancel()
        if await cancelledLate.finish(within: timeout) == nil {
            violations.append("an export cancelled while it ran: it did not end within \(timeout)")
        }

        for each in [first, early, late] { try? FileManager.default.removeItem(at: each.destination) }
        return violations
    }

    /// One export, run in a task of its own, and what it reported.
    @MainActor
    final class Run {
        var progress: [Double] = []
        var result: Result<Void, any Error>?
        var task: Task<Void, Never>!

        init(_ exporter: any MovieExporter, _ request: MovieExportRequest, cancelFirst: Bool = false) {
            task = Task { [weak self] in
                if cancelFirst { withUnsafeCurrentTask { $0?.cancel() } }
                do {
                    try await exporter.export(request) { self?.progress.append($0) }
                    self?.result = .success(())
                } catch {
                    self?.result = .failure(error)
                }
            }
        }

        /// Its result, or `nil` when it has not ended within `timeout` of real time.
        func finish(within timeout: Duration) async -> Result<Void, any Error>? {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while result == nil, clock.now < deadline {
                try? await Task.sleep(for: .milliseconds(1))
            }
            return result
        }
    }
}

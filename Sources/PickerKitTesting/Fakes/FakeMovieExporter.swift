import Foundation
import PickerKit

/// A movie exporter that records each request and writes a small file in place of the movie,
/// so a test sees the file a session finishes with, and that a cancelled or failed export leaves
/// none behind.
///
/// Exports complete at once by default; with ``mode`` set to ``FakePhotoSource/LoadMode/manual``
/// they stall, writing a partial file first, until the test calls ``reportProgress(_:)`` and
/// ``completePendingExport()`` or ``failPendingExport(_:)``. Two exports at once fail the test.
///
/// ```swift
/// let exporter = FakeMovieExporter(transcript: s.transcript)
/// exporter.mode = .manual
/// s.picker.movieExporter = exporter
/// ```
@MainActor
public final class FakeMovieExporter: MovieExporter {
    /// When exports complete.
    public var mode: FakePhotoSource.LoadMode = .immediate
    /// The error the next exports throw, if any: at once, or when a pending one completes.
    public var failure: String?
    /// Every request made, in order.
    public private(set) var requests: [MovieExportRequest] = []
    /// Whether an export is running (started, not yet returned or thrown).
    public private(set) var isExporting = false
    /// The fractions reported to the picker, in order.
    public private(set) var reportedProgress: [Double] = []

    private let transcript: Transcript
    private var pending: CheckedContinuation<Void, Never>?
    private var progress: (@MainActor (Double) -> Void)?

    /// Creates an exporter that records its calls in `transcript`, as `exporter`.
    public init(transcript: Transcript) {
        self.transcript = transcript
    }

    public func export(_ request: MovieExportRequest, progress: @escaping @MainActor (Double) -> Void) async throws {
        requests.append(request)
        transcript.record("exporter", "export \(request)")
        if isExporting { transcript.reportUnexpected("a second export while one runs") }
        if FileManager.default.fileExists(atPath: request.destination.path) {
            transcript.reportUnexpected("asked to write \(request.destination.lastPathComponent), which exists")
        }
        // Cancelled before it started: nothing is written.
        try Task.checkCancellation()
        isExporting = true
        defer {
            isExporting = false
            self.progress = nil
        }
        if mode == .manual {
            // What a real export leaves when it stops halfway.
            try Data("partial".utf8).write(to: request.destination)
            self.progress = progress
            await withTaskCancellationHandler {
                await withCheckedContinuation { pending = $0 }
            } onCancel: {
                Task { @MainActor [weak self] in self?.resume() }
            }
            if Task.isCancelled {
                transcript.record("exporter", "cancelled \(request.source.lastPathComponent)")
                throw CancellationError()
            }
        }
        if let failure {
            throw FakePhotoSource.LoadError(description: failure)
        }
        try Data("movie \(request)".utf8).write(to: request.destination)
    }

    /// Reports `fraction` of the pending export to the picker.
    public func reportProgress(_ fraction: Double) {
        guard let progress else { return transcript.reportUnexpected("progress with no export pending") }
        reportedProgress.append(fraction)
        progress(fraction)
    }

    /// Completes the pending export: it writes its file, or throws ``failure`` if set.
    public func completePendingExport() {
        guard pending != nil else { return transcript.reportUnexpected("no export pending to complete") }
        resume()
    }

    /// Makes the pending export fail with `message`.
    public func failPendingExport(_ message: String) {
        failure = message
        completePendingExport()
    }

    private func resume() {
        pending?.resume()
        pending = nil
    }
}

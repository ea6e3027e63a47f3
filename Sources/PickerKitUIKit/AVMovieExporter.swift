#if canImport(AVFoundation) && canImport(UIKit) && !os(watchOS)
import AVFoundation
import PickerKit

/// Exports the part of a movie the person kept with `AVAssetExportSession`, at the preset of
/// the picker's quality, to the QuickTime file the picker names: set it as the picker's
/// ``PickerKit/ProfilePicker/movieExporter``.
///
/// ```swift
/// picker.movieExporter = AVMovieExporter()
/// ```
///
/// ``PickerKit/VideoQuality/high`` exports at `AVAssetExportPresetHighestQuality`,
/// ``PickerKit/VideoQuality/medium`` at `AVAssetExportPresetMediumQuality` and
/// ``PickerKit/VideoQuality/low`` at `AVAssetExportPresetLowQuality`, as
/// `UIImagePickerController`'s `videoQuality` does. Cancelling the task cancels the export.
///
/// From iOS 18 it awaits `export(to:as:)` and reports the progress of the session's `states`,
/// every ``progressInterval``; before, it starts `exportAsynchronously` and reads the session's
/// `progress` property as often (that API is deprecated from iOS 18).
@MainActor
public final class AVMovieExporter: MovieExporter {
    /// How often the export's progress is read and reported: 0.1 s by default.
    public var progressInterval: Duration = .milliseconds(100)

    /// Creates an exporter.
    public init() {}

    /// The export preset for `quality`.
    public static func presetName(for quality: VideoQuality) -> String {
        switch quality {
        case .high: AVAssetExportPresetHighestQuality
        case .medium: AVAssetExportPresetMediumQuality
        case .low: AVAssetExportPresetLowQuality
        }
    }

    /// `range` in Core Media's time, on a timescale of 600 (which frame rates of 24, 25, 30 and
    /// 60 divide).
    public static func timeRange(_ range: ClosedRange<Duration>) -> CMTimeRange {
        CMTimeRange(start: CMTime(range.lowerBound), end: CMTime(range.upperBound))
    }

    /// Whether the export takes iOS 16's completion-handler API even where iOS 18's is there: the
    /// surface tests run both paths (on Linux every `#available` is true).
    package var usesCompletionHandler = false

    public func export(_ request: MovieExportRequest, progress: @escaping @MainActor (Double) -> Void) async throws {
        let asset = AVURLAsset(url: request.source)
        guard let session = AVAssetExportSession(asset: asset, presetName: Self.presetName(for: request.quality)) else {
            throw MovieExportError.presetRefused(Self.presetName(for: request.quality))
        }
        session.timeRange = Self.timeRange(request.timeRange)
        if #available(iOS 18, macOS 15, tvOS 18, visionOS 2, *), !usesCompletionHandler {
            try await exportAwaiting(session, to: request.destination, progress: progress)
        } else {
            try await exportWithCompletionHandler(session, to: request.destination, progress: progress)
        }
    }

    /// iOS 18's export: awaited, its progress from the session's states. A cancelled task
    /// cancels it, and `export(to:as:)` throws.
    @available(iOS 18, macOS 15, tvOS 18, visionOS 2, *)
    private func exportAwaiting(
        _ session: AVAssetExportSession, to destination: URL, progress: @escaping @MainActor (Double) -> Void
    ) async throws {
        let states = session.states(updateInterval: progressInterval.timeInterval)
        let watching = Task { @MainActor in
            for await state in states {
                if case let .exporting(fraction) = state { progress(fraction.fractionCompleted) }
            }
        }
        defer { watching.cancel() }
        // A cancel that comes before the start keeps the export from starting.
        try Task.checkCancellation()
        try await session.export(to: destination, as: .mov)
        if Task.isCancelled { throw CancellationError() }
        progress(1)
    }

    /// iOS 16's export: started with a completion handler, its `progress` read every
    /// ``progressInterval``.
    private func exportWithCompletionHandler(
        _ session: AVAssetExportSession, to destination: URL, progress: @escaping @MainActor (Double) -> Void
    ) async throws {
        session.outputURL = destination
        session.outputFileType = .mov
        let running = ExportRun(session)
        let polling = Task { @MainActor [progressInterval] in
            while !Task.isCancelled {
                progress(Double(running.progress))
                try? await Task.sleep(for: progressInterval)
            }
        }
        defer { polling.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                running.start { finished.resume() }
            }
        } onCancel: {
            running.cancel()
        }
        if Task.isCancelled { throw CancellationError() }
        switch running.status {
        case .completed:
            progress(1)
        case .cancelled:
            throw CancellationError()
        default:
            throw running.error ?? MovieExportError.failed(status: running.status.rawValue)
        }
    }
}

/// Why ``AVMovieExporter`` could not export, when AVFoundation gave no error of its own.
public enum MovieExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `AVAssetExportSession` refused the preset for this movie.
    case presetRefused(String)
    /// The export ended in this `AVAssetExportSession.Status` with no error.
    case failed(status: Int)

    public var description: String {
        switch self {
        case let .presetRefused(preset): "AVAssetExportSession refused the preset \(preset) for this movie"
        case let .failed(status): "the export ended with status \(status) and no error"
        }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// One `AVAssetExportSession`, handed to the cancellation handler and the completion handler,
/// which run off the main actor: the session's `status`, `error`, `progress` and
/// `cancelExport()` may be called from any thread (AVFoundation's own completion handler
/// reads them there). A cancel that comes before the export starts keeps it from starting.
private final class ExportRun: @unchecked Sendable {
    private let session: AVAssetExportSession
    // Guards `cancelled` and `started`.
    private let lock = NSLock()
    private var cancelled = false
    private var started = false

    init(_ session: AVAssetExportSession) {
        self.session = session
    }

    var status: AVAssetExportSession.Status { session.status }
    var error: (any Error)? { session.error }
    var progress: Float { session.progress }

    func start(_ finished: @escaping @Sendable () -> Void) {
        let go = lock.withLock {
            started = !cancelled
            return started
        }
        if go { session.exportAsynchronously(completionHandler: finished) } else { finished() }
    }

    func cancel() {
        let running = lock.withLock {
            cancelled = true
            return started
        }
        if running { session.cancelExport() }
    }
}
#endif

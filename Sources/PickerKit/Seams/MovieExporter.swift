import Foundation

/// Writes the part of a movie the person kept, at the quality the picker was given: the export
/// that `UIImagePickerController` makes after its trim bar. On a device PickerKitUIKit's exporter
/// runs `AVAssetExportSession`; in tests PickerKitTesting's `FakeMovieExporter` scripts it.
///
/// Set ``ProfilePicker/movieExporter`` and a chosen movie is exported before the session
/// finishes, whenever the file as it is would not do: the person trimmed it (or it is longer than
/// ``MovieSettings/maximumDuration`` and editing cut it to that), or the quality asks for less
/// than the original (``VideoQuality/medium`` and ``VideoQuality/low``). The result's
/// ``ProfilePickerResult/mediaURL`` is then the exported file, which belongs to the app, as a
/// picked file does; ``ProfilePickerResult/movieTrim`` still says which part of the original it
/// holds. While it runs, ``PreviewStep/exportProgress`` says how far it is, Cancel stops it (the
/// preview stays), and a failure is an alert (``PickerError/movieExportFailed(_:)``), after
/// which the preview shows again. Without an exporter the session finishes with the original
/// file and its trim range, as before, and logs ``PickerEvent/movieNotExported(_:)``.
///
/// ## Implementation requirements
/// - ``export(_:progress:)`` writes ``MovieExportRequest/destination`` (a file that does not
///   exist yet, in a folder that does) and returns when it is complete, or throws.
/// - It may call `progress` with fractions from 0 to 1, in order, on the main actor.
/// - When its task is cancelled it stops as soon as it can and throws (`CancellationError`).
/// - It may leave a partial file behind when it throws or is cancelled: the picker deletes
///   ``MovieExportRequest/destination`` then, even when the picker itself has been released.
@MainActor
public protocol MovieExporter: AnyObject {
    /// Writes `request.source`'s `request.timeRange` at `request.quality` to
    /// `request.destination`.
    func export(_ request: MovieExportRequest, progress: @escaping @MainActor (Double) -> Void) async throws
}

/// One export: which movie, which part of it, at what quality, and where to write it.
public struct MovieExportRequest: Sendable, Equatable, CustomStringConvertible {
    /// The movie as picked or recorded.
    public var source: URL
    /// The part kept, from the movie's start.
    public var timeRange: ClosedRange<Duration>
    /// The quality asked for: ``MovieSettings/quality``.
    public var quality: VideoQuality
    /// The file to write: in the temporary directory, named uniquely, with the extension of the
    /// container to write (`mov`).
    public var destination: URL

    /// Creates a request.
    public init(source: URL, timeRange: ClosedRange<Duration>, quality: VideoQuality, destination: URL) {
        self.source = source
        self.timeRange = timeRange
        self.quality = quality
        self.destination = destination
    }

    /// `"clip.mov 0s–20s medium"`: what a transcript shows (the destination's name is random).
    public var description: String { "\(source.lastPathComponent) \(timeRange.listed) \(quality.rawValue)" }
}

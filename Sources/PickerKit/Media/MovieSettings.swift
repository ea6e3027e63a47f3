import Foundation

/// The export quality asked of a chosen movie.
public enum VideoQuality: String, CaseIterable, Sendable, Codable {
    /// The highest the source offers.
    case high
    /// The default: a good size for sharing.
    case medium
    /// The smallest.
    case low
}

/// How movies are offered and trimmed.
public struct MovieSettings: Sendable, Equatable {
    /// The longest movie kept, when editing is on: the trim step enforces it. 10 minutes by default.
    public var maximumDuration: Duration = .seconds(600)
    /// The quality the chosen movie is to be exported at.
    public var quality: VideoQuality = .medium

    /// The defaults: at most 10 minutes, medium quality.
    public init() {}
}

/// What the movie preview shows: Play, Cancel, Choose, and with editing on a trim range.
public struct MoviePreview: Sendable, Equatable, CustomStringConvertible {
    /// The movie's file name.
    public var fileName: String
    /// Its length.
    public var duration: Duration
    /// Whether the trim step is offered (editing is on).
    public var trimmable: Bool

    /// Creates a preview.
    public init(fileName: String, duration: Duration, trimmable: Bool) {
        self.fileName = fileName
        self.duration = duration
        self.trimmable = trimmable
    }

    /// `"clip.mov 12.5s, trim"`.
    public var description: String { "\(fileName) \(duration.seconds)s\(trimmable ? ", trim" : "")" }
}

extension ClosedRange<Duration> {
    /// `"0s–600s"`.
    var listed: String { "\(lowerBound.seconds)s–\(upperBound.seconds)s" }
}

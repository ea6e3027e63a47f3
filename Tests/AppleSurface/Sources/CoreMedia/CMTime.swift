@_exported import AppleFoundation

/// Apple: `typealias CMTimeValue = Int64`.
public typealias CMTimeValue = Int64
/// Apple: `typealias CMTimeScale = Int32`.
public typealias CMTimeScale = Int32

/// Apple: `struct CMTime` (Core Media), as a movie's duration.
public struct CMTime: Sendable, Equatable {
    /// Apple: `var value: CMTimeValue`.
    public var value: CMTimeValue
    /// Apple: `var timescale: CMTimeScale`.
    public var timescale: CMTimeScale

    /// Apple: `init(value: CMTimeValue, timescale: CMTimeScale)`.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.value = value
        self.timescale = timescale
    }

    /// Apple: `init(seconds: Double, preferredTimescale: CMTimeScale)`.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        value = CMTimeValue((seconds * Double(preferredTimescale)).rounded())
        timescale = preferredTimescale
    }

    /// Apple: `var seconds: Double { get }`: NaN for an invalid time.
    public var seconds: Double { timescale == 0 ? .nan : Double(value) / Double(timescale) }
}

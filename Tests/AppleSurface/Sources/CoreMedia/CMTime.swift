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

    /// Apple: `static let zero: CMTime`.
    public static let zero = CMTime(value: 0, timescale: 1)

    /// Apple: `var seconds: Double { get }`: NaN for an invalid time.
    public var seconds: Double { timescale == 0 ? .nan : Double(value) / Double(timescale) }

    /// Apple (the Core Media overlay): `static func == (time1: CMTime, time2: CMTime) -> Bool`,
    /// which is `CMTimeCompare(time1, time2) == 0`: the same time on any timescales (1/2 s is
    /// 300/600 s), compared exactly; invalid times (here, a timescale of zero) equal each other
    /// and no valid one.
    public static func == (time1: CMTime, time2: CMTime) -> Bool {
        guard time1.timescale != 0, time2.timescale != 0 else { return (time1.timescale == 0) == (time2.timescale == 0) }
        let a = time1.value.multipliedFullWidth(by: CMTimeValue(time2.timescale))
        let b = time2.value.multipliedFullWidth(by: CMTimeValue(time1.timescale))
        return a.high == b.high && a.low == b.low
    }
}

/// Apple: `struct CMTimeRange`, a start and a duration.
public struct CMTimeRange: Sendable, Equatable {
    /// Apple: `var start: CMTime`.
    public var start: CMTime
    /// Apple: `var duration: CMTime`.
    public var duration: CMTime

    /// Apple: `init(start: CMTime, duration: CMTime)`.
    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    /// Apple (the Core Media overlay): `init(start: CMTime, end: CMTime)`. Both times are put on
    /// the finer of their timescales, as Core Media's arithmetic does for exact values.
    public init(start: CMTime, end: CMTime) {
        let scale = max(start.timescale, end.timescale)
        func on(_ time: CMTime) -> CMTimeValue {
            time.timescale == scale ? time.value : CMTimeValue((time.seconds * Double(scale)).rounded())
        }
        self.start = CMTime(value: on(start), timescale: scale)
        duration = CMTime(value: on(end) - on(start), timescale: scale)
    }

    /// Apple (the Core Media overlay): `var end: CMTime { get }`.
    public var end: CMTime { CMTime(value: start.value + duration.value, timescale: start.timescale) }
}

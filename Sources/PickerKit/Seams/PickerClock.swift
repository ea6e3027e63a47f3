/// The time source of the coordinator's delays (the camera's warm-up), injectable so tests
/// never sleep: PickerKitTesting's `ManualClock` moves only when a test advances it.
public protocol PickerClock: Sendable {
    /// The time now, from an arbitrary start; never goes back.
    var now: Duration { get }
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `ContinuousClock`.
public struct SystemPickerClock: PickerClock {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// Creates a clock whose `now` starts at zero.
    public init() { start = clock.now }

    public var now: Duration { start.duration(to: clock.now) }

    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
    }
}

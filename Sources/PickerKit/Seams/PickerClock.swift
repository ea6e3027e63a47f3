/// The time source of the coordinator's delays, injectable so tests never sleep.
///
/// A picker has two: ``ProfilePicker/clock`` for the workflow's waits (the camera's warm-up, a
/// recording's maximum duration) and ``ProfilePicker/transitionClock`` for the deadline of a
/// presentation or dismissal whose completion does not come. A test may give the first any
/// clock: PickerKitTesting's `ManualClock`, which moves only when the test advances it, or its
/// `ImmediateClock`, whose sleeps return at once. The second is real time by default and should
/// stay so, or be a `ManualClock`: a clock whose sleeps return at once there would give up every
/// animation the moment it starts. (The picker does not believe a sleep that returns before the
/// clock's `now` has moved on by the whole deadline, and waits the rest in real time.)
///
/// ## Implementation requirements
/// - `now` never goes back.
/// - `sleep(for:)` throws `CancellationError` when its task is cancelled, and otherwise returns
///   no earlier than `now` has moved on by `duration` (a clock that returns at once moves `now`
///   on by the duration, as `ImmediateClock` does).
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

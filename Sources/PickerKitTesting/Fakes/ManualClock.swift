import Foundation
import PickerKit

/// A clock that moves only when a test advances it, so waits (the camera's warm-up) take no
/// real time and tests never sleep.
///
/// ```swift
/// scenario.user.tapShutter()
/// scenario.clock.advance(by: .milliseconds(750))
/// await scenario.settle()
/// ```
public final class ManualClock: PickerClock, @unchecked Sendable {
    private struct Sleeper {
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
        var id: Int
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    // Guarded by `lock`. An NSLock (a pthread mutex) rather than Synchronization's Mutex, whose
    // futex ThreadSanitizer cannot see: it would report every access as a race.
    private var state = State()
    private let lock = NSLock()

    private func withState<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// Creates a clock at zero.
    public init() {}

    public var now: Duration { withState { $0.now } }

    /// The number of tasks sleeping on this clock.
    public var sleeperCount: Int { withState { $0.sleepers.count } }

    public func sleep(for duration: Duration) async throws {
        let id = withState { s -> Int in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = withState { s -> Bool in
                    let deadline = s.now + duration
                    if deadline <= s.now || Task.isCancelled { return true }
                    s.sleepers.append(Sleeper(deadline: deadline, continuation: continuation, id: id))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let woken = withState { s -> Sleeper? in
                guard let index = s.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return s.sleepers.remove(at: index)
            }
            woken?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Ends every sleep on this clock with `CancellationError`, as if each sleeping task were
    /// cancelled. A task sleeping on the clock holds it, and the clock holds the task's
    /// continuation: with no one left to advance the clock, the two would keep each other alive
    /// for good. ``PickerScenario`` does this when it goes; a test with a clock of its own calls
    /// it at its end.
    public func cancelSleepers() {
        let woken = withState { s -> [Sleeper] in
            defer { s.sleepers.removeAll() }
            return s.sleepers
        }
        for sleeper in woken { sleeper.continuation.resume(throwing: CancellationError()) }
    }

    /// Moves the clock on by `duration`, waking every sleeper whose time has come.
    public func advance(by duration: Duration) {
        let woken = withState { s -> [Sleeper] in
            s.now += duration
            let due = s.sleepers.filter { $0.deadline <= s.now }
            s.sleepers.removeAll { $0.deadline <= s.now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }
}

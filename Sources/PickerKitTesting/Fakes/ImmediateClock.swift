import Foundation
import PickerKit

/// A clock whose sleeps return at once, its `now` moved on by each: the camera's warm-up and
/// every other wait of the workflow take no time, with nothing for a test to advance.
///
/// Only the workflow's waits (``ProfilePicker/clock``) skip: presentations and dismissals wait
/// for their completions as they always do, since their deadline is measured on
/// ``ProfilePicker/transitionClock`` (real time by default). Setting this clock there too
/// would give up every animation whose completion the test holds.
///
/// ```swift
/// let picker = ProfilePicker(photoSource: photos, camera: camera, presenter: presenter, clock: ImmediateClock())
/// ```
public final class ImmediateClock: PickerClock, @unchecked Sendable {
    // Guarded by `lock`.
    private var elapsed: Duration = .zero
    private let lock = NSLock()

    /// Creates a clock at zero.
    public init() {}

    public var now: Duration { lock.withLock { elapsed } }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        lock.withLock { elapsed += max(duration, .zero) }
    }
}

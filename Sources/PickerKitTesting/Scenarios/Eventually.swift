import Foundation

/// Lets other main-actor work run until `condition` holds, for at most `timeout` of real time
/// and at least 2,000 turns; when it never does, fails the running test saying what never
/// happened. It yields first and sleeps a millisecond between checks only after many turns, so
/// it is quick when the work is.
///
/// ```swift
/// scenario.user.tapShutter()
/// await eventually("the warm-up starts") { scenario.clock.sleeperCount == 1 }
/// ```
///
/// - Returns: whether `condition` held in time.
@MainActor
@discardableResult
public func eventually(
    _ what: String, timeout: Duration = .seconds(5), fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, column: Int = #column, _ condition: () -> Bool
) async -> Bool {
    if await waitUntil(timeout: timeout, minimumTurns: 2_000, yieldingTurns: 1_000, condition) { return true }
    UnexpectedCall.reportFailure(
        "never happened within \(timeout): \(what)", fileID: fileID, filePath: filePath, line: line, column: column)
    return false
}

/// Lets other main-actor work run until `condition` holds. It gives up only when both bounds
/// have passed: `timeout` of real time, and `minimumTurns` turns, so a main actor held up
/// elsewhere for a while does not cut the wait short. The first `yieldingTurns` turns only
/// yield; later ones sleep a millisecond.
///
/// - Returns: whether `condition` held.
@MainActor
func waitUntil(
    timeout: Duration, minimumTurns: Int, yieldingTurns: Int, _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var turns = 0
    while !condition() {
        guard clock.now < deadline || turns < minimumTurns else { return false }
        turns += 1
        if turns <= yieldingTurns { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    return true
}

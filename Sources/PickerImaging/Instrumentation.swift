import Foundation

// What PickerImaging's work tells the tests and benches that ask, in one place: the counters
// and recorders are `package`, set through task-locals (declared as the value, not with
// `@TaskLocal`: the attribute is a macro from Swift 6 on and a property wrapper before, and the
// value reads the same in both), and cost one task-local read when nobody asks.

/// The threads each ``PixelBuffer/normalized(threads:)`` that moved pixels shared its rows
/// among, told where a test asks (`TurnThreads.told.withValue(recorder) { … }`).
package enum TurnThreads {
    package static let told = TaskLocal<Recorder?>(wrappedValue: nil)
}

/// Numbers told from any thread, kept in order: what work did, for tests that ask (the threads
/// a turn took, the rows or scans a decode told of).
package final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    package init() {}
    package var all: [Int] { lock.withLock { values } }
    package func append(_ value: Int) { lock.withLock { values.append(value) } }
}

/// A count from any thread: how many times work was done, for tests and benches that ask (the
/// files decoded for a render, the pixel operations of a gesture).
package final class WorkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    package init() {}
    /// The count so far.
    package var value: Int { lock.withLock { total } }
    /// Counts one more.
    package func add() { lock.withLock { total += 1 } }
}

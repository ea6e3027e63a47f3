import Foundation

/// A readable log of a session: one line per event, in order, from the picker, the fakes, the
/// scripted user and the delegate. Assert on ``lines`` to make a test exhaustive.
///
/// ```swift
/// #expect(scenario.transcript.lines == [
///     "picker: start source photoLibrary",
///     "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
///     "user: cancel on #1",
///     "presenter: dismiss animated",
///     "picker: end cancelled (user)",
///     "delegate: didCancel",
/// ])
/// ```
@MainActor
public final class Transcript {
    /// Every line so far.
    public var lines: [String] { ledger.lines }
    /// Calls that a fake did not expect; each was also reported as a test issue.
    public private(set) var unexpected: [String] = []
    /// How many lines ``expect(_:fileID:filePath:line:column:)`` has consumed.
    public var assertedCount: Int { ledger.assertedCount }

    /// The lines, kept behind a lock so that a scenario's deinit, which runs outside the main
    /// actor, can read what was left unasserted.
    nonisolated let ledger = Ledger()

    /// The lines no assertion has consumed yet.
    public var unasserted: [String] { lines(since: assertedCount) }

    /// Creates an empty transcript.
    public init() {}

    /// Appends `line` as said by `speaker`: `"speaker: line"`.
    public func record(_ speaker: String, _ line: String) {
        ledger.append("\(speaker): \(line)")
    }

    /// The lines added since `mark`, a value of `lines.count` taken earlier.
    public func lines(since mark: Int) -> [String] {
        Array(lines[min(mark, lines.count)...])
    }

    /// Forgets every line, for tests that assert one step at a time.
    public func clear() {
        ledger.reset()
    }

    /// Asserts that the lines added since the last assertion are exactly `expected`, and
    /// consumes them. A mismatch fails the running test, showing both lists; the lines are
    /// consumed either way, so one mistake is reported once.
    ///
    /// ```swift
    /// scenario.user.tapCancel()
    /// scenario.transcript.expect([
    ///     "user: cancel on #1",
    ///     "presenter: dismiss animated",
    ///     "picker: end cancelled (user)",
    ///     "delegate: didCancel",
    /// ])
    /// ```
    public func expect(
        _ expected: [String], fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        let actual = unasserted
        ledger.assertAll()
        guard actual != expected else { return }
        UnexpectedCall.reportFailure(
            Self.difference(expected: expected, actual: actual), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Consumes every line so far without asserting them: a documented partial check.
    public func skipUnasserted() {
        ledger.assertAll()
    }

    static func difference(expected: [String], actual: [String]) -> String {
        var text = "the transcript's new lines differ from those expected (− expected, + actual):"
        let diff = actual.difference(from: expected)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in diff {
            switch change {
            case let .remove(offset, _, _): removed.insert(offset)
            case let .insert(offset, _, _): inserted.insert(offset)
            }
        }
        var e = 0, a = 0
        while e < expected.count || a < actual.count {
            if e < expected.count, removed.contains(e) {
                text += "\n− \(expected[e])"
                e += 1
            } else if a < actual.count, inserted.contains(a) {
                text += "\n+ \(actual[a])"
                a += 1
            } else {
                if a < actual.count { text += "\n  \(actual[a])" }
                e += 1
                a += 1
            }
        }
        return text
    }

    /// Records an unexpected call and reports it as a test failure.
    func reportUnexpected(
        _ message: String, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        unexpected.append(message)
        ledger.append("unexpected: \(message)")
        UnexpectedCall.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// A transcript's lines and how many are asserted, safe to read from any thread.
final class Ledger: @unchecked Sendable {
    private let lock = NSLock()
    private var storedLines: [String] = []
    private var asserted = 0

    var lines: [String] { lock.withLock { storedLines } }
    var assertedCount: Int { lock.withLock { asserted } }
    var unasserted: [String] { lock.withLock { Array(storedLines[min(asserted, storedLines.count)...]) } }

    func append(_ line: String) { lock.withLock { storedLines.append(line) } }
    func assertAll() { lock.withLock { asserted = storedLines.count } }
    func reset() {
        lock.withLock {
            storedLines.removeAll()
            asserted = 0
        }
    }
}

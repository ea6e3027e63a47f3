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
    public private(set) var lines: [String] = []
    /// Calls that a fake did not expect; each was also reported as a test issue.
    public private(set) var unexpected: [String] = []

    /// Creates an empty transcript.
    public init() {}

    /// Appends `line` as said by `speaker`: `"speaker: line"`.
    public func record(_ speaker: String, _ line: String) {
        lines.append("\(speaker): \(line)")
    }

    /// The lines added since `mark`, a value of `lines.count` taken earlier.
    public func lines(since mark: Int) -> [String] {
        Array(lines[min(mark, lines.count)...])
    }

    /// Forgets every line, for tests that assert one step at a time.
    public func clear() {
        lines.removeAll()
    }

    /// Records an unexpected call and reports it as a test failure.
    func reportUnexpected(
        _ message: String, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        unexpected.append(message)
        lines.append("unexpected: \(message)")
        UnexpectedCall.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

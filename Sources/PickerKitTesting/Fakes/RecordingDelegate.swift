import PickerKit

/// A delegate that records the session's terminal callback, and fails the test when a session
/// gets more than one. It can forward every callback to the host's own delegate, so a scenario
/// tests the host's real view model.
@MainActor
public final class RecordingDelegate: ProfilePickerDelegate {
    /// What a callback said.
    public enum Callback {
        /// `profilePicker(_:didFinishWith:)`.
        case finished(ProfilePickerResult)
        /// `profilePickerDidCancel(_:)`.
        case cancelled
        /// `profilePicker(_:didFailWith:)`.
        case failed(PickerError)
    }

    /// Every callback, in order.
    public private(set) var callbacks: [Callback] = []
    /// The result of the last finish.
    public var lastResult: ProfilePickerResult? {
        for callback in callbacks.reversed() { if case let .finished(result) = callback { return result } }
        return nil
    }

    /// The host's delegate, which receives each callback after it is recorded.
    public let forwardingTo: (any ProfilePickerDelegate)?

    private let transcript: Transcript
    private var callbacksOwed = 0

    /// Creates a delegate that records into `transcript`, then forwards to `host`, if any.
    public init(transcript: Transcript, forwardingTo host: (any ProfilePickerDelegate)? = nil) {
        self.transcript = transcript
        forwardingTo = host
    }

    /// Notes that a session started and owes one callback.
    public func sessionStarted() {
        callbacksOwed += 1
    }

    public func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
        record(.finished(result), "didFinish \(result.summary)", picker)
        forwardingTo?.profilePicker(picker, didFinishWith: result)
    }

    public func profilePickerDidCancel(_ picker: ProfilePicker) {
        record(.cancelled, "didCancel", picker)
        forwardingTo?.profilePickerDidCancel(picker)
    }

    public func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError) {
        record(.failed(error), "didFail \(error)", picker)
        forwardingTo?.profilePicker(picker, didFailWith: error)
    }

    private func record(_ callback: Callback, _ line: String, _ picker: ProfilePicker) {
        transcript.record("delegate", line)
        callbacks.append(callback)
        if picker.isSessionActive { transcript.reportUnexpected("\(line) while the session is still active") }
        if !picker.navigation.stack.isEmpty { transcript.reportUnexpected("\(line) before the picker was dismissed") }
        guard callbacksOwed > 0 else { return transcript.reportUnexpected("\(line): a second callback for one session") }
        callbacksOwed -= 1
    }
}

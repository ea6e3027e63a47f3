import PickerKit

/// A host's own navigation observer, recording the transitions the picker's proxy forwards.
@MainActor
public final class RecordingNavigationObserver: NavigationProxy {
    private let transcript: Transcript

    /// Creates an observer that records into `transcript`.
    public init(transcript: Transcript) {
        self.transcript = transcript
    }

    public func navigation(willShow route: Route, animated: Bool) {
        transcript.record("observer", "will show \(route.id)")
    }

    public func navigation(didShow route: Route, animated: Bool) {
        transcript.record("observer", "did show \(route.id)")
    }
}

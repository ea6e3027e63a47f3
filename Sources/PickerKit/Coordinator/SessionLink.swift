/// What the runner keeps for a session beside the workflow's state.
struct SessionLink {
    /// Where ``ProfilePicker/pick(_:anchor:)`` waits for the outcome.
    var outcome: Once<SessionEnd>?
    /// Where a start waits while access is checked.
    var started: Once<PickerError?>?
    /// Whether the session reports to the delegate, so losing it ends the session.
    var reportsToDelegate: Bool
    /// The refusal of an access answer that came back while the start was still running.
    var refusal: PickerError?
    /// The delegate when the session ended: the one that hears its outcome, once the screens
    /// are gone, even if the host sets another for the next session meanwhile.
    var recipient: WeakDelegate?
}

/// A delegate, held weakly, as the picker holds it.
struct WeakDelegate {
    weak var value: (any ProfilePickerDelegate)?
}

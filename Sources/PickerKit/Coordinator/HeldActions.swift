import Foundation

/// The runner's dispatches in progress: how deeply they are nested, and the actions held back
/// until the outermost has performed its effects (a presenter that fails from inside the call
/// that asked it to present must not end the session halfway through that step's effects).
struct HeldActions {
    /// How many dispatches are in progress, one inside another.
    private(set) var depth = 0
    /// The actions held back, oldest first.
    private(set) var held: [WorkflowAction] = []

    /// Whether no dispatch is in progress and none is held: the workflow's state has settled.
    var isSettled: Bool { depth == 0 && held.isEmpty }

    /// A dispatch starts performing effects.
    mutating func enter() { depth += 1 }

    /// The innermost dispatch in progress is done.
    mutating func leave() { depth -= 1 }

    /// `action`, to dispatch now when no dispatch is in progress; `nil` when it is held back.
    mutating func dueNow(_ action: WorkflowAction) -> WorkflowAction? {
        guard depth > 0 else { return action }
        held.append(action)
        return nil
    }

    /// The oldest held action, taken, once no dispatch is in progress; `nil` otherwise.
    mutating func next() -> WorkflowAction? {
        guard depth == 0, !held.isEmpty else { return nil }
        return held.removeFirst()
    }
}

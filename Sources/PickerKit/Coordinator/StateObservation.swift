/// A state observer, held weakly, its registration and what to call.
struct StateObserver {
    weak var observer: AnyObject?
    let observation: StateObservation
    let handler: @MainActor (ProfilePicker) -> Void

    /// Whether it is still to be called: its observer alive and its registration not cancelled.
    @MainActor var isLive: Bool { observer != nil && !observation.isCancelled }
}

/// Who hears the workflow's state change, and the state they were last told about.
@MainActor
struct StateObservers {
    private(set) var observers: [StateObserver] = []
    /// The state they were last told about.
    private var told: WorkflowState?

    /// Registers one more.
    mutating func add(_ observer: StateObserver) { observers.append(observer) }

    /// The observers to tell of `state`, when it is not what they were last told (none
    /// otherwise), with those released or cancelled dropped. The caller checks
    /// ``StateObserver/isLive`` again before each call: a handler may cancel a later one.
    mutating func due(_ state: WorkflowState) -> [StateObserver] {
        guard !observers.isEmpty, told != state else { return [] }
        told = state
        observers.removeAll { !$0.isLive }
        return observers
    }
}

/// One registration of ``ProfilePicker/observeState(_:_:)``: ``cancel()`` stops its calls.
@MainActor
public final class StateObservation {
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false

    init() {}

    /// Stops the calls of this registration, at once (a change being told now does not reach
    /// it if it has not yet been called). Cancelling twice does nothing more.
    public func cancel() {
        isCancelled = true
    }
}

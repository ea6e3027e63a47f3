/// When the frameworks' transitions (presentations, dismissals, pushes, pops) finish.
///
/// By default a transition finishes a few turns of the main actor after it starts, as an
/// animation ends after the call that started it returns; with ``isHolding`` a test keeps
/// them all under way and lets them finish with ``finishAll()``, to act in the middle of one.
@MainActor
public enum Animations {
    /// Whether transitions wait for ``finishAll()``.
    public static var isHolding = false
    private static var held: [@MainActor () -> Void] = []
    /// Transitions started and not yet finished.
    public private(set) static var running = 0

    /// Runs `finish` when the transition started now ends.
    public static func run(_ finish: @escaping @MainActor () -> Void) {
        running += 1
        let end: @MainActor () -> Void = {
            running -= 1
            finish()
        }
        if isHolding {
            held.append(end)
        } else {
            Task { @MainActor in
                // An animation outlasts the turn that started it.
                for _ in 0..<3 { await Task.yield() }
                end()
            }
        }
    }

    /// Finishes every held transition, in the order they started (and those they start).
    public static func finishAll() {
        while !held.isEmpty {
            let next = held.removeFirst()
            next()
        }
    }

    /// Back to transitions that finish by themselves, none held.
    public static func reset() {
        isHolding = false
        held = []
        running = 0
    }
}

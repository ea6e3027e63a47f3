/// A value that is set once and awaited: later settings are dropped.
@MainActor
final class Once<Value: Sendable> {
    private var stored: Value?
    private var waiting: [CheckedContinuation<Value, Never>] = []

    func resolve(_ value: Value) {
        guard stored == nil else { return }
        stored = value
        for continuation in waiting { continuation.resume(returning: value) }
        waiting = []
    }

    var value: Value {
        get async {
            if let stored { return stored }
            return await withCheckedContinuation { waiting.append($0) }
        }
    }
}

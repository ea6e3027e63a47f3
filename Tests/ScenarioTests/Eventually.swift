import Testing

/// Lets other main-actor work run until `condition` holds, for at most `limit` turns; records an
/// issue when it never does. Nothing sleeps: each turn is one `Task.yield()`.
@MainActor
func eventually(
    _ what: String, limit: Int = 1_000, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async {
    for _ in 0..<limit {
        if condition() { return }
        await Task.yield()
    }
    Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}

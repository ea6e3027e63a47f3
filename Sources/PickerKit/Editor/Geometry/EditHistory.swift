/// Undo and redo on the edit screen, over committed steps: an ended gesture, a double tap, a
/// turn or flip, a straighten value, a reset. Moves in the middle of a gesture are not steps; undoing while one is
/// under way goes back to where it started. At most ``limit`` steps are kept.
///
/// ```swift
/// var history = EditHistory(start: editor)
/// editor.apply(.transform(.turnRight)); history.commit(editor)
/// if let before = history.undo(from: editor) { editor = before }   // unturned
/// ```
public struct EditHistory: Sendable, Equatable {
    /// The most steps kept for undo.
    public static let limit = 50

    /// The geometries to go back to, most recent last.
    public internal(set) var undoStack: [EditorGeometry] = []
    /// The geometries undone, to go forward to, most recent last.
    public internal(set) var redoStack: [EditorGeometry] = []
    /// The geometry after the last committed step.
    public internal(set) var committed: EditorGeometry

    /// A history starting at `start`, with nothing to undo.
    public init(start: EditorGeometry) {
        committed = start
    }

    /// Whether undo would change something for `current`.
    public func canUndo(from current: EditorGeometry) -> Bool { current != committed || !undoStack.isEmpty }
    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records `geometry` as a step, when it differs from the last one; clears what was undone.
    public mutating func commit(_ geometry: EditorGeometry) {
        guard geometry != committed else { return }
        undoStack.append(committed)
        if undoStack.count > Self.limit { undoStack.removeFirst(undoStack.count - Self.limit) }
        redoStack = []
        committed = geometry
    }

    /// The geometry to show after undoing from `current`: the start of a gesture under way, or
    /// the step before the last; `nil` when there is nothing to undo.
    public mutating func undo(from current: EditorGeometry) -> EditorGeometry? {
        guard current == committed else { return committed }
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(committed)
        committed = previous
        return previous
    }

    /// The geometry to show after redoing; `nil` when there is nothing to redo.
    public mutating func redo() -> EditorGeometry? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(committed)
        committed = next
        return next
    }
}

extension EditorGesture {
    /// Whether the gesture ends a step that undo goes back over.
    public var commitsStep: Bool {
        switch self {
        case .ended, .reset, .doubleTap, .transform, .aspect, .straighten: true
        case .pan, .pinch, .rotate: false
        }
    }
}

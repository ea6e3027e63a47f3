import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Undo and redo on the edit screen, over committed steps (B24's editor, as croppers' users expect).
@MainActor
@Suite("Undo and redo on the edit screen")
struct UndoTests {
    @Test func undoAndRedoStepThroughWhatWasCommitted() throws {
        let s = PickerScenario()
        try s.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        s.user.gesture(.pinch(scale: 2, focus: CGPoint(x: 187.5, y: 333.5)))
        s.user.gesture(.ended)
        s.user.gesture(.transform(.turnRight))
        s.user.tapUndo()
        s.user.tapUndo()
        s.user.tapUndo()
        s.user.tapRedo()
        s.user.gesture(.transform(.flipHorizontal))
        s.user.tapRedo()
        s.expect([
            "picker: start edit 400x300",
            "presenter: present #1 editor(400x300 crop (50,0,300,300)) fullScreen animated",
            "user: pinch(2 at 187.5,333.5) on #1",
            "picker: editor pinch(2 at 187.5,333.5): crop (125,75,150,150)",
            "user: ended on #1",
            "picker: editor ended: crop (125,75,150,150)",
            "user: turnRight on #1",
            "picker: editor turnRight: crop (75,125,150,150)",
            "user: undo on #1",
            "picker: editor undo: crop (125,75,150,150)",
            "user: undo on #1",
            "picker: editor undo: crop (50,0,300,300)",
            "user: undo on #1",
            "picker: ignored undoTapped on #1: nothing to undo or redo",
            "user: redo on #1",
            "picker: editor redo: crop (125,75,150,150)",
            "user: flipHorizontal on #1",
            "picker: editor flipHorizontal: crop (125,75,150,150)",
            "user: redo on #1",
            "picker: ignored redoTapped on #1: nothing to undo or redo",
        ])
        #expect(s.picker.editorGeometry?.isMirrored == true)
    }

    @Test func undoInTheMiddleOfAGestureGoesBackToItsStart() throws {
        let s = PickerScenario(exhaustivity: .off)
        try s.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        let start = try #require(s.picker.editorGeometry)
        s.user.gesture(.pan(CGPoint(x: 30, y: 0)))
        s.user.tapUndo()
        #expect(s.picker.editorGeometry == start)
        s.user.tapUndo()
        #expect(s.transcript.lines.last == "picker: ignored undoTapped on #1: nothing to undo or redo")
    }

    @Test func theHistoryKeepsFiftySteps() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        var history = EditHistory(start: editor)
        for _ in 0..<60 {
            editor.apply(.transform(.turnRight))
            history.commit(editor)
        }
        var undone = 0
        while let previous = history.undo(from: editor) {
            editor = previous
            undone += 1
        }
        #expect(undone == EditHistory.limit)
        #expect(editor.quarterTurns == 2, "60 turns less the 50 undone: 10 turns, 2 modulo 4")
        #expect(history.canRedo)
    }
}

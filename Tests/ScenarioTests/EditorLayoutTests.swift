import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// The edit screen laid out anew in the workflow: a device turning mid-edit keeps the crop,
/// the undo steps and the render.
@MainActor
@Suite("The edit screen laid out anew")
struct EditorLayoutTests {
    @Test func aRotationKeepsTheCropAndTheUndoSteps() throws {
        let s = PickerScenario()
        try s.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        s.user.layOutEditor(viewport: CGSize(width: 390, height: 844), safeArea: EdgeInsets(top: 47, bottom: 34))
        s.user.gesture(.pinch(scale: 2, focus: CGPoint(x: 195, y: 428.5)))
        s.user.gesture(.ended)
        s.user.layOutEditor(viewport: CGSize(width: 844, height: 390), safeArea: EdgeInsets(left: 47, bottom: 21, right: 47))
        s.user.layOutEditor(viewport: CGSize(width: 844, height: 390), safeArea: EdgeInsets(left: 47, bottom: 21, right: 47))
        s.user.tapUndo()
        s.user.layOutEditor(viewport: .zero)
        s.user.tapRedo()
        s.expect([
            "picker: start edit 400x300",
            "presenter: present #1 editor(400x300 crop (50,0,300,300)) fullScreen animated",
            "user: layout 390x844 on #1",
            "picker: editor laid out 390x844: crop (50,0,300,300)",
            "user: pinch(2 at 195,428.5) on #1",
            "picker: editor pinch(2 at 195,428.5): crop (125,75,150,150)",
            "user: ended on #1",
            "picker: editor ended: crop (125,75,150,150)",
            "user: layout 844x390 on #1",
            "picker: editor laid out 844x390: crop (125,75,150,150)",
            // The same layout again changes nothing, and says nothing.
            "user: layout 844x390 on #1",
            "user: undo on #1",
            "picker: editor undo: crop (50,0,300,300)",
            // A view not laid out yet: the edit keeps its layout.
            "user: layout 0x0 on #1",
            "picker: ignored editorLaidOut(0x0, safe (0, 0, 0, 0)) on #1: no room for the mask",
            "user: redo on #1",
            "picker: editor redo: crop (125,75,150,150)",
        ])
        let geometry = try #require(s.picker.editorGeometry)
        #expect(geometry.configuration.viewport == CGSize(width: 844, height: 390), "redo's step is on the new layout")
        #expect(geometry.maskRect == CGRect(x: 47 + (750 - 339) / 2.0, y: 15, width: 339, height: 339))
    }

    @Test func aLayoutWhileTheCropRendersIsTakenAndTheRenderFinishes() async throws {
        let s = PickerScenario(exhaustivity: .off)
        try s.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        s.user.tapChoose()
        s.user.layOutEditor(viewport: CGSize(width: 844, height: 390))
        #expect(s.picker.editorGeometry?.configuration.viewport == CGSize(width: 844, height: 390))
        await s.picker.idle()
        #expect(s.delegate.callbacks.count == 1)
        #expect(s.delegate.lastResult?.cropRect == PixelRect(x: 50, y: 0, width: 300, height: 300))
    }
}

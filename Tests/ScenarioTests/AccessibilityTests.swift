import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// The edit screen with VoiceOver: what it says, and actions that do what gestures do.
@MainActor
@Suite("VoiceOver on the edit screen")
struct AccessibilityTests {
    static let english = PickerStrings(language: .english)

    @Test func theValueSaysTheZoomAndWhatIsShown() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        #expect(editor.accessibility(in: Self.english).label == "Photo")
        #expect(editor.accessibility(in: Self.english).value == "zoomed 100%, showing the center")
        editor.apply(.pinch(scale: 1.5, focus: editor.maskRect.center))
        editor.apply(.ended)
        #expect(editor.accessibility(in: Self.english).value == "zoomed 150%, showing the center")
        editor.apply(.pan(CGPoint(x: 400, y: 400)))
        editor.apply(.ended)
        #expect(editor.accessibility(in: Self.english).value == "zoomed 150%, showing the upper left")
        editor.apply(.transform(.turnRight))
        #expect(editor.accessibility(in: Self.english).value == "zoomed 150%, showing the upper right, turned 90°")
        #expect(editor.accessibility(in: Self.english).actions == EditorAccessibilityAction.allCases)
        editor.apply(.transform(.flipHorizontal))
        let chinese = editor.accessibility(in: PickerStrings(language: .simplifiedChinese))
        #expect(chinese.label == "照片")
        #expect(chinese.value == "已缩放至 150%，显示左上部分，已旋转 270°，已镜像")
        #expect(EditorAccessibilityAction.rotate.name(in: PickerStrings(language: .simplifiedChinese)) == "旋转")
    }

    @Test("each action does exactly what its gestures do", arguments: EditorAccessibilityAction.allCases)
    func actionsAreGestures(action: EditorAccessibilityAction) throws {
        let s = PickerScenario(exhaustivity: .off)
        try s.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        s.user.gesture(.pinch(scale: 2, focus: CGPoint(x: 187.5, y: 333.5)))
        s.user.gesture(.ended)
        var expected = try #require(s.picker.editorGeometry)
        expected.apply(action.gestures(for: expected))
        s.user.accessibilityAction(action)
        #expect(s.picker.editorGeometry == expected)
        s.user.tapUndo()
        #expect(s.picker.editorGeometry?.zoom == 2 * (s.picker.editorGeometry?.coveringZoom ?? 0), "one undo step")
    }

    @Test func aVoiceOverUserCropsWithoutAGesture() async throws {
        let s = PickerScenario()
        try s.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        s.user.accessibilityAction(.zoomIn)
        s.user.accessibilityAction(.moveLeft)
        s.user.accessibilityAction(.rotate)
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "picker: start edit 400x300",
            "presenter: present #1 editor(400x300 crop (50,0,300,300)) fullScreen animated",
            "user: VoiceOver Zoom in on #1",
            "picker: editor pinch(1.25 at 187.5,333.5): crop (80,30,240,240)",
            "picker: editor ended: crop (80,30,240,240)",
            "user: VoiceOver Move left on #1",
            "picker: editor pan(86.25,0): crop (20,30,240,240)",
            "picker: editor ended: crop (20,30,240,240)",
            "user: VoiceOver Rotate on #1",
            "picker: editor turnRight: crop (30,20,240,240)",
            "user: choose on #1",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 240x240 from 400x300 crop (30,20,240,240)",
            "delegate: didFinish public.image edited 240x240 from 400x300 crop (30,20,240,240)",
        ])
    }
}

import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// The edit screen on iPad and Mac: a trackpad, a scroll wheel and the keyboard do what a
/// finger, VoiceOver or a button does, through the same actions, so each lands on the same
/// geometry, the same undo steps and the same VoiceOver value as its touch equivalent.
@MainActor
@Suite("Trackpad, scroll wheel and keyboard on the edit screen")
struct KeyboardAndPointerTests {
    /// Two edit screens on the same 400×300 photo: one for the touch (or VoiceOver, or button),
    /// one for its indirect equivalent.
    static func twoEditors() throws -> (touch: PickerScenario, other: PickerScenario) {
        let touch = PickerScenario(exhaustivity: .off), other = PickerScenario(exhaustivity: .off)
        try touch.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        try other.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        return (touch, other)
    }

    /// The two edits are the same: the geometry, the undo history and what VoiceOver says.
    static func expectSame(_ a: PickerScenario, _ b: PickerScenario, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let left = try #require(a.picker.editing), right = try #require(b.picker.editing)
        #expect(left.geometry == right.geometry, sourceLocation: sourceLocation)
        #expect(left.history == right.history, sourceLocation: sourceLocation)
        let english = PickerStrings(language: .english)
        #expect(left.geometry.accessibility(in: english).value == right.geometry.accessibility(in: english).value, sourceLocation: sourceLocation)
    }

    /// The editor lines of a transcript (what the picker did), without the person's.
    static func edits(_ s: PickerScenario) -> [String] {
        s.transcript.lines.filter { $0.hasPrefix("picker: editor") }
    }

    static func send(_ gestures: [EditorGesture], to s: PickerScenario) {
        for gesture in gestures { s.user.gesture(gesture) }
    }

    @Test func aTrackpadPinchZoomsAboutThePointerAsTwoFingersPinchingThere() throws {
        let (touch, other) = try Self.twoEditors()
        let pointer = CGPoint(x: 150, y: 300)
        // Two fingers 100 points apart about the pointer, spread to 150: a pinch of 1.5 there.
        var fingers = EditorTouchTracker()
        Self.send(fingers.began([.init(id: 1, location: CGPoint(x: 100, y: 300)), .init(id: 2, location: CGPoint(x: 200, y: 300))]), to: touch)
        Self.send(fingers.moved([.init(id: 1, location: CGPoint(x: 75, y: 300)), .init(id: 2, location: CGPoint(x: 225, y: 300))]), to: touch)
        Self.send(fingers.ended([.init(id: 1, location: CGPoint(x: 75, y: 300)), .init(id: 2, location: CGPoint(x: 225, y: 300))]), to: touch)
        var trackpad = EditorPointerTracker()
        Self.send(trackpad.pinch(.began, scale: 1, at: pointer), to: other)
        Self.send(trackpad.pinch(.changed, scale: 1.5, at: pointer), to: other)
        Self.send(trackpad.pinch(.ended, scale: 1.5, at: pointer), to: other)
        try Self.expectSame(touch, other)
        #expect(Self.edits(other) == Self.edits(touch))
        #expect(Self.edits(other) == [
            "picker: editor pinch(1.5 at 150,300): crop (89,40,200,200)",
            "picker: editor ended: crop (89,40,200,200)",
        ])
        // A pinch in steps reports each step's share of the total, about where the pointer is.
        var steps = EditorPointerTracker()
        #expect(steps.pinch(.began, scale: 1, at: pointer) == [])
        #expect(steps.pinch(.changed, scale: 1.2, at: pointer) == [.pinch(scale: 1.2, focus: pointer)])
        #expect(steps.pinch(.changed, scale: 1.5, at: CGPoint(x: 10, y: 20)) == [.pinch(scale: 1.25, focus: CGPoint(x: 10, y: 20))])
        #expect(steps.pinch(.changed, scale: 1.5, at: pointer) == [], "no change, no gesture")
        #expect(steps.pinch(.changed, scale: .nan, at: pointer) == [], "not a number: ignored")
        #expect(steps.pinch(.changed, scale: 0, at: pointer) == [], "not positive: ignored")
        #expect(steps.pinch(.cancelled, scale: 1.5, at: pointer) == [.ended], "a cancel ends it as a lift does")
        #expect(steps == EditorPointerTracker())
        #expect(steps.pinch(.ended, scale: 1, at: pointer) == [], "nothing under way: nothing to end")
    }

    @Test func aTrackpadRotationStraightensAsTwoFingersTurning() throws {
        let (touch, other) = try Self.twoEditors()
        touch.user.twoFingerRotate(by: 10)
        var trackpad = EditorPointerTracker()
        Self.send(trackpad.rotate(.began, radians: 0), to: other)
        Self.send(trackpad.rotate(.changed, radians: 10 * .pi / 180), to: other)
        Self.send(trackpad.rotate(.ended, radians: 10 * .pi / 180), to: other)
        try Self.expectSame(touch, other)
        #expect(Self.edits(other) == Self.edits(touch))
        #expect(other.picker.editorGeometry?.angle == 10)
        // Counterclockwise in steps; past ±45° the straighten angle stops, as it does for fingers.
        var steps = EditorPointerTracker()
        _ = steps.rotate(.began, radians: 0.5)
        #expect(steps.rotate(.changed, radians: 0.5 - .pi / 36) == [.rotate(degrees: -5.000000000000001)])
        #expect(steps.rotate(.changed, radians: .infinity) == [])
        #expect(steps.rotate(.ended, radians: 0) == [.ended])
    }

    @Test func scrollingPansAsAFingerAndWithCommandOrOptionZoomsAboutThePointer() throws {
        let (touch, other) = try Self.twoEditors()
        touch.user.drag(dx: 30, dy: -20)
        var wheel = EditorPointerTracker()
        let pointer = CGPoint(x: 187.5, y: 333.5)
        Self.send(wheel.scroll(.began, translation: .zero, at: pointer, zooming: false), to: other)
        Self.send(wheel.scroll(.changed, translation: CGPoint(x: 12, y: -5), at: pointer, zooming: false), to: other)
        Self.send(wheel.scroll(.changed, translation: CGPoint(x: 30, y: -20), at: pointer, zooming: false), to: other)
        Self.send(wheel.scroll(.ended, translation: CGPoint(x: 30, y: -20), at: pointer, zooming: false), to: other)
        #expect(Self.edits(other) == [
            "picker: editor pan(12,-5): crop (40,0,300,300)", "picker: editor pan(18,-15): crop (24,0,300,300)",
            "picker: editor ended: crop (24,0,300,300)",
        ])
        #expect(touch.picker.editorGeometry?.cropRect == other.picker.editorGeometry?.cropRect)
        #expect(touch.picker.editing?.history == other.picker.editing?.history, "one undo step each")

        // ⌘-scroll of 200 points towards the person zooms in twice, as fingers pinching 2.
        let (fingers, zoomed) = try Self.twoEditors()
        fingers.user.pinch(by: 2, at: pointer)
        var command = EditorPointerTracker()
        Self.send(command.scroll(.began, translation: .zero, at: pointer, zooming: true), to: zoomed)
        Self.send(command.scroll(.changed, translation: CGPoint(x: 7, y: 200), at: pointer, zooming: true), to: zoomed)
        Self.send(command.scroll(.ended, translation: CGPoint(x: 7, y: 200), at: pointer, zooming: true), to: zoomed)
        try Self.expectSame(fingers, zoomed)
        var sideways = EditorPointerTracker()
        _ = sideways.scroll(.began, translation: .zero, at: pointer, zooming: true)
        #expect(sideways.scroll(.changed, translation: CGPoint(x: 50, y: 0), at: pointer, zooming: true) == [], "sideways does not zoom")
        #expect(sideways.scroll(.changed, translation: CGPoint(x: 50, y: -100), at: pointer, zooming: true) == [
            .pinch(scale: 0.7071067811865476, focus: pointer),
        ])
    }

    @Test func aDoubleClickZoomsAsADoubleTap() {
        // A click is a touch; the second of a double click has a tap count of 2.
        var clicks = EditorTouchTracker()
        _ = clicks.began([.init(id: 1, location: CGPoint(x: 150, y: 300), tapCount: 2)])
        #expect(clicks.ended([.init(id: 1, location: CGPoint(x: 150, y: 300), tapCount: 2)]) == [.doubleTap(CGPoint(x: 150, y: 300))])
    }

    @Test func optionArrowsAreVoiceOversMovesAndArrowsNudgeAsAFinger() throws {
        for (press, spoken) in [
            (KeyPress(.upArrow, .option), EditorAccessibilityAction.moveUp), (KeyPress(.downArrow, .option), .moveDown),
            (KeyPress(.leftArrow, .option), .moveLeft), (KeyPress(.rightArrow, .option), .moveRight),
        ] {
            let (touch, other) = try Self.twoEditors()
            touch.user.pinch(by: 3)
            other.user.pinch(by: 3)
            touch.user.accessibilityAction(spoken)
            other.user.press(press)
            try Self.expectSame(touch, other)
            #expect(Self.edits(other) == Self.edits(touch))
        }
        // A plain arrow moves the crop a twentieth of the mask towards it: the photo the other way.
        let (touch, other) = try Self.twoEditors()
        touch.user.pinch(by: 3)
        other.user.pinch(by: 3)
        let mask = try #require(touch.picker.editorGeometry?.maskRect)
        let start = try #require(other.picker.editorGeometry?.cropRect)
        touch.user.drag(dx: -Double(mask.width) / 20, dy: 0)
        other.user.press(KeyPress(.rightArrow))
        try Self.expectSame(touch, other)
        #expect(other.picker.editorGeometry?.cropRect != start)
        other.user.press(KeyPress(.upArrow))
        other.user.press(KeyPress(.downArrow))
        other.user.press(KeyPress(.leftArrow))
        #expect(other.picker.editorGeometry?.cropRect == start, "right, up, down and left: back where it was")
        #expect(other.transcript.lines.suffix(9).first == "user: press ↑ on #1")
    }

    @Test func commandPlusAndMinusZoomAsVoiceOverDoesWithinTheSameLimits() throws {
        let (touch, other) = try Self.twoEditors()
        for _ in 0..<30 {
            touch.user.accessibilityAction(.zoomIn)
            other.user.press(KeyPress(.character("+"), .command))
        }
        try Self.expectSame(touch, other)
        let limit = try #require(other.picker.editorGeometry)
        other.user.press(KeyPress(.character("="), .command))
        touch.user.accessibilityAction(.zoomIn)
        #expect(other.picker.editorGeometry == limit, "⌘= is ⌘+, and the zoom stays at its limit")
        for _ in 0..<40 {
            touch.user.accessibilityAction(.zoomOut)
            other.user.press(KeyPress(.character("-"), .command))
        }
        try Self.expectSame(touch, other)
        #expect(Self.edits(other) == Self.edits(touch))
    }

    @Test func theButtonsShortcutsSendTheButtonsActionsAndNothingWhenTheyAreDisabled() async throws {
        let (touch, other) = try Self.twoEditors()
        other.user.press(KeyPress(.character("z"), .command))
        #expect(other.transcript.lines.last == "user: press ⌘Z on #1", "nothing to undo: the key does nothing")
        for (press, tap) in [
            (KeyPress(.character("r"), .command), { touch.user.gesture(.transform(.turnRight)) }),
            (KeyPress(.character("R"), [.command, .shift]), { touch.user.gesture(.transform(.flipHorizontal)) }),
            (KeyPress(.character("z"), .command), { touch.user.tapUndo() }),
            (KeyPress(.character("Z"), [.command, .shift]), { touch.user.tapRedo() }),
            (KeyPress(.character("0"), .command), { touch.user.accessibilityAction(.reset) }),
        ] {
            tap()
            other.user.press(press)
            try Self.expectSame(touch, other)
        }
        #expect(Self.edits(other) == Self.edits(touch))
        #expect(Self.edits(other).count == 5)
        // Return chooses, as Choose does; while the crop renders only Escape does anything.
        let editing = try #require(other.picker.editing)
        #expect(editing.actions(for: KeyPress(.returnKey)) == [.chooseTapped])
        #expect(editing.actions(for: KeyPress(.escape)) == [.cancelTapped])
        #expect(editing.actions(for: KeyPress(.character("q"), .command)) == [], "not a shortcut")
        var rendering = editing
        rendering.isRendering = true
        #expect(EditorShortcut.allCases.filter { !rendering.actions(for: $0).isEmpty } == [.cancel])
        other.user.press(KeyPress(.returnKey))
        await other.settle()
        #expect(other.delegate.callbacks.count == 1)
        #expect(other.transcript.lines.contains("user: press ↩ on #1"))
    }

    @Test func escapeCancelsTheEditAsCancelDoes() async throws {
        let (touch, other) = try Self.twoEditors()
        touch.user.tapCancel()
        other.user.press(KeyPress(.escape))
        await touch.settle()
        await other.settle()
        #expect(touch.transcript.lines.last == "delegate: didCancel")
        #expect(other.transcript.lines.contains("user: press ⎋ on #1"))
        #expect(other.transcript.lines.suffix(2) == ["picker: end cancelled (user)", "delegate: didCancel"])
        #expect(other.delegate.callbacks.count == 1)
    }

    @Test func everyShortcutHasItsOwnKeysAndTitleInEveryLanguage() {
        var keys: [KeyPress: EditorShortcut] = [:]
        for shortcut in EditorShortcut.allCases {
            for press in shortcut.keys {
                #expect(keys.updateValue(shortcut, forKey: press) == nil, "\(press) is one shortcut's")
                #expect(EditorShortcut(press) == shortcut)
            }
        }
        #expect(EditorShortcut.allCases.map { $0.keys.first!.description } == [
            "↑", "↓", "←", "→", "⌥↑", "⌥↓", "⌥←", "⌥→", "⌘+", "⌘-", "⌘R", "⇧⌘R", "⌘Z", "⇧⌘Z", "⌘0", "↩", "⎋",
        ])
        let english = PickerStrings(language: .english)
        #expect(EditorShortcut.allCases.map { $0.title(in: english) } == [
            "Move up", "Move down", "Move left", "Move right", "Move up further", "Move down further", "Move left further",
            "Move right further", "Zoom in", "Zoom out", "Rotate", "Flip", "Undo", "Redo", "Reset", "Choose", "Cancel",
        ])
        for language in PickerStrings.Language.shipped {
            let strings = PickerStrings(language: language)
            let titles = EditorShortcut.allCases.map { $0.title(in: strings) }
            #expect(Set(titles).count == titles.count, "\(language): \(titles)")
            #expect(titles.allSatisfy { !$0.isEmpty && !$0.contains("%") }, "\(language): \(titles)")
        }
        #expect(PickerStrings(language: "de").format(.moveFurther, "Nach oben verschieben") == "Nach oben verschieben (weiter)")
        #expect(EditorShortcut.moveUpFurther.title(in: PickerStrings(language: "zh-Hans")) == "大幅上移")
    }

    @Test func spaceIsTheShutterAndEscapeCancelsOnTheCamera() async throws {
        let s = try await CameraRecordingTests.openCamera()
        s.exhaustivity = .off
        let camera = try #require(s.picker.cameraScreen)
        #expect(CameraShortcut(KeyPress(.space)) == .shutter)
        #expect(CameraShortcut(KeyPress(.escape)) == .cancel)
        #expect(CameraShortcut(KeyPress(.returnKey)) == nil)
        #expect(CameraShortcut.shutter.actions(on: camera) == [.shutterTapped])
        #expect(CameraShortcut.shutter.title(for: camera, strings: PickerStrings(language: .english)) == "Take photo")
        #expect(CameraShortcut.cancel.title(for: camera, strings: PickerStrings(language: "fr")) == PickerStrings(language: "fr")[.cancel])
        s.user.tapRecord()
        await eventually("recording starts") { s.camera.isRecording }
        let recording = try #require(s.picker.cameraScreen)
        #expect(CameraShortcut.shutter.actions(on: recording) == [.stopTapped], "while recording, Space stops")
        #expect(CameraShortcut.shutter.title(for: recording, strings: PickerStrings(language: .english)) == "Stop")
        s.user.press(KeyPress(.space))
        await eventually("the preview opens") { s.picker.moviePreview != nil }
        // The preview is no camera: Escape there does nothing.
        s.user.press(KeyPress(.escape))
        #expect(s.transcript.lines.last?.hasPrefix("user: press ⎋ on") == true)
        #expect(s.picker.moviePreview != nil)
    }
}

#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation

/// A key pressed with the modifier keys held, as a hardware keyboard (iPad's Magic Keyboard, a
/// Mac's) reports it: the edit screen and the camera map presses to the person's actions.
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    /// A key.
    public enum Key: Hashable, Sendable {
        case upArrow, downArrow, leftArrow, rightArrow
        /// Return (or Enter).
        case returnKey
        case escape
        case space
        /// A key that types this character: `"+"`, `"r"` (lowercase, whatever Shift does).
        case character(Character)
    }

    /// The modifier keys held.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let command = Modifiers(rawValue: 1 << 0)
        public static let shift = Modifiers(rawValue: 1 << 1)
        public static let option = Modifiers(rawValue: 1 << 2)
        public static let control = Modifiers(rawValue: 1 << 3)
    }

    public var key: Key
    public var modifiers: Modifiers

    /// `key` with `modifiers` held.
    public init(_ key: Key, _ modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// As a Mac menu shows it: `"⌥↑"`, `"⇧⌘R"`, `"⌘+"`, `"↩"`, `"⎋"`.
    public var description: String {
        var text = ""
        if modifiers.contains(.control) { text += "⌃" }
        if modifiers.contains(.option) { text += "⌥" }
        if modifiers.contains(.shift) { text += "⇧" }
        if modifiers.contains(.command) { text += "⌘" }
        switch key {
        case .upArrow: text += "↑"
        case .downArrow: text += "↓"
        case .leftArrow: text += "←"
        case .rightArrow: text += "→"
        case .returnKey: text += "↩"
        case .escape: text += "⎋"
        case .space: text += "Space"
        case let .character(character): text += character.uppercased()
        }
        return text
    }
}

/// A keyboard shortcut of the edit screen: each does what a finger, VoiceOver or a toolbar
/// button does, through the same actions, so the zoom limits, the undo steps and VoiceOver's
/// value are one story.
///
/// | keys | shortcut | does what |
/// |---|---|---|
/// | ↑ ↓ ← → | ``moveUp``… | a finger moving the photo a twentieth of the mask the other way: the crop moves towards the arrow |
/// | ⌥↑ ⌥↓ ⌥← ⌥→ | ``moveUpFurther``… | VoiceOver's Move up… (a quarter of the mask) |
/// | ⌘+ (or ⌘=) and ⌘− | ``zoomIn``, ``zoomOut`` | VoiceOver's Zoom in and Zoom out (25 %, about the mask's centre) |
/// | ⌘R | ``turn`` | the turn button |
/// | ⇧⌘R | ``flip`` | the flip button |
/// | ⌘Z, ⇧⌘Z | ``undo``, ``redo`` | the undo and redo buttons |
/// | ⌘0 | ``reset`` | VoiceOver's Reset |
/// | Return | ``choose`` | Choose |
/// | Escape | ``cancel`` | Cancel (Retake over the camera) |
///
/// A shortcut whose button is disabled (undo with nothing to undo, everything but Cancel while
/// the crop renders) does nothing.
public enum EditorShortcut: String, Sendable, CaseIterable {
    case moveUp, moveDown, moveLeft, moveRight
    case moveUpFurther, moveDownFurther, moveLeftFurther, moveRightFurther
    case zoomIn, zoomOut, turn, flip, undo, redo, reset, choose, cancel

    /// The step of a plain arrow key: a twentieth of the mask.
    public static let nudgeStep = 0.05

    /// The keys that press it; the first is the one menus show.
    public var keys: [KeyPress] {
        switch self {
        case .moveUp: [KeyPress(.upArrow)]
        case .moveDown: [KeyPress(.downArrow)]
        case .moveLeft: [KeyPress(.leftArrow)]
        case .moveRight: [KeyPress(.rightArrow)]
        case .moveUpFurther: [KeyPress(.upArrow, .option)]
        case .moveDownFurther: [KeyPress(.downArrow, .option)]
        case .moveLeftFurther: [KeyPress(.leftArrow, .option)]
        case .moveRightFurther: [KeyPress(.rightArrow, .option)]
        // ⌘= too: on most keyboards + is a shifted =.
        case .zoomIn: [KeyPress(.character("+"), .command), KeyPress(.character("="), .command)]
        case .zoomOut: [KeyPress(.character("-"), .command)]
        case .turn: [KeyPress(.character("r"), .command)]
        case .flip: [KeyPress(.character("r"), [.command, .shift])]
        case .undo: [KeyPress(.character("z"), .command)]
        case .redo: [KeyPress(.character("z"), [.command, .shift])]
        case .reset: [KeyPress(.character("0"), .command)]
        case .choose: [KeyPress(.returnKey)]
        case .cancel: [KeyPress(.escape)]
        }
    }

    /// The shortcut `press` presses, if any. A character is matched whatever its case, since
    /// keyboards report ⇧⌘R as "R" or "r".
    public init?(_ press: KeyPress) {
        let normal = press.normalized
        guard let found = Self.allCases.first(where: { $0.keys.contains(normal) }) else { return nil }
        self = found
    }

    /// Its title in menus and the iPad's shortcut overlay, in `strings`' language: the button's
    /// or VoiceOver's action's own name, so each thing has one name.
    public func title(in strings: PickerStrings) -> String {
        switch self {
        case .moveUp: strings[.moveUp]
        case .moveDown: strings[.moveDown]
        case .moveLeft: strings[.moveLeft]
        case .moveRight: strings[.moveRight]
        case .moveUpFurther: strings.format(.moveFurther, strings[.moveUp])
        case .moveDownFurther: strings.format(.moveFurther, strings[.moveDown])
        case .moveLeftFurther: strings.format(.moveFurther, strings[.moveLeft])
        case .moveRightFurther: strings.format(.moveFurther, strings[.moveRight])
        case .zoomIn: strings[.zoomIn]
        case .zoomOut: strings[.zoomOut]
        case .turn: strings[.rotate]
        case .flip: strings[.flip]
        case .undo: strings[.undo]
        case .redo: strings[.redo]
        case .reset: strings[.reset]
        case .choose: strings[.choose]
        case .cancel: strings[.cancel]
        }
    }
}

extension KeyPress {
    /// The press with a character in lowercase (Shift is a modifier, not a different key).
    var normalized: KeyPress {
        guard case let .character(character) = key else { return self }
        return KeyPress(.character(Character(character.lowercased())), modifiers)
    }
}

extension EditingStep {
    /// What `shortcut` sends now: the toolbar button's action when it is enabled (nothing when
    /// it is not), VoiceOver's action for zooming, moving further and reset, and a finger's
    /// pan of ``EditorShortcut/nudgeStep`` of the mask for a plain arrow. Send each in turn.
    public func actions(for shortcut: EditorShortcut) -> [UserAction] {
        let controls = self.controls()
        func button(_ kind: EditorControlKind) -> [UserAction] {
            guard let control = controls.first(where: { $0.kind == kind }), control.isEnabled, let action = control.action else { return [] }
            return [action]
        }
        // Zooming, moving and reset change the crop, as turn does: not while it renders or
        // waits to be framed.
        let free = !isBusy
        let mask = geometry.maskRect
        let dx = Double(mask.width) * EditorShortcut.nudgeStep, dy = Double(mask.height) * EditorShortcut.nudgeStep
        // The crop moves towards the arrow: the photo under it moves the other way.
        func nudge(_ x: Double, _ y: Double) -> [UserAction] {
            free ? [.editorGesture(.pan(CGPoint(x: x, y: y))), .editorGesture(.ended)] : []
        }
        func spoken(_ action: EditorAccessibilityAction) -> [UserAction] { free ? [.accessibilityAction(action)] : [] }
        switch shortcut {
        case .moveUp: return nudge(0, dy)
        case .moveDown: return nudge(0, -dy)
        case .moveLeft: return nudge(dx, 0)
        case .moveRight: return nudge(-dx, 0)
        case .moveUpFurther: return spoken(.moveUp)
        case .moveDownFurther: return spoken(.moveDown)
        case .moveLeftFurther: return spoken(.moveLeft)
        case .moveRightFurther: return spoken(.moveRight)
        case .zoomIn: return spoken(.zoomIn)
        case .zoomOut: return spoken(.zoomOut)
        case .reset: return spoken(.reset)
        case .turn: return button(.turn)
        case .flip: return button(.flip)
        case .undo: return button(.undo)
        case .redo: return button(.redo)
        case .choose: return button(.choose)
        case .cancel: return button(.cancel)
        }
    }

    /// What `press` sends now: its shortcut's actions (``actions(for:)``), or none.
    public func actions(for press: KeyPress) -> [UserAction] {
        EditorShortcut(press).map { actions(for: $0) } ?? []
    }
}

/// A keyboard shortcut of the camera screen: Space takes the photo (or starts and stops a
/// movie's recording, as the toolbar's last button does), Escape cancels.
public enum CameraShortcut: String, Sendable, CaseIterable {
    case shutter, cancel

    /// The keys that press it.
    public var keys: [KeyPress] {
        switch self {
        case .shutter: [KeyPress(.space)]
        case .cancel: [KeyPress(.escape)]
        }
    }

    /// The shortcut `press` presses, if any.
    public init?(_ press: KeyPress) {
        guard let found = Self.allCases.first(where: { $0.keys.contains(press.normalized) }) else { return nil }
        self = found
    }

    /// Its title: the shutter's ("Take photo", or Record or Stop) and Cancel's, in `strings`'
    /// language, as the toolbar names them for `camera`.
    public func title(for camera: CameraScreenState, strings: PickerStrings) -> String {
        control(of: camera, strings: strings)?.title ?? strings[self == .shutter ? .takePhoto : .cancel]
    }

    /// What it sends on `camera` now: the toolbar button's action when it is enabled.
    public func actions(on camera: CameraScreenState) -> [UserAction] {
        guard let control = control(of: camera, strings: PickerStrings(language: .english)), control.isEnabled,
            let action = control.action
        else { return [] }
        return [action]
    }

    /// The toolbar button it presses: Cancel, or the last of shutter, Record and Stop (while
    /// recording, Stop; with movies offered and not recording, the shutter still takes a photo).
    private func control(of camera: CameraScreenState, strings: PickerStrings) -> CameraControl? {
        let controls = camera.controls(flashModes: [], strings: strings)
        switch self {
        case .cancel: return controls.first { $0.kind == .cancel }
        case .shutter: return controls.first { $0.kind == .stop } ?? controls.first { $0.kind == .shutter }
        }
    }
}

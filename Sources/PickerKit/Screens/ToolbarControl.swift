/// A control of one of the picker's toolbars: what it is called, whether it can be used now,
/// and the action it sends. Every screen (PickerKit's UIKit and SwiftUI screens, or an app's
/// own) shows a step's controls in order (``EditingStep/controls(strings:presets:)``,
/// ``CameraScreenState/controls(flashModes:strings:)``), so what each button does is tested
/// once, in PickerKit.
public struct ToolbarControl<Kind, Entry>: Sendable, Equatable, Identifiable, CustomStringConvertible
where Kind: RawRepresentable & Hashable & Sendable, Kind.RawValue == String, Entry: ToolbarMenuEntry {
    /// Which control it is.
    public var kind: Kind
    /// Its title, in the strings' language (also its VoiceOver label where it shows a symbol).
    public var title: String
    /// Whether it can be used now.
    public var isEnabled: Bool
    /// What tapping it sends to ``ProfilePicker/send(_:from:)``; `nil` for a menu, whose
    /// ``menu`` entries send.
    public var action: UserAction?
    /// The menu's entries; empty for a button.
    public var menu: [Entry]

    /// Creates a control.
    public init(kind: Kind, title: String, isEnabled: Bool, action: UserAction?, menu: [Entry] = []) {
        self.kind = kind
        self.title = title
        self.isEnabled = isEnabled
        self.action = action
        self.menu = menu
    }

    public var id: Kind { kind }

    /// `"undo (disabled)"`, `"aspect [original, *square, 3:4]"`: the checked entry starred.
    public var description: String {
        let entries = menu.isEmpty ? "" : " [" + menu.map { ($0.isSelected ? "*" : "") + $0.name }.joined(separator: ", ") + "]"
        return kind.rawValue + entries + (isEnabled ? "" : " (disabled)")
    }
}

/// An entry of a toolbar control's menu.
public protocol ToolbarMenuEntry: Sendable, Equatable {
    /// Its title, in the strings' language.
    var title: String { get }
    /// Whether it is the one in effect now (a check mark).
    var isSelected: Bool { get }
    /// What choosing it sends.
    var action: UserAction { get }
    /// Its name in transcripts and descriptions, in no language: `"4:3"`, `"auto"`.
    var name: String { get }
}

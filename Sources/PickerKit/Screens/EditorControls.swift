import PickerImaging

/// A control of the edit screen's toolbar (``EditingStep/controls(strings:presets:)``).
public typealias EditorControl = ToolbarControl<EditorControlKind, EditorMenuEntry>

/// The edit screen's controls, in the order a toolbar shows them, leading to trailing.
public enum EditorControlKind: String, Sendable, Equatable, CaseIterable {
    case cancel, turn, flip, aspect, undo, redo, choose
}

/// An entry of the edit screen's aspect menu.
public struct EditorMenuEntry: ToolbarMenuEntry, Identifiable {
    /// The preset it switches to.
    public var preset: AspectPreset
    /// Its title: "Original", "Square", "4:3".
    public var title: String
    /// Whether the mask has this aspect now (a check mark in the menu); only the first such
    /// entry is checked.
    public var isSelected: Bool
    /// What choosing it sends.
    public var action: UserAction { .editorGesture(.aspect(preset)) }
    /// The preset: `"original"`, `"4:3"`.
    public var name: String { preset.description }

    public var id: String { preset.description }
}

extension EditingStep {
    /// Whether the person has changed the crop since the edit screen opened (there is a step to
    /// undo): an edit screen then refuses to be swiped away, as the system's editors do.
    public var hasUnsavedEdits: Bool { history.canUndo(from: geometry) }

    /// The edit screen's toolbar now: Cancel (Retake over the camera), turn, flip, the aspect menu (rectangular masks
    /// only: a circle or square crop has one aspect), undo, redo and Choose.
    ///
    /// While the crop renders, or the screen waits to be framed, only Cancel can be used; undo
    /// needs a step to undo
    /// (``EditHistory/canUndo(from:)``) and redo one undone.
    ///
    /// - Parameters:
    ///   - strings: the titles' language.
    ///   - presets: the aspect menu's entries; ``AspectPreset/common`` by default.
    public func controls(strings: PickerStrings = PickerStrings(), presets: [AspectPreset] = AspectPreset.common) -> [EditorControl] {
        let free = !isBusy
        var controls = [
            // Over the camera, Cancel goes back to take another.
            EditorControl(kind: .cancel, title: strings[root?.isCamera == true ? .retake : .cancel], isEnabled: true, action: .cancelTapped, menu: []),
            EditorControl(kind: .turn, title: strings[.rotate], isEnabled: free, action: .editorGesture(.transform(.turnRight)), menu: []),
            EditorControl(kind: .flip, title: strings[.flip], isEnabled: free, action: .editorGesture(.transform(.flipHorizontal)), menu: []),
        ]
        let shape = geometry.configuration.shape
        if !shape.isSquare {
            // One entry is checked, the first with the mask's shape (the photo's own aspect may
            // also be a listed ratio).
            var checked = false
            let entries = presets.compactMap { preset -> EditorMenuEntry? in
                guard let presetShape = preset.shape(for: geometry.imageSize) else { return nil }
                let selected = !checked && presetShape == shape
                checked = checked || selected
                return EditorMenuEntry(preset: preset, title: preset.title(in: strings), isSelected: selected)
            }
            if !entries.isEmpty {
                controls.append(EditorControl(kind: .aspect, title: strings[.aspectRatio], isEnabled: free, action: nil, menu: entries))
            }
        }
        controls += [
            EditorControl(kind: .undo, title: strings[.undo], isEnabled: free && history.canUndo(from: geometry), action: .undoTapped, menu: []),
            EditorControl(kind: .redo, title: strings[.redo], isEnabled: free && history.canRedo, action: .redoTapped, menu: []),
            EditorControl(kind: .choose, title: strings[.choose], isEnabled: free, action: .chooseTapped, menu: []),
        ]
        return controls
    }
}

extension AspectPreset {
    /// The preset's name in a menu: "Original", "Square", "4:3".
    public func title(in strings: PickerStrings) -> String {
        switch self {
        case .original: strings[.aspectOriginal]
        case .square: strings[.aspectSquare]
        case .ratio: description
        }
    }
}

extension RootStep {
    /// Whether it is the camera.
    var isCamera: Bool {
        if case .camera = self { true } else { false }
    }
}

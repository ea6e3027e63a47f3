#if canImport(ObjectiveC) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
// What needs the Objective-C runtime (`#selector`, key commands, gesture recognizers' actions):
// compiled where it exists, on Apple's platforms, and type-checked by scripts/check-ios-sdk.sh.
// Every decision it makes is PickerKit's, tested on Linux: `EditorShortcut`, `CameraShortcut`
// and `EditorPointerTracker`.
import PickerKit
import UIKit

extension ProfileEditViewController: UIPointerInteractionDelegate {
    /// The edit screen takes the keyboard while it shows, for its shortcuts.
    public override var canBecomeFirstResponder: Bool { true }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }

    /// ``PickerKit/EditorShortcut``'s keys, titled in ``strings``' language: they show in
    /// iPad's shortcut overlay (holding ⌘) and the Mac's menus. The alternative keys (⌘= for
    /// ⌘+) work without showing.
    public override var keyCommands: [UIKeyCommand]? {
        EditorShortcut.allCases.flatMap { shortcut in
            shortcut.keys.enumerated().map { index, press in
                let command = UIKeyCommand(
                    title: shortcut.title(in: strings), action: #selector(pressShortcut(_:)), input: press.keyCommandInput,
                    modifierFlags: press.keyCommandModifiers, propertyList: shortcut.rawValue)
                if index > 0 { command.attributes = .hidden }
                // The arrows, Return and Escape are the edit screen's, not the text system's.
                command.wantsPriorityOverSystemBehavior = true
                return command
            }
        }
    }

    @objc private func pressShortcut(_ command: UIKeyCommand) {
        guard let name = command.propertyList as? String, let shortcut = EditorShortcut(rawValue: name), let editing = shownEdit
        else { return }
        for action in editing.actions(for: shortcut) { send(action) }
    }

    /// A trackpad's pinch and rotation and the scroll wheel, which UIKit gives only to gesture
    /// recognizers, and the pointer over the photo. Fingers stay the canvas's own touches: the
    /// pinch and rotation take only the pointer's (a trackpad's), the scroll pan no touches.
    func installIndirectInput() {
        let pinch = UIPinchGestureRecognizer(target: self, action: #selector(trackpadPinched(_:)))
        let rotation = UIRotationGestureRecognizer(target: self, action: #selector(trackpadRotated(_:)))
        for recognizer in [pinch, rotation] as [UIGestureRecognizer] {
            recognizer.allowedTouchTypes = [NSNumber(value: UITouch.TouchType.indirectPointer.rawValue)]
        }
        let scroll = UIPanGestureRecognizer(target: self, action: #selector(scrolled(_:)))
        scroll.allowedScrollTypesMask = .all
        scroll.allowedTouchTypes = []
        for recognizer in [pinch, rotation, scroll] as [UIGestureRecognizer] { canvas.addGestureRecognizer(recognizer) }
        canvas.addInteraction(UIPointerInteraction(delegate: self))
    }

    @objc private func trackpadPinched(_ recognizer: UIPinchGestureRecognizer) {
        guard let phase = recognizer.state.pointerPhase else { return }
        deliver(pointer.pinch(phase, scale: Double(recognizer.scale), at: recognizer.location(in: canvas)))
    }

    @objc private func trackpadRotated(_ recognizer: UIRotationGestureRecognizer) {
        guard let phase = recognizer.state.pointerPhase else { return }
        deliver(pointer.rotate(phase, radians: Double(recognizer.rotation)))
    }

    @objc private func scrolled(_ recognizer: UIPanGestureRecognizer) {
        guard let phase = recognizer.state.pointerPhase else { return }
        let zooming = !recognizer.modifierFlags.intersection([.command, .alternate]).isEmpty
        deliver(pointer.scroll(
            phase, translation: recognizer.translation(in: canvas), at: recognizer.location(in: canvas), zooming: zooming))
    }

    /// Over the mask the pointer is a region of its own, the photo that moves.
    public func pointerInteraction(
        _ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest, defaultRegion: UIPointerRegion
    ) -> UIPointerRegion? {
        guard let mask = shownEdit?.geometry.pointerRegion(at: request.location) else { return nil }
        return UIPointerRegion(rect: mask, identifier: "mask" as NSString)
    }

    /// There, the pointer carries four arrows: the photo can be dragged every way.
    public func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? {
        let style = UIPointerStyle.system()
        style.accessories = [.arrow(.top), .arrow(.bottom), .arrow(.left), .arrow(.right)]
        return style
    }
}

extension ProfileCameraViewController {
    /// The camera takes the keyboard while it shows, for Space and Escape.
    public override var canBecomeFirstResponder: Bool { true }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }

    /// ``PickerKit/CameraShortcut``'s keys: Space is the shutter (Stop while recording), Escape
    /// cancels; titled as the toolbar names them.
    public override var keyCommands: [UIKeyCommand]? {
        guard let camera = picker?.cameraScreen else { return [] }
        return CameraShortcut.allCases.flatMap { shortcut in
            shortcut.keys.map { press in
                let command = UIKeyCommand(
                    title: shortcut.title(for: camera, strings: strings), action: #selector(pressShortcut(_:)),
                    input: press.keyCommandInput, modifierFlags: press.keyCommandModifiers, propertyList: shortcut.rawValue)
                command.wantsPriorityOverSystemBehavior = true
                return command
            }
        }
    }

    @objc private func pressShortcut(_ command: UIKeyCommand) {
        guard let name = command.propertyList as? String, let shortcut = CameraShortcut(rawValue: name),
            let camera = picker?.cameraScreen, camera.step.route.id == route.id
        else { return }
        for action in shortcut.actions(on: camera) { send(action) }
    }
}

extension KeyPress {
    /// The key as `UIKeyCommand` names it.
    @MainActor var keyCommandInput: String {
        switch key {
        case .upArrow: UIKeyCommand.inputUpArrow
        case .downArrow: UIKeyCommand.inputDownArrow
        case .leftArrow: UIKeyCommand.inputLeftArrow
        case .rightArrow: UIKeyCommand.inputRightArrow
        case .returnKey: "\r"
        case .escape: UIKeyCommand.inputEscape
        case .space: " "
        case let .character(character): String(character)
        }
    }

    /// The modifier keys as `UIKeyCommand` names them.
    var keyCommandModifiers: UIKeyModifierFlags {
        var flags: UIKeyModifierFlags = []
        if modifiers.contains(.command) { flags.insert(.command) }
        if modifiers.contains(.shift) { flags.insert(.shift) }
        if modifiers.contains(.option) { flags.insert(.alternate) }
        if modifiers.contains(.control) { flags.insert(.control) }
        return flags
    }
}

extension UIGestureRecognizer.State {
    /// The phase ``PickerKit/EditorPointerTracker`` takes; `nil` before the recognizer begins.
    var pointerPhase: EditorPointerTracker.Phase? {
        switch self {
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled, .failed: .cancelled
        case .possible: nil
        @unknown default: nil
        }
    }
}
#endif

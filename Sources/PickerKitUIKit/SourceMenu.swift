#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerKit
import UIKit

extension ProfilePicker {
    /// The sources as a `UIMenu` for a button's `menu`, from ``ProfilePicker/sourceMenu(anchor:)``:
    /// exactly the sources that would start, in the chooser's order and titles; choosing one
    /// starts it (`select(from:anchor:)`), and a start that fails (access denied, a session
    /// already running) is handed to `onFailure`.
    ///
    /// The menu is made now: make it again when what the device offers may have changed
    /// (after the person changed access in Settings), as when the button appears.
    ///
    /// ```swift
    /// button.menu = picker.makeSourceMenu(anchor: PopoverAnchor(barButtonItem: button)) { [weak self] error in
    ///     self?.show(error)
    /// }
    /// ```
    public func makeSourceMenu(
        anchor: PopoverAnchor? = nil, onFailure: @escaping @MainActor (PickerError) -> Void = { _ in }
    ) -> UIMenu {
        let chooser = sourceMenu(anchor: anchor)
        let actions = chooser.options.map { option in
            UIAction(title: option.title) { [weak self] _ in
                self?.selectInTask(from: option.sourceType, anchor: anchor, onFailure: onFailure)
            }
        }
        return UIMenu(title: chooser.title ?? "", children: actions)
    }
}
#endif

#if canImport(SwiftUI) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerKit
import SwiftUI

/// The sources as a SwiftUI `Menu`, from `ProfilePicker.sourceMenu(anchor:)`: exactly the
/// sources that would start, in the chooser's order and titles; choosing one starts it
/// (`select(from:anchor:)`), and a start that fails (access denied, a session already running)
/// is handed to `onFailure`.
///
/// ```swift
/// PickerSourceMenu(picker: model.picker) { error in model.failure = error } label: {
///     Text("Change photo")
/// }
/// .profilePicker(model.presentation, photos: model.photos)
/// ```
@available(iOS 17, visionOS 1, *)
@MainActor
public struct PickerSourceMenu<Label: View>: View {
    let picker: ProfilePicker
    let anchor: PopoverAnchor?
    let onFailure: @MainActor (PickerError) -> Void
    let label: Label

    /// A menu of `picker`'s sources, labelled `label`.
    public init(
        picker: ProfilePicker, anchor: PopoverAnchor? = nil, onFailure: @escaping @MainActor (PickerError) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.picker = picker
        self.anchor = anchor
        self.onFailure = onFailure
        self.label = label()
    }

    public var body: some View {
        Menu {
            ForEach(picker.sourceMenu(anchor: anchor).options, id: \.sourceType) { option in
                Button(option.title) { picker.selectInTask(from: option.sourceType, anchor: anchor, onFailure: onFailure) }
            }
        } label: {
            label
        }
    }
}
#endif

#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerKit
import UIKit

/// The bar button items of PickerKit's toolbars, made from a screen's controls.
@MainActor
enum PickerToolbar {
    /// `controls` as bar button items with flexible space between them: a button sends its
    /// action, a menu (single selection, the entry in effect checked) sends its entries';
    /// controls with a symbol in `symbols` show it, titled for VoiceOver, in the variant for
    /// `strings`' direction (undo's arrow points right in Arabic, whatever the app's language).
    static func items<Kind, Entry>(
        _ controls: [ToolbarControl<Kind, Entry>], symbols: [Kind: String], strings: PickerStrings,
        send: @escaping @MainActor (UserAction) -> Void
    ) -> [UIBarButtonItem] {
        let traits = UITraitCollection(layoutDirection: strings.language.isRightToLeft ? .rightToLeft : .leftToRight)
        var items: [UIBarButtonItem] = []
        for control in controls {
            if !items.isEmpty { items.append(.flexibleSpace()) }
            let image = symbols[control.kind].flatMap { UIImage(systemName: $0, compatibleWith: traits) }
            items.append(item(control, image: image, send: send))
        }
        return items
    }

    private static func item<Kind, Entry>(
        _ control: ToolbarControl<Kind, Entry>, image: UIImage?, send: @escaping @MainActor (UserAction) -> Void
    ) -> UIBarButtonItem {
        let item: UIBarButtonItem
        if let action = control.action {
            item = UIBarButtonItem(primaryAction: UIAction(title: control.title, image: image) { _ in send(action) })
        } else {
            let entries = control.menu.map { entry in
                UIAction(title: entry.title, state: entry.isSelected ? .on : .off) { _ in send(entry.action) }
            }
            item = UIBarButtonItem(title: control.title, image: image, menu: UIMenu(title: control.title, options: .singleSelection, children: entries))
        }
        item.isEnabled = control.isEnabled
        return item
    }
}

extension PickerStrings {
    /// How a screen showing these strings lays out its bars and labels: from the right in
    /// Arabic, Hebrew and Persian, from the left otherwise, whatever the app's own language (an
    /// app may show PickerKit in a language it does not run in). The photo never mirrors: its
    /// sides are the photo's own.
    var semanticContentAttribute: UISemanticContentAttribute {
        language.isRightToLeft ? .forceRightToLeft : .forceLeftToRight
    }
}
#endif

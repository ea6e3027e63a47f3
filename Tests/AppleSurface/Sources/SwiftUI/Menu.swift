/// Apple: `struct Menu<Label, Content> : View where Label : View, Content : View` (iOS 14).
///
/// Modelled as SwiftUI shows it: the label is on screen; the content (its buttons) only once
/// the person opens the menu, and choosing one closes it and runs the button's action.
nonisolated public struct Menu<Label: View, Content: View>: View, PrimitiveView {
    let content: Content
    let label: Label

    /// Apple: `nonisolated init(@ContentBuilder content: () -> Content, @ContentBuilder label: () -> Label)` (iOS 14).
    public nonisolated init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: Never { fatalError("Menu has no body") }

    @MainActor func draw(into node: SurfaceNode) {
        let menu = SurfaceNode(.group)
        SwiftUI.draw(label, into: menu)
        let items = SurfaceNode(.group)
        SwiftUI.draw(content, into: items)
        menu.menuItems = items
        node.children.append(menu)
    }
}

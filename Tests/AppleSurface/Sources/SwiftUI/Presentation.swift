// SwiftUI's presentation, navigation and lifecycle modifiers, drawn into the surface's tree.
// What SwiftUI then does with them (one sheet at a time, `onDismiss` once the dismissal has
// ended, a dialog's buttons, a person swiping a sheet down) is `SurfaceHost`'s.

/// A presentation a view declares.
@MainActor
final class SurfacePresentation {
    enum Kind: String { case sheet, fullScreenCover, popover }
    let kind: Kind
    /// The presented item's identity; `nil` when the binding is `nil`.
    let id: AnyHashable?
    /// What it shows, drawn.
    let content: SurfaceNode?
    /// Sets the binding to `nil`, as SwiftUI does when the person dismisses it.
    let clear: @MainActor () -> Void
    let onDismiss: (() -> Void)?
    let anchor: CGRect?

    init(kind: Kind, id: AnyHashable?, content: SurfaceNode?, clear: @escaping @MainActor () -> Void, onDismiss: (() -> Void)?, anchor: CGRect?) {
        self.kind = kind
        self.id = id
        self.content = content
        self.clear = clear
        self.onDismiss = onDismiss
        self.anchor = anchor
    }
}

/// A confirmation dialog or alert a view declares.
@MainActor
final class SurfaceDialog {
    enum Kind: String { case confirmationDialog, alert }
    let kind: Kind
    let title: String
    let titleVisibility: Visibility
    let isPresented: Binding<Bool>
    /// Its buttons and message, drawn; `nil` when its data is `nil`.
    let actions: SurfaceNode?
    let message: SurfaceNode?

    init(kind: Kind, title: String, titleVisibility: Visibility, isPresented: Binding<Bool>, actions: SurfaceNode?, message: SurfaceNode?) {
        self.kind = kind
        self.title = title
        self.titleVisibility = titleVisibility
        self.isPresented = isPresented
        self.actions = actions
        self.message = message
    }

    var isShown: Bool { isPresented.wrappedValue && actions != nil }
}

nonisolated struct PresentationModifier<Item: Identifiable, Content: View>: ViewModifier, PrimitiveModifier {
    let kind: SurfacePresentation.Kind
    let item: Binding<Item?>
    let onDismiss: (() -> Void)?
    let anchor: CGRect?
    let content: (Item) -> Content

    func body(content: Self.Content) -> Never { fatalError("drawn by the surface") }

    @MainActor func draw(_ drawContent: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode) {
        drawContent(node)
        var shown: SurfaceNode?
        let value = item.wrappedValue
        if let value {
            let presented = SurfaceNode(.presented)
            SwiftUI.draw(content(value), into: presented)
            shown = presented
        }
        let item = self.item
        node.presentations.append(SurfacePresentation(
            kind: kind, id: value.map { AnyHashable($0.id) }, content: shown, clear: { item.wrappedValue = nil },
            onDismiss: onDismiss, anchor: anchor))
    }
}

nonisolated struct DialogModifier<Actions: View, Message: View>: ViewModifier, PrimitiveModifier {
    let kind: SurfaceDialog.Kind
    let title: String
    let titleVisibility: Visibility
    let isPresented: Binding<Bool>
    /// The buttons and message for the dialog's data; `nil` when its data is `nil`.
    let actions: Actions?
    let message: Message?

    func body(content: Self.Content) -> Never { fatalError("drawn by the surface") }

    @MainActor func draw(_ drawContent: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode) {
        drawContent(node)
        node.dialogs.append(SurfaceDialog(
            kind: kind, title: title, titleVisibility: titleVisibility, isPresented: isPresented,
            actions: actions.map(drawn), message: message.map(drawn)))
    }
}

nonisolated struct LifecycleModifier: ViewModifier, PrimitiveModifier {
    let appear: (() -> Void)?
    let disappear: (() -> Void)?

    func body(content: Self.Content) -> Never { fatalError("drawn by the surface") }

    @MainActor func draw(_ drawContent: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode) {
        let wrapper = SurfaceNode(.group)
        wrapper.onAppear = appear
        wrapper.onDisappear = disappear
        drawContent(wrapper)
        node.children.append(wrapper)
    }
}

nonisolated struct BackgroundModifier<Background: View>: ViewModifier, PrimitiveModifier {
    let background: Background

    func body(content: Self.Content) -> Never { fatalError("drawn by the surface") }

    @MainActor func draw(_ drawContent: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode) {
        let wrapper = SurfaceNode(.group)
        drawContent(wrapper)
        let behind = SurfaceNode(.group)
        SwiftUI.draw(background, into: behind)
        wrapper.children.append(behind)
        node.children.append(wrapper)
    }
}

nonisolated struct DismissModifier: ViewModifier, PrimitiveModifier {
    let disabled: Bool

    func body(content: Self.Content) -> Never { fatalError("drawn by the surface") }

    @MainActor func draw(_ drawContent: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode) {
        let wrapper = SurfaceNode(.group)
        wrapper.refusesInteractiveDismissal = disabled
        drawContent(wrapper)
        node.children.append(wrapper)
    }
}

nonisolated struct SafeAreaModifier: ViewModifier, PrimitiveModifier {
    func body(content: Self.Content) -> Never { fatalError("drawn by the surface") }

    @MainActor func draw(_ drawContent: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode) {
        let wrapper = SurfaceNode(.group)
        wrapper.ignoresSafeArea = true
        drawContent(wrapper)
        node.children.append(wrapper)
    }
}

nonisolated struct ToolbarModifier: ViewModifier, PrimitiveModifier {
    let visibility: Visibility
    let bars: [ToolbarPlacement]

    func body(content: Self.Content) -> Never { fatalError("drawn by the surface") }

    @MainActor func draw(_ drawContent: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode) {
        let wrapper = SurfaceNode(.group)
        if bars.contains(where: { $0.name == ToolbarPlacement.navigationBar.name }) { wrapper.navigationBar = visibility }
        drawContent(wrapper)
        node.children.append(wrapper)
    }
}

nonisolated struct DestinationModifier<D: Hashable, C: View>: ViewModifier, PrimitiveModifier {
    let destination: (D) -> C

    func body(content: Self.Content) -> Never { fatalError("drawn by the surface") }

    @MainActor func draw(_ drawContent: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode) {
        drawContent(node)
        let destination = self.destination
        node.destinations.append { value in
            guard let value = value.base as? D else { return nil }
            let pushed = SurfaceNode(.pushed(AnyHashable(value)))
            SwiftUI.draw(destination(value), into: pushed)
            return pushed
        }
    }
}

extension View {
    /// Apple: `nonisolated func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    /// @ContentBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View`.
    public nonisolated func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        modifier(PresentationModifier(kind: .sheet, item: item, onDismiss: onDismiss, anchor: nil, content: content))
    }

    /// Apple: `nonisolated func fullScreenCover<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    /// @ContentBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View` (iOS 14).
    @available(iOS 14.0, macCatalyst 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    public nonisolated func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        modifier(PresentationModifier(kind: .fullScreenCover, item: item, onDismiss: onDismiss, anchor: nil, content: content))
    }

    /// Apple: `nonisolated func popover<Item, Content>(item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    /// arrowEdge: Edge = .top, @ContentBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View`
    /// (the iOS 16.5 SDK's; later SDKs take `arrowEdge: Edge? = nil`). The arrow's edge is not modelled.
    public nonisolated func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge = .top,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        let anchor: CGRect? = switch attachmentAnchor { case let .rect(source): source.rect }
        return modifier(PresentationModifier(kind: .popover, item: item, onDismiss: nil, anchor: anchor, content: content))
    }

    /// Apple: `nonisolated func confirmationDialog<S, A, M, T>(_ title: S, isPresented: Binding<Bool>,
    /// titleVisibility: Visibility = .automatic, presenting data: T?, @ContentBuilder actions: (T) -> A,
    /// @ContentBuilder message: (T) -> M) -> some View where S : StringProtocol, A : View, M : View` (iOS 15).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public nonisolated func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        modifier(DialogModifier(
            kind: .confirmationDialog, title: String(title), titleVisibility: titleVisibility, isPresented: isPresented,
            actions: data.map(actions), message: data.map(message)))
    }

    /// Apple: `nonisolated func alert<S, A, M, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
    /// @ContentBuilder actions: (T) -> A, @ContentBuilder message: (T) -> M) -> some View where S : StringProtocol, A : View, M : View` (iOS 15).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public nonisolated func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        modifier(DialogModifier(
            kind: .alert, title: String(title), titleVisibility: .visible, isPresented: isPresented,
            actions: data.map(actions), message: data.map(message)))
    }

    /// Apple: `nonisolated func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View` (iOS 15):
    /// a sheet or popover showing this view is not swiped or tapped away while it is `true`.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public nonisolated func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        modifier(DismissModifier(disabled: isDisabled))
    }

    /// Apple: `nonisolated func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View`
    /// (iOS 14). Recorded; the surface lays nothing out by it.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public nonisolated func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        modifier(SafeAreaModifier())
    }

    /// Apple: `nonisolated func background<V>(alignment: Alignment = .center, @ContentBuilder content: () -> V)
    /// -> some View where V : View` (iOS 15). The background is drawn with the view, laid out by nothing.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public nonisolated func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(BackgroundModifier(background: content()))
    }

    /// Apple: `nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View`.
    public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(LifecycleModifier(appear: action, disappear: nil))
    }

    /// Apple: `nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View`.
    public nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(LifecycleModifier(appear: nil, disappear: action))
    }

    /// Apple: `nonisolated func navigationDestination<D, C>(for data: D.Type, @ContentBuilder destination: @escaping (D) -> C)
    /// -> some View where D : Hashable, C : View` (iOS 16).
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    public nonisolated func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(DestinationModifier(destination: destination))
    }

    /// Apple: `nonisolated func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View`
    /// (iOS 16; the iOS 27 pages deprecate it for `toolbarVisibility(_:for:)`).
    @available(iOS, introduced: 16.0, deprecated: 27.0, renamed: "toolbarVisibility(_:for:)")
    public nonisolated func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        modifier(ToolbarModifier(visibility: visibility, bars: bars))
    }
}

/// `view` drawn into a node of its own.
@MainActor
func drawn<V: View>(_ view: V) -> SurfaceNode {
    let node = SurfaceNode(.group)
    draw(view, into: node)
    return node
}

/// Apple (iOS 16.5 SDK): `@MainActor @preconcurrency struct NavigationStack<Data, Root> : View where Root : View`
/// (iOS 16; printed `MainActor(unsafe)`); later SDKs: `nonisolated struct NavigationStack<Data, Root> where Root : View`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
@MainActor @preconcurrency
public struct NavigationStack<Data, Root: View>: View, PrimitiveView {
    let root: Root
    let path: Binding<[AnyHashable]>

    /// Apple: `init(path: Binding<Data>, @ContentBuilder root: () -> Root) where Data : MutableCollection,
    /// Data : RandomAccessCollection, Data : RangeReplaceableCollection, Data.Element : Hashable`
    /// (main-actor isolated, `@preconcurrency`, in the iOS 16.5 SDK; nonisolated in later SDKs).
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        self.path = Binding(
            unchecked: { path.wrappedValue.map { AnyHashable($0) } },
            set: { elements in path.wrappedValue = Data(elements.compactMap { $0.base as? Data.Element }) })
    }

    public var body: Never { fatalError("NavigationStack has no body") }

    @MainActor func draw(into node: SurfaceNode) {
        let stack = SurfaceNode(.navigationStack)
        SwiftUI.draw(root, into: stack)
        let destinations = stack.allDestinations
        for element in path.wrappedValue {
            guard let pushed = destinations.lazy.compactMap({ $0(element) }).first else {
                stack.unmatched.append(element)
                continue
            }
            stack.pushed.append(pushed)
        }
        stack.setPath = { [path] in path.wrappedValue = $0 }
        stack.path = path.wrappedValue
        node.children.append(stack)
    }
}

/// Apple: `@frozen struct Alignment : Equatable` (`@frozen`, so `Sendable`): only `center` here.
public struct Alignment: Equatable, Sendable {
    let name: String
    /// Apple: `static let center: Alignment`.
    public static let center = Alignment(name: "center")
}

/// Apple: `@frozen struct SafeAreaRegions : OptionSet` (iOS 14).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Apple: `static let container: SafeAreaRegions`.
    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    /// Apple: `static let keyboard: SafeAreaRegions`.
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    /// Apple: `static let all: SafeAreaRegions`.
    public static let all = SafeAreaRegions(rawValue: .max)
}

extension Edge {
    /// Apple: `@frozen struct Set : OptionSet`.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// Apple: `static let all: Edge.Set`.
        public static let all = Edge.Set(rawValue: 15)
    }
}

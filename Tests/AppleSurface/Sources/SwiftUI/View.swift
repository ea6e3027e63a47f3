@_exported import AppleFoundation
@_exported import CoreGraphics
@_exported import Observation

// SwiftUI's views as far as the adapters use them. A view is a value whose body the surface's
// host (`SurfaceHost`) evaluates, as SwiftUI does, into what the person would see: texts,
// buttons, presentations (sheets, full-screen covers, popovers, confirmation dialogs, alerts),
// navigation stacks. Apple's pages (SDK 27) show `@ContentBuilder`, a new name for
// `ViewBuilder`; the surface declares both, the adapters write `@ViewBuilder`.

/// Apple: `@MainActor @preconcurrency protocol View`.
@MainActor @preconcurrency
public protocol View {
    /// Apple: `associatedtype Body : View`.
    associatedtype Body: View
    /// Apple: `@ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// What the surface's host makes of a view it cannot see into: the primitive views and
/// modifiers below draw themselves into the tree.
@MainActor
protocol PrimitiveView {
    @MainActor func draw(into node: SurfaceNode)
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// Evaluates `view` into `node`: a primitive view draws itself, any other view draws its body.
@MainActor
func draw<V: View>(_ view: V, into node: SurfaceNode) {
    if let primitive = view as? PrimitiveView {
        primitive.draw(into: node)
    } else if let representable = view as? any UIViewControllerRepresentable {
        drawRepresentable(representable, into: node)
    } else {
        draw(view.body, into: node)
    }
}

/// Apple: `struct EmptyView : View`.
nonisolated public struct EmptyView: View, PrimitiveView {
    /// Apple: `init()`.
    public nonisolated init() {}
    public var body: Never { fatalError("EmptyView has no body") }
    @MainActor func draw(into node: SurfaceNode) {}
}

/// Apple: `struct Text : View`.
nonisolated public struct Text: View, PrimitiveView {
    let content: String

    /// Apple: `init<S>(_ content: S) where S : StringProtocol`.
    public nonisolated init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    public var body: Never { fatalError("Text has no body") }
    @MainActor func draw(into node: SurfaceNode) { node.children.append(SurfaceNode(.text(content))) }
}

/// Apple: `struct ButtonRole : Equatable, Sendable` (iOS 15).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct ButtonRole: Equatable, Sendable {
    let name: String
    /// Apple: `static let cancel: ButtonRole`.
    public static let cancel = ButtonRole(name: "cancel")
    /// Apple: `static let destructive: ButtonRole`.
    public static let destructive = ButtonRole(name: "destructive")
}

/// Apple: `struct Button<Label> : View where Label : View`.
nonisolated public struct Button<Label: View>: View, PrimitiveView {
    let title: String
    let role: ButtonRole?
    let action: @MainActor () -> Void

    public var body: Never { fatalError("Button has no body") }
    @MainActor func draw(into node: SurfaceNode) { node.children.append(SurfaceNode(.button(title: title, role: role, action: action))) }
}

extension Button where Label == Text {
    /// Apple: `@preconcurrency nonisolated init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol`.
    @preconcurrency
    public nonisolated init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.title = String(title)
        role = nil
        self.action = action
    }

    /// Apple: `@preconcurrency nonisolated init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void)
    /// where S : StringProtocol` (iOS 15).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    @preconcurrency
    public nonisolated init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.title = String(title)
        self.role = role
        self.action = action
    }
}

/// Apple: `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    let data: Data
    let content: (Data.Element) -> Content

    /// Apple: `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`.
    public nonisolated init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    public var body: Never { fatalError("ForEach has no body") }
    @MainActor func draw(into node: SurfaceNode) {
        for element in data { SwiftUI.draw(content(element), into: node) }
    }
}

/// Apple: `struct TupleView<T> : View`.
nonisolated public struct TupleView<T>: View, PrimitiveView {
    /// Apple: `var value: T`.
    public var value: T

    /// Apple: `init(_ value: T)`.
    public nonisolated init(_ value: T) {
        self.value = value
    }

    public var body: Never { fatalError("TupleView has no body") }

    /// Draws each view of the tuple, in order.
    @MainActor func draw(into node: SurfaceNode) {
        for child in Mirror(reflecting: value).children {
            if let view = child.value as? any View { drawView(view, into: node) }
        }
    }
}

/// Draws a view whose type is known only at run time.
@MainActor
func drawView(_ view: any View, into node: SurfaceNode) {
    draw(view, into: node)
}

/// Apple: `struct _ConditionalContent<TrueContent, FalseContent>`: what an `if`/`else` builds.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
    public var body: Never { fatalError("_ConditionalContent has no body") }
    @MainActor func draw(into node: SurfaceNode) {
        switch storage {
        case let .trueContent(view): SwiftUI.draw(view, into: node)
        case let .falseContent(view): SwiftUI.draw(view, into: node)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    @MainActor func draw(into node: SurfaceNode) {
        if let self { SwiftUI.draw(self, into: node) }
    }
}

/// Apple: `@resultBuilder struct ViewBuilder`.
@resultBuilder
public struct ViewBuilder {
    /// Apple: `static func buildBlock() -> EmptyView`.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// Apple: `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// Apple: `static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content : View`.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    /// Apple: `static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content : View`.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }

    /// Apple: `static func buildExpression<Content>(_ content: Content) -> Content where Content : View`.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// Apple: `static func buildIf<Content>(_ content: Content?) -> Content? where Content : View`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// Apple: `static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// Apple: `static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
}

/// Apple: `typealias ContentBuilder = ViewBuilder` (SDK 27).
public typealias ContentBuilder = ViewBuilder

/// Apple: `struct AnyView : View`: a view whose type is erased.
nonisolated public struct AnyView: View, PrimitiveView {
    let view: any View

    /// Apple: `init<V>(_ view: V) where V : View`.
    public init<V: View>(_ view: V) {
        self.view = view
    }

    public var body: Never { fatalError("AnyView has no body") }
    @MainActor func draw(into node: SurfaceNode) { drawView(view, into: node) }
}

/// Apple: `@MainActor @preconcurrency protocol ViewModifier`.
@MainActor @preconcurrency
public protocol ViewModifier {
    /// Apple: `associatedtype Body : View`.
    associatedtype Body: View
    /// Apple: `typealias Content = _ViewModifier_Content<Self>`.
    typealias Content = _ViewModifier_Content<Self>
    /// Apple: `@ContentBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`.
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// Apple: `struct _ViewModifier_Content<Modifier> where Modifier : ViewModifier`: the view a
/// modifier is applied to.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let drawContent: @MainActor (SurfaceNode) -> Void
    public var body: Never { fatalError("_ViewModifier_Content has no body") }
    @MainActor func draw(into node: SurfaceNode) { drawContent(node) }
}

/// A modifier the surface draws itself (a presentation, a lifecycle action).
@MainActor
protocol PrimitiveModifier {
    func draw(_ content: @MainActor (SurfaceNode) -> Void, into node: SurfaceNode)
}

/// Apple: `struct ModifiedContent<Content, Modifier>`.
nonisolated public struct ModifiedContent<Content, Modifier> {
    /// Apple: `var content: Content`.
    public var content: Content
    /// Apple: `var modifier: Modifier`.
    public var modifier: Modifier

    /// Apple: `init(content: Content, modifier: Modifier)`.
    public nonisolated init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError("ModifiedContent has no body") }
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    @MainActor func draw(into node: SurfaceNode) {
        let content = self.content
        let drawContent: @MainActor (SurfaceNode) -> Void = { SwiftUI.draw(content, into: $0) }
        if let primitive = modifier as? PrimitiveModifier {
            primitive.draw(drawContent, into: node)
        } else {
            SwiftUI.draw(modifier.body(content: _ViewModifier_Content(drawContent: drawContent)), into: node)
        }
    }
}

extension View {
    /// Apple: `nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`.
    public nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

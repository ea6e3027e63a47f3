@_exported import AppleFoundation
@_exported import CoreGraphics
@_exported import Observation

// SwiftUI's views as far as the adapters use them. A view is a value whose body the surface's
// host (`SurfaceHost`) evaluates, as SwiftUI does, into what the person would see: texts,
// buttons, presentations (sheets, full-screen covers, popovers, confirmation dialogs, alerts),
// navigation stacks. Apple's pages (SDK 27) show `@ContentBuilder`, a new name for
// `ViewBuilder`; the surface declares both, the adapters write `@ViewBuilder`.
//
// Isolation is the iOS 16.5 SDK's: `View` and `ViewModifier` are not isolated, only `body` and
// `body(content:)` are (`@MainActor @preconcurrency`, which the SDK prints `MainActor(unsafe)`);
// later SDKs make the protocols themselves `@MainActor @preconcurrency`. The surface's own view
// structs say `nonisolated` because they also conform to its main-actor `PrimitiveView`.

/// Apple (iOS 16.5 SDK): `protocol View` (not isolated; only `body` is); later SDKs:
/// `@MainActor @preconcurrency protocol View`.
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

/// Apple: `struct EmptyView : View` (`@frozen`, so `Sendable`).
nonisolated public struct EmptyView: View, PrimitiveView, Sendable {
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

/// Apple (iOS 16.5 SDK): `struct ButtonRole : Equatable` (iOS 15; not `Sendable`); later SDKs:
/// `struct ButtonRole : Equatable, Sendable`.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct ButtonRole: Equatable {
    let name: String
    // Constants of a non-`Sendable` type, as SwiftUI (a Swift 5 module) declares them:
    // `nonisolated(unsafe)` says so in Swift 6 mode.
    /// Apple: `static let cancel: ButtonRole`.
    nonisolated(unsafe) public static let cancel = ButtonRole(name: "cancel")
    /// Apple: `static let destructive: ButtonRole`.
    nonisolated(unsafe) public static let destructive = ButtonRole(name: "destructive")
}

/// Apple: `struct Button<Label> : View where Label : View`.
nonisolated public struct Button<Label: View>: View, PrimitiveView {
    let title: String
    let role: ButtonRole?
    /// Its action, which SwiftUI (here, `SurfaceHost`) runs on the main actor.
    let action: () -> Void

    public var body: Never { fatalError("Button has no body") }
    @MainActor func draw(into node: SurfaceNode) { node.children.append(SurfaceNode(.button(title: title, role: role, action: action))) }
}

extension Button where Label == Text {
    /// Apple (iOS 16.5 SDK): `init<S>(_ title: S, action: @escaping () -> Void) where S : StringProtocol`;
    /// later SDKs: `@preconcurrency nonisolated init<S>(_ title: S, action: @escaping @MainActor () -> Void)
    /// where S : StringProtocol`. SwiftUI runs the action on the main actor.
    public nonisolated init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.title = String(title)
        role = nil
        self.action = action
    }

    /// Apple (iOS 16.5 SDK): `init<S>(_ title: S, role: ButtonRole?, action: @escaping () -> Void)
    /// where S : StringProtocol` (iOS 15); later SDKs: `@preconcurrency nonisolated init<S>(_ title: S,
    /// role: ButtonRole?, action: @escaping @MainActor () -> Void) where S : StringProtocol`.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public nonisolated init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.title = String(title)
        self.role = role
        self.action = action
    }
}

/// Apple: `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`,
/// a `View` where `Content : View`.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    let data: Data
    let content: (Data.Element) -> Content
}

extension ForEach where Content: View {
    /// Apple: `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`.
    public nonisolated init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

// As the SDK declares it: `extension ForEach : View where Content : View`.
extension ForEach: View where Content: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError("ForEach has no body") }
}

extension ForEach: PrimitiveView where Content: View {
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

/// Apple: `struct _ConditionalContent<TrueContent, FalseContent>`: what an `if`/`else` builds; a
/// `View` where both are.
nonisolated public struct _ConditionalContent<TrueContent, FalseContent> {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
}

// As the SDK declares it: `extension _ConditionalContent : View where TrueContent : View, FalseContent : View`.
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError("_ConditionalContent has no body") }
}

extension _ConditionalContent: PrimitiveView where TrueContent: View, FalseContent: View {
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

    /// Apple: `static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content : View`
    /// (the iOS 17 SDK's; the iOS 16.5 SDK has `buildBlock<C0, C1>` to `buildBlock<C0, …, C9>`, 2 to 10 views).
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

    /// Apple: `static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
    /// where TrueContent : View, FalseContent : View`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// Apple: `static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
    /// where TrueContent : View, FalseContent : View`.
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

/// Apple (iOS 16.5 SDK): `protocol ViewModifier` (not isolated; only `body(content:)` is); later
/// SDKs: `@MainActor @preconcurrency protocol ViewModifier`.
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

/// Apple: `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// Apple (iOS 16.5 SDK): `init(get: @escaping () -> Value, set: @escaping (Value) -> Void)`;
    /// later SDKs: `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
    /// set: @escaping @isolated(any) @Sendable (Value) -> Void)`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// Apple: `var wrappedValue: Value { get nonmutating set }`.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// Apple: `var projectedValue: Binding<Value> { get }`.
    public var projectedValue: Binding<Value> { self }

    /// Apple: `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = self.get, set = self.set
        return Binding<Subject>(
            unchecked: { get()[keyPath: keyPath] },
            set: { subject in
                var value = get()
                value[keyPath: keyPath] = subject
                set(value)
            })
    }

    init(unchecked get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }
}

// Later SDKs add `extension Binding : Sendable where Value : Sendable`; the iOS 16.5 SDK's
// Binding is not Sendable, nor is the surface's.

/// Apple: `@dynamicMemberLookup @propertyWrapper struct Bindable<Value>` (iOS 17): bindings to
/// the properties of an observable object.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@dynamicMemberLookup
@propertyWrapper
public struct Bindable<Value> {
    /// Apple: `var wrappedValue: Value`.
    public var wrappedValue: Value

    /// Apple: `var projectedValue: Bindable<Value> { get }`.
    public var projectedValue: Bindable<Value> { self }

    /// Apple: `init(wrappedValue: Value) where Value : AnyObject, Value : Observable`.
    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable {
        self.wrappedValue = wrappedValue
    }

    /// Apple: `init(_ wrappedValue: Value) where Value : AnyObject, Value : Observable`.
    public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable {
        self.wrappedValue = wrappedValue
    }

    /// Apple: `subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    /// where Value : AnyObject { get }`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        let object = wrappedValue
        return Binding(unchecked: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// Apple: `enum Visibility : Hashable, CaseIterable` (iOS 15).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

/// Apple: `struct ToolbarPlacement` (iOS 16; neither `Equatable` nor `Sendable`).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
public struct ToolbarPlacement {
    let name: String
    /// Apple: `static var navigationBar: ToolbarPlacement { get }`.
    public static var navigationBar: ToolbarPlacement { ToolbarPlacement(name: "navigationBar") }
}

/// Apple: `@frozen enum Edge : Int8, CaseIterable`.
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing
}

/// Apple: `@frozen struct Anchor<Value>`.
public struct Anchor<Value> {
    /// Apple: `struct Source`.
    public struct Source {
        let rect: CGRect?
    }
}

extension Anchor.Source where Value == CGRect {
    /// Apple: `static var bounds: Anchor<CGRect>.Source { get }`.
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source(rect: nil) }

    /// Apple: `static func rect(_ r: CGRect) -> Anchor<CGRect>.Source`.
    public static func rect(_ r: CGRect) -> Anchor<CGRect>.Source { Anchor<CGRect>.Source(rect: r) }
}

/// Apple: `enum PopoverAttachmentAnchor`.
public enum PopoverAttachmentAnchor {
    /// Apple: `case rect(Anchor<CGRect>.Source)`.
    case rect(Anchor<CGRect>.Source)
}

// SwiftUI API newer than iOS 16's SDK that PickerKit uses, behind `#available`.
// Used by scripts/check-ios-sdk.sh only, when the SDK is older than iOS 17's.
import Observation
import SwiftUI

/// Apple: `@dynamicMemberLookup @propertyWrapper struct Bindable<Value>` (iOS 17).
/// https://developer.apple.com/documentation/swiftui/bindable
@available(iOS 17.0, *)
@dynamicMemberLookup
@propertyWrapper
public struct Bindable<Value> {
    /// Apple: `var wrappedValue: Value`.
    public var wrappedValue: Value
    /// Apple: `var projectedValue: Bindable<Value> { get }`.
    public var projectedValue: Bindable<Value> { self }

    /// Apple: `init(wrappedValue: Value) where Value : AnyObject, Value : Observable`.
    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    /// Apple: `init(_ wrappedValue: Value) where Value : AnyObject, Value : Observable`.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }

    /// Apple: `subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("declaration only")
    }
}

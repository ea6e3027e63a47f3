@_exported import Foundation

// Key-value observing, as Apple's Foundation declares it for Swift. Linux's Foundation has no
// key-value observing: here an observation hears the changes the surface itself makes and
// announces (`KeyValueChanges.didChange(_:)`, such as an item provider's progress), and
// `.initial`. A change made any other way is not heard; a device hears it.

/// Apple: `protocol _KeyValueCodingAndObserving` (Foundation), to which `NSObject` conforms; it
/// carries `observe(_:options:changeHandler:)`.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

/// Apple: `struct NSKeyValueObservingOptions`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// Apple: `enum NSKeyValueChange`.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1, insertion, removal, replacement
}

/// Apple: `struct NSKeyValueObservedChange<Value>`.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: NSKeyValueObservedChange<Value>.Kind
    public let newValue: Value?
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

/// Apple: `extension NSKeyValueObservedChange : Sendable where Value : Sendable`.
extension NSKeyValueObservedChange: Sendable where Value: Sendable {}

/// Apple: `class NSKeyValueObservation`: an observation, ended by `invalidate()` or by its release.
public final class NSKeyValueObservation: NSObject, @unchecked Sendable {
    fileprivate let fire: () -> Void
    fileprivate var isValid = true

    fileprivate init(fire: @escaping () -> Void) {
        self.fire = fire
    }

    /// Stops the observation.
    public func invalidate() {
        KeyValueChanges.remove(self)
    }

    deinit {
        KeyValueChanges.remove(self)
    }
}

extension _KeyValueCodingAndObserving {
    /// Apple: `func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    /// changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation`.
    @preconcurrency
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        let object = self
        let old = KeyValueChanges.Box(object[keyPath: keyPath])
        let observation = NSKeyValueObservation {
            let value = object[keyPath: keyPath]
            let previous = old.value
            old.value = value
            changeHandler(object, NSKeyValueObservedChange(
                kind: .setting, newValue: options.contains(.new) ? value : nil,
                oldValue: options.contains(.old) ? previous : nil, indexes: nil, isPrior: false))
        }
        if options.contains(.initial) {
            changeHandler(object, NSKeyValueObservedChange(
                kind: .setting, newValue: options.contains(.new) ? old.value : nil, oldValue: nil, indexes: nil,
                isPrior: false))
        }
        KeyValueChanges.add(observation, on: self as AnyObject)
        return observation
    }
}

/// The surface's announcements of the changes it makes, for the observations above. Not
/// Apple's: the frameworks' models call it; adapters never do.
@_spi(Surface) public enum KeyValueChanges {
    final class Box<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var observations: [ObjectIdentifier: [Weak]] = [:]

    private struct Weak {
        weak var observation: NSKeyValueObservation?
    }

    static func add(_ observation: NSKeyValueObservation, on object: AnyObject) {
        lock.withLock { observations[ObjectIdentifier(object), default: []].append(Weak(observation: observation)) }
    }

    static func remove(_ observation: NSKeyValueObservation) {
        lock.withLock {
            observation.isValid = false
            for key in observations.keys {
                observations[key]?.removeAll { $0.observation == nil || $0.observation === observation }
            }
        }
    }

    /// `object` changed an observed property: every observation of it hears it, on the
    /// calling thread (as key-value observing does).
    public static func didChange(_ object: AnyObject) {
        let live = lock.withLock { (observations[ObjectIdentifier(object)] ?? []).compactMap(\.observation).filter(\.isValid) }
        for observation in live { observation.fire() }
    }
}

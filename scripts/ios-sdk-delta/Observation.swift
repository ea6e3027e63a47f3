// The Observation module (iOS 17), which iOS 16's SDK does not have: PickerKitSwiftUI's
// `PresentationModel` is `@Observable`. The macros expand with the toolchain's own
// ObservationMacros plugin, as in Xcode.
// Used by scripts/check-ios-sdk.sh only, when the SDK is older than iOS 17's: compiled as a module
// named Observation.

/// Apple: `protocol Observable` (iOS 17).
/// https://developer.apple.com/documentation/observation/observable
@available(iOS 17.0, *)
public protocol Observable {}

/// Apple: `@attached(member, names: named(_$observationRegistrar), named(access), named(withMutation)) @attached(memberAttribute) @attached(extension, conformances: Observable) macro Observable()` (iOS 17).
/// https://developer.apple.com/documentation/observation/observable()
@available(iOS 17.0, *)
@attached(member, names: named(_$observationRegistrar), named(access), named(withMutation), named(shouldNotifyObservers))
@attached(memberAttribute)
@attached(extension, conformances: Observable)
public macro Observable() = #externalMacro(module: "ObservationMacros", type: "ObservableMacro")

/// Apple: `@attached(accessor, names: named(init), named(get), named(set), named(_modify)) @attached(peer, names: prefixed(`_`)) macro ObservationTracked()` (iOS 17).
/// https://developer.apple.com/documentation/observation/observationtracked()
@available(iOS 17.0, *)
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(`_`))
public macro ObservationTracked() = #externalMacro(module: "ObservationMacros", type: "ObservationTrackedMacro")

/// Apple: `@attached(accessor) macro ObservationIgnored()` (iOS 17).
/// https://developer.apple.com/documentation/observation/observationignored()
@available(iOS 17.0, *)
@attached(accessor)
public macro ObservationIgnored() = #externalMacro(module: "ObservationMacros", type: "ObservationIgnoredMacro")

/// Apple: `struct ObservationRegistrar` (iOS 17).
/// https://developer.apple.com/documentation/observation/observationregistrar
@available(iOS 17.0, *)
public struct ObservationRegistrar: Sendable {
    /// Apple: `init()`.
    public init() {}
    /// Apple: `func access<Subject, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) where Subject : Observable`.
    public func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {}
    /// Apple: `func willSet<Subject, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) where Subject : Observable`.
    public func willSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {}
    /// Apple: `func didSet<Subject, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) where Subject : Observable`.
    public func didSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {}
    /// Apple: `func withMutation<Subject, Member, T>(of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T) rethrows -> T where Subject : Observable`.
    public func withMutation<Subject: Observable, Member, T>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
        try mutation()
    }
}

/// Apple: `func withObservationTracking<T>(_ apply: () -> T, onChange: @autoclosure () -> @Sendable () -> Void) -> T` (iOS 17).
/// https://developer.apple.com/documentation/observation/withobservationtracking(_:onchange:)
@available(iOS 17.0, *)
public func withObservationTracking<T>(_ apply: () -> T, onChange: @autoclosure () -> @Sendable () -> Void) -> T {
    apply()
}

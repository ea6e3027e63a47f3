/// Apple: `struct UIAccessibilityTraits : OptionSet, @unchecked Sendable`.
public struct UIAccessibilityTraits: OptionSet, @unchecked Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// Apple (iOS 16.5 SDK): `static var image: UIAccessibilityTraits` (a mutable global,
    /// `UIAccessibilityTraitImage`; Swift 6 code reads it under `@preconcurrency import UIKit`);
    /// later SDKs: `nonisolated static let image: UIAccessibilityTraits`.
    nonisolated(unsafe) public static var image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// Apple (iOS 16.5 SDK): `static var adjustable: UIAccessibilityTraits` (iOS 4; a mutable
    /// global, `UIAccessibilityTraitAdjustable`); later SDKs: `nonisolated static let adjustable: UIAccessibilityTraits`.
    nonisolated(unsafe) public static var adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
}

/// Apple (iOS 16.5 SDK): `class UIAccessibilityCustomAction : NSObject` (iOS 8; not isolated,
/// and not `Sendable`); later SDKs: `@MainActor class UIAccessibilityCustomAction : NSObject`.
open class UIAccessibilityCustomAction: NSObject {
    /// Apple (iOS 16.5 SDK): `typealias Handler = (UIAccessibilityCustomAction) -> Bool`; later
    /// SDKs: `@MainActor typealias Handler = (UIAccessibilityCustomAction) -> Bool`.
    public typealias Handler = (UIAccessibilityCustomAction) -> Bool

    /// Apple: `var name: String { get set }`.
    open var name: String
    /// Apple: `var actionHandler: UIAccessibilityCustomAction.Handler? { get set }` (iOS 13).
    open var actionHandler: UIAccessibilityCustomAction.Handler?

    /// Apple: `init(name: String, actionHandler: @escaping UIAccessibilityCustomAction.Handler)` (iOS 13).
    public init(name: String, actionHandler: @escaping UIAccessibilityCustomAction.Handler) {
        self.name = name
        self.actionHandler = actionHandler
        super.init()
    }

    /// VoiceOver performs the action (the person chose it in the actions rotor): its handler's
    /// answer, `false` without one.
    @_spi(Surface) public func surfacePerform() -> Bool {
        actionHandler?(self) ?? false
    }
}

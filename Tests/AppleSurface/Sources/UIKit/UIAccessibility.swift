/// Apple: `struct UIAccessibilityTraits : OptionSet, @unchecked Sendable`.
public struct UIAccessibilityTraits: OptionSet, @unchecked Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// Apple: `nonisolated static let image: UIAccessibilityTraits`.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// Apple: `nonisolated static let adjustable: UIAccessibilityTraits`.
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
}

/// Apple: `@MainActor class UIAccessibilityCustomAction : NSObject`.
@MainActor
open class UIAccessibilityCustomAction: NSObject {
    /// Apple: `@MainActor typealias Handler = (UIAccessibilityCustomAction) -> Bool`.
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

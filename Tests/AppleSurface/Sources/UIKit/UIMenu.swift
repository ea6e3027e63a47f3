/// Apple: `@MainActor class UIMenuElement : NSObject`.
@MainActor
open class UIMenuElement: NSObject {
    /// Apple: `enum State : Int, @unchecked Sendable`.
    public enum State: Int, Sendable {
        case off = 0, on, mixed
    }

    /// Apple: `struct Attributes : OptionSet, @unchecked Sendable`.
    public struct Attributes: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Apple: `static var disabled: UIMenuElement.Attributes { get }`.
        public static var disabled: UIMenuElement.Attributes { Attributes(rawValue: 1 << 0) }
        /// Apple: `static var destructive: UIMenuElement.Attributes { get }`.
        public static var destructive: UIMenuElement.Attributes { Attributes(rawValue: 1 << 1) }
        /// Apple: `static var hidden: UIMenuElement.Attributes { get }`.
        public static var hidden: UIMenuElement.Attributes { Attributes(rawValue: 1 << 2) }
    }

    /// Apple: `var title: String { get }`.
    open internal(set) var title: String
    /// Apple: `var image: UIImage? { get }`.
    open internal(set) var image: UIImage?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }
}

/// Apple: `typealias UIActionHandler = (UIAction) -> Void`. Declared main-actor here: UIKit
/// calls it on the main thread, and the surface's actions are main-actor (see README).
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// Apple: `@MainActor class UIAction : UIMenuElement`.
@MainActor
open class UIAction: UIMenuElement {
    /// Apple: `struct Identifier : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
    public struct Identifier: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// Apple: `var attributes: UIMenuElement.Attributes { get set }`.
    open var attributes: UIMenuElement.Attributes
    /// Apple: `var state: UIMenuElement.State { get set }`.
    open var state: UIMenuElement.State
    let handler: UIActionHandler

    init(title: String, image: UIImage?, attributes: UIMenuElement.Attributes, state: UIMenuElement.State, handler: @escaping UIActionHandler) {
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Apple: `@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler)` (iOS 13).
    public convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) {
        self.init(title: title, image: image, attributes: attributes, state: state, handler: handler)
    }

    /// The person chose the action (tapped its button, picked it in a menu): its handler runs
    /// unless it is disabled.
    @_spi(Surface) public func surfacePerform() {
        guard !attributes.contains(.disabled) else { return }
        handler(self)
    }
}

/// Apple: `@MainActor class UIMenu : UIMenuElement`.
@MainActor
open class UIMenu: UIMenuElement {
    /// Apple: `struct Identifier : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
    public struct Identifier: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// Apple: `struct Options : OptionSet, @unchecked Sendable`.
    public struct Options: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Apple: `static var displayInline: UIMenu.Options { get }`.
        public static var displayInline: UIMenu.Options { Options(rawValue: 1 << 0) }
        /// Apple: `static var singleSelection: UIMenu.Options { get }` (iOS 15).
        public static var singleSelection: UIMenu.Options { Options(rawValue: 1 << 5) }
    }

    /// Apple: `var children: [UIMenuElement] { get }`.
    open private(set) var children: [UIMenuElement]
    /// Apple: `var options: UIMenu.Options { get }`.
    open private(set) var options: UIMenu.Options

    init(title: String, image: UIImage?, options: UIMenu.Options, children: [UIMenuElement]) {
        self.children = children
        self.options = options
        super.init(title: title, image: image)
    }

    /// Apple: `@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil, identifier: UIMenu.Identifier? = nil, options: UIMenu.Options = [], children: [UIMenuElement] = [])` (iOS 13).
    public convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIMenu.Identifier? = nil, options: UIMenu.Options = [],
        children: [UIMenuElement] = []
    ) {
        self.init(title: title, image: image, options: options, children: children)
    }
}

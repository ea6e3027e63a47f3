#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation

/// How a screen is presented.
public enum PresentationStyle: Sendable, Equatable, CustomStringConvertible {
    /// Covering the whole screen.
    case fullScreen
    /// An action sheet from the bottom of a phone's screen.
    case actionSheet
    /// A menu from the control that opened it.
    case menu
    /// A popover pointing at an anchor: iPad's style for action sheets and media browsers.
    case popover(PopoverAnchor)

    /// `"popover(avatarButton (0.0,0.0,44.0,44.0) [up, down])"`.
    public var description: String {
        switch self {
        case .fullScreen: "fullScreen"
        case .actionSheet: "actionSheet"
        case .menu: "menu"
        case let .popover(anchor): "popover(\(anchor))"
        }
    }
}

/// Where a popover points: a view of the host app and a rectangle in it, or a bar button
/// item; and the arrow directions the popover may use. Both are held weakly, as UIKit does, so
/// an anchor whose view or item has gone is refused (``PickerError/popoverAnchorReleased(_:)``)
/// instead of raising in UIKit.
///
/// Sendable because PickerKit only ever asks whether the weak references are still there
/// (reading a weak reference is atomic); the view and item themselves are used by presenters,
/// on the main actor. Equal when both point at the same objects the same way.
public struct PopoverAnchor: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// The view the popover points at; held weakly, as UIKit does.
    public weak var sourceView: AnyObject?
    /// The bar button item the popover points at (`UIPopoverPresentationController.sourceItem`),
    /// instead of a view; held weakly.
    public weak var sourceItem: AnyObject?
    /// The rectangle in `sourceView`'s coordinates, in points.
    public var sourceRect: CGRect
    /// Which ways the popover's arrow may point.
    public var permittedArrowDirections: ArrowDirections
    /// A name for transcripts and messages.
    public var name: String

    /// Creates an anchor.
    public init(
        sourceView: AnyObject?, sourceRect: CGRect,
        permittedArrowDirections: ArrowDirections = .any, name: String = "anchor"
    ) {
        self.sourceView = sourceView
        self.sourceRect = sourceRect
        self.permittedArrowDirections = permittedArrowDirections
        self.name = name
    }

    /// Creates an anchor on a bar button item (a `UIBarButtonItem`).
    public init(barButtonItem: AnyObject, permittedArrowDirections: ArrowDirections = .any, name: String = "bar button") {
        sourceItem = barButtonItem
        sourceRect = .zero
        self.permittedArrowDirections = permittedArrowDirections
        self.name = name
    }

    public static func == (a: PopoverAnchor, b: PopoverAnchor) -> Bool {
        a.sourceView === b.sourceView && a.sourceItem === b.sourceItem && a.sourceRect == b.sourceRect
            && a.permittedArrowDirections == b.permittedArrowDirections && a.name == b.name
    }

    /// Whether the view or bar button item the anchor points at still exists.
    public var isAttached: Bool { sourceView != nil || sourceItem != nil }

    /// The rectangle to point at in a source view whose bounds are `bounds`: ``sourceRect``,
    /// or the whole view when it is empty or not finite (`.zero`, the default, would point at
    /// the view's corner).
    ///
    /// ```swift
    /// PopoverAnchor(sourceView: button, sourceRect: .zero).sourceRect(within: button.bounds)  // button.bounds
    /// ```
    public func sourceRect(within bounds: CGRect) -> CGRect {
        usableSourceRect ?? bounds
    }

    /// ``sourceRect`` when it is a rectangle to point at (finite, not empty); `nil` for the
    /// whole view.
    public var usableSourceRect: CGRect? {
        let r = sourceRect
        let finite = [r.origin.x, r.origin.y, r.width, r.height].allSatisfy { Double($0).isFinite }
        return finite && r.width > 0 && r.height > 0 ? r : nil
    }

    public var description: String {
        let r = sourceRect
        let place = sourceItem != nil ? "bar item" : "(\(r.origin.x),\(r.origin.y),\(r.width),\(r.height))"
        return "\(name) \(place) \(permittedArrowDirections)\(isAttached ? "" : " released")"
    }
}

/// The directions a popover's arrow may point.
public struct ArrowDirections: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Pointing up.
    public static let up = ArrowDirections(rawValue: 1 << 0)
    /// Pointing down.
    public static let down = ArrowDirections(rawValue: 1 << 1)
    /// Pointing left.
    public static let left = ArrowDirections(rawValue: 1 << 2)
    /// Pointing right.
    public static let right = ArrowDirections(rawValue: 1 << 3)
    /// Any direction.
    public static let any: ArrowDirections = [.up, .down, .left, .right]

    /// `"[up, down]"`.
    public var description: String {
        let names: [(ArrowDirections, String)] = [(.up, "up"), (.down, "down"), (.left, "left"), (.right, "right")]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// The kind of device the presenter shows on.
public enum DeviceIdiom: String, Sendable, Equatable, CaseIterable {
    /// A phone: action sheets and browsers are full width.
    case phone
    /// A tablet: action sheets and browsers are popovers and need an anchor.
    case pad
    /// A Mac running the app through Mac Catalyst: as on a tablet, popovers need an anchor.
    case mac
    /// Apple Vision Pro: action sheets and browsers are popovers and need an anchor.
    case vision

    /// Whether action sheets and browsers show as popovers here, which need an anchor (B8).
    public var presentsPopovers: Bool { self != .phone }
}

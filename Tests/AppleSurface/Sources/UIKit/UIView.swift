@_exported import AppleFoundation
@_exported import CoreGraphics
@_exported import QuartzCore
import SurfaceDevice

/// Apple: `@MainActor class UIResponder : NSObject`.
@MainActor
open class UIResponder: NSObject {
    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?)`. No responder
    /// chain is modelled: the default does nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// Apple: `func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?)`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// Apple: `func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?)`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// Apple: `func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?)`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    // The UIAccessibility informal protocol. Apple declares these on NSObject; Linux's NSObject
    // is Foundation's, and members of an extension cannot be overridden without the
    // Objective-C runtime, so the surface declares them on its first own class. Every use and
    // override an adapter makes of them on a responder is valid on both. The iOS 16.5 SDK
    // declares them on NSObject without an actor (`@interface NSObject (UIAccessibility)` has no
    // UI actor), so they are nonisolated here too, the properties `nonisolated(unsafe)` (stored on
    // a main-actor class, as UIKit stores them on its objects); later SDKs declare them
    // `@MainActor`.

    /// Apple (iOS 16.5 SDK): `var isAccessibilityElement: Bool { get set }` (on NSObject);
    /// later SDKs: `@MainActor var isAccessibilityElement: Bool { get set }`.
    nonisolated(unsafe) open var isAccessibilityElement = false
    /// Apple (iOS 16.5 SDK): `var accessibilityLabel: String? { get set }` (on NSObject);
    /// later SDKs: `@MainActor var accessibilityLabel: String? { get set }`.
    nonisolated(unsafe) open var accessibilityLabel: String?
    /// Apple (iOS 16.5 SDK): `var accessibilityValue: String? { get set }` (on NSObject);
    /// later SDKs: `@MainActor var accessibilityValue: String? { get set }`.
    nonisolated(unsafe) open var accessibilityValue: String?
    /// Apple (iOS 16.5 SDK): `var accessibilityTraits: UIAccessibilityTraits { get set }` (on
    /// NSObject); later SDKs: `@MainActor var accessibilityTraits: UIAccessibilityTraits { get set }`.
    nonisolated(unsafe) open var accessibilityTraits: UIAccessibilityTraits = []
    /// Apple (iOS 16.5 SDK): `var accessibilityCustomActions: [UIAccessibilityCustomAction]? { get set }`
    /// (on NSObject); later SDKs: `@MainActor var accessibilityCustomActions: [UIAccessibilityCustomAction]? { get set }`.
    nonisolated(unsafe) open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    /// Apple (iOS 16.5 SDK): `func accessibilityIncrement()` (on NSObject); later SDKs:
    /// `@MainActor func accessibilityIncrement()`. An adjustable element's swipe up.
    nonisolated open func accessibilityIncrement() {}
    /// Apple (iOS 16.5 SDK): `func accessibilityDecrement()` (on NSObject); later SDKs:
    /// `@MainActor func accessibilityDecrement()`. An adjustable element's swipe down.
    nonisolated open func accessibilityDecrement() {}
}

/// Apple: `protocol UIPopoverPresentationControllerSourceItem : NSObjectProtocol` (iOS 16): what
/// a popover can point at, a view or a bar button item. (Its iOS 17 requirement
/// `frame(in:)` is not modelled: the adapters never call it.)
@available(iOS 16.0, macCatalyst 16.0, visionOS 1.0, *)
public protocol UIPopoverPresentationControllerSourceItem: NSObjectProtocol {}

/// Apple: `@MainActor class UIView : UIResponder`. A view is on screen when it or a view it is
/// inside is a window, or it is the view of a view controller that is shown in one.
@MainActor
open class UIView: UIResponder, UIPopoverPresentationControllerSourceItem {
    /// Apple: `var frame: CGRect { get set }`. A new size asks for layout, as UIKit's does.
    open var frame: CGRect {
        didSet { if frame.size != oldValue.size { needsLayout = true } }
    }
    /// Apple: `var bounds: CGRect { get set }`.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    /// Apple: `var superview: UIView? { get }`.
    open private(set) weak var superview: UIView?
    /// Apple: `var subviews: [UIView] { get }`.
    open private(set) var subviews: [UIView] = []
    /// Apple: `var layer: CALayer { get }`.
    public let layer = CALayer()
    /// The window the view controller owning this view shows it in.
    weak var shownIn: UIWindow?

    /// Apple: `init(frame: CGRect)`.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Apple: `convenience init()`: a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Apple: `var window: UIWindow? { get }`.
    open var window: UIWindow? {
        superview?.window ?? shownIn
    }

    /// Apple: `func addSubview(_ view: UIView)`.
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Apple: `func removeFromSuperview()`.
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Apple: `@NSCopying var backgroundColor: UIColor? { get set }`.
    open var backgroundColor: UIColor?
    /// Apple: `var isHidden: Bool { get set }`.
    open var isHidden = false
    /// Apple: `var isUserInteractionEnabled: Bool { get set }`; `true` for views (an image
    /// view's is `false`).
    open var isUserInteractionEnabled = true
    /// Apple: `var isMultipleTouchEnabled: Bool { get set }`; `false` by default: the view
    /// receives only the first finger.
    open var isMultipleTouchEnabled = false
    /// Apple: `var contentScaleFactor: CGFloat { get set }`; the device's screen scale.
    open var contentScaleFactor = CGFloat(Device.current.screenScale)
    /// Apple: `var semanticContentAttribute: UISemanticContentAttribute { get set }` (iOS 9);
    /// `.unspecified` by default. It is the view's own: subviews do not inherit it.
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified
    /// Apple: `var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { get }`
    /// (iOS 10). A forced attribute gives its direction; playback and spatial content never
    /// flip (left to right); an unspecified one follows the app's language, left to right on the
    /// surface (on a device, right to left for an app running in Arabic, Hebrew or Persian).
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        semanticContentAttribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }

    // MARK: Layout

    var needsLayout = true
    /// The view controller whose view this is: told before and after it lays out.
    weak var owner: UIViewController?

    /// Apple: `func setNeedsLayout()`.
    open func setNeedsLayout() {
        needsLayout = true
    }

    /// Apple: `func layoutIfNeeded()`. Lays out this view, if it asked for it, then its
    /// subviews; a view controller's view tells its controller before and after, as UIKit does.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            owner?.viewWillLayoutSubviews()
            layoutSubviews()
            owner?.viewDidLayoutSubviews()
        }
        for view in subviews { view.layoutIfNeeded() }
    }

    /// Apple: `func layoutSubviews()`. No autoresizing or constraints are modelled: the
    /// default does nothing.
    open func layoutSubviews() {}

    /// Apple: `var safeAreaInsets: UIEdgeInsets { get }` (iOS 11). A view controller's view has
    /// its window's insets (the device's notch, home indicator and bars, set by tests) plus the
    /// controller's `additionalSafeAreaInsets`; another view, the part of its superview's it
    /// overlaps.
    open var safeAreaInsets: UIEdgeInsets {
        if let owner {
            let device = owner.shownWindow?.surfaceSafeAreaInsets ?? .zero
            let more = owner.additionalSafeAreaInsets
            return UIEdgeInsets(
                top: device.top + more.top, left: device.left + more.left, bottom: device.bottom + more.bottom,
                right: device.right + more.right)
        }
        guard let superview else { return (self as? UIWindow)?.surfaceSafeAreaInsets ?? .zero }
        let outer = superview.safeAreaInsets, room = superview.bounds.size
        return UIEdgeInsets(
            top: max(0, outer.top - frame.minY), left: max(0, outer.left - frame.minX),
            bottom: max(0, outer.bottom - (room.height - frame.maxY)), right: max(0, outer.right - (room.width - frame.maxX)))
    }

    /// Where this view's origin is in its window: its frames' origins added up.
    var originInWindow: CGPoint {
        var point = frame.origin
        var view = superview
        while let next = view, !(next is UIWindow) {
            point.x += next.frame.origin.x
            point.y += next.frame.origin.y
            view = next.superview
        }
        return point
    }

    // MARK: Touches

    /// Delivers touches as UIKit does: none to a view with user interaction off or not in a
    /// window, and only the first finger down to one without multiple touch (the others
    /// never reach it, in any phase).
    @_spi(Surface) public func surfaceTouches(_ phase: SurfaceTouchPhase, _ touches: [UITouch]) {
        guard isUserInteractionEnabled, !isHidden, window != nil else { return }
        var delivered = touches
        if !isMultipleTouchEnabled {
            if phase == .began, acceptedTouch == nil { acceptedTouch = touches.first.map(ObjectIdentifier.init) }
            delivered = touches.filter { ObjectIdentifier($0) == acceptedTouch }
        }
        guard !delivered.isEmpty else { return }
        let set = Set(delivered)
        switch phase {
        case .began: touchesBegan(set, with: UIEvent())
        case .moved: touchesMoved(set, with: UIEvent())
        case .ended: touchesEnded(set, with: UIEvent())
        case .cancelled: touchesCancelled(set, with: UIEvent())
        }
        if phase == .ended || phase == .cancelled, !isMultipleTouchEnabled { acceptedTouch = nil }
    }

    private var acceptedTouch: ObjectIdentifier?
}

/// Apple: `@MainActor class UIWindow : UIView`.
@MainActor
open class UIWindow: UIView {
    /// Apple: `var rootViewController: UIViewController? { get set }`.
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.show(in: nil)
            rootViewController?.show(in: self)
        }
    }

    /// Apple: `var isKeyWindow: Bool { get }`.
    open private(set) var isKeyWindow = false

    /// Apple: `override init(frame: CGRect)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }

    /// A window is its own window.
    open override var window: UIWindow? { self }

    /// The device's safe-area insets in this window (status bar or notch, home indicator).
    @_spi(Surface) public var surfaceSafeAreaInsets = UIEdgeInsets.zero

    /// Apple: `func makeKeyAndVisible()`.
    open func makeKeyAndVisible() {
        isKeyWindow = true
    }
}

/// Apple: `@MainActor class UIBarItem : NSObject`.
@MainActor
open class UIBarItem: NSObject {
    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `var isEnabled: Bool { get set }`.
    open var isEnabled = true
    /// Apple: `var title: String? { get set }`.
    open var title: String?
    /// Apple: `var image: UIImage? { get set }`.
    open var image: UIImage?

    /// Apple: `required init?(coder: NSCoder)` (NSCoding).
    public required init?(coder: NSCoder) {
        nil
    }
}

/// Apple: `@MainActor class UIBarButtonItem : UIBarItem`.
@MainActor
open class UIBarButtonItem: UIBarItem, UIPopoverPresentationControllerSourceItem {
    /// Apple: `init()`. Required here so `flexibleSpace()` can make a `Self`, which Objective-C's
    /// `alloc`/`init` does on Apple platforms.
    public required override init() {
        super.init()
    }

    /// Apple: `@MainActor @preconcurrency convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil)`
    /// (iOS 14). A primary action gives the item its title and image, taking precedence.
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        // Property observers do not run in an initializer: the action's title and image set here.
        self.title = primaryAction?.title ?? title
        self.image = primaryAction?.image ?? image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// Apple: `class func flexibleSpace() -> Self` (iOS 14).
    open class func flexibleSpace() -> Self {
        let item = self.init()
        item.isFlexibleSpace = true
        return item
    }

    /// Apple: `@NSCopying var primaryAction: UIAction? { get set }` (iOS 14). Setting one gives
    /// the item its title and image.
    open var primaryAction: UIAction? {
        didSet {
            guard let primaryAction else { return }
            title = primaryAction.title
            image = primaryAction.image
        }
    }
    /// Apple: `@NSCopying var menu: UIMenu? { get set }` (iOS 14).
    open var menu: UIMenu?
    @_spi(Surface) public private(set) var isFlexibleSpace = false

    /// The person tapped the item: its primary action runs, when it is enabled. (An item with
    /// only a menu shows the menu instead: see ``surfaceChoose(_:)``.)
    @_spi(Surface) public func surfaceTap() {
        guard isEnabled, let primaryAction else { return }
        primaryAction.surfacePerform()
    }

    /// The person opened the item's menu and chose the action titled `title`; `false` when the
    /// item is disabled or has no such action.
    @discardableResult
    @_spi(Surface) public func surfaceChoose(_ title: String) -> Bool {
        guard isEnabled, let action = menu?.children.compactMap({ $0 as? UIAction }).first(where: { $0.title == title }) else { return false }
        action.surfacePerform()
        return true
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }
}

/// Apple: `@MainActor class UIImageView : UIView`.
@MainActor
open class UIImageView: UIView {
    /// Apple: `var image: UIImage? { get set }`.
    open var image: UIImage?

    /// Apple: `init(image: UIImage?)`. User interaction is off, as UIKit's is for image views.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    /// Apple: `init(frame: CGRect)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }
}

/// Apple: `@MainActor class UIProgressView : UIView`. How it draws, and what VoiceOver reads
/// from it, only a device shows.
@MainActor
open class UIProgressView: UIView {
    /// Apple: `enum Style : Int` (`UIProgressViewStyle`).
    public enum Style: Int, Sendable {
        case `default` = 0, bar
    }

    /// Apple: `var progressViewStyle: UIProgressView.Style { get set }`.
    open var progressViewStyle = Style.default
    /// Apple: `var progress: Float { get set }`: pinned to 0...1, as UIKit pins it.
    open var progress: Float {
        get { fraction }
        set { fraction = newValue.isNaN ? 0 : min(1, max(0, newValue)) }
    }
    private var fraction: Float = 0

    /// Apple: `convenience init(progressViewStyle style: UIProgressView.Style)`.
    public convenience init(progressViewStyle style: UIProgressView.Style) {
        self.init(frame: .zero)
        progressViewStyle = style
    }

    /// Apple: `init(frame: CGRect)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Apple: `func setProgress(_ progress: Float, animated: Bool)`.
    open func setProgress(_ progress: Float, animated: Bool) {
        self.progress = progress
    }
}

/// Apple: `@MainActor class UIToolbar : UIView`.
@MainActor
open class UIToolbar: UIView {
    /// Apple: `var items: [UIBarButtonItem]? { get set }`.
    open var items: [UIBarButtonItem]?

    /// Apple: `func setItems(_ items: [UIBarButtonItem]?, animated: Bool)`.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        self.items = items
    }

    /// Apple: `init(frame: CGRect)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }
}

/// Apple: `@MainActor class UILabel : UIView`.
@MainActor
open class UILabel: UIView, UIContentSizeCategoryAdjusting {
    /// Apple: `var text: String? { get set }`.
    open var text: String?
    /// Apple: `var font: UIFont! { get set }`; the 17-point system font by default.
    open var font: UIFont! = UIFont(style: nil)
    /// Apple: `var textColor: UIColor! { get set }`; the system's label colour by default.
    open var textColor: UIColor! = UIColor(named: "label", white: 0)
    /// Apple: `var textAlignment: NSTextAlignment { get set }`.
    open var textAlignment = NSTextAlignment.natural
    /// Apple: `var adjustsFontForContentSizeCategory: Bool { get set }` (UIContentSizeCategoryAdjusting, iOS 10).
    open var adjustsFontForContentSizeCategory = false

    /// Apple: `init(frame: CGRect)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }
}

/// Apple: `@MainActor protocol UIContentSizeCategoryAdjusting : NSObjectProtocol` (iOS 10).
@MainActor
public protocol UIContentSizeCategoryAdjusting: NSObjectProtocol {
    /// Apple: `var adjustsFontForContentSizeCategory: Bool { get set }`.
    var adjustsFontForContentSizeCategory: Bool { get set }
}

/// Apple: `enum UISemanticContentAttribute : Int, @unchecked Sendable` (iOS 9).
public enum UISemanticContentAttribute: Int, @unchecked Sendable {
    case unspecified = 0
    case playback = 1
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
}

/// Apple: `enum UIUserInterfaceLayoutDirection : Int, @unchecked Sendable`.
public enum UIUserInterfaceLayoutDirection: Int, @unchecked Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

/// Apple: `enum NSTextAlignment : Int, @unchecked Sendable`.
public enum NSTextAlignment: Int, @unchecked Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// Apple: `class UIFont : NSObject, @unchecked Sendable`. A font is its text style here.
open class UIFont: NSObject, @unchecked Sendable {
    /// Apple: `struct TextStyle : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
    public struct TextStyle: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        init(_ rawValue: String) { self.rawValue = rawValue }
        /// Apple: `static let body: UIFont.TextStyle`.
        public static let body = TextStyle("UICTFontTextStyleBody")
        /// Apple: `static let headline: UIFont.TextStyle`.
        public static let headline = TextStyle("UICTFontTextStyleHeadline")
        /// Apple: `static let subheadline: UIFont.TextStyle`.
        public static let subheadline = TextStyle("UICTFontTextStyleSubhead")
    }

    /// The text style the font was made for; `nil` for the system font of a fixed size.
    @_spi(Surface) public let surfaceTextStyle: TextStyle?

    init(style: TextStyle?) {
        surfaceTextStyle = style
        super.init()
    }

    /// Apple: `class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont`.
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        UIFont(style: style)
    }
}

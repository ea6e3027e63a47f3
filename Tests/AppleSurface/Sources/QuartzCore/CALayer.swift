@_exported import CoreGraphics
@_spi(Surface) import CoreGraphics
import Foundation

/// Apple: `class CALayer : NSObject` (Core Animation), as far as the adapters need it: its
/// geometry (bounds, position, anchor point, affine transform), contents, visibility and tree.
/// Nothing is composited: tests read the properties the adapters set. Implicit animations are
/// not modelled (a property set takes effect at once, as in a transaction with actions off).
open class CALayer: NSObject {
    /// Apple: `var bounds: CGRect { get set }`.
    open var bounds: CGRect = .zero
    /// Apple: `var position: CGPoint { get set }`: where the anchor point sits in the
    /// superlayer's coordinates.
    open var position: CGPoint = .zero
    /// Apple: `var anchorPoint: CGPoint { get set }`: the point, in units of the bounds' size,
    /// that the layer's transform turns about and that sits at ``position``; (0.5, 0.5) by default.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// Apple: `var frame: CGRect { get set }`. Derived from the bounds, position and anchor
    /// point; as Apple documents, undefined when the transform is not the identity (the
    /// surface then gives the untransformed rectangle).
    open var frame: CGRect {
        get {
            CGRect(
                x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }
    /// Apple: `var contents: Any? { get set }`: typically a `CGImage`, stretched to the bounds.
    open var contents: Any?
    /// Apple: `var contentsGravity: CALayerContentsGravity { get set }`: `.resize` by default.
    open var contentsGravity = CALayerContentsGravity.resize
    /// Apple: `var masksToBounds: Bool { get set }`.
    open var masksToBounds = false
    /// Apple: `var isHidden: Bool { get set }`.
    open var isHidden = false
    /// Apple: `var sublayers: [CALayer]? { get set }`.
    open var sublayers: [CALayer]?
    /// Apple: `var superlayer: CALayer? { get }`.
    open private(set) weak var superlayer: CALayer?
    private var transform = CGAffineTransform.identity

    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `func affineTransform() -> CGAffineTransform`.
    open func affineTransform() -> CGAffineTransform {
        transform
    }

    /// Apple: `func setAffineTransform(_ m: CGAffineTransform)`.
    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = m
    }

    /// Apple: `func addSublayer(_ layer: CALayer)`.
    open func addSublayer(_ layer: CALayer) {
        layer.removeFromSuperlayer()
        sublayers = (sublayers ?? []) + [layer]
        layer.superlayer = self
    }

    /// Apple: `func removeFromSuperlayer()`.
    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }
}

/// Apple: `struct CALayerContentsGravity : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
public struct CALayerContentsGravity: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String

    /// Apple: `init(rawValue: String)`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Apple: `static let resize: CALayerContentsGravity`.
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Apple: `static let resizeAspect: CALayerContentsGravity`.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Apple: `static let resizeAspectFill: CALayerContentsGravity`.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// Apple: `struct CAShapeLayerFillRule : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
public struct CAShapeLayerFillRule: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String

    /// Apple: `init(rawValue: String)`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Apple: `static let nonZero: CAShapeLayerFillRule`.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Apple: `static let evenOdd: CAShapeLayerFillRule`.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// Apple: `class CAShapeLayer : CALayer`: a layer that fills and strokes a path.
open class CAShapeLayer: CALayer {
    /// Apple: `var path: CGPath? { get set }`.
    open var path: CGPath?
    /// Apple: `var fillColor: CGColor? { get set }`; opaque black by default.
    open var fillColor: CGColor? = CGColor(surfaceRed: 0, green: 0, blue: 0, alpha: 1)
    /// Apple: `var fillRule: CAShapeLayerFillRule { get set }`; `.nonZero` by default.
    open var fillRule = CAShapeLayerFillRule.nonZero
    /// Apple: `var strokeColor: CGColor? { get set }`; none by default.
    open var strokeColor: CGColor?
    /// Apple: `var lineWidth: CGFloat { get set }`; 1 by default.
    open var lineWidth: CGFloat = 1
}

/// Apple: `class CATransaction : NSObject`. Transactions group property changes; the surface
/// counts how deep explicit ones nest and whether actions are off, and applies every change at
/// once. Outside `begin()`…`commit()`, a setting goes to the thread's implicit transaction,
/// which the surface never commits: it holds until set again.
open class CATransaction: NSObject {
    nonisolated(unsafe) private static var depth = 0
    /// The implicit transaction's setting, then each explicit one's.
    nonisolated(unsafe) private static var disablesActions: [Bool] = [false]

    /// Apple: `class func begin()`.
    open class func begin() {
        depth += 1
        disablesActions.append(false)
    }

    /// Apple: `class func commit()`.
    open class func commit() {
        guard depth > 0 else { return }
        depth -= 1
        disablesActions.removeLast()
    }

    /// Apple: `class func setDisableActions(_ flag: Bool)`.
    open class func setDisableActions(_ flag: Bool) {
        disablesActions[disablesActions.count - 1] = flag
    }

    /// Apple: `class func disableActions() -> Bool`.
    open class func disableActions() -> Bool {
        disablesActions[disablesActions.count - 1]
    }

    /// How many transactions are open: 0 once each `begin()` had its `commit()`.
    @_spi(Surface) public static var surfaceDepth: Int { depth }
}

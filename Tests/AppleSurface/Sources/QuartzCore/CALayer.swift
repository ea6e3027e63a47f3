@_exported import CoreGraphics

/// Apple: `class CALayer : NSObject` (Core Animation), as far as a preview layer needs it.
open class CALayer: NSObject {
    /// Apple: `var frame: CGRect { get set }`.
    open var frame: CGRect = .zero
    /// Apple: `var bounds: CGRect { get set }`.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    /// Apple: `var sublayers: [CALayer]? { get set }`.
    open var sublayers: [CALayer]?
    /// Apple: `var superlayer: CALayer? { get }`.
    open private(set) weak var superlayer: CALayer?

    /// Apple: `init()`.
    public override init() {
        super.init()
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

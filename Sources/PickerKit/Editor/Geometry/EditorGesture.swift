#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

/// A gesture on the edit screen, as an event. Values that are not finite, and scales that are
/// not positive, are ignored.
public enum EditorGesture: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The finger moved by this translation, in points.
    case pan(CGPoint)
    /// Two fingers scaled the image by this factor about this point (points, viewport).
    case pinch(scale: Double, focus: CGPoint)
    /// A double tap here: zooms in about the point, or back out when zoomed in.
    case doubleTap(CGPoint)
    /// The fingers lifted: the image settles back inside the limits.
    case ended
    /// Back to the start: not straightened, and aspect-fill centred, or the crop the screen
    /// opened with when it was framed on the person (``EditorGeometry/openingCrop``). Turns and
    /// flips stay.
    case reset
    /// Two fingers turned the image by this many degrees (clockwise) about the mask's centre:
    /// the straighten angle follows, within ±45°. Like a pinch, the image may leave the mask a
    /// little until the gesture ends.
    case rotate(degrees: Double)
    /// The straighten control was set to this angle, in degrees clockwise (clamped to ±45°);
    /// the image settles to cover the mask at once.
    case straighten(degrees: Double)
    /// A quarter turn or a mirror flip of the image (the editor's rotate and flip buttons): the
    /// crop turns with the image, in whole pixels, so output stays pixel-exact.
    case transform(DisplayTransform)
    /// The aspect preset was switched (rectangular masks): the crop keeps its centre and as
    /// much of its area as fits.
    case aspect(AspectPreset)

    public var description: String {
        switch self {
        case let .pan(t): "pan(\(Double(t.x).short),\(Double(t.y).short))"
        case let .pinch(scale, focus): "pinch(\(scale.short) at \(Double(focus.x).short),\(Double(focus.y).short))"
        case let .doubleTap(p): "doubleTap(\(Double(p.x).short),\(Double(p.y).short))"
        case .ended: "ended"
        case .reset: "reset"
        case let .rotate(degrees): "rotate(\(degrees.short)°)"
        case let .straighten(degrees): "straighten(\(degrees.short)°)"
        case let .transform(transform): transform.rawValue
        case let .aspect(preset): "aspect(\(preset))"
        }
    }
}

#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation

/// The shape of the edit screen's mask, and so of the crop.
public enum CropShape: Sendable, Equatable, Codable, CustomStringConvertible {
    /// A circle: the crop is exactly square.
    case circle
    /// A fixed square mask: the crop is exactly square, and the edit screen offers no aspect
    /// menu. (For a square the person can switch to other ratios, configure
    /// `.rectangle(aspectRatio: 1)`: its aspect menu starts on ``AspectPreset/square``.)
    case square
    /// A rectangle of this width-to-height ratio, in ``aspectRatios``.
    case rectangle(aspectRatio: Double)

    /// The width-to-height ratios a rectangular mask takes: 1:1000 to 1000:1, far past any
    /// photo's, and every mask still at least a point across on any screen.
    public static let aspectRatios = 0.001...1000.0

    /// Whether the crop is a square.
    public var isSquare: Bool {
        switch self {
        case .circle, .square: true
        case .rectangle: false
        }
    }

    /// Whether the crop is exactly square: a circle, a square, or a rectangle of ratio 1 (the
    /// square aspect preset).
    var cropsSquare: Bool { isSquare || self == .rectangle(aspectRatio: 1) }

    public var description: String {
        switch self {
        case .circle: "circle"
        case .square: "square"
        case let .rectangle(ratio): "rectangle(\(ratio))"
        }
    }
}

/// How far the person may zoom in.
///
/// Whatever the limit, the zoom stops where one of the original's pixels fills the mask's width
/// (``EditorGeometry/maximumZoom``): a crop is never less than a pixel, and a factor as large as
/// `1e308` gives a finite zoom.
public enum ZoomLimit: Sendable, Equatable, Codable {
    /// Up to this many times the zoom at which the image just covers the mask; finite, at least 1.
    case factor(Double)
    /// Until the mask spans this many of the original's pixels: zooming further would make
    /// the output blurry.
    case minimumOutputPixels(Int)
}

/// Insets from the viewport's edges, in points.
public struct EdgeInsets: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The top inset.
    public var top: Double
    /// The left inset.
    public var left: Double
    /// The bottom inset.
    public var bottom: Double
    /// The right inset.
    public var right: Double

    /// Creates insets.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets()

    public var description: String { "(\(top.short), \(left.short), \(bottom.short), \(right.short))" }
}

/// The edit screen's layout and limits.
///
/// ```swift
/// var editor = EditorConfiguration()
/// editor.viewport = CGSize(width: 390, height: 844)
/// editor.safeArea = EdgeInsets(top: 47, bottom: 34)
/// editor.maximumZoom = .minimumOutputPixels(512)
/// ```
public struct EditorConfiguration: Sendable, Equatable, Codable {
    /// The edit screen's size, in points.
    public var viewport = CGSize(width: 375, height: 667)
    /// The part of the viewport covered by bars and rounded corners.
    public var safeArea = EdgeInsets.zero
    /// The mask's shape.
    public var shape = CropShape.circle
    /// The space between the mask and the safe area's nearer edges, in points.
    public var margin = 15.0
    /// Whether the image may be zoomed out until it fits inside the mask, leaving empty space.
    public var allowsEmptySpace = false
    /// How far the person may zoom in.
    public var maximumZoom = ZoomLimit.factor(5)

    /// The defaults: a 375×667-point screen, a circle 15 points in from the nearer edges,
    /// no empty space, zoom up to 5×.
    public init() {}
}

extension Double {
    /// At most two decimals, for transcripts: `1.5`, `0.33`, `12`.
    var short: String {
        let rounded = (self * 100).rounded() / 100
        guard rounded.isFinite, abs(rounded) < 1e15 else { return String(self) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

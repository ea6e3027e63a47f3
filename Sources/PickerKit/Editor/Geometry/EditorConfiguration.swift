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
    /// Where the screen opens on a photo just picked or captured: centred (the default), or
    /// framed on the person the picker's subject locator finds. A restored session opens on
    /// its own crop either way.
    public var initialFraming = InitialFraming.centre

    /// The defaults: a 375×667-point screen, a circle 15 points in from the nearer edges,
    /// no empty space, zoom up to 5×, opening centred.
    public init() {}
}

/// Where the edit screen opens on a photo just picked or captured.
///
/// ```swift
/// var configuration = PickerConfiguration()
/// configuration.editor.initialFraming = .subject   // open on the person
/// ```
public enum InitialFraming: String, Sendable, Equatable, Codable, CaseIterable {
    /// The largest crop the mask allows, centred on the photo, as every edit screen opens
    /// unless told otherwise.
    case centre
    /// Framed as a portrait on the face the picker's ``ProfilePicker/subjectLocator`` finds
    /// (see `SubjectFraming`): the face centred across, the eyes near the upper third, the
    /// face about 40 % of the crop's height; several faces together when they fit; a salient
    /// region when there is no face; centred when there is nothing. Undo's first step and
    /// Reset go back to this crop.
    case subject
}

extension EditorConfiguration {
    private enum CodingKeys: String, CodingKey {
        case viewport, safeArea, shape, margin, allowsEmptySpace, maximumZoom, initialFraming
    }

    /// Decodes a configuration; one saved before ``initialFraming``, or with a framing this
    /// version does not know, opens centred.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        viewport = try container.decode(CGSize.self, forKey: .viewport)
        safeArea = try container.decode(EdgeInsets.self, forKey: .safeArea)
        shape = try container.decode(CropShape.self, forKey: .shape)
        margin = try container.decode(Double.self, forKey: .margin)
        allowsEmptySpace = try container.decode(Bool.self, forKey: .allowsEmptySpace)
        maximumZoom = try container.decode(ZoomLimit.self, forKey: .maximumZoom)
        initialFraming = (try? container.decodeIfPresent(InitialFraming.self, forKey: .initialFraming)) ?? .centre
    }

    /// Encodes the configuration; ``initialFraming`` only when it is not the default, so a
    /// configuration that opens centred is saved as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(viewport, forKey: .viewport)
        try container.encode(safeArea, forKey: .safeArea)
        try container.encode(shape, forKey: .shape)
        try container.encode(margin, forKey: .margin)
        try container.encode(allowsEmptySpace, forKey: .allowsEmptySpace)
        try container.encode(maximumZoom, forKey: .maximumZoom)
        if initialFraming != .centre { try container.encode(initialFraming, forKey: .initialFraming) }
    }
}

extension Double {
    /// At most two decimals, for transcripts: `1.5`, `0.33`, `12`.
    var short: String {
        let rounded = (self * 100).rounded() / 100
        guard rounded.isFinite, abs(rounded) < 1e15 else { return String(self) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

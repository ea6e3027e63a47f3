#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

/// An affine map of the plane, written as Core Graphics and Core Animation write one:
/// `x′ = a·x + c·y + tx` and `y′ = b·x + d·y + ty`, in points, y pointing down.
///
/// It is what an edit screen sets on its photo layer (`CGAffineTransform(a:b:c:d:tx:ty:)` with
/// the same six numbers), kept platform-neutral so tests on any machine check it against
/// ``EditorRenderer``.
public struct EditorTransform: Sendable, Hashable, CustomStringConvertible {
    public var a, b, c, d, tx, ty: Double

    /// The map `x′ = a·x + c·y + tx`, `y′ = b·x + d·y + ty`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Every point stays where it is.
    public static let identity = EditorTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Scales by `sx` across and `sy` down, then moves by `tx`, `ty`.
    public static func scale(_ sx: Double, _ sy: Double, then tx: Double = 0, _ ty: Double = 0) -> EditorTransform {
        EditorTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }

    /// Turns by `degrees` clockwise as the screen shows it (y pointing down) about `centre`.
    public static func rotation(degrees: Double, about centre: CGPoint) -> EditorTransform {
        let radians = degrees * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let cx = Double(centre.x), cy = Double(centre.y)
        return EditorTransform(
            a: cosine, b: sine, c: -sine, d: cosine,
            tx: cx - cx * cosine + cy * sine, ty: cy - cx * sine - cy * cosine)
    }

    /// This map, then `next`: what `CGAffineTransform.concatenating(_:)` gives.
    public func concatenating(_ next: EditorTransform) -> EditorTransform {
        EditorTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// The map that undoes this one; `nil` when it flattens the plane (a zero determinant).
    public var inverted: EditorTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return EditorTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// Where `point` goes.
    public func apply(_ point: CGPoint) -> CGPoint {
        let x = Double(point.x), y = Double(point.y)
        return CGPoint(x: a * x + c * y + tx, y: b * x + d * y + ty)
    }

    public var description: String {
        "[\(a.short) \(b.short) \(c.short) \(d.short) \(tx.short) \(ty.short)]"
    }
}

/// The photo layer of an edit screen that moves layers while the finger moves, rather than
/// repainting pixels: its size and its transform for an ``EditorGeometry``.
///
/// The layer's contents are the photo upright (as stored, with its orientation applied; the
/// person's turns and mirror are the transform's), at any resolution: Core Animation stretches
/// them to the layer's bounds. Give the layer an anchor point and a position of zero, bounds of
/// ``size`` and ``transform`` as its affine transform: each point of the photo then lands where
/// ``EditorRenderer`` draws it.
///
/// ```swift
/// let placement = editor.photoLayer
/// photo.anchorPoint = .zero
/// photo.position = .zero
/// photo.bounds = CGRect(x: 0, y: 0, width: placement.size.width, height: placement.size.height)
/// let t = placement.transform
/// photo.setAffineTransform(CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty))
/// ```
public struct EditorPhotoLayer: Sendable, Hashable {
    /// The layer's bounds, one point per pixel of the geometry's image: the photo upright,
    /// before the person's turns.
    public var size: PixelSize
    /// Maps a point of the upright photo (its top-left corner at zero, one unit per pixel) to
    /// the viewport: the person's mirror, their quarter turns, the zoom and position, then the
    /// straighten angle about the mask's centre.
    public var transform: EditorTransform

    /// A layer of `size` placed by `transform`.
    public init(size: PixelSize, transform: EditorTransform) {
        self.size = size
        self.transform = transform
    }
}

extension EditorGeometry {
    /// Where the edit screen's photo layer goes for this geometry: a function of the geometry
    /// alone, so a touch move that changes the geometry changes only this transform.
    public var photoLayer: EditorPhotoLayer {
        let upright = quarterTurns.isMultiple(of: 2) ? imageSize : PixelSize(width: imageSize.height, height: imageSize.width)
        var width = Double(upright.width), height = Double(upright.height)
        var transform = EditorTransform.identity
        if isMirrored {
            transform = transform.concatenating(.scale(-1, 1, then: width, 0))
        }
        for _ in 0..<quarterTurns {
            // A quarter turn clockwise: (x, y) of a width × height image goes to (height − y, x).
            transform = transform.concatenating(EditorTransform(a: 0, b: 1, c: -1, d: 0, tx: height, ty: 0))
            swap(&width, &height)
        }
        transform = transform.concatenating(.scale(zoom, zoom, then: Double(origin.x), Double(origin.y)))
        if angle != 0 {
            transform = transform.concatenating(.rotation(degrees: angle, about: maskRect.center))
        }
        return EditorPhotoLayer(size: upright, transform: transform)
    }
}

extension EditorPhotoLayer {
    /// The same placement for a layer that shows only `region` of the upright photo (a sharper
    /// copy of the part on screen, ``EditorGeometry/detail(contentsLongestSide:screenScale:)``):
    /// bounds of the region's size, and a transform that first moves the region to where it sits
    /// in the photo. Each point of the region lands where it does on the whole photo's layer.
    public func showing(_ region: PixelRect) -> EditorPhotoLayer {
        EditorPhotoLayer(size: region.size, transform: EditorTransform.scale(1, 1, then: Double(region.x), Double(region.y)).concatenating(transform))
    }
}

/// A sharper copy of the part of the photo on screen, for an edit screen at rest zoomed in past
/// what its photo layer's reduced contents hold: ``region`` of the upright photo, drawn at
/// ``size`` pixels, and placed by ``EditorPhotoLayer/showing(_:)``.
public struct EditorDetail: Sendable, Equatable {
    /// The part of the upright photo on screen, in its pixels: the viewport's bounding box on
    /// the photo, inside it.
    public var region: PixelRect
    /// How many pixels to draw it at: the screen's pixels across it, never more than the photo's.
    public var size: PixelSize

    /// A copy of `region` drawn at `size`.
    public init(region: PixelRect, size: PixelSize) {
        self.region = region
        self.size = size
    }

    /// How much coarser than the screen a layer's contents may be before a sharper copy is
    /// drawn: a quarter (a pixel stretched over 1.25 of the screen's is not seen as blur).
    public static let tolerance = 1.25
}

extension EditorGeometry {
    /// The sharper copy an edit screen at rest draws, off the main thread, when its photo
    /// layer's contents (the upright photo reduced to `contentsLongestSide` pixels across) are
    /// coarser than a screen of `screenScale` pixels per point shows them (by more than
    /// ``EditorDetail/tolerance``); `nil` when they are sharp enough, or nothing of the photo
    /// is on screen.
    public func detail(contentsLongestSide: Int, screenScale: Double) -> EditorDetail? {
        let placement = photoLayer
        let upright = placement.size
        let longest = Double(max(upright.width, upright.height))
        let contentsScale = min(1, Double(max(contentsLongestSide, 1)) / longest)
        let shown = zoom * screenScale
        guard screenScale.isFinite, screenScale > 0, contentsScale < 1, shown > contentsScale * EditorDetail.tolerance,
            let inverse = placement.transform.inverted
        else { return nil }
        let v = configuration.viewport
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: v.width, y: 0), CGPoint(x: 0, y: v.height), CGPoint(x: v.width, y: v.height)]
            .map { inverse.apply($0) }
        let xs = corners.map { Double($0.x) }, ys = corners.map { Double($0.y) }
        func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max(value.rounded(rule), -Double(Self.largestImageSide)), 2 * Double(Self.largestImageSide)))
        }
        let x0 = whole(xs.min()!, .down), y0 = whole(ys.min()!, .down)
        let seen = PixelRect(x: x0, y: y0, width: whole(xs.max()!, .up) - x0, height: whole(ys.max()!, .up) - y0)
        guard let region = seen.intersection(PixelRect(size: upright)), !region.isEmpty else { return nil }
        let k = min(1, shown)
        let size = PixelSize(
            width: max(1, Int((Double(region.width) * k).rounded(.up))), height: max(1, Int((Double(region.height) * k).rounded(.up))))
        return EditorDetail(region: region, size: size)
    }
}

/// A filled rectangle of the edit screen's guides, in viewport points: a tick of the
/// straighten dial, its pointer, or the mark beside the mask's edge that the photo's top faces.
public struct EditorGuideMark: Sendable, Equatable {
    /// Where it is, in viewport points.
    public var rect: CGRect
    /// How opaque its outline colour is, 0…1.
    public var opacity: Double

    /// A mark covering `rect` in the outline colour at `opacity`.
    public init(rect: CGRect, opacity: Double) {
        self.rect = rect
        self.opacity = opacity
    }
}

/// A straight line of the thirds grid, in viewport points.
public struct EditorSegment: Sendable, Equatable {
    public var from: CGPoint
    public var to: CGPoint

    /// The line from `from` to `to`.
    public init(from: CGPoint, to: CGPoint) {
        self.from = from
        self.to = to
    }
}

/// What an edit screen of layers draws over the photo: the viewport dimmed outside the mask,
/// the mask's outline, and, while a gesture is under way, the thirds grid and the guides. It
/// changes with the layout, the aspect and (the guides) the angle and turns, never with a pan or
/// a pinch, so a screen rebuilds its shape layers only when it differs from the last.
public struct EditorOverlay: Sendable, Equatable {
    /// The viewport's size, in points: the dimming covers it, less the mask.
    public var viewport: CGSize
    /// The mask, in viewport points.
    public var mask: CGRect
    /// Whether the mask is a circle (an ellipse inscribed in ``mask``) rather than ``mask`` itself.
    public var isRound: Bool
    /// The thirds grid inside the mask, as ``EditorRenderer`` draws it: two lines down, then two
    /// across, each ending at the mask's edge (a chord of a circle).
    public var grid: [EditorSegment]
    /// The straighten dial and the mark for the photo's top, for an outline `lineWidth` wide.
    public var guides: [EditorGuideMark]
}

extension EditorGeometry {
    /// The overlay for this geometry, its guides sized for an outline `lineWidth` points wide
    /// (as ``EditorRenderer/outlineWidth``; at least 1).
    public func overlay(lineWidth: Double = 1) -> EditorOverlay {
        let mask = maskRect
        let round = configuration.shape == .circle
        let cx = Double(mask.midX), cy = Double(mask.midY), hw = Double(mask.width) / 2, hh = Double(mask.height) / 2
        // Each line spans the mask: its chord of a circle, the whole side of a rectangle.
        func chord(_ offset: Double, _ half: Double, _ radius: Double) -> Double {
            round ? (radius * radius - offset * offset).squareRoot() : half
        }
        let grid = [-1.0, 1.0].map { side in
            let x = cx + side * hw / 3, reach = chord(hw / 3, hh, hw)
            return EditorSegment(from: CGPoint(x: x, y: cy - reach), to: CGPoint(x: x, y: cy + reach))
        } + [-1.0, 1.0].map { side in
            let y = cy + side * hh / 3, reach = chord(hh / 3, hw, hh)
            return EditorSegment(from: CGPoint(x: cx - reach, y: y), to: CGPoint(x: cx + reach, y: y))
        }
        return EditorOverlay(
            viewport: configuration.viewport, mask: mask, isRound: round, grid: grid,
            guides: guides(lineWidth: lineWidth))
    }

    /// The straighten dial below the mask when there is room (ticks every 5° from −45° to 45°,
    /// the 0° one taller, and a pointer at the angle) and, when the photo is turned, a square
    /// beside the mask's edge that the photo's top faces; `lineWidth` (at least 1) sizes them.
    public func guides(lineWidth: Double) -> [EditorGuideMark] {
        let mask = maskRect
        let unit = max(1, lineWidth.isFinite ? lineWidth : 1)
        var marks: [EditorGuideMark] = []
        let room = Double(configuration.viewport.height) - Double(mask.maxY)
        if room >= 24 * unit {
            let y = Double(mask.maxY) + min(room / 2, 28 * unit), half = Double(mask.width) * 0.4
            for degrees in stride(from: -45, through: 45, by: 5) {
                let x = Double(mask.midX) + Double(degrees) / 45 * half
                let tall = (degrees == 0 ? 5 : 3) * unit
                marks.append(EditorGuideMark(rect: CGRect(x: x - unit / 2, y: y - tall, width: unit, height: 2 * tall), opacity: 0.5))
            }
            let x = Double(mask.midX) + angle / Self.largestAngle * half
            marks.append(EditorGuideMark(rect: CGRect(x: x - unit, y: y - 7 * unit, width: 2 * unit, height: 14 * unit), opacity: 1))
        }
        guard quarterTurns != 0 else { return marks }
        let side = 6 * unit, gap = 4 * unit
        let mark: CGRect = switch quarterTurns {
        case 1: CGRect(x: Double(mask.maxX) + gap, y: Double(mask.midY) - side / 2, width: side, height: side)
        case 2: CGRect(x: Double(mask.midX) - side / 2, y: Double(mask.maxY) + gap, width: side, height: side)
        default: CGRect(x: Double(mask.minX) - gap - side, y: Double(mask.midY) - side / 2, width: side, height: side)
        }
        marks.append(EditorGuideMark(rect: mark, opacity: 1))
        return marks
    }
}

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

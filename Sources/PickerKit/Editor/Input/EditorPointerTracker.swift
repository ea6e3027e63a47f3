#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation

/// A trackpad, a mouse's scroll wheel and a pointer on the edit screen, turned into the
/// gestures the geometry takes, as ``EditorTouchTracker`` turns fingers: iPad and Mac deliver
/// these to gesture recognizers, not to a view's touches, and each recognizer reports a running
/// total from its start, which this turns into the steps the geometry applies.
///
/// - A trackpad pinch (a pinch recognizer's `scale`) zooms about the pointer: as two fingers
///   pinching about that point would.
/// - A trackpad rotation (a rotation recognizer's `rotation`, radians clockwise) straightens:
///   as two fingers turning would.
/// - Scrolling (a pan recognizer's scroll `translation`) pans the photo with the content, as a
///   finger dragging it would; with ⌘ or ⌥ held it zooms about the pointer instead, in by
///   ``scrollZoomDoubling`` points of scroll towards the person (the content moving down).
/// - The end (or a cancel) of each ends the gesture: the photo settles, and undo records a step.
///
/// A double click arrives as a touch with a tap count of 2, which ``EditorTouchTracker`` already
/// turns into ``EditorGesture/doubleTap(_:)``.
///
/// ```swift
/// var pointer = EditorPointerTracker()
/// pointer.pinch(.began, scale: 1, at: p)      // []
/// pointer.pinch(.changed, scale: 1.5, at: p)  // [.pinch(scale: 1.5, focus: p)]
/// pointer.pinch(.ended, scale: 1.5, at: p)    // [.ended]
/// ```
public struct EditorPointerTracker: Sendable, Equatable {
    /// A recognizer's phase.
    public enum Phase: Sendable, Equatable {
        case began, changed, ended, cancelled
    }

    /// Points of scroll that double the zoom while ⌘ or ⌥ is held.
    public static let scrollZoomDoubling = 200.0

    /// The running totals last reported, for each recognizer under way.
    private var scale: Double?
    private var rotation: Double?
    private var translation: CGPoint?

    /// Creates a tracker with nothing under way.
    public init() {}

    /// A pinch recognizer's `scale` since it began, with the pointer at `location` (viewport
    /// points).
    public mutating func pinch(_ phase: Phase, scale: Double, at location: CGPoint) -> [EditorGesture] {
        switch phase {
        case .began:
            self.scale = usable(scale) ? scale : 1
            return []
        case .changed:
            guard let last = self.scale, usable(scale), last > 0 else { return [] }
            self.scale = scale
            return scale == last ? [] : [.pinch(scale: scale / last, focus: location)]
        case .ended, .cancelled:
            return finish(&self.scale)
        }
    }

    /// A rotation recognizer's `rotation` since it began, in radians clockwise.
    public mutating func rotate(_ phase: Phase, radians: Double) -> [EditorGesture] {
        switch phase {
        case .began:
            rotation = radians.isFinite ? radians : 0
            return []
        case .changed:
            guard let last = rotation, radians.isFinite else { return [] }
            rotation = radians
            return radians == last ? [] : [.rotate(degrees: (radians - last) * 180 / .pi)]
        case .ended, .cancelled:
            return finish(&rotation)
        }
    }

    /// A scroll pan recognizer's `translation` since it began, with the pointer at `location`;
    /// `zooming` while ⌘ or ⌥ is held.
    public mutating func scroll(_ phase: Phase, translation: CGPoint, at location: CGPoint, zooming: Bool) -> [EditorGesture] {
        let finite = Double(translation.x).isFinite && Double(translation.y).isFinite
        switch phase {
        case .began:
            self.translation = finite ? translation : .zero
            return []
        case .changed:
            guard let last = self.translation, finite else { return [] }
            self.translation = translation
            let dx = Double(translation.x - last.x), dy = Double(translation.y - last.y)
            guard dx != 0 || dy != 0 else { return [] }
            if zooming {
                guard dy != 0 else { return [] }
                return [.pinch(scale: pow(2, dy / Self.scrollZoomDoubling), focus: location)]
            }
            return [.pan(CGPoint(x: dx, y: dy))]
        case .ended, .cancelled:
            return finish(&self.translation)
        }
    }

    /// Ends a recognizer's gesture: ``EditorGesture/ended`` when one was under way.
    private func finish<Total>(_ total: inout Total?) -> [EditorGesture] {
        defer { total = nil }
        return total == nil ? [] : [.ended]
    }

    private func usable(_ scale: Double) -> Bool { scale.isFinite && scale > 0 }
}

extension EditorGeometry {
    /// The region the pointer is in at `location` (viewport points): the mask, where dragging
    /// moves the photo; `nil` outside it.
    public func pointerRegion(at location: CGPoint) -> CGRect? {
        maskRect.contains(location) ? maskRect : nil
    }
}

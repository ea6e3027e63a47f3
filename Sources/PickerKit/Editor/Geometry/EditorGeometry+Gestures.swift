#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

extension EditorGeometry {
    /// How far past the limits a gesture may stretch before the image settles back: half the
    /// minimum zoom, twice the maximum, and a quarter of the mask in position.
    static let zoomStretch = 2.0
    static let panStretch = 0.25

    /// How far a gesture's point or translation may lie from the viewport, in points, and how
    /// far one pinch may scale: finite input beyond them is clamped to them, so no product or
    /// sum of the geometry's can overflow (a pan of 1e308 points, a pinch of 1e308).
    static let gestureReach = 4 * largestViewport
    static let pinchReach = 1e6

    /// Applies a gesture. Input that is not finite, or a scale that is not positive, is
    /// ignored, and finite input is clamped: a point or translation to 400,000 points from the
    /// viewport's origin, a pinch's scale to 10⁻⁶…10⁶. The geometry never holds NaN or infinity.
    ///
    /// - Complexity: O(1).
    public mutating func apply(_ gesture: EditorGesture) {
        func reach(_ p: CGPoint) -> CGPoint {
            let r = Self.gestureReach
            return CGPoint(x: min(max(Double(p.x), -r), r), y: min(max(Double(p.y), -r), r))
        }
        switch gesture {
        case let .pan(t):
            guard t.x.isFinite, t.y.isFinite else { return }
            let t = reach(t)
            // The image follows the finger on screen: turned back onto its own axes.
            let centre = maskRect.center
            let moved = unturned(CGPoint(x: centre.x + t.x, y: centre.y + t.y))
            origin = CGPoint(x: origin.x + moved.x - centre.x, y: origin.y + moved.y - centre.y)
            clampOrigin(stretch: Self.panStretch)
        case let .pinch(scale, focus):
            guard scale.isFinite, scale > 0, focus.x.isFinite, focus.y.isFinite else { return }
            let scale = min(max(scale, 1 / Self.pinchReach), Self.pinchReach), focus = reach(focus)
            let target = min(max(zoom * scale, minimumZoom / Self.zoomStretch), maximumZoom * Self.zoomStretch)
            zoom(to: target, about: unturned(focus))
            clampOrigin(stretch: Self.panStretch)
        case let .doubleTap(point):
            guard point.x.isFinite, point.y.isFinite else { return }
            let point = reach(point)
            if zoom > minimumZoom * 1.01 {
                fill()
            } else {
                zoom(to: min(maximumZoom, minimumZoom * 2.5), about: unturned(point))
                clampOrigin(stretch: 0)
            }
        case let .rotate(degrees):
            guard degrees.isFinite else { return }
            angle = straightenable ? Self.clampedAngle(angle + degrees) : 0
            // The limits follow the angle: keep the zoom within what a gesture may stretch to.
            zoom(to: min(max(zoom, minimumZoom / Self.zoomStretch), maximumZoom * Self.zoomStretch), about: maskRect.center)
            clampOrigin(stretch: Self.panStretch)
        case let .straighten(degrees):
            guard degrees.isFinite else { return }
            angle = straightenable ? Self.clampedAngle(degrees) : 0
            settle(about: maskRect.center)
        case .ended:
            settle(about: maskRect.center)
        case .reset:
            reset()
        case let .transform(transform):
            self.transform(transform)
        case let .aspect(preset):
            switchAspect(to: preset)
        }
    }

    /// `degrees` within ±``largestAngle``, and 0 for a hair either side of it.
    /// Whether the photo can be straightened: always when empty space is allowed; otherwise only
    /// a photo at least 3 pixels a side, the smallest in which a turned crop of whole pixels
    /// (one pixel at the least) has a place inside the photo. A smaller photo's angle stays 0.
    var straightenable: Bool {
        configuration.allowsEmptySpace || min(imageSize.width, imageSize.height) >= 3
    }

    static func clampedAngle(_ degrees: Double) -> Double {
        let clamped = min(max(degrees, -largestAngle), largestAngle)
        return abs(clamped) < 1e-9 ? 0 : clamped
    }

    /// Not straightened, and the crop the screen opened with: aspect-fill centred on the mask,
    /// or the ``openingCrop`` it was framed on.
    mutating func reset() {
        angle = 0
        if let openingCrop { restore(openingCrop) } else { fill() }
    }

    /// Aspect-fill at the current angle, centred on the mask.
    mutating func fill() {
        zoom = min(max(coveringZoom, minimumZoom), maximumZoom)
        let mask = maskRect
        origin = CGPoint(
            x: Double(mask.midX) - Double(imageSize.width) * zoom / 2,
            y: Double(mask.midY) - Double(imageSize.height) * zoom / 2)
    }

    /// Zoom back inside the limits about `point`, then the position.
    mutating func settle(about point: CGPoint) {
        zoom(to: min(max(zoom, minimumZoom), maximumZoom), about: point)
        clampOrigin(stretch: 0)
    }

    /// Changes the zoom keeping the image point under `point` where it is.
    private mutating func zoom(to target: Double, about point: CGPoint) {
        let imageX = (Double(point.x) - Double(origin.x)) / zoom
        let imageY = (Double(point.y) - Double(origin.y)) / zoom
        zoom = target
        origin = CGPoint(x: Double(point.x) - imageX * zoom, y: Double(point.y) - imageY * zoom)
    }

    /// Keeps the image over the mask (or centred in it, on an axis where it is smaller),
    /// allowing `stretch` × the mask's size of overshoot. Straightened, it is the mask's
    /// bounding box on the image's axes (``maskExtent``) that must stay on the image: the image
    /// point under the mask's centre keeps half the box from each edge.
    mutating func clampOrigin(stretch: Double) {
        let mask = maskRect
        let extent = maskExtent
        func clamp(_ value: Double, length: Double, maskMid: Double, maskLength: Double, extent: Double) -> Double {
            let slack = maskLength * stretch
            if length < extent {
                // Smaller than the mask (empty space allowed, or mid-gesture): centre it.
                let centred = maskMid - length / 2
                return min(max(value, centred - slack), centred + slack)
            }
            // The image point under the mask's centre lies `maskMid − value` points in.
            let lowest = maskMid - (length - extent / 2), highest = maskMid - extent / 2
            return min(max(value, lowest - slack), highest + slack)
        }
        origin = CGPoint(
            x: clamp(Double(origin.x), length: Double(imageSize.width) * zoom, maskMid: Double(mask.midX),
                     maskLength: Double(mask.width), extent: extent.width),
            y: clamp(Double(origin.y), length: Double(imageSize.height) * zoom, maskMid: Double(mask.midY),
                     maskLength: Double(mask.height), extent: extent.height))
    }
}

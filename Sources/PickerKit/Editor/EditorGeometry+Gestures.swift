import Foundation

extension EditorGeometry {
    /// How far past the limits a gesture may stretch before the image settles back: half the
    /// minimum zoom, twice the maximum, and a quarter of the mask in position.
    static let zoomStretch = 2.0
    static let panStretch = 0.25

    /// Applies a gesture. Input that is not finite, or a scale that is not positive, is
    /// ignored: the geometry never holds NaN or infinity.
    ///
    /// - Complexity: O(1).
    public mutating func apply(_ gesture: EditorGesture) {
        switch gesture {
        case let .pan(t):
            guard t.x.isFinite, t.y.isFinite else { return }
            origin = CGPoint(x: origin.x + t.x, y: origin.y + t.y)
            clampOrigin(stretch: Self.panStretch)
        case let .pinch(scale, focus):
            guard scale.isFinite, scale > 0, focus.x.isFinite, focus.y.isFinite else { return }
            let target = min(max(zoom * scale, minimumZoom / Self.zoomStretch), maximumZoom * Self.zoomStretch)
            zoom(to: target, about: focus)
            clampOrigin(stretch: Self.panStretch)
        case let .doubleTap(point):
            guard point.x.isFinite, point.y.isFinite else { return }
            if zoom > minimumZoom * 1.01 {
                reset()
            } else {
                zoom(to: min(maximumZoom, minimumZoom * 2.5), about: point)
                clampOrigin(stretch: 0)
            }
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

    /// Aspect-fill, centred on the mask.
    mutating func reset() {
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
    /// allowing `stretch` × the mask's size of overshoot.
    mutating func clampOrigin(stretch: Double) {
        let mask = maskRect
        func clamp(_ value: Double, length: Double, maskMin: Double, maskLength: Double) -> Double {
            let slack = maskLength * stretch
            if length < maskLength {
                // Smaller than the mask (empty space allowed, or mid-gesture): centre it.
                let centred = maskMin + (maskLength - length) / 2
                return min(max(value, centred - slack), centred + slack)
            }
            let lowest = maskMin + maskLength - length, highest = maskMin
            return min(max(value, lowest - slack), highest + slack)
        }
        origin = CGPoint(
            x: clamp(Double(origin.x), length: Double(imageSize.width) * zoom, maskMin: Double(mask.minX), maskLength: Double(mask.width)),
            y: clamp(Double(origin.y), length: Double(imageSize.height) * zoom, maskMin: Double(mask.minY), maskLength: Double(mask.height)))
    }
}

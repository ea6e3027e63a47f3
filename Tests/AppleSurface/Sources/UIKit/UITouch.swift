/// Apple: `@MainActor class UITouch : NSObject`. A finger on the screen, from touch-down to
/// lift-off the same object; the surface keeps its location in window coordinates.
@MainActor
open class UITouch: NSObject {
    /// Where it is in its window.
    var windowLocation: CGPoint
    /// Apple: `var tapCount: Int { get }`.
    open private(set) var tapCount: Int

    /// A finger at `location` in its window, with `tapCount` quick taps at that place so far.
    @_spi(Surface) public init(surfaceAt location: CGPoint, tapCount: Int = 1) {
        windowLocation = location
        self.tapCount = tapCount
        super.init()
    }

    /// Moves the finger to `location`, in window coordinates.
    @_spi(Surface) public func surfaceMove(to location: CGPoint) {
        windowLocation = location
    }

    /// Apple: `func location(in view: UIView?) -> CGPoint`. In `view`'s coordinates: the window
    /// point less the view's origin in its window (frames only; no bounds origins or transforms
    /// are modelled).
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return windowLocation }
        let origin = view.originInWindow
        return CGPoint(x: windowLocation.x - origin.x, y: windowLocation.y - origin.y)
    }
}

/// Apple: `@MainActor class UIEvent : NSObject`.
@MainActor
open class UIEvent: NSObject {}

/// A phase of the touches the surface delivers to a view.
@_spi(Surface) public enum SurfaceTouchPhase: Sendable {
    case began, moved, ended, cancelled
}

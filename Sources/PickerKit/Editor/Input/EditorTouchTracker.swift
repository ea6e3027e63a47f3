#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation

/// Fingers on the edit screen, turned into the gestures the geometry takes: the one mapping
/// every edit screen uses, so what a finger does is tested without a device.
///
/// Feed it the touches a view receives (`touchesBegan`, `touchesMoved`, `touchesEnded`,
/// `touchesCancelled`), each with a stable ``Touch/id``, its location in the edit screen's
/// viewport points and its tap count; send what it returns as
/// ``UserAction/editorGesture(_:)``:
///
/// - one finger moving pans the image with it;
/// - two fingers pan with their midpoint, pinch by the change of their distance about that
///   midpoint, and (when ``rotates``) straighten by the change of the angle between them;
///   a third finger is ignored (it neither moves the photo nor starts a gesture);
/// - the last finger lifting ends the gesture (``EditorGesture/ended``), so the geometry settles
///   and undo records a step; a cancelled touch ends it the same way;
/// - a finger that lifts without moving more than ``slop`` points, as the second tap of a
///   double tap, zooms there (``EditorGesture/doubleTap(_:)``).
///
/// ```swift
/// var tracker = EditorTouchTracker()
/// tracker.began([.init(id: 1, location: CGPoint(x: 100, y: 100))])            // []
/// tracker.moved([.init(id: 1, location: CGPoint(x: 130, y: 100))])            // [.pan(30, 0)]
/// tracker.ended([.init(id: 1, location: CGPoint(x: 130, y: 100))])            // [.ended]
/// ```
public struct EditorTouchTracker: Sendable, Equatable {
    /// A finger, as a view reports it.
    public struct Touch: Sendable, Equatable {
        /// The same for the same finger from touch-down to lift-off.
        public var id: Int
        /// Where it is, in the edit screen's viewport points.
        public var location: CGPoint
        /// The taps it made in quick succession at one place: 2 on a double tap's second.
        public var tapCount: Int

        /// Creates a touch.
        public init(id: Int, location: CGPoint, tapCount: Int = 1) {
            self.id = id
            self.location = location
            self.tapCount = tapCount
        }
    }

    /// How far a finger moves, in points, before it is a gesture and not a tap; UIKit's pan
    /// gesture recognizer waits as long.
    public static let slop = 10.0

    /// How far, in degrees, two fingers turn before it is a gesture, whatever distance each
    /// finger moved: a rotation recognizer starts on the angle, not on the fingers' travel (a
    /// 10° twist of fingers 100 points apart moves each only about 9 points).
    public static let rotationSlop = 4.0

    /// Whether two fingers turning straighten the image.
    public var rotates = true

    /// The fingers down, in the order they landed, where each was last reported.
    private var fingers: [(id: Int, location: CGPoint)] = []
    /// Where each finger landed.
    private var landings: [Int: CGPoint] = [:]
    /// Whether the fingers have moved past ``slop`` since the first landed.
    public private(set) var isGesturing = false
    /// Whether more than one finger has been down since the first landed: not a tap.
    private var wasMultitouch = false

    /// A tracker with no finger down.
    public init(rotates: Bool = true) {
        self.rotates = rotates
    }

    public static func == (a: EditorTouchTracker, b: EditorTouchTracker) -> Bool {
        a.rotates == b.rotates && a.isGesturing == b.isGesturing && a.wasMultitouch == b.wasMultitouch
            && a.landings == b.landings && a.fingers.map(\.id) == b.fingers.map(\.id)
            && a.fingers.map(\.location) == b.fingers.map(\.location)
    }

    /// Fingers landed. Nothing moves yet.
    public mutating func began(_ touches: [Touch]) -> [EditorGesture] {
        for touch in touches where Self.isFinite(touch.location) {
            // An id still held (its lift never reported) starts again where it lands now.
            if let index = fingers.firstIndex(where: { $0.id == touch.id }) {
                fingers[index].location = touch.location
            } else {
                fingers.append((touch.id, touch.location))
            }
            landings[touch.id] = touch.location
        }
        if fingers.count > 1 { wasMultitouch = true }
        return []
    }

    /// Fingers moved: the pan, pinch and turn from where the first two were to where they are.
    public mutating func moved(_ touches: [Touch]) -> [EditorGesture] {
        let before = fingers.prefix(2).map(\.location)
        for touch in touches where Self.isFinite(touch.location) {
            if let index = fingers.firstIndex(where: { $0.id == touch.id }) { fingers[index].location = touch.location }
        }
        let after = fingers.prefix(2).map(\.location)
        guard !before.isEmpty, before.count == after.count else { return [] }
        if !isGesturing {
            // Past the slop, the gesture starts from where the fingers landed: no motion is lost.
            let landed = fingers.prefix(2).map { landings[$0.id] ?? $0.location }
            let far = zip(landed, after).contains { landing, now in
                hypot(Double(now.x - landing.x), Double(now.y - landing.y)) > Self.slop
            }
            guard far || (rotates && Self.turn(from: landed, to: after) >= Self.rotationSlop) else { return [] }
            isGesturing = true
            return Self.gestures(from: fingers.prefix(2).map { landings[$0.id] ?? $0.location }, to: after, rotates: rotates)
        }
        return Self.gestures(from: before, to: after, rotates: rotates)
    }

    /// Fingers lifted: the end of the gesture when the last one did, or a double tap.
    public mutating func ended(_ touches: [Touch]) -> [EditorGesture] {
        // Only a finger that was tracked can be the second tap.
        let tracked = Set(fingers.map(\.id))
        return lift(touches, tap: touches.last { $0.tapCount == 2 && Self.isFinite($0.location) && tracked.contains($0.id) })
    }

    /// The system took the touches (a call came in, a system gesture began): the gesture ends
    /// where it is, and nothing is a tap.
    public mutating func cancelled(_ touches: [Touch]) -> [EditorGesture] {
        lift(touches, tap: nil)
    }

    private mutating func lift(_ touches: [Touch], tap: Touch?) -> [EditorGesture] {
        let ids = Set(touches.map(\.id))
        fingers.removeAll { ids.contains($0.id) }
        guard fingers.isEmpty else { return [] }
        defer {
            landings = [:]
            isGesturing = false
            wasMultitouch = false
        }
        if isGesturing { return [.ended] }
        if let tap, !wasMultitouch { return [.doubleTap(tap.location)] }
        return []
    }

    /// How far, in degrees, the line between two fingers turned; 0 for one finger.
    static func turn(from before: [CGPoint], to after: [CGPoint]) -> Double {
        guard before.count == 2, after.count == 2 else { return 0 }
        let a = atan2(Double(before[1].y - before[0].y), Double(before[1].x - before[0].x))
        let b = atan2(Double(after[1].y - after[0].y), Double(after[1].x - after[0].x))
        var degrees = (b - a) * 180 / .pi
        degrees = degrees.truncatingRemainder(dividingBy: 360)
        if degrees > 180 { degrees -= 360 } else if degrees < -180 { degrees += 360 }
        return abs(degrees)
    }

    /// One finger pans; two pan with their midpoint, pinch about it and turn.
    static func gestures(from before: [CGPoint], to after: [CGPoint], rotates: Bool) -> [EditorGesture] {
        if before.count == 1 {
            let dx = Double(after[0].x - before[0].x), dy = Double(after[0].y - before[0].y)
            return dx == 0 && dy == 0 ? [] : [.pan(CGPoint(x: dx, y: dy))]
        }
        func mid(_ p: [CGPoint]) -> CGPoint { CGPoint(x: (Double(p[0].x) + Double(p[1].x)) / 2, y: (Double(p[0].y) + Double(p[1].y)) / 2) }
        func span(_ p: [CGPoint]) -> (length: Double, angle: Double) {
            let dx = Double(p[1].x - p[0].x), dy = Double(p[1].y - p[0].y)
            return (hypot(dx, dy), atan2(dy, dx))
        }
        let (m0, m1) = (mid(before), mid(after))
        var result: [EditorGesture] = []
        let dx = Double(m1.x - m0.x), dy = Double(m1.y - m0.y)
        if dx != 0 || dy != 0 { result.append(.pan(CGPoint(x: dx, y: dy))) }
        let (s0, s1) = (span(before), span(after))
        // Fingers on one spot have no distance or angle to follow.
        guard s0.length > 0, s1.length > 0 else { return result }
        if s1.length != s0.length { result.append(.pinch(scale: s1.length / s0.length, focus: m1)) }
        if rotates {
            var turn = (s1.angle - s0.angle) * 180 / .pi
            if turn > 180 { turn -= 360 } else if turn < -180 { turn += 360 }
            if turn != 0 { result.append(.rotate(degrees: turn)) }
        }
        return result
    }

    private static func isFinite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
}

import Foundation
import PickerKit
import Testing

/// Fingers on the edit screen turned into the geometry's gestures: the one mapping the UIKit
/// and SwiftUI edit screens share.
@Suite("Touches to editor gestures")
struct EditorTouchTrackerTests {
    typealias Touch = EditorTouchTracker.Touch

    static func at(_ id: Int, _ x: Double, _ y: Double, taps: Int = 1) -> Touch {
        Touch(id: id, location: CGPoint(x: x, y: y), tapCount: taps)
    }

    @Test func oneFingerPansFromWhereItLandedOnceItPassesTheSlop() {
        var t = EditorTouchTracker()
        #expect(t.began([Self.at(1, 100, 100)]) == [])
        #expect(t.moved([Self.at(1, 106, 100)]) == [], "within the slop: still a tap")
        #expect(!t.isGesturing)
        #expect(t.moved([Self.at(1, 112, 100)]) == [.pan(CGPoint(x: 12, y: 0))], "the whole way from the landing")
        #expect(t.moved([Self.at(1, 115, 96)]) == [.pan(CGPoint(x: 3, y: -4))])
        #expect(t.moved([Self.at(1, 115, 96)]) == [], "no motion, no gesture")
        #expect(t.ended([Self.at(1, 115, 96)]) == [.ended])
        #expect(t == EditorTouchTracker(), "everything forgotten after the last finger lifts")
    }

    @Test func twoFingersPanPinchAndTurnAboutTheirMidpoint() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 100, 100), Self.at(2, 200, 100)])
        // Spread to twice the distance, midpoint still: a pinch of 2 about it.
        #expect(t.moved([Self.at(1, 50, 100), Self.at(2, 250, 100)]) == [.pinch(scale: 2, focus: CGPoint(x: 150, y: 100))])
        // Both move down 10: a pan.
        #expect(t.moved([Self.at(1, 50, 110), Self.at(2, 250, 110)]) == [.pan(CGPoint(x: 0, y: 10))])
        // The second finger swings a quarter turn clockwise (y down) about the first.
        // Same distance, so no pinch: the midpoint's pan and the turn.
        let turned = t.moved([Self.at(2, 50, 310)])
        #expect(turned.count == 2, "\(turned)")
        #expect(turned.first == .pan(CGPoint(x: -100, y: 100)))
        guard case let .rotate(degrees) = turned.last else { Issue.record("\(turned)"); return }
        #expect(abs(degrees - 90) < 1e-12)
        #expect(t.ended([Self.at(1, 50, 110)]) == [], "a finger still down")
        #expect(t.ended([Self.at(2, 50, 310)]) == [.ended])
    }

    /// A twist starts on its angle, as UIRotationGestureRecognizer does: 10° with the fingers 100
    /// points apart moves each finger about 8.7 points, under the 10-point slop.
    @Test func aTwistStartsOnItsAngleNotOnEachFingersTravel() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 100, 100), Self.at(2, 200, 100)])
        func twist(_ degrees: Double) -> [Touch] {
            let r = 50.0, a = degrees * .pi / 180
            return [Self.at(1, 150 - r * cos(a), 100 - r * sin(a)), Self.at(2, 150 + r * cos(a), 100 + r * sin(a))]
        }
        #expect(t.moved(twist(3)) == [], "3°: below the rotation slop, and each finger moved 2.6 points")
        #expect(!t.isGesturing)
        let started = t.moved(twist(10))
        #expect(t.isGesturing, "10°: a turn, though each finger moved only 8.7 points")
        guard case let .rotate(degrees)? = started.last else { Issue.record("\(started)"); return }
        #expect(abs(degrees - 10) < 1e-9, "the whole turn from the landing")
        #expect(started.allSatisfy { gesture in
            switch gesture {
            case .rotate: true
            case let .pinch(scale, _): abs(scale - 1) < 1e-12  // the distance stayed, but for rounding
            default: false  // the midpoint stayed: no pan
            }
        }, "\(started)")
        // Without rotation, the same twist is not a gesture.
        var still = EditorTouchTracker(rotates: false)
        _ = still.began([Self.at(1, 100, 100), Self.at(2, 200, 100)])
        #expect(still.moved(twist(10)) == [])
    }

    @Test func turningWithoutRotationOnlyPansAndPinches() {
        var t = EditorTouchTracker(rotates: false)
        _ = t.began([Self.at(1, 0, 0), Self.at(2, 100, 0)])
        #expect(t.moved([Self.at(2, 0, 200)]) == [.pan(CGPoint(x: -50, y: 100)), .pinch(scale: 2, focus: CGPoint(x: 0, y: 100))])
    }

    @Test func aTurnAcrossTheBackOfTheCircleIsTheShortWay() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 0, 0), Self.at(2, -100, 20)])
        _ = t.moved([Self.at(2, -100, 1)])
        // Past the negative x axis: atan2 jumps from about 179.4° to -179.4°.
        let gestures = t.moved([Self.at(2, -100, -1)])
        let turn = gestures.compactMap { if case let .rotate(d) = $0 { d } else { nil } }
        #expect(turn.count == 1)
        #expect(abs((turn.first ?? 0) - 2 * atan(0.01) * 180 / .pi) < 1e-9, "a small turn clockwise, not 358.9° back: \(turn)")
    }

    @Test func aSecondTapThatDoesNotMoveIsADoubleTapThere() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 80, 90)])
        #expect(t.ended([Self.at(1, 80, 90)]) == [], "a single tap does nothing")
        _ = t.began([Self.at(2, 82, 91, taps: 2)])
        #expect(t.moved([Self.at(2, 84, 91, taps: 2)]) == [])
        #expect(t.ended([Self.at(2, 84, 91, taps: 2)]) == [.doubleTap(CGPoint(x: 84, y: 91))])
    }

    @Test func aSecondTapThatDragsPansInstead() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 80, 90, taps: 2)])
        #expect(t.moved([Self.at(1, 80, 120, taps: 2)]) == [.pan(CGPoint(x: 0, y: 30))])
        #expect(t.ended([Self.at(1, 80, 120, taps: 2)]) == [.ended])
    }

    @Test func twoFingersTappingTogetherAreNotADoubleTap() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 10, 10, taps: 2), Self.at(2, 30, 10, taps: 2)])
        #expect(t.ended([Self.at(1, 10, 10, taps: 2), Self.at(2, 30, 10, taps: 2)]) == [])
    }

    @Test func aCancelledGestureEndsAndACancelledTapDoesNothing() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 0, 0)])
        _ = t.moved([Self.at(1, 0, 40)])
        #expect(t.cancelled([Self.at(1, 0, 40)]) == [.ended])
        _ = t.began([Self.at(3, 5, 5, taps: 2)])
        #expect(t.cancelled([Self.at(3, 5, 5, taps: 2)]) == [])
    }

    @Test func aThirdFingerIsIgnoredAndLiftingOneOfTwoKeepsTheOther() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 0, 0), Self.at(2, 100, 0), Self.at(3, 500, 500)])
        #expect(t.moved([Self.at(3, 900, 900)]) == [], "only the first two count")
        #expect(!t.isGesturing, "a third finger moving starts nothing")
        #expect(t.moved([Self.at(1, 20, 0), Self.at(2, 120, 0)]) == [.pan(CGPoint(x: 20, y: 0))])
        _ = t.ended([Self.at(1, 20, 0)])
        // Now fingers 2 and 3: the same pair's motion from here, no jump.
        #expect(t.moved([Self.at(2, 130, 0), Self.at(3, 910, 900)]) == [.pan(CGPoint(x: 10, y: 0))])
    }

    @Test func aSecondTapNeverSeenLandingIsNotADoubleTap() {
        var t = EditorTouchTracker()
        #expect(t.ended([Self.at(5, 10, 10, taps: 2)]) == [])
        _ = t.began([Self.at(1, 0, 0)])
        #expect(t.ended([Self.at(1, 0, 0), Self.at(5, 10, 10, taps: 2)]) == [], "the tracked finger was a single tap")
    }

    @Test func aFingerLandingAgainUnderAnIdStillHeldStartsWhereItLands() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 0, 0)])
        _ = t.moved([Self.at(1, 30, 0)])
        // Its lift was never reported: the same id lands elsewhere.
        _ = t.began([Self.at(1, 200, 200)])
        #expect(t.moved([Self.at(1, 205, 200)]) == [.pan(CGPoint(x: 5, y: 0))], "no jump from the old place")
    }

    @Test func aSecondFingerLandingMidPanPinchesFromWhereItLanded() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 100, 100)])
        _ = t.moved([Self.at(1, 120, 100)])
        _ = t.began([Self.at(2, 220, 100)])
        #expect(t.moved([Self.at(2, 320, 100)]) == [.pan(CGPoint(x: 50, y: 0)), .pinch(scale: 2, focus: CGPoint(x: 220, y: 100))])
        #expect(t.cancelled([Self.at(2, 320, 100)]) == [], "a finger still down")
        #expect(t.isGesturing)
        #expect(t.ended([Self.at(1, 120, 100)]) == [.ended])
    }

    @Test func fingersOnOneSpotAndNonFiniteLocationsMoveNothingOdd() {
        var t = EditorTouchTracker()
        _ = t.began([Self.at(1, 50, 50), Self.at(2, 50, 50)])
        #expect(t.moved([Self.at(1, 50, 70), Self.at(2, 50, 70)]) == [.pan(CGPoint(x: 0, y: 20))])
        #expect(t.moved([Self.at(1, .nan, 3), Self.at(2, .infinity, 0)]) == [], "ignored, not a NaN gesture")
        var u = EditorTouchTracker()
        #expect(u.began([Self.at(1, .nan, 0)]) == [])
        #expect(u.moved([Self.at(1, 40, 0)]) == [], "a finger never tracked")
        #expect(u.ended([Self.at(1, 40, 0)]) == [])
    }
}

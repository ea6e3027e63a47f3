#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

/// The edit screen as VoiceOver reads it: a label, a value saying what is shown, and actions
/// that do what gestures do, so a person who cannot pinch or pan can still crop.
///
/// ```swift
/// let spoken = editor.accessibility
/// spoken.label   // "Photo"
/// spoken.value   // "zoomed 150%, showing the upper left"
/// editor.apply(EditorAccessibilityAction.zoomIn.gestures(for: editor))   // as a pinch would
/// ```
public struct EditorAccessibility: Sendable, Equatable {
    /// What the element is.
    public var label: String
    /// What it shows now.
    public var value: String
    /// The actions offered, in the order VoiceOver lists them.
    public var actions: [EditorAccessibilityAction]
}

/// An adjustable action of the edit screen, as the same gestures a finger would make.
public enum EditorAccessibilityAction: String, Sendable, Equatable, CaseIterable {
    /// Zoom in a step (the adjustable element's increment).
    case zoomIn
    /// Zoom out a step (the decrement).
    case zoomOut
    /// Show more of what is above.
    case moveUp
    /// Show more of what is below.
    case moveDown
    /// Show more of what is to the left.
    case moveLeft
    /// Show more of what is to the right.
    case moveRight
    /// A quarter turn clockwise.
    case rotate
    /// Straighten a step clockwise (``straightenStep`` degrees).
    case straightenClockwise
    /// Straighten a step counterclockwise.
    case straightenCounterclockwise
    /// Back to the start.
    case reset

    /// The zoom step: 25 % in or out.
    public static let zoomStep = 1.25
    /// The move step: a quarter of the mask.
    public static let moveStep = 0.25
    /// The straighten step, in degrees.
    public static let straightenStep = 1.0

    /// The action's name in English, as transcripts log it.
    public var name: String { name(in: PickerStrings(language: .english)) }

    /// The action's name in `strings`, for VoiceOver's actions rotor.
    public func name(in strings: PickerStrings) -> String {
        switch self {
        case .zoomIn: strings[.zoomIn]
        case .zoomOut: strings[.zoomOut]
        case .moveUp: strings[.moveUp]
        case .moveDown: strings[.moveDown]
        case .moveLeft: strings[.moveLeft]
        case .moveRight: strings[.moveRight]
        case .rotate: strings[.rotate]
        case .straightenClockwise: strings[.straightenClockwise]
        case .straightenCounterclockwise: strings[.straightenCounterclockwise]
        case .reset: strings[.reset]
        }
    }

    /// The gestures that do this on `editor`, ended as a finger's would be.
    public func gestures(for editor: EditorGeometry) -> [EditorGesture] {
        let mask = editor.maskRect
        let dx = Double(mask.width) * Self.moveStep, dy = Double(mask.height) * Self.moveStep
        switch self {
        case .zoomIn: return [.pinch(scale: Self.zoomStep, focus: mask.center), .ended]
        case .zoomOut: return [.pinch(scale: 1 / Self.zoomStep, focus: mask.center), .ended]
        // Showing more of what is above moves the image down under the mask.
        case .moveUp: return [.pan(CGPoint(x: 0, y: dy)), .ended]
        case .moveDown: return [.pan(CGPoint(x: 0, y: -dy)), .ended]
        case .moveLeft: return [.pan(CGPoint(x: dx, y: 0)), .ended]
        case .moveRight: return [.pan(CGPoint(x: -dx, y: 0)), .ended]
        case .rotate: return [.transform(.turnRight)]
        case .straightenClockwise: return [.straighten(degrees: editor.angle + Self.straightenStep)]
        case .straightenCounterclockwise: return [.straighten(degrees: editor.angle - Self.straightenStep)]
        case .reset: return [.reset]
        }
    }
}

extension EditorGeometry {
    /// The edit screen for VoiceOver in the language the person prefers (see
    /// ``accessibility(in:)``).
    public var accessibility: EditorAccessibility { accessibility(in: PickerStrings()) }

    /// The edit screen for VoiceOver in `strings`: "Photo", "zoomed 150%, showing the upper
    /// left", and every action; the zoom is relative to the image just covering the mask.
    public func accessibility(in strings: PickerStrings) -> EditorAccessibility {
        let percent = Int((zoom / coveringZoom * 100).rounded())
        var parts = [strings.format(.zoomed, number: percent), shownPart(in: strings)]
        if quarterTurns != 0 { parts.append(strings.format(.turned, number: quarterTurns * 90)) }
        if isMirrored { parts.append(strings[.mirrored]) }
        let degrees = Int(abs(angle).rounded())
        if degrees != 0 {
            parts.append(strings.format(angle > 0 ? .straightenedClockwise : .straightenedCounterclockwise, number: degrees))
        }
        return EditorAccessibility(
            label: strings[.photo], value: parts.joined(separator: strings[.listSeparator]),
            actions: EditorAccessibilityAction.allCases)
    }

    /// Which part of the image the crop shows: the whole photo, or where it is between the
    /// image's edges on each axis (first, middle or last third of the way it can move).
    func shownPart(in strings: PickerStrings) -> String {
        let crop = cropRect
        if crop.width >= imageSize.width && crop.height >= imageSize.height { return strings[.showingWhole] }
        func third(_ offset: Int, _ length: Int, _ image: Int) -> Int {
            let room = image - length
            guard room > 0 else { return 1 }
            return min(2, max(0, Int(Double(offset) / Double(room) * 3)))
        }
        let column = third(crop.x, crop.width, imageSize.width)
        let row = third(crop.y, crop.height, imageSize.height)
        let vertical = [strings[.upper], strings[.middle], strings[.lower]][row]
        let horizontal = [strings[.left], strings[.centre], strings[.right]][column]
        switch (row, column) {
        case (1, 1): return strings[.showingCentre]
        case (1, _): return strings.format(.showingPart, horizontal)
        // Each language orders the two its own way: "upper left", 左上.
        case (_, 1): return strings.format(.showingPart, strings.format(.position, vertical, strings[.middle]))
        default: return strings.format(.showingPart, strings.format(.position, vertical, horizontal))
        }
    }

    /// Applies several gestures in order.
    public mutating func apply(_ gestures: [EditorGesture]) {
        for gesture in gestures { apply(gesture) }
    }
}

#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
/// Something the person did on a screen, sent to ``ProfilePicker/send(_:from:)``.
///
/// Actions are named after what happened. Each is valid on some screens only; the coordinator
/// ignores (and logs) an action that its screen does not offer.
///
/// A minor version may add actions, with the screens and inputs that send them: give a
/// `switch` over them a `default:`.
public enum UserAction: Sendable, Equatable, CustomStringConvertible {
    /// A source was chosen in the source chooser.
    case sourceChosen(SourceType)
    /// An item was picked in a browser.
    case itemPicked(PickedItem)
    /// Items were picked in the library picker, in the order picked; none is a cancel.
    case itemsPicked([PickedItem])
    /// Cancel was tapped (or a menu or popover was dismissed).
    case cancelTapped
    /// Choose was tapped on the edit screen.
    case chooseTapped
    /// A gesture on the edit screen.
    case editorGesture(EditorGesture)
    /// The shutter was pressed on the camera.
    case shutterTapped
    /// Record was pressed on the camera (movies offered).
    case recordTapped
    /// Stop was pressed while the camera records.
    case stopTapped
    /// The camera was switched between rear and front.
    case cameraSwitched
    /// The flash setting was changed.
    case flashModeChanged(FlashMode)
    /// Play was tapped on a movie's preview.
    case playTapped
    /// The trim handles moved to keep `start`…`end` of the movie.
    case trimChanged(start: Duration, end: Duration)
    /// A VoiceOver action on the edit screen: it does what the gestures it stands for do.
    case accessibilityAction(EditorAccessibilityAction)
    /// The edit screen was laid out anew (it appeared, the device turned, a split view or window
    /// resized): its viewport and safe area, in points. The image keeps what is under the mask
    /// (``EditorGeometry/laidOut(viewport:safeArea:)``); undo and redo keep their steps.
    case editorLaidOut(viewport: CGSize, safeArea: EdgeInsets)
    /// Undo was tapped on the edit screen.
    case undoTapped
    /// Redo was tapped on the edit screen.
    case redoTapped
    /// "Select more photos" was tapped in a browser or library picker that browses the library
    /// in the app (``LibraryAccess/inApp``) with limited access.
    case selectMoreTapped
    /// The person dismissed the presented screen themselves: swiped a sheet down, or tapped
    /// outside a popover. Sent by the presenter from the presented route; it is already gone.
    case interactivelyDismissed

    public var description: String {
        switch self {
        case let .sourceChosen(source): "sourceChosen(\(source))"
        case let .itemPicked(item): "itemPicked(\(item))"
        case let .itemsPicked(items): "itemsPicked(\(items.map(\.id).joined(separator: ", ")))"
        case .cancelTapped: "cancelTapped"
        case .chooseTapped: "chooseTapped"
        case let .editorGesture(gesture): "editorGesture(\(gesture))"
        case .shutterTapped: "shutterTapped"
        case .recordTapped: "recordTapped"
        case .stopTapped: "stopTapped"
        case .cameraSwitched: "cameraSwitched"
        case let .flashModeChanged(mode): "flashModeChanged(\(mode.rawValue))"
        case .playTapped: "playTapped"
        case let .trimChanged(start, end): "trimChanged(\(start.seconds)s–\(end.seconds)s)"
        case .interactivelyDismissed: "interactivelyDismissed"
        case .selectMoreTapped: "selectMoreTapped"
        case .undoTapped: "undoTapped"
        case let .editorLaidOut(viewport, safeArea):
            "editorLaidOut(\(Double(viewport.width).short)x\(Double(viewport.height).short), safe \(safeArea))"
        case let .accessibilityAction(action): "accessibilityAction(\(action.rawValue))"
        case .redoTapped: "redoTapped"
        }
    }
}

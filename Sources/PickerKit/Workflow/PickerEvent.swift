#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

/// What the coordinator decided, one event per decision, in order: the session's log.
///
/// Set ``ProfilePicker/eventHandler`` to receive them. With the presenter's and delegate's
/// calls they make a complete transcript of a session (PickerKitTesting's `Transcript`).
///
/// A minor version may add events, as it adds decisions: give a `switch` over them a `default:`.
public enum PickerEvent: Sendable, Equatable, CustomStringConvertible {
    /// A session started.
    case sessionStarted(SessionEntry)
    /// Starting failed; nothing stays presented and no callback follows.
    case startFailed(PickerError)
    /// The person was asked for access to a source and answered.
    case authorizationRequested(SourceType, AuthorizationStatus)
    /// An action was not acted on, and why.
    case actionIgnored(UserAction, route: Route.ID, reason: IgnoreReason)
    /// The person was offered more items to allow, with limited access, and is done.
    case moreItemsSelected(SourceType)
    /// A picked item started loading.
    case loadStarted(PickedItem)
    /// A picked item reported progress while loading.
    case loadProgress(PickedItem, Double)
    /// A picked item loaded.
    case loadSucceeded(PickedItem, summary: String)
    /// A picked item failed to load; the browser stays open.
    case loadFailed(PickedItem, PickerError)
    /// A gesture moved or scaled the image on the edit screen; the crop it now gives.
    case editorChanged(EditorGesture, crop: PixelRect)
    /// Undo (or redo, `undone` false) on the edit screen; the crop it now gives.
    case editorHistory(undone: Bool, crop: PixelRect)
    /// The edit screen was laid out anew in a viewport of this size; the crop it now gives.
    case editorLaidOut(viewport: CGSize, crop: PixelRect)
    /// The edit screen opened framed on what the subject locator found (none: centred); the
    /// crop it opened with.
    case editorFramed(subject: [SubjectRegion], crop: PixelRect)
    /// The subject locator failed: the edit screen opened centred.
    case subjectLocationFailed(ErrorCause)
    /// The camera's capture session started on a device.
    case cameraReady(CameraDevice)
    /// The camera's device or flash changed.
    case cameraChanged(device: CameraDevice, flash: FlashMode)
    /// The shutter was pressed; the photo is taken after the remaining warm-up.
    case captureStarted(warmUp: Duration)
    /// The camera took a photo.
    case captured(summary: String)
    /// The camera failed to take a photo or a movie; it stays open to try again.
    case captureFailed(PickerError)
    /// The camera started recording; it stops by itself at the maximum duration.
    case recordingStarted(maximum: Duration)
    /// The camera stopped recording, at the person's Stop or at the maximum duration.
    case recordingStopped(file: String, duration: Duration, atMaximum: Bool)
    /// A movie's preview plays.
    case moviePlaying(String)
    /// The trim range kept, after clamping to the movie and the maximum duration.
    case movieTrimmed(ClosedRange<Duration>)
    /// Choose started an export of the kept part of `file` at `quality` (``MovieExporter``).
    case movieExportStarted(file: String, ClosedRange<Duration>, VideoQuality)
    /// The export wrote its file, which the session finishes with.
    case movieExported(file: String)
    /// The export failed; an alert says so, then the preview shows again.
    case movieExportFailed(PickerError)
    /// The person cancelled the export; the preview stays, and its partial file is deleted.
    case movieExportCancelled
    /// The movie was chosen as it is, though it needed an export (`reason`): no
    /// ``ProfilePicker/movieExporter`` is set, so the result carries the original file and the
    /// trim range for the app to export.
    case movieNotExported(_ reason: String)
    /// The navigation stack went back to a route by itself (the person swiped back).
    case navigationSynced(to: Route.ID)
    /// The navigation stack reported a route the coordinator does not know; ignored.
    case unknownRouteShown(Route.ID)
    /// The session ended with its one outcome.
    case sessionEnded(SessionOutcome)
    /// A presentation or dismissal (`what`) was given up without its completion, for `reason`;
    /// the picker went on as if it had finished, and ignores a completion that comes later.
    case transitionGivenUp(String, reason: TransitionGiveUp)
    /// The source chooser (or ``ProfilePicker/sourceMenu(anchor:)``) left `source` out, because
    /// starting it directly would fail with `reason`: a missing usage key
    /// (``PickerError/missingUsageDescription(_:)``), a device without it
    /// (``PickerError/sourceUnavailable(_:)``), media types it does not offer, no camera session.
    /// Logged once per chooser, before it shows, so a developer who misses "Take photo" learns
    /// why; when every source is left out, each is logged before the start fails with
    /// ``PickerError/noSourceAvailable`` (``startFailed(_:)``).
    case sourceLeftOut(SourceType, reason: PickerError)

    /// Why a transition was given up.
    public enum TransitionGiveUp: Sendable, Equatable, CustomStringConvertible {
        /// The presenter released the completion without calling it: it was itself released,
        /// or dropped the completion.
        case completionReleased
        /// The completion did not come within ``PickerConfiguration/transitionDeadline``.
        case deadline(Duration)

        public var description: String {
            switch self {
            case .completionReleased: "its completion was released uncalled (the presenter went)"
            case let .deadline(duration): "no completion within \(duration.seconds)s"
            }
        }
    }

    /// Why an action was ignored.
    public enum IgnoreReason: String, Sendable, Equatable {
        /// No session is running.
        case noSession = "no session"
        /// The session is still starting (asking for access).
        case starting
        /// The route is not frontmost: it was popped or dismissed.
        case notFrontmost = "not frontmost"
        /// The screen does not offer this action.
        case notOffered = "not offered here"
        /// An item is loading, or a photo is being taken.
        case busy
        /// More items than the selection limit allows.
        case overLimit = "over the selection limit"
        /// Undo or redo with no step to go to.
        case nothingToUndo = "nothing to undo or redo"
        /// An edit screen layout with no room for the mask (a view not laid out yet, or
        /// insets that fill it): the edit stays as it was laid out before.
        case noRoomForMask = "no room for the mask"
    }

    public var description: String {
        switch self {
        case let .sessionStarted(entry): "start \(entry)"
        case let .startFailed(error): "start failed: \(error)"
        case let .authorizationRequested(source, status): "asked access to \(source): \(status.rawValue)"
        case let .actionIgnored(action, route, reason): "ignored \(action) on \(route): \(reason.rawValue)"
        case let .moreItemsSelected(source): "more items selected for \(source)"
        case let .loadStarted(item): "load \(item)"
        case let .loadProgress(item, fraction): "progress \(item.id) \(Int((fraction * 100).rounded()))%"
        case let .loadSucceeded(item, summary): "loaded \(item.id): \(summary)"
        case let .loadFailed(item, error): "load failed \(item.id): \(error)"
        case let .editorChanged(gesture, crop): "editor \(gesture): crop \(crop)"
        case let .editorHistory(undone, crop): "editor \(undone ? "undo" : "redo"): crop \(crop)"
        case let .editorLaidOut(viewport, crop): "editor laid out \(Double(viewport.width).short)x\(Double(viewport.height).short): crop \(crop)"
        case let .editorFramed(subject, crop):
            "editor framed on \(subject.isEmpty ? "nothing" : subject.map(\.description).joined(separator: ", ")): crop \(crop)"
        case let .subjectLocationFailed(error): "subject location failed: \(error)"
        case let .cameraReady(device): "camera ready: \(device.rawValue)"
        case let .cameraChanged(device, flash): "camera \(device.rawValue), flash \(flash.rawValue)"
        case let .captureStarted(warmUp): "shutter: capture after \(warmUp.seconds)s"
        case let .captured(summary): "captured \(summary)"
        case let .captureFailed(error): "capture failed: \(error)"
        case let .recordingStarted(maximum): "recording, at most \(maximum.seconds)s"
        case let .recordingStopped(file, duration, atMaximum):
            "recorded \(file) \(duration.seconds)s\(atMaximum ? " (the maximum)" : "")"
        case let .moviePlaying(name): "playing \(name)"
        case let .movieTrimmed(range): "trim \(range.listed)"
        case let .movieExportStarted(file, range, quality): "export \(file) \(range.listed) \(quality.rawValue)"
        case let .movieExported(file): "exported \(file)"
        case let .movieExportFailed(error): "export failed: \(error)"
        case .movieExportCancelled: "export cancelled"
        case let .movieNotExported(reason): "movie not exported: \(reason)"
        case let .navigationSynced(route): "navigation back to \(route)"
        case let .unknownRouteShown(route): "unknown route shown \(route)"
        case let .sessionEnded(outcome): "end \(outcome)"
        case let .transitionGivenUp(what, reason): "gave up \(what): \(reason)"
        case let .sourceLeftOut(source, reason): "chooser left out \(source): \(reason)"
        }
    }
}

/// How a session ended.
public enum SessionOutcome: Sendable, Equatable, CustomStringConvertible {
    /// Finished with a result, told by its ``ProfilePickerResult/summary``.
    case finished(String)
    /// Cancelled, and by whom.
    case cancelled(CancelReason)
    /// Stopped on an error after starting.
    case failed(PickerError)

    public var description: String {
        switch self {
        case let .finished(summary): "finished \(summary)"
        case let .cancelled(reason): "cancelled (\(reason.rawValue))"
        case let .failed(error): "failed: \(error)"
        }
    }
}

/// Who cancelled a session.
public enum CancelReason: String, Sendable, Equatable {
    /// The person tapped Cancel.
    case user
    /// The task awaiting ``ProfilePicker/pick(_:anchor:)`` was cancelled.
    case task
    /// The presenter was released during the session.
    case presenterGone = "presenter gone"
    /// The host called ``ProfilePicker/cancel()``.
    case host
    /// The delegate was released during a session that reports to it.
    case delegateGone = "delegate gone"
}

extension Duration {
    /// Seconds, at most three decimals: `0.75`.
    package var seconds: String {
        let (s, attoseconds) = components
        let value = Double(s) + Double(attoseconds) / 1e18
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

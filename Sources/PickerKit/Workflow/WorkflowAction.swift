import Foundation
import PickerImaging

/// Everything that can happen to a picker's workflow, fed to ``Workflow/reduce(_:)``.
///
/// Actions are named after what happened. Results of work the workflow asked for carry the
/// session they belong to (``response(session:_:)``): one rule drops every result whose
/// session is no longer the running one.
public enum WorkflowAction: Sendable, Equatable {
    /// The host starts a session.
    case start(PickRequest, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts, requiresDelegate: Bool)
    /// The person did something on the screen shown by `route`, at `time` on the picker's clock.
    case user(UserAction, route: Route.ID, at: Duration)
    /// The picker's navigation stack now shows `route` (reported through the navigation proxy).
    case navigationShown(Route)
    /// The host cancelled the session (``ProfilePicker/cancel()``).
    case hostCancelled
    /// The presenter was released during the session.
    case presenterGone
    /// The presenter could not show the presented route `route` (its host is gone, off screen
    /// or presenting something else), and says why.
    case presentationFailed(Route.ID, reason: PresentationProblem)
    /// A screen that is shown cannot work (it has nothing to draw): the session ends with
    /// ``PickerError/presentationFailed(_:)`` and what is shown goes.
    case screenFailed(Route.ID, reason: PresentationProblem)
    /// The delegate was released during a session that reports to it.
    case delegateGone
    /// A response for `session`: an answer, a load, a capture, a deadline.
    case response(session: Int, WorkflowResponse)

    /// The session an action belongs to, for responses; `nil` for the others.
    public var session: Int? {
        if case let .response(session, _) = self { session } else { nil }
    }
}

/// What comes back from work a ``WorkflowEffect`` started, or from the task awaiting a session.
///
/// A minor version may add responses, with the effects that ask for them.
public enum WorkflowResponse: Sendable, Equatable {
    /// The access check of a source: the status, and whether the person was asked just now.
    case accessAnswered(SourceType, AuthorizationStatus, asked: Bool)
    /// The person is done allowing more items of a source.
    case moreItemsSelected(SourceType)
    /// A picked item reported progress.
    case loadProgress(PickedItem, Double)
    /// A picked item loaded or failed; `slot` is its place in a multiple selection.
    case loaded(PickedItem, slot: Int?, Result<PickedMedia, PickerError>)
    /// The capture session started on `device` at `time` on the picker's clock.
    case cameraReady(CameraDevice, at: Duration)
    /// The capture session could not start.
    case cameraFailed(ErrorCause)
    /// The camera took a photo, or failed to.
    case captured(Result<any ImageBuffer, PickerError>)
    /// The camera started recording, or failed to.
    case recordingStarted(Result<Void, PickerError>)
    /// The camera stopped recording: the movie's file and length, or a failure.
    case recordingStopped(Result<RecordedMovie, PickerError>)
    /// A timer the workflow started has run out.
    case deadline(WorkflowTimer)
    /// The edit made on the edit screen `route` was rendered, or failed to.
    case rendered(Result<any ImageBuffer, PickerError>, EditSession, route: Route.ID)
    /// The subject locator found these regions in the photo on the edit screen `route`, or
    /// failed to.
    case subjectLocated(route: Route.ID, Result<[SubjectRegion], ErrorCause>)
    /// The preview's `attempt`th export has come this far (0 to 1).
    case movieExportProgress(attempt: Int, Double)
    /// The preview's `attempt`th export wrote its file, or failed.
    case movieExported(attempt: Int, Result<URL, PickerError>)
    /// The task awaiting the session (``ProfilePicker/pick(_:anchor:)``, or a start waiting
    /// for access) was cancelled.
    case taskCancelled

    /// Equal when the cases and their values are, images compared as
    /// `ImageBuffer.isSame(as:)` compares them. The switch names every case: a new one does not
    /// compile until it says how it compares.
    public static func == (a: WorkflowResponse, b: WorkflowResponse) -> Bool {
        switch a {
        case let .accessAnswered(x, xStatus, xAsked):
            if case let .accessAnswered(y, yStatus, yAsked) = b { x == y && xStatus == yStatus && xAsked == yAsked } else { false }
        case let .moreItemsSelected(x): if case let .moreItemsSelected(y) = b { x == y } else { false }
        case let .loadProgress(x, xFraction): if case let .loadProgress(y, yFraction) = b { x == y && xFraction == yFraction } else { false }
        case let .loaded(x, xSlot, xResult):
            if case let .loaded(y, ySlot, yResult) = b { x == y && xSlot == ySlot && xResult == yResult } else { false }
        case let .cameraReady(x, xTime): if case let .cameraReady(y, yTime) = b { x == y && xTime == yTime } else { false }
        case let .cameraFailed(x): if case let .cameraFailed(y) = b { x == y } else { false }
        case let .captured(x): if case let .captured(y) = b { Self.same(x, y) } else { false }
        case let .recordingStarted(x): if case let .recordingStarted(y) = b { x.map { true } == y.map { true } } else { false }
        case let .recordingStopped(x): if case let .recordingStopped(y) = b { x == y } else { false }
        case let .deadline(x): if case let .deadline(y) = b { x == y } else { false }
        case let .rendered(x, xEdit, xRoute):
            if case let .rendered(y, yEdit, yRoute) = b { Self.same(x, y) && xEdit == yEdit && xRoute == yRoute } else { false }
        case let .subjectLocated(x, xResult): if case let .subjectLocated(y, yResult) = b { x == y && xResult == yResult } else { false }
        case let .movieExportProgress(x, xFraction):
            if case let .movieExportProgress(y, yFraction) = b { x == y && xFraction == yFraction } else { false }
        case let .movieExported(x, xResult): if case let .movieExported(y, yResult) = b { x == y && xResult == yResult } else { false }
        case .taskCancelled: if case .taskCancelled = b { true } else { false }
        }
    }

    private static func same(_ a: Result<any ImageBuffer, PickerError>, _ b: Result<any ImageBuffer, PickerError>) -> Bool {
        switch a {
        case let .success(x): if case let .success(y) = b { x.isSame(as: y) } else { false }
        case let .failure(x): if case let .failure(y) = b { x == y } else { false }
        }
    }
}

/// A recorded movie.
public struct RecordedMovie: Sendable, Equatable {
    /// The movie's file.
    public var url: URL
    /// Its length.
    public var duration: Duration

    /// Creates a recorded movie.
    public init(url: URL, duration: Duration) {
        self.url = url
        self.duration = duration
    }
}

/// The timers a workflow runs on the picker's clock.
public enum WorkflowTimer: Sendable, Hashable {
    /// The rest of the camera's warm-up before a capture.
    case warmUp
    /// The maximum duration of a recording.
    case recordingLimit
}

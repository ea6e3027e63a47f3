import Foundation
import PickerImaging

/// What the reducer asks the runner (``ProfilePicker``) to do, in order: events to log, calls
/// to the seams, and work whose results come back as ``WorkflowResponse``s tagged with the
/// session.
///
/// A minor version may add effects, for new seams and features (the movie export came so): a
/// host that runs the reducer itself gives its `switch` over them a `default:`, and performs
/// those its features use.
public enum WorkflowEffect: Sendable, Equatable {
    /// Log an event.
    case emit(PickerEvent)
    /// Refuse the start that is being made, with this error.
    case rejectStart(PickerError)
    /// Present `route`; a navigation stack gets the coordinator's navigation proxy first.
    case present(Route, PresentationStyle, animated: Bool)
    /// Dismiss everything presented.
    case dismiss(animated: Bool)
    /// Push `route` on the presented navigation stack.
    case push(Route, animated: Bool)
    /// Pop the frontmost route.
    case pop(animated: Bool)
    /// Hide or show the navigation bar.
    case setNavigationBarHidden(Bool)
    /// Tell the person something went wrong while the session goes on.
    case showAlert(PickerError)
    /// Check access to `source`, asking the person when not yet asked; answers
    /// ``WorkflowResponse/accessAnswered(_:_:asked:)``.
    case checkAccess(SourceType, session: Int)
    /// Let the person allow more items of `source`; answers ``WorkflowResponse/moreItemsSelected(_:)``.
    case selectMoreItems(SourceType, session: Int)
    /// Load a picked item (in a representation, for the library picker); answers
    /// ``WorkflowResponse/loaded(_:slot:_:)`` after any ``WorkflowResponse/loadProgress(_:_:)``.
    case load(PickedItem, representation: LibraryPickerConfiguration.Representation?, slot: Int?, session: Int)
    /// Start the capture session on `device`; answers ``WorkflowResponse/cameraReady(_:at:)`` or
    /// ``WorkflowResponse/cameraFailed(_:)``. A session that ends meanwhile has the camera
    /// torn down as soon as it has started.
    case prepareCamera(CameraDevice, session: Int)
    /// Take a photo; answers ``WorkflowResponse/captured(_:)``.
    case captureStill(FlashMode, session: Int)
    /// Start recording; answers ``WorkflowResponse/recordingStarted(_:)``.
    case startRecording(session: Int)
    /// Stop recording; answers ``WorkflowResponse/recordingStopped(_:)``.
    case stopRecording(session: Int)
    /// Stop the capture session.
    case tearDownCamera
    /// Run `timer` for `duration` on the picker's clock; answers ``WorkflowResponse/deadline(_:)``.
    case startTimer(WorkflowTimer, Duration, session: Int)
    /// Stop `timer` without an answer.
    case cancelTimer(WorkflowTimer)
    /// Render an edit of `original`, made on the edit screen `route`, off the main actor;
    /// answers ``WorkflowResponse/rendered(_:_:route:)``.
    case render(EditSession, original: any ImageBuffer, route: Route.ID, session: Int)
    /// Find where the subject of `image` is, shown on the edit screen `route`, with the
    /// picker's ``ProfilePicker/subjectLocator``, off the main actor; answers
    /// ``WorkflowResponse/subjectLocated(route:_:)``. Asked when the screen opens on a photo
    /// with ``InitialFraming/subject``.
    case locateSubject(any ImageBuffer, route: Route.ID, session: Int)
    /// Tell the photo source that `media` it delivered is dropped (``PhotoSource/discard(_:)``).
    case discard(PickedMedia)
    /// Export `range` of the movie at `source`, at `quality`, with the ``MovieExporter``: the
    /// preview's `attempt`th export; answered with ``WorkflowResponse/movieExportProgress(attempt:_:)``
    /// and ``WorkflowResponse/movieExported(attempt:_:)``. The runner picks the destination.
    case exportMovie(source: URL, range: ClosedRange<Duration>, quality: VideoQuality, attempt: Int, session: Int)
    /// Stop the running export; its partial file is deleted, and no answer comes.
    case cancelMovieExport
    /// Delete a file an export wrote that no result carries (it finished after its session).
    case deleteExport(URL)
    /// The session ended: stop its work, then hand `outcome` to the awaiting task and the delegate.
    case deliver(SessionEnd, session: Int)

    /// Equal when the cases and their values are, images compared as
    /// `ImageBuffer.isSame(as:)` compares them. The switch names every case: a new one does not
    /// compile until it says how it compares.
    public static func == (a: WorkflowEffect, b: WorkflowEffect) -> Bool {
        switch a {
        case let .emit(x): if case let .emit(y) = b { x == y } else { false }
        case let .rejectStart(x): if case let .rejectStart(y) = b { x == y } else { false }
        case let .present(x, xStyle, xAnimated):
            if case let .present(y, yStyle, yAnimated) = b { x == y && xStyle == yStyle && xAnimated == yAnimated } else { false }
        case let .dismiss(x): if case let .dismiss(y) = b { x == y } else { false }
        case let .push(x, xAnimated): if case let .push(y, yAnimated) = b { x == y && xAnimated == yAnimated } else { false }
        case let .pop(x): if case let .pop(y) = b { x == y } else { false }
        case let .setNavigationBarHidden(x): if case let .setNavigationBarHidden(y) = b { x == y } else { false }
        case let .showAlert(x): if case let .showAlert(y) = b { x == y } else { false }
        case let .checkAccess(x, xSession): if case let .checkAccess(y, ySession) = b { x == y && xSession == ySession } else { false }
        case let .selectMoreItems(x, xSession):
            if case let .selectMoreItems(y, ySession) = b { x == y && xSession == ySession } else { false }
        case let .load(x, xRepresentation, xSlot, xSession):
            if case let .load(y, yRepresentation, ySlot, ySession) = b {
                x == y && xRepresentation == yRepresentation && xSlot == ySlot && xSession == ySession
            } else { false }
        case let .prepareCamera(x, xSession): if case let .prepareCamera(y, ySession) = b { x == y && xSession == ySession } else { false }
        case let .captureStill(x, xSession): if case let .captureStill(y, ySession) = b { x == y && xSession == ySession } else { false }
        case let .startRecording(x): if case let .startRecording(y) = b { x == y } else { false }
        case let .stopRecording(x): if case let .stopRecording(y) = b { x == y } else { false }
        case .tearDownCamera: if case .tearDownCamera = b { true } else { false }
        case let .startTimer(x, xDuration, xSession):
            if case let .startTimer(y, yDuration, ySession) = b { x == y && xDuration == yDuration && xSession == ySession } else { false }
        case let .cancelTimer(x): if case let .cancelTimer(y) = b { x == y } else { false }
        case let .render(x, xImage, xRoute, xSession):
            if case let .render(y, yImage, yRoute, ySession) = b {
                x == y && xImage.isSame(as: yImage) && xRoute == yRoute && xSession == ySession
            } else { false }
        case let .locateSubject(x, xRoute, xSession):
            if case let .locateSubject(y, yRoute, ySession) = b { x.isSame(as: y) && xRoute == yRoute && xSession == ySession } else { false }
        case let .discard(x): if case let .discard(y) = b { x == y } else { false }
        case let .exportMovie(x, xRange, xQuality, xAttempt, xSession):
            if case let .exportMovie(y, yRange, yQuality, yAttempt, ySession) = b {
                x == y && xRange == yRange && xQuality == yQuality && xAttempt == yAttempt && xSession == ySession
            } else { false }
        case .cancelMovieExport: if case .cancelMovieExport = b { true } else { false }
        case let .deleteExport(x): if case let .deleteExport(y) = b { x == y } else { false }
        case let .deliver(x, xSession): if case let .deliver(y, ySession) = b { x == y && xSession == ySession } else { false }
        }
    }
}

/// How a session ended, as the runner hands it on.
public enum SessionEnd: Sendable, Equatable {
    /// Finished with a result.
    case finished(ProfilePickerResult)
    /// Cancelled, and by whom.
    case cancelled(CancelReason)
    /// Stopped on an error after it started.
    case failed(PickerError)
}

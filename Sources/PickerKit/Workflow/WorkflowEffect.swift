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

    public static func == (a: WorkflowEffect, b: WorkflowEffect) -> Bool {
        switch (a, b) {
        case let (.render(x, xImage, xRoute, xSession), .render(y, yImage, yRoute, ySession)):
            x == y && xImage.isSame(as: yImage) && xRoute == yRoute && xSession == ySession
        case (.render, _), (_, .render): false
        default: a.comparable == b.comparable
        }
    }

    /// Every case but ``render(_:original:route:session:)``, whose image is compared apart.
    private var comparable: Comparable? {
        switch self {
        case let .emit(event): .emit(event)
        case let .rejectStart(error): .rejectStart(error)
        case let .present(route, style, animated): .present(route, style, animated)
        case let .dismiss(animated): .dismiss(animated)
        case let .push(route, animated): .push(route, animated)
        case let .pop(animated): .pop(animated)
        case let .setNavigationBarHidden(hidden): .setNavigationBarHidden(hidden)
        case let .showAlert(error): .showAlert(error)
        case let .checkAccess(source, session): .checkAccess(source, session)
        case let .selectMoreItems(source, session): .selectMoreItems(source, session)
        case let .load(item, representation, slot, session): .load(item, representation, slot, session)
        case let .prepareCamera(device, session): .prepareCamera(device, session)
        case let .captureStill(flash, session): .captureStill(flash, session)
        case let .startRecording(session): .startRecording(session)
        case let .stopRecording(session): .stopRecording(session)
        case .tearDownCamera: .tearDownCamera
        case let .startTimer(timer, duration, session): .startTimer(timer, duration, session)
        case let .cancelTimer(timer): .cancelTimer(timer)
        case .render: nil
        case let .discard(media): .discard(media)
        case let .exportMovie(source, range, quality, attempt, session): .exportMovie(source, range, quality, attempt, session)
        case .cancelMovieExport: .cancelMovieExport
        case let .deleteExport(url): .deleteExport(url)
        case let .deliver(outcome, session): .deliver(outcome, session)
        }
    }

    /// The cases whose values are all `Equatable`, for the compiler to compare.
    private enum Comparable: Equatable {
        case emit(PickerEvent), rejectStart(PickerError), present(Route, PresentationStyle, Bool), dismiss(Bool)
        case push(Route, Bool), pop(Bool), setNavigationBarHidden(Bool), showAlert(PickerError)
        case checkAccess(SourceType, Int), selectMoreItems(SourceType, Int)
        case load(PickedItem, LibraryPickerConfiguration.Representation?, Int?, Int)
        case prepareCamera(CameraDevice, Int), captureStill(FlashMode, Int), startRecording(Int), stopRecording(Int)
        case tearDownCamera, startTimer(WorkflowTimer, Duration, Int), cancelTimer(WorkflowTimer)
        case discard(PickedMedia), deliver(SessionEnd, Int)
        case exportMovie(URL, ClosedRange<Duration>, VideoQuality, Int, Int), cancelMovieExport, deleteExport(URL)
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

import Foundation
import PickerImaging

/// One run of the workflow, from start to its single outcome.
struct Session {
    enum Phase: Equatable {
        /// Validating and asking for access; actions are ignored.
        case starting
        /// A screen is up and waiting for the person.
        case active
        /// A picked item is loading.
        case loading(PickedItem)
        /// The camera is taking a photo.
        case capturing
        /// The camera is recording a movie.
        case recording
        /// Several picked items are loading.
        case loadingMany
    }

    /// The camera's state, for camera sessions.
    struct Camera {
        var device: CameraDevice
        var flash: FlashMode
        /// When the capture session started; `nil` until it is prepared.
        var startedAt: Duration?
        /// The preparation under way or done.
        var preparation: Task<Void, any Error>?
        /// Whether a movie is being recorded (it has started, and has not been stopped).
        var isRecording = false
        /// The recording under way, until it stops: its task also times the maximum duration.
        var recording: Task<Void, Never>?
    }

    /// The image on the edit screen.
    struct Editing {
        var original: any ImageBuffer
        var mediaType: MediaType
        var geometry: EditorGeometry
    }

    let number: Int
    let entry: SessionEntry
    let anchor: PopoverAnchor?
    let outcome: OutcomeBox?
    var phase: Phase = .starting
    var editing: Editing?
    var camera: Camera?
    var movie: Movie?
    /// The library picker's items as they load, in the order picked.
    var batch: [(item: PickedItem, result: Result<PickedMedia, PickerError>?)] = []

    /// The movie on the preview screen.
    struct Movie {
        var url: URL
        var duration: Duration
        var mediaType: MediaType
        /// The part kept; `nil` when editing is off.
        var trim: ClosedRange<Duration>?
    }
    /// Background work of this session, for ``ProfilePicker/waitUntilIdle()``; cancelled at its end.
    var pendingTasks: [Task<Void, Never>] = []
}

/// How a session ended, as the coordinator hands it to ``ProfilePicker/pick(_:anchor:)``.
enum Outcome {
    case finished(ProfilePickerResult)
    case cancelled(CancelReason)
    case failed(PickerError)
}

/// Where ``ProfilePicker/pick(_:anchor:)`` waits for its session's outcome. Resolved once;
/// a later resolution is dropped.
@MainActor
final class OutcomeBox {
    private var outcome: Outcome?
    private var continuation: CheckedContinuation<Outcome, Never>?

    func resolve(_ value: Outcome) {
        guard outcome == nil else { return }
        outcome = value
        continuation?.resume(returning: value)
        continuation = nil
    }

    var value: Outcome {
        get async {
            if let outcome { return outcome }
            return await withCheckedContinuation { continuation = $0 }
        }
    }
}

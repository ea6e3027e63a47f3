import Foundation
import PickerImaging

/// Where the workflow is, as one value: no session, or a session and the step a person is in.
/// Each step carries exactly what it needs, and the navigation stack is derived from it, so
/// the two can never disagree.
///
/// ```
/// idle ─ start ─┬─ edit ───────────────────────────────────────▶ editing ─ Choose ─▶ idle (finished)
///               ├─ source chooser ─▶ choosingSource ─ pick a source ─┐
///               ├─ camera, or the library browsed in the app ───────┴▶ askingAccess ─ allowed ─┐
///               └─ library out of process (the default: no access to ask) ───────────────────┴▶ shown:
/// browsing ─ pick ─▶ loading ─┬▶ editing (pushed)
///          └ pick several ─▶ loadingMany ─▶ idle (finished)
///                             └▶ previewing (a movie, pushed)
/// camera ─ shutter ─▶ camera (capturing) ─▶ editing (pushed)
///        └ record ─▶ camera (recording) ─ stop ─▶ previewing (pushed)
/// editing / previewing ─ Cancel or swipe back ─▶ browsing or camera (idle when nothing is below)
/// any step ─ Cancel on the root, host cancel, task cancelled, presenter or delegate gone ─▶ idle
/// ```
public enum WorkflowState: Sendable, Equatable {
    /// No session runs: none has started yet, or the last one ended.
    case idle
    /// A session runs, at `step`.
    case active(WorkflowSession, WorkflowStep)

    /// The running session, if any.
    public var session: WorkflowSession? {
        if case let .active(session, _) = self { session } else { nil }
    }

    /// The running session's step, if any.
    public var step: WorkflowStep? {
        if case let .active(_, step) = self { step } else { nil }
    }

    /// The screens shown, derived from the step: the presented route, then the pushed one.
    public var navigation: NavigationState {
        var state = NavigationState()
        switch step {
        case nil, .askingAccess: break
        case let .choosingSource(route), let .browsing(route), let .loading(route, _), let .loadingMany(route, _):
            state.stack = [route]
        case let .camera(camera, _):
            state.stack = [camera.route]
        case let .editing(editing):
            state.stack = (editing.root.map { [$0.route] } ?? []) + [editing.route]
            state.isNavigationBarHidden = editing.root != nil
        case let .previewing(preview):
            state.stack = [preview.root.route, preview.route]
        }
        return state
    }

    /// The frontmost route, without building the whole stack.
    public var topRoute: Route? {
        switch step {
        case nil, .askingAccess: nil
        case let .choosingSource(route), let .browsing(route), let .loading(route, _), let .loadingMany(route, _): route
        case let .camera(camera, _): camera.route
        case let .editing(editing): editing.route
        case let .previewing(preview): preview.route
        }
    }

    /// The edit screen's state, while it is the step; `nil` otherwise. A host running its own
    /// store reads it as ``ProfilePicker/editing`` does.
    public var editing: EditingStep? {
        if case let .editing(editing) = step { editing } else { nil }
    }

    /// The camera's state in any step that has it running below: the camera itself, or an edit
    /// screen or preview pushed on it.
    var cameraBelow: CameraStep? {
        switch step {
        case let .camera(camera, _): camera
        case let .editing(editing): editing.root?.camera
        case let .previewing(preview): preview.root.camera
        default: nil
        }
    }
}

/// The step a person is in during a session.
public enum WorkflowStep: Sendable, Equatable {
    /// The source is being checked for access; nothing is shown. Actions are ignored.
    case askingAccess(AccessRequest)
    /// The source chooser (action sheet or menu) is shown.
    case choosingSource(Route)
    /// A browser or the library picker is shown, waiting for a pick.
    case browsing(Route)
    /// A picked item is loading; the browser stays shown.
    case loading(Route, PickedItem)
    /// Several picked items are loading at once; the library picker stays shown.
    case loadingMany(Route, [BatchEntry])
    /// The camera is shown, waiting for the shutter or Record, taking a photo or recording.
    case camera(CameraStep, CameraActivity)
    /// The edit screen is shown: presented alone, or pushed on a browser or the camera.
    case editing(EditingStep)
    /// A movie's preview (and trim step) is pushed on a browser or the camera.
    case previewing(PreviewStep)
}

/// What the camera screen is doing.
public enum CameraActivity: Sendable, Equatable {
    /// Waiting for the shutter or Record.
    case idle
    /// Taking a photo.
    case capturing(CapturePhase)
    /// Recording a movie.
    case recording(RecordingPhase)
}

/// One run of the workflow: its number, how it started, and what it started with. The
/// configuration and the device's facts are snapshotted at the start, so changes the host
/// makes meanwhile apply to the next session.
///
/// Immutable, and shared by reference, so every step of the session carries it at the cost
/// of one reference. Two records are equal when everything they hold is.
public final class WorkflowSession: Sendable, Equatable {
    /// The session's number, from 1 for each picker; asynchronous results carry it.
    public let id: Int
    /// How the session started.
    public let entry: SessionEntry
    /// Where the chooser and browsers point on iPad.
    public let anchor: PopoverAnchor?
    /// The picker's configuration when the session started.
    public let configuration: PickerConfiguration
    /// The device and host, as they were when the session started.
    public let facts: DeviceFacts
    /// The access the person gave the source, when it was checked (the camera, in-app library
    /// browsing): "Select more photos" is offered only with `.limited`.
    public let access: AuthorizationStatus?

    /// Creates a session's record.
    public init(
        id: Int, entry: SessionEntry, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts,
        access: AuthorizationStatus? = nil
    ) {
        self.id = id
        self.entry = entry
        self.anchor = anchor
        self.configuration = configuration
        self.facts = facts
        self.access = access
    }

    /// This session with the access the person gave its source.
    func answered(_ status: AuthorizationStatus) -> WorkflowSession {
        WorkflowSession(id: id, entry: entry, anchor: anchor, configuration: configuration, facts: facts, access: status)
    }

    public static func == (a: WorkflowSession, b: WorkflowSession) -> Bool {
        a === b || (a.id == b.id && a.entry == b.entry && a.anchor == b.anchor && a.configuration == b.configuration
            && a.facts == b.facts && a.access == b.access)
    }
}

/// What the device and host offer, read once at a session's start so the reducer needs no
/// calls to the seams.
public struct DeviceFacts: Sendable, Equatable {
    /// The sources this device has, with the media types each offers.
    public var sources: [SourceType: [MediaType]]
    /// The cameras of the host's ``CameraSession``; `nil` when no camera session is set.
    public var cameras: Set<CameraDevice>?
    /// Whether the camera session records movies.
    public var canRecordMovies: Bool
    /// The device the presenter shows on.
    public var idiom: DeviceIdiom
    /// Whether a ``MovieExporter`` is set, to export a chosen movie that needs it.
    public var canExportMovies = false
    /// Whether a presenter is set.
    public var hasPresenter: Bool
    /// Whether a delegate is set.
    public var hasDelegate: Bool {
        get { flags & Self.delegateFlag != 0 }
        set { flags = newValue ? flags | Self.delegateFlag : flags & ~Self.delegateFlag }
    }
    /// The host's privacy keys.
    public var hostInfo: HostInfo {
        didSet { flags = Self.flags(hostInfo, hasDelegate: hasDelegate) }
    }

    /// One bit per declared privacy key, and one for the delegate: the reducer checks keys
    /// without hashing strings.
    private var flags: UInt8
    private static let delegateFlag: UInt8 = 1 << 7

    private static func flags(_ hostInfo: HostInfo, hasDelegate: Bool) -> UInt8 {
        var flags: UInt8 = hasDelegate ? delegateFlag : 0
        for key in UsageDescriptionKey.allCases where hostInfo.declares(key) { flags |= bit(key) }
        return flags
    }

    private static func bit(_ key: UsageDescriptionKey) -> UInt8 {
        switch key {
        case .camera: 1 << 0
        case .photoLibrary: 1 << 1
        case .microphone: 1 << 2
        }
    }

    /// Whether the host declares `key`, with a description that is not blank.
    public func declares(_ key: UsageDescriptionKey) -> Bool {
        flags & Self.bit(key) != 0
    }

    /// Creates the facts of a device and host.
    public init(
        sources: [SourceType: [MediaType]], cameras: Set<CameraDevice>?, canRecordMovies: Bool,
        hostInfo: HostInfo, idiom: DeviceIdiom, hasPresenter: Bool = true, hasDelegate: Bool = true
    ) {
        self.sources = sources
        self.cameras = cameras
        self.canRecordMovies = canRecordMovies
        self.hostInfo = hostInfo
        self.idiom = idiom
        self.hasPresenter = hasPresenter
        flags = Self.flags(hostInfo, hasDelegate: hasDelegate)
    }
}

/// A source waiting for access, and what it shows once allowed.
public struct AccessRequest: Sendable, Equatable {
    /// The source asked for.
    public var source: SourceType
    /// The screen it presents once allowed.
    public var screen: Screen
    /// How that screen is presented.
    public var style: PresentationStyle
    /// Whether the source was picked in the chooser: a refusal then ends the session with a
    /// failure, where a direct start throws instead.
    public var fromChooser: Bool
}

/// The presented screen an edit screen or preview is pushed on.
public enum RootStep: Sendable, Equatable {
    /// A browser or the library picker.
    case browser(Route)
    /// The camera, still running below.
    case camera(CameraStep)

    /// The root's route.
    public var route: Route {
        switch self {
        case let .browser(route): route
        case let .camera(camera): camera.route
        }
    }

    var camera: CameraStep? {
        if case let .camera(camera) = self { camera } else { nil }
    }

    /// The step of this root shown again after what was pushed on it went away.
    var shownAgain: WorkflowStep {
        switch self {
        case let .browser(route): .browsing(route)
        case let .camera(camera): .camera(camera, .idle)
        }
    }
}

/// The camera screen's state.
public struct CameraStep: Sendable, Equatable {
    /// Whether the capture session is started.
    public enum Readiness: Sendable, Equatable {
        /// Not started yet.
        case idle
        /// Starting.
        case preparing
        /// Started at this time on the picker's clock.
        case ready(at: Duration)
    }

    /// The camera's route.
    public var route: Route
    /// The camera in use.
    public var device: CameraDevice
    /// The flash setting.
    public var flash: FlashMode
    /// The capture session's state.
    public var readiness: Readiness = .idle
}

/// Where a photo capture is.
public enum CapturePhase: Sendable, Equatable {
    /// Waiting for the capture session to start.
    case waitingForCamera
    /// Waiting out the rest of the warm-up.
    case warmingUp
    /// The camera is taking the photo.
    case capturing
}

/// Where a movie recording is.
public enum RecordingPhase: Sendable, Equatable {
    /// Waiting for the capture session to start.
    case waitingForCamera
    /// The camera was asked to start recording.
    case starting
    /// Recording; it stops by itself at the maximum duration.
    case recording
    /// The camera was asked to stop, by the person or at the maximum duration.
    case stopping(atMaximum: Bool)
}

/// One item of a library selection loading with others.
public struct BatchEntry: Sendable, Equatable {
    /// The item.
    public var item: PickedItem
    /// Its result, once loaded or failed.
    public var result: Result<PickedMedia, PickerError>?
}

/// The edit screen's state. Equal when every part is (the image compared as
/// `ImageBuffer.isSame(as:)` compares it).
public struct EditingStep: Sendable, Equatable {
    /// What it is pushed on; `nil` when it was presented alone (editing an image the app has).
    public var root: RootStep?
    /// The edit screen's route.
    public var route: Route
    /// The image being edited.
    public var original: any ImageBuffer {
        get { image.image }
        set { image = SameImage(newValue) }
    }
    private var image: SameImage
    /// Its media type.
    public var mediaType: MediaType
    /// Where the person has moved and scaled it.
    public var geometry: EditorGeometry
    /// The committed steps to undo and redo.
    public var history: EditHistory
    /// Whether Choose was tapped and the edit is being rendered: the edit screen takes no more
    /// changes until the render comes back or the person goes back.
    public var isRendering = false
    /// Whether the screen waits for the subject locator before it shows the photo, to open
    /// framed on the person (``InitialFraming/subject``): until then it takes no changes, as
    /// while rendering, and shows the mask without the photo.
    public var isFraming = false

    /// Whether the screen takes changes now: not while the crop renders, nor while it waits
    /// to be framed. Cancel is always taken.
    public var isBusy: Bool { isRendering || isFraming }

    /// Whether the screen shows the photo: not until it is framed, so that it opens on the
    /// framing rather than moving to it (the screen shows the mask alone meanwhile).
    public var showsPhoto: Bool { !isFraming }

    /// The edit screen for `original`, with nothing to undo yet.
    public init(root: RootStep?, route: Route, original: any ImageBuffer, mediaType: MediaType, geometry: EditorGeometry) {
        self.root = root
        self.route = route
        image = SameImage(original)
        self.mediaType = mediaType
        self.geometry = geometry
        history = EditHistory(start: geometry)
    }

}

/// A movie's preview.
public struct PreviewStep: Sendable, Equatable {
    /// What it is pushed on.
    public var root: RootStep
    /// The preview's route.
    public var route: Route
    /// The movie's file.
    public var url: URL
    /// Its length.
    public var duration: Duration
    /// Its media type.
    public var mediaType: MediaType
    /// The part kept; `nil` when editing is off.
    public var trim: ClosedRange<Duration>?
    /// How far the export Choose started has come, from 0 to 1; `nil` when none runs
    /// (``MovieExporter``). While it runs, Choose and the trim handles are busy and Cancel stops it.
    public var exportProgress: Double?
    /// The exports Choose has started on this preview: a late answer of an earlier one falls out.
    var exportAttempts = 0
}

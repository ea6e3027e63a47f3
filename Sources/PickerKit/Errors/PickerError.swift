import PickerImaging

/// Everything that can stop a PickerKit session, each case saying what to fix.
///
/// Starting a session validates the host's setup before anything is shown, so a mistake that
/// would crash a real app (a missing privacy key, an iPad popover without an anchor) is a
/// thrown error instead.
///
/// Each error speaks to two readers. The person reads ``message(in:)`` (also
/// `localizedDescription`): what happened and what they can do, in their language; every setup
/// mistake reads "The photo picker is not set up correctly." The developer reads
/// ``developerDescription``: the case and what to fix, in English. Log the second, show the first:
///
/// ```swift
/// do {
///     try await picker.select(from: .camera)
/// } catch {
///     logger.error("profile photo: \(error.developerDescription)")   // "the app's Info.plist has no NSCameraUsageDescription: …"
///     showAlert(error.message(in: PickerStrings()), openSettings: error.isFixableInSettings)
/// }
/// ```
///
/// A minor version may add cases, for what a new feature can fail at: give a `switch` over them
/// a `default:` (``message(in:)`` and ``developerDescription`` describe every case, new ones too).
public enum PickerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A session is already running on this picker. Wait for its finish or cancel callback.
    case sessionInProgress
    /// No presenter is set, or it has been released. Set ``ProfilePicker/presenter`` first.
    case noPresenter
    /// No delegate is set, or it has been released. Set ``ProfilePicker/delegate``, or use
    /// ``ProfilePicker/pick(_:anchor:)``, which needs none.
    case noDelegate
    /// The media-type list is empty. Ask for at least one type, such as ``MediaType/image``.
    case mediaTypesEmpty
    /// This device has no such source (no camera on a simulator, say). Offer another source.
    case sourceUnavailable(SourceType)
    /// None of the requested media types is offered by the source.
    case mediaTypesUnavailable(requested: [MediaType], source: SourceType, available: [MediaType])
    /// The source chooser has no source to offer: none is available with the requested types.
    case noSourceAvailable
    /// The library picker's selection limit is negative. Use 0 for no limit.
    case invalidSelectionLimit(Int)
    /// The host's Info.plist lacks this privacy key; a real app would be terminated. Add it.
    case missingUsageDescription(UsageDescriptionKey)
    /// The person denied access to the source. Point them to Settings.
    case authorizationDenied(SourceType)
    /// A policy forbids access to the source; the person cannot change it.
    case authorizationRestricted(SourceType)
    /// On iPad this screen is a popover and needs an anchor. Pass a ``PopoverAnchor``.
    case popoverAnchorRequired(ScreenKind)
    /// The anchor's view or bar button item has been released; UIKit would raise. Pass an
    /// anchor on something still on screen.
    case popoverAnchorReleased(ScreenKind)
    /// The photo source could not deliver a picked item, for the reason its error gives. The
    /// browser stays open to try again.
    case itemLoadFailed(itemID: String, cause: ErrorCause)
    /// The image could not be cropped as edited: PickerImaging's error says why.
    case editFailed(ImagingError)
    /// The image is not the one the edit was made for: its display size differs.
    case imageMismatch(expected: PixelSize, actual: PixelSize)
    /// A setting of ``PickerConfiguration`` is out of range; checked when a session starts.
    case invalidConfiguration(ConfigurationProblem)
    /// The camera source needs a ``CameraSession``: set ``ProfilePicker/camera``.
    case noCameraSession
    /// This camera (rear or front) is not on this device.
    case cameraUnavailable(CameraDevice)
    /// The capture session could not start, for the reason its error gives.
    case cameraSessionFailed(ErrorCause)
    /// The camera could not take the photo or record, for the reason its error gives; the
    /// camera stays open to try again.
    case captureFailed(ErrorCause)
    /// The ``MovieExporter`` could not write the chosen part of the movie, for the reason its
    /// error gives; the preview stays open to try again.
    case movieExportFailed(ErrorCause)
    /// The edit screen's layout cannot hold a mask: fix the viewport, insets or limits named.
    case invalidEditorLayout(EditorLayoutProblem)
    /// The presenter could not show the picker's screen, or a screen it showed cannot work, for
    /// the reason given (its host view controller was released, is not in a window, or is
    /// already presenting something; nothing draws the screen): present from a screen that is on
    /// screen and presenting nothing.
    case presentationFailed(PresentationProblem)

    /// What the app's developer needs to know: the case and what to fix (`"the app's
    /// Info.plist has no NSCameraUsageDescription: add it before using this source"`). The same
    /// text as ``description``; a person reads ``message(in:)`` instead.
    public var developerDescription: String { description }

    /// Whether the person can undo this in the Settings app: access they denied. An app offers an
    /// "Open Settings" button for these (on iOS, PickerKitUIKit's `PickerError.settingsURL`
    /// opens `UIApplication.openSettingsURLString`); a restriction set by a policy
    /// (``authorizationRestricted(_:)``) cannot be undone there.
    public var isFixableInSettings: Bool {
        if case .authorizationDenied = self { true } else { false }
    }

    public var description: String {
        switch self {
        case .sessionInProgress:
            "a session is already in progress; start the next one after its callback"
        case .noPresenter:
            "no presenter: set ProfilePicker.presenter to the screen that presents the picker"
        case .noDelegate:
            "no delegate: set ProfilePicker.delegate, or call pick(_:) instead"
        case .mediaTypesEmpty:
            "the media-type list is empty: request at least one media type, such as public.image"
        case let .sourceUnavailable(source):
            "source \(source) is not available on this device"
        case let .mediaTypesUnavailable(requested, source, available):
            "none of the media types \(requested.listed) is available for \(source) (it offers \(available.listed))"
        case .noSourceAvailable:
            "no source is available for the requested media types"
        case let .invalidSelectionLimit(limit):
            "selection limit \(limit) is negative: use 1 or more, or 0 for no limit"
        case let .missingUsageDescription(key):
            "the app's Info.plist has no \(key.rawValue): add it before using this source"
        case let .authorizationDenied(source):
            "access to \(source) was denied: the person can allow it in Settings"
        case let .authorizationRestricted(source):
            "access to \(source) is restricted by a policy on this device"
        case let .popoverAnchorRequired(kind):
            "on iPad the \(kind) is shown in a popover: pass a PopoverAnchor"
        case let .popoverAnchorReleased(kind):
            "the \(kind)'s popover anchor points at a view or bar button item that has been released"
        case let .itemLoadFailed(itemID, cause):
            "item \(itemID) could not be loaded: \(cause)"
        case let .editFailed(error):
            "the edited image could not be produced: \(error)"
        case let .imageMismatch(expected, actual):
            "the edit was made for a \(expected) image, not \(actual)"
        case let .invalidConfiguration(reason):
            "the picker's configuration is invalid: \(reason)"
        case .noCameraSession:
            "no camera session: set ProfilePicker.camera to use the camera source"
        case let .cameraUnavailable(device):
            "the \(device.rawValue) camera is not available on this device"
        case let .cameraSessionFailed(reason):
            "the camera could not start: \(reason)"
        case let .captureFailed(reason):
            "the photo could not be taken: \(reason)"
        case let .movieExportFailed(reason):
            "the movie could not be exported: \(reason)"
        case let .invalidEditorLayout(reason):
            "the edit screen cannot be laid out: \(reason)"
        case let .presentationFailed(reason):
            "the picker's screen could not be presented: \(reason)"
        }
    }
}

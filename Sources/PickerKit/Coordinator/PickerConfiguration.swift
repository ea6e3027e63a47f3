/// How a ``ProfilePicker`` runs its sessions.
///
/// ```swift
/// var configuration = PickerConfiguration()
/// configuration.mediaTypes = [.image]          // the default
/// configuration.chooserTitles.cancel = "Annuler"
/// ```
public struct PickerConfiguration: Sendable, Equatable {
    /// The media types to offer; images only by default. An empty list is an error at start.
    public var mediaTypes: [MediaType] = [.image]
    /// How the photo library and camera roll browsers reach the library: out of process by
    /// default, as the system image picker does since iOS 11 (no key, no prompt).
    public var libraryAccess = LibraryAccess.outOfProcess
    /// Whether a picked image goes to the edit screen; when `false` it is returned as picked.
    public var allowsEditing = true
    /// The camera's device, flash and warm-up.
    public var camera = CameraSettings()
    /// The movie trim step's limit and the export quality.
    public var movie = MovieSettings()
    /// The source chooser's titles.
    public var chooserTitles = SourceChooserTitles()
    /// Whether presentations and dismissals animate.
    public var animated = true
    /// The edit screen's layout and limits.
    public var editor = EditorConfiguration()
    /// What Choose produces from the crop.
    public var output = AvatarOutput()

    /// The defaults: images only, editing on, rear camera, English titles, animated.
    public init() {}

    /// Checks every setting that has a range: the movie's maximum duration (positive), the
    /// camera's warm-up (not negative) and the output's sizes (``AvatarOutput/validate()``).
    /// Starting a session runs this check; the editor's layout is checked when it opens.
    ///
    /// - Throws: ``PickerError/invalidConfiguration(_:)`` naming the setting.
    public func validate() throws(PickerError) {
        if let problem { throw problem }
    }

    /// The first setting out of range, as ``validate()`` reports it; `nil` when all are in range.
    public var problem: PickerError? {
        guard movie.maximumDuration > .zero else {
            return .invalidConfiguration("movie.maximumDuration is \(movie.maximumDuration.seconds)s; it must be positive")
        }
        guard camera.warmUp >= .zero else {
            return .invalidConfiguration("camera.warmUp is \(camera.warmUp.seconds)s; it must not be negative")
        }
        return output.problem
    }
}

import PickerImaging

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
    /// The source chooser's and source menu's titles: by default all in the person's language,
    /// as the screens speak it (``HostInfo/language``); set one to replace it.
    public var chooserTitles = SourceChooserTitles()
    /// Whether presentations and dismissals animate.
    public var animated = true
    /// How long the picker waits for a presenter to finish a presentation or dismissal (to call
    /// its completion) before it gives the transition up and goes on: 4 s by default, well past
    /// UIKit's and SwiftUI's animations. Measured on the picker's ``ProfilePicker/transitionClock``
    /// (real time while the main actor is free), never on ``ProfilePicker/clock``. See
    /// ``Presenter`` for the rule; it must be positive.
    public var transitionDeadline: Duration = .seconds(4)
    /// The edit screen's layout and limits.
    public var editor = EditorConfiguration()
    /// What Choose produces from the crop.
    public var output = AvatarOutput()

    /// The defaults: images only, editing on, rear camera, English titles, animated. The edit
    /// screen frames the photo in a circle, and Choose hands back the square around it at the
    /// crop's own pixels; for the circle itself at a fixed size, use ``profilePhoto(size:)``.
    public init() {}

    /// A profile photo: the person frames it in a circle, and Choose hands back that circle,
    /// `size` pixels square, transparent outside it (`AvatarMask.circle`). Everything else is
    /// the default.
    ///
    /// The shape on screen and the mask of the result are two settings, and a preset sets them
    /// together rather than one following the other: an app that uploads square avatars (and a
    /// server that expects them opaque, as JPEG) keeps what it has, and one that wants the circle
    /// says so in one place. A `size` outside 1...10000 is refused when a session starts
    /// (``PickerError/invalidConfiguration(_:)``).
    ///
    /// ```swift
    /// let picker = ProfilePicker(photoSource: photos, presenter: screen, configuration: .profilePhoto())
    /// // Choose: a 512x512 avatar, the circle the person framed, its corners transparent
    /// ```
    public static func profilePhoto(size: Int = 512) -> PickerConfiguration {
        var configuration = PickerConfiguration()
        configuration.editor.shape = .circle
        configuration.output.mask = .circle
        configuration.output.size = size
        // A size past the default maximum dimension is the size asked for, not clamped to it.
        configuration.output.maximumDimension = max(configuration.output.maximumDimension, size)
        return configuration
    }

    /// Checks every setting that has a range: the movie's maximum duration (positive), the
    /// camera's warm-up (not negative) and the output's sizes (`AvatarOutput.validate()`).
    /// Starting a session runs this check; the editor's layout is checked when it opens.
    ///
    /// - Throws: ``PickerError/invalidConfiguration(_:)`` naming the setting.
    public func validate() throws(PickerError) {
        if let problem { throw problem }
    }

    /// The longest side worth decoding a picked image of `imageSize` (display orientation) at,
    /// so a photo source can downsample at load (ImageIO thumbnailing) and a 48 MP photo never
    /// lands in memory whole; `nil` when the full size is needed.
    ///
    /// Choose never produces more than the output's `maximumDimension` (or its `size`) pixels
    /// across, and at the editor's maximum zoom the crop spans the
    /// fewest original pixels. The image is scaled so that even that crop still has the
    /// output's pixels: no blur (B21), no wasted memory (B20). With editing off the image is
    /// returned as picked, so it is needed whole.
    ///
    /// ```swift
    /// var configuration = PickerConfiguration()
    /// configuration.output.size = 512                   // maximum zoom: 5× the covering zoom
    /// configuration.largestUsefulSide(for: PixelSize(width: 8064, height: 6048))  // 3414
    /// ```
    public func largestUsefulSide(for imageSize: PixelSize) -> Int? {
        guard allowsEditing, !imageSize.isEmpty else { return nil }
        let outputSide = Double(min(output.size ?? output.maximumDimension, output.maximumDimension))
        let shortSide = Double(min(imageSize.width, imageSize.height))
        let longSide = Double(max(imageSize.width, imageSize.height))
        // The short side the image needs so that the smallest crop still has `outputSide` pixels.
        let neededShortSide: Double
        switch editor.maximumZoom {
        case let .factor(factor):
            neededShortSide = outputSide * max(1, factor)
        case let .minimumOutputPixels(pixels):
            neededShortSide = shortSide * outputSide / Double(max(1, pixels))
        }
        guard neededShortSide.isFinite, neededShortSide < shortSide else { return nil }
        return Int((neededShortSide * longSide / shortSide).rounded(.up))
    }

    /// The first setting out of range, as ``validate()`` reports it; `nil` when all are in range.
    public var problem: PickerError? {
        guard movie.maximumDuration > .zero else {
            return .invalidConfiguration(.movieMaximumDuration(movie.maximumDuration))
        }
        guard camera.warmUp >= .zero else {
            return .invalidConfiguration(.cameraWarmUp(camera.warmUp))
        }
        guard transitionDeadline > .zero else {
            return .invalidConfiguration(.transitionDeadline(transitionDeadline))
        }
        return output.problem
    }
}

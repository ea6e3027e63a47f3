import PickerImaging

/// A screen of the workflow, as the presenter shows it.
public enum Screen: Sendable, Equatable, CustomStringConvertible {
    /// The source chooser: an action sheet or a menu.
    case sourceChooser(SourceChooser)
    /// The media browser of the photo library or the saved photos album.
    case browser(source: SourceType, mediaTypes: [MediaType])
    /// The camera, taking a photo or movie.
    case camera(device: CameraDevice, mediaTypes: [MediaType])
    /// The edit screen: move and scale the photo under the mask.
    case editor(EditorScreen)
    /// A movie's preview: Play, Cancel, Choose, and the trim step when editing is on.
    case moviePreview(MoviePreview)
    /// The photo library picker: filter, selection limit, ordered selection.
    case libraryPicker(LibraryPickerConfiguration)

    /// The kind of screen, without its details.
    public var kind: ScreenKind {
        switch self {
        case .sourceChooser: .sourceChooser
        case .browser: .browser
        case .camera: .camera
        case .editor: .editor
        case .moviePreview: .moviePreview
        case .libraryPicker: .libraryPicker
        }
    }

    /// `"browser(photoLibrary, [public.image])"`.
    public var description: String {
        switch self {
        case let .sourceChooser(chooser): "chooser(\(chooser))"
        case let .browser(source, types): "browser(\(source), \(types.listed))"
        case let .camera(device, types): "camera(\(device.rawValue), \(types.listed))"
        case let .editor(editor): "editor(\(editor))"
        case let .moviePreview(preview): "preview(\(preview))"
        case let .libraryPicker(library):
            "library(\(library.mediaTypes.listed), limit \(library.selectionLimit == 0 ? "none" : String(library.selectionLimit)))"
        }
    }
}

/// The kinds of ``Screen``.
public enum ScreenKind: String, Sendable, Equatable, CustomStringConvertible {
    /// An action sheet or menu offering sources.
    case sourceChooser = "source chooser"
    /// A media browser.
    case browser
    /// The camera.
    case camera
    /// The edit screen.
    case editor
    /// A movie's preview.
    case moviePreview = "movie preview"
    /// The photo library picker.
    case libraryPicker = "library picker"

    /// Whether a screen of this kind is a navigation stack that the edit screen or a movie's
    /// preview can be pushed on: the browser, the camera and the library picker.
    public var isNavigationStack: Bool {
        switch self {
        case .browser, .camera, .libraryPicker: true
        case .sourceChooser, .editor, .moviePreview: false
        }
    }

    public var description: String { rawValue }
}

/// What the edit screen shows when it opens: the image's display size and the part inside the
/// mask. Its state as the person moves and scales is ``ProfilePicker/editorGeometry``.
public struct EditorScreen: Sendable, Equatable, CustomStringConvertible {
    /// The size of the image being edited, in display orientation.
    public var imageSize: PixelSize
    /// The part of the image inside the mask, in the original's pixels, display orientation.
    public var cropRect: PixelRect

    /// Creates an edit screen showing `cropRect` of an image of `imageSize`.
    public init(imageSize: PixelSize, cropRect: PixelRect) {
        self.imageSize = imageSize
        self.cropRect = cropRect
    }

    /// `"4032x3024 crop (504,0,3024,3024)"`.
    public var description: String { "\(imageSize) crop \(cropRect)" }
}

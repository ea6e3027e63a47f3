import PickerImaging

/// What a session starts with.
public enum PickRequest: Sendable, Equatable {
    /// Edit an image the app already has, on the edit screen presented full screen; with a
    /// saved session, the editor reopens on its crop.
    case edit(any ImageBuffer, mediaType: MediaType = .image, restoring: EditSession? = nil)
    /// Pick from one source.
    case source(SourceType)
    /// Let the person choose a source first.
    case sourceChooser(SourceChooser.Style)
    /// The photo library picker, one item or many.
    case library(LibraryPickerConfiguration)

    public static func == (a: PickRequest, b: PickRequest) -> Bool {
        switch (a, b) {
        case let (.edit(x, xType, xSession), .edit(y, yType, ySession)): x.isSame(as: y) && xType == yType && xSession == ySession
        case let (.source(x), .source(y)): x == y
        case let (.sourceChooser(x), .sourceChooser(y)): x == y
        case let (.library(x), .library(y)): x == y
        default: false
        }
    }
}

/// How a session started, as the event log tells it.
public enum SessionEntry: Sendable, Equatable, CustomStringConvertible {
    /// Editing an existing image of this display size.
    case edit(imageSize: PixelSize)
    /// Picking from a source.
    case source(SourceType)
    /// Choosing a source first.
    case sourceChooser(SourceChooser.Style)
    /// The photo library picker.
    case library

    public var description: String {
        switch self {
        case let .edit(size): "edit \(size)"
        case let .source(source): "source \(source)"
        case let .sourceChooser(style): "chooser \(style.rawValue)"
        case .library: "library picker"
        }
    }
}

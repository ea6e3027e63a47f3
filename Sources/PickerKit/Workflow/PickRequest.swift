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

    /// Equal when the cases and their values are, images compared as
    /// `ImageBuffer.isSame(as:)` compares them; the switch names every case.
    public static func == (a: PickRequest, b: PickRequest) -> Bool {
        switch a {
        case let .edit(x, xType, xSession):
            if case let .edit(y, yType, ySession) = b { x.isSame(as: y) && xType == yType && xSession == ySession } else { false }
        case let .source(x): if case let .source(y) = b { x == y } else { false }
        case let .sourceChooser(x): if case let .sourceChooser(y) = b { x == y } else { false }
        case let .library(x): if case let .library(y) = b { x == y } else { false }
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

/// The photo library picker's options, as PHPicker has them.
///
/// ```swift
/// var library = LibraryPickerConfiguration()
/// library.filter = [.images, .livePhotos]
/// library.selectionLimit = 5            // 0 for no limit
/// let result = try await picker.pick(.library(library))
/// ```
public struct LibraryPickerConfiguration: Sendable, Equatable {
    /// A kind of item the picker shows.
    public enum Filter: String, CaseIterable, Sendable, Hashable, Comparable {
        /// Still images.
        case images
        /// Movies.
        case videos
        /// Live photos.
        case livePhotos

        /// The media type the filter shows.
        public var mediaType: MediaType {
            switch self {
            case .images: .image
            case .videos: .movie
            case .livePhotos: .livePhoto
            }
        }

        public static func < (lhs: Filter, rhs: Filter) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Which representation of an item to deliver.
    public enum Representation: String, Sendable, Equatable {
        /// The item as stored (HEIC, say).
        case current
        /// A widely readable one (JPEG, H.264).
        case compatible
    }

    /// The kinds shown: any of them. Images only by default.
    public var filter: Set<Filter> = [.images]
    /// The most items that may be picked; 1 by default, 0 for no limit.
    public var selectionLimit = 1
    /// Whether the picker numbers the selection and hands the items back in the order they were
    /// picked (PHPicker's `.ordered` selection; the default). With `false` the system picker hands
    /// them back in its own default order, which Apple does not document as the order picked.
    public var ordered = true
    /// Which representation to deliver.
    public var preferredRepresentation = Representation.current
    /// How the picker reaches the library: out of process by default (no key, no prompt).
    public var access = LibraryAccess.outOfProcess

    /// The defaults: images only, one item, ordered, current representation.
    public init() {}

    /// The media types the filter shows, in a fixed order.
    public var mediaTypes: [MediaType] { filter.sorted().map(\.mediaType) }
}

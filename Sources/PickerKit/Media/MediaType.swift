/// A kind of media, named by its uniform type identifier.
///
/// PickerKit asks for images only unless told otherwise (``PickerConfiguration/mediaTypes``).
///
/// ```swift
/// let types: [MediaType] = [.image, .movie]
/// MediaType.livePhoto.identifier   // "com.apple.live-photo"
/// ```
public struct MediaType: Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The uniform type identifier, such as `public.image`.
    public let identifier: String

    /// Creates a media type from a uniform type identifier.
    public init(_ identifier: String) { self.identifier = identifier }

    /// Creates a media type from a string literal holding a uniform type identifier.
    public init(stringLiteral value: String) { self.identifier = value }

    /// Still images: `public.image`.
    public static let image: MediaType = "public.image"
    /// Movies: `public.movie`.
    public static let movie: MediaType = "public.movie"
    /// Live photos: `com.apple.live-photo`.
    public static let livePhoto: MediaType = "com.apple.live-photo"

    /// The identifier itself.
    public var description: String { identifier }
}

extension [MediaType] {
    /// `"[public.image, public.movie]"`, for messages and transcripts.
    var listed: String { "[" + map(\.identifier).joined(separator: ", ") + "]" }
}

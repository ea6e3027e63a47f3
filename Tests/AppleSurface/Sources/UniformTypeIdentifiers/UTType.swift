@_exported import AppleFoundation
import SurfaceDevice

/// Apple: `struct UTType` (Uniform Type Identifiers), for the types picked media have.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// Apple: `var identifier: String { get }`.
    public let identifier: String

    /// Apple: `init?(_ identifier: String)`: `nil` for an identifier the system does not know.
    public init?(_ identifier: String) {
        guard TypeTree.knows(identifier) else { return nil }
        self.identifier = identifier
    }

    private init(known identifier: String) {
        self.identifier = identifier
    }

    /// Apple: `init?(filenameExtension: String, conformingTo supertype: UTType = .data)`: the
    /// declared type with that extension, if it conforms to `supertype`. (Apple may return a
    /// dynamic type for an extension it does not know; here that is `nil`.)
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        let lower = filenameExtension.lowercased()
        let aliases = ["jpg": "public.jpeg", "jpeg": "public.jpeg", "png": "public.png", "heic": "public.heic",
                       "gif": "com.compuserve.gif", "mov": "com.apple.quicktime-movie", "mp4": "public.mpeg-4"]
        guard let identifier = aliases[lower], TypeTree.conforms(identifier, to: supertype.identifier) else {
            return nil
        }
        self.identifier = identifier
    }

    /// Apple: `var preferredFilenameExtension: String? { get }`.
    public var preferredFilenameExtension: String? { TypeTree.extensions[identifier] }

    /// Apple: `func conforms(to type: UTType) -> Bool`.
    public func conforms(to type: UTType) -> Bool { TypeTree.conforms(identifier, to: type.identifier) }

    public var description: String { identifier }

    /// Apple: `static let data: UTType` (`public.data`).
    public static let data = UTType(known: "public.data")
    /// Apple: `static let image: UTType` (`public.image`).
    public static let image = UTType(known: "public.image")
    /// Apple: `static let jpeg: UTType` (`public.jpeg`).
    public static let jpeg = UTType(known: "public.jpeg")
    /// Apple: `static let png: UTType` (`public.png`).
    public static let png = UTType(known: "public.png")
    /// Apple: `static let heic: UTType` (`public.heic`).
    public static let heic = UTType(known: "public.heic")
    /// Apple: `static let movie: UTType` (`public.movie`).
    public static let movie = UTType(known: "public.movie")
    /// Apple: `static let quickTimeMovie: UTType` (`com.apple.quicktime-movie`).
    public static let quickTimeMovie = UTType(known: "com.apple.quicktime-movie")
    /// Apple: `static let mpeg4Movie: UTType` (`public.mpeg-4`).
    public static let mpeg4Movie = UTType(known: "public.mpeg-4")
    /// Apple: `static let livePhoto: UTType` (`com.apple.live-photo`).
    public static let livePhoto = UTType(known: "com.apple.live-photo")
}

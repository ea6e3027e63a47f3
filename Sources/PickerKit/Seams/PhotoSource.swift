import Foundation
import PickerImaging

/// The device's media: which sources exist, what they offer, whether the app may use them,
/// and the picked items' contents.
///
/// On a device this wraps `UIImagePickerController.isSourceTypeAvailable(_:)`,
/// `availableMediaTypes(for:)`, the Photos and AVFoundation authorization calls, and the
/// picker's item providers. In tests, `FakePhotoSource` from PickerKitTesting scripts it.
///
/// ## Implementation requirements
/// - Availability and media types are answered synchronously and do not change during a session.
/// - ``requestAuthorization(for:)`` asks the person at most once and returns the new status.
/// - ``loadMedia(for:)`` may suspend and may throw; it should stop early when its task is
///   cancelled. The coordinator ignores a load that finishes after its session ended.
@MainActor
public protocol PhotoSource: AnyObject {
    /// Whether this device has `sourceType`.
    func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool
    /// The media types `sourceType` offers on this device.
    func availableMediaTypes(for sourceType: SourceType) -> [MediaType]
    /// Whether the app may use `sourceType` now.
    func authorizationStatus(for sourceType: SourceType) -> AuthorizationStatus
    /// Asks the person for access to `sourceType` and returns the answer.
    func requestAuthorization(for sourceType: SourceType) async -> AuthorizationStatus
    /// Delivers the contents of an item the person picked.
    ///
    /// - Throws: any error; the coordinator reports it as ``PickerError/itemLoadFailed(itemID:cause:)``, keeping the error as its cause.
    func loadMedia(for item: PickedItem) async throws -> PickedMedia
    /// Delivers a picked item's contents in the preferred representation, reporting progress
    /// (0…1) where the source knows it. Used by the library picker.
    func loadMedia(
        for item: PickedItem, representation: LibraryPickerConfiguration.Representation,
        progress: @escaping @MainActor (Double) -> Void
    ) async throws -> PickedMedia
    /// With limited access, lets the person add items to what the app may see (on a device,
    /// `PHPhotoLibrary.presentLimitedLibraryPicker(from:)`), and returns when they are done.
    func selectMoreItems(for sourceType: SourceType) async
    /// The picker dropped `media`, which this source delivered: a movie's preview the person
    /// went back from, a selection or preview whose session ended without a result, a load that
    /// came back after its session ended. A source that copied the file can delete it now.
    /// Media a result hands to the app is never discarded: it is the app's.
    func discard(_ media: PickedMedia)
}

extension PhotoSource {
    /// By default there is nothing more to select.
    public func selectMoreItems(for sourceType: SourceType) async {}

    /// By default dropped media needs no clearing up.
    public func discard(_ media: PickedMedia) {}

    /// By default the representation is not distinguished and no progress is reported.
    public func loadMedia(
        for item: PickedItem, representation: LibraryPickerConfiguration.Representation,
        progress: @escaping @MainActor (Double) -> Void
    ) async throws -> PickedMedia {
        try await loadMedia(for: item)
    }
}

/// An item the person picked in a browser or took with the camera, before it is loaded.
public struct PickedItem: Hashable, Sendable, CustomStringConvertible {
    /// The source's identifier for the item (an asset id, a file name).
    public var id: String
    /// What kind of media it is.
    public var mediaType: MediaType

    /// Creates an item.
    public init(id: String, mediaType: MediaType = .image) {
        self.id = id
        self.mediaType = mediaType
    }

    /// `"IMG_0001 (public.image)"`.
    public var description: String { "\(id) (\(mediaType))" }
}

/// The loaded contents of a picked item.
public enum PickedMedia: Sendable, Equatable {
    /// A still image.
    case image(any ImageBuffer)
    /// A movie file and its length.
    case movie(URL, duration: Duration)

    /// Equal when the cases and their values are, images compared as
    /// `ImageBuffer.isSame(as:)` compares them; the switch names every case.
    public static func == (a: PickedMedia, b: PickedMedia) -> Bool {
        switch a {
        case let .image(x): if case let .image(y) = b { x.isSame(as: y) } else { false }
        case let .movie(x, xLength): if case let .movie(y, yLength) = b { x == y && xLength == yLength } else { false }
        }
    }

    /// `"image 4x3 up (1)"`, `"movie clip.mov 12s"`, for the event log.
    var summary: String {
        switch self {
        case let .image(image): "image \(image.displaySize) \(image.orientation)"
        case let .movie(url, duration): "movie \(url.lastPathComponent) \(duration.seconds)s"
        }
    }
}

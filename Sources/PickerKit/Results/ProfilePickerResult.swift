import Foundation
import PickerImaging

/// What a finished session hands back. Equal when every part is, the images compared as
/// `ImageBuffer.isSame(as:)` compares them.
///
/// ```swift
/// func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
///     avatar = result.image          // the edited image, else the original
///     savedCrop = result.cropRect    // in the original's pixels, display orientation
/// }
/// ```
///
/// ## Which image type
/// The images are the type the photo source delivered, and an avatar rendered from one is the
/// same type. On a device, with PickerKitUIKit's `SystemPhotoSource` and `AVCameraSession`,
/// they are `CGImageBuffer`s (a `CGImage` and its orientation, in the photo's own colour space);
/// in tests, on Linux and on servers they are `PixelBuffer`s; with an image type of the app's
/// own (an `ImageBuffer` it conforms), that type. To show one, PickerKitUIKit gives every
/// `ImageBuffer` `uiImage(scale:)` and `cgImage()`, and PickerKitSwiftUI gives SwiftUI's
/// `Image(decorative:scale:)`; `pixelBuffer()` gives the pixels anywhere.
///
/// ## Which colours
/// One rule on every platform: an avatar is in the photo's own colour space, tagged with its
/// profile (Display P3 for most iPhone photos; a `CGImageBuffer` in that `CGColorSpace`, a
/// `PixelBuffer` with that `colorProfile`), unless `AvatarOutput.colorOutput` is `.sRGB`, which
/// converts it to sRGB, on a device as on a server. A file written from it is sRGB by default
/// (`ImageFileOptions.colorOutput`), whatever the avatar is in.
///
/// ## Uploading
/// `fileData(_:)` writes the image as JPEG, PNG or HEIF: on Apple platforms PickerKitUIKit's,
/// with ImageIO, for any `ImageBuffer`; on Linux and servers PickerCodecs', for a `PixelBuffer`.
/// The file is upright, sRGB unless the profile is kept, and, for JPEG, has the circle's
/// corners over a background (white by default), its edge pixels composited without a dark
/// fringe:
///
/// ```swift
/// let jpeg = try result.image?.fileData(.jpeg(quality: 0.85))        // PickerKitUIKit
/// let png = try result.image?.pixelBuffer()?.fileData(.png())        // PickerCodecs
/// ```
public struct ProfilePickerResult: Sendable, Equatable {
    /// The kind of media chosen.
    public var mediaType: MediaType
    /// The image as picked, for images.
    public var originalImage: (any ImageBuffer)? {
        get { original?.image }
        set { original = SameImage(newValue) }
    }
    /// The image as cropped on the edit screen, when it was edited.
    public var editedImage: (any ImageBuffer)? {
        get { edited?.image }
        set { edited = SameImage(newValue) }
    }
    private var original: SameImage?
    private var edited: SameImage?
    /// The part of the original kept, in the original's pixels and display orientation, after
    /// any turns and flips the person made (``EditSession/geometry`` has them; its
    /// `rawCropRect` maps the crop to stored pixels).
    public var cropRect: PixelRect?
    /// The movie's file, for movies: the exported part when a ``ProfilePicker/movieExporter``
    /// exported it (the app's to keep or delete), else the original as picked or recorded.
    public var mediaURL: URL?
    /// The edit, to save and re-apply or reopen later (B24); `nil` when nothing was edited.
    public var editSession: EditSession?
    /// The part of the original movie kept, when the trim step ran: what ``mediaURL`` holds
    /// when it was exported, and what the app must export itself when it was not.
    public var movieTrim: ClosedRange<Duration>?
    /// The quality the movie was exported at, or is to be exported at when it was not.
    public var videoQuality: VideoQuality?
    /// Every item the library picker returned, in the order picked, each loaded or failed on
    /// its own; empty for single picks that went through the edit screen or preview.
    public var items: [PickedItemResult] = []

    /// Creates a result.
    public init(
        mediaType: MediaType, originalImage: (any ImageBuffer)? = nil,
        editedImage: (any ImageBuffer)? = nil, cropRect: PixelRect? = nil, mediaURL: URL? = nil,
        editSession: EditSession? = nil, movieTrim: ClosedRange<Duration>? = nil, videoQuality: VideoQuality? = nil
    ) {
        self.editSession = editSession
        self.movieTrim = movieTrim
        self.videoQuality = videoQuality
        self.mediaType = mediaType
        original = SameImage(originalImage)
        edited = SameImage(editedImage)
        self.cropRect = cropRect
        self.mediaURL = mediaURL
    }

    /// The image to use: the edited image when there is one, else the original.
    public var image: (any ImageBuffer)? { editedImage ?? originalImage }

    /// The size of the full-resolution original as a person sees it: ``cropRect`` and
    /// ``editSession`` are in its pixels. It is larger than ``originalImage``'s when the photo
    /// source reduced the image at load (`ImageBuffer.fullResolutionPixelSize`).
    public var originalSize: PixelSize? { originalImage?.fullResolutionDisplaySize }

    /// A one-line account: `"public.image edited 3024x3024 from 4032x3024 crop (504,0,3024,3024)"`.
    public var summary: String {
        var parts = [mediaType.identifier]
        if let edited = editedImage { parts.append("edited \(edited.displaySize)") }
        if let original = originalImage {
            let reduced = original.fullResolutionPixelSize == nil ? "" : " (loaded at \(original.displaySize))"
            parts.append("\(editedImage == nil ? "image" : "from") \(original.fullResolutionDisplaySize)\(reduced)")
        }
        if let crop = cropRect { parts.append("crop \(crop)") }
        if let url = mediaURL { parts.append("url \(url.lastPathComponent)") }
        if let trim = movieTrim { parts.append("trim \(trim.listed)") }
        if let quality = videoQuality { parts.append("quality \(quality.rawValue)") }
        if !items.isEmpty { parts.append("items " + items.map(\.summary).joined(separator: ", ")) }
        return parts.joined(separator: " ")
    }
}

/// One item the library picker returned: loaded, or failed on its own.
public struct PickedItemResult: Sendable, Equatable {
    /// The item as picked.
    public var item: PickedItem
    /// Its contents, or why they could not be loaded.
    public var media: Result<PickedMedia, PickerError>

    /// Creates an item result.
    public init(item: PickedItem, media: Result<PickedMedia, PickerError>) {
        self.item = item
        self.media = media
    }

    /// `"IMG_1 4x3"`, `"MOV_1 clip.mov"`, `"BAD failed"`.
    public var summary: String {
        switch media {
        case let .success(.image(image)): "\(item.id) \(image.displaySize)"
        case let .success(.movie(url, _)): "\(item.id) \(url.lastPathComponent)"
        case .failure: "\(item.id) failed"
        }
    }
}

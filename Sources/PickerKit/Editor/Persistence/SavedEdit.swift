import Foundation
import PickerImaging

/// An edit saved to reopen later, in another launch: the original photo as an image file, how
/// it is shown, the size of the full-resolution photo, and the ``EditSession`` made on it.
///
/// The session is in the full-resolution photo's pixels, while a device loads a photo reduced
/// to what the edit needs; so a photo saved and read back naively no longer fits its session
/// (``PickerError/imageMismatch(expected:actual:)``). A saved edit keeps what it takes to read
/// the photo back as the picker read it: the file (the photo's own where the picker read one,
/// else a lossless copy of the pixels it had), the orientation, and the full-resolution size.
///
/// Make one and read it back with the platform's codecs: PickerKitUIKit's
/// `SavedEdit(original:session:)` and `savedEdit.original(largestSide:)` (ImageIO) on a device,
/// PickerKitTesting's (PickerCodecs) on Linux. Then reopen the editor exactly as it was left:
///
/// ```swift
/// // After Choose:
/// let saved = try await SavedEdit(original: result.originalImage!, session: result.editSession!)
/// try JSONEncoder().encode(saved).write(to: documents.appending(path: "avatar-edit.json"))
/// // In a later launch:
/// let saved = try JSONDecoder().decode(SavedEdit.self, from: Data(contentsOf: url))
/// let photo = try await saved.original(largestSide: picker.configuration.largestUsefulSide(for: saved.displaySize))
/// try picker.edit(photo, restoring: saved.session)
/// ```
///
/// Its JSON is an object: `version` (``formatVersion``), `originalFile` (base64),
/// `orientation` (EXIF, 1–8), `fullResolutionPixelSize` (`width`, `height`) and `session`. A
/// damaged document is a `DecodingError` naming what is wrong, never a crash.
public struct SavedEdit: Sendable, Equatable, Codable {
    /// The format version this build writes and reads.
    public static let formatVersion = 1

    /// The original as an image file (JPEG, HEIF, PNG…).
    public let originalFile: Data
    /// How the original is shown; it wins over the file's own orientation tag.
    public let orientation: ImageOrientation
    /// The stored size of the full-resolution photo, which ``session`` is in. The file's pixels
    /// are this size, or a reduction of it.
    public let fullResolutionPixelSize: PixelSize
    /// The edit made on it.
    public let session: EditSession

    /// Saves `session` with the original it was made on.
    ///
    /// - Throws: ``PickerError/imageMismatch(expected:actual:)`` when `session` was not made on a
    ///   photo of `fullResolutionPixelSize` shown with `orientation`, and
    ///   ``PickerError/editFailed(_:)`` when `originalFile` is empty or the size is not positive.
    public init(originalFile: Data, orientation: ImageOrientation, fullResolutionPixelSize: PixelSize, session: EditSession) throws(PickerError) {
        guard !originalFile.isEmpty else {
            throw .editFailed(.unknownFormat)
        }
        guard !fullResolutionPixelSize.isEmpty else {
            throw .editFailed(.invalidDimensions(width: fullResolutionPixelSize.width, height: fullResolutionPixelSize.height))
        }
        let shown = session.shownSize(ofRaw: fullResolutionPixelSize, orientation)
        guard shown == session.geometry.imageSize else {
            throw .imageMismatch(expected: session.geometry.imageSize, actual: shown)
        }
        self.originalFile = originalFile
        self.orientation = orientation
        self.fullResolutionPixelSize = fullResolutionPixelSize
        self.session = session
    }

    /// The full-resolution photo's size as a person sees it (before the person's turns): what
    /// `PickerConfiguration.largestUsefulSide(for:)` takes.
    public var displaySize: PixelSize { orientation.displaySize(forRaw: fullResolutionPixelSize) }

    private enum CodingKeys: String, CodingKey {
        case version, originalFile, orientation, fullResolutionPixelSize, session
    }

    private enum SizeKeys: String, CodingKey {
        case width, height
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "saved edit version \(version): this build reads \(Self.formatVersion)")
        }
        let raw = try container.decode(Int.self, forKey: .orientation)
        guard let orientation = ImageOrientation(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(forKey: .orientation, in: container, debugDescription: "orientation \(raw): use 1...8")
        }
        let size = try container.nestedContainer(keyedBy: SizeKeys.self, forKey: .fullResolutionPixelSize)
        let fullResolution = PixelSize(width: try size.decode(Int.self, forKey: .width), height: try size.decode(Int.self, forKey: .height))
        do {
            try self.init(
                originalFile: try container.decode(Data.self, forKey: .originalFile), orientation: orientation,
                fullResolutionPixelSize: fullResolution, session: try container.decode(EditSession.self, forKey: .session))
        } catch let error as PickerError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "saved edit: \(error)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(originalFile, forKey: .originalFile)
        try container.encode(orientation.rawValue, forKey: .orientation)
        var size = container.nestedContainer(keyedBy: SizeKeys.self, forKey: .fullResolutionPixelSize)
        try size.encode(fullResolutionPixelSize.width, forKey: .width)
        try size.encode(fullResolutionPixelSize.height, forKey: .height)
        try container.encode(session, forKey: .session)
    }
}

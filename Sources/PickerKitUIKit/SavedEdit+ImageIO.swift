#if canImport(UIKit) && canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO
import PickerImaging
import PickerKit

extension SavedEdit {
    /// Saves `session` with `original`, the image it was made on (`result.originalImage`), off
    /// the main actor: the photo's own file where the picker read one (``CGImageBuffer/file``:
    /// a picked or captured photo), else a lossless PNG of the pixels `original` has, written
    /// with ImageIO; with the orientation and the full-resolution size either way.
    ///
    /// ```swift
    /// let saved = try await SavedEdit(original: result.originalImage!, session: result.editSession!)
    /// try JSONEncoder().encode(saved).write(to: url)
    /// ```
    ///
    /// - Throws: ``PickerKit/PickerError/imageMismatch(expected:actual:)`` when `session` was not
    ///   made on `original`; ``PickerKit/PickerError/editFailed(_:)`` when its pixels cannot be
    ///   written.
    @concurrent
    public init(original: any ImageBuffer, session: EditSession) async throws(PickerError) {
        let fullResolution = original.fullResolutionPixelSize ?? original.pixelSize
        if let file = (original as? CGImageBuffer)?.file {
            try self.init(originalFile: file, orientation: original.orientation, fullResolutionPixelSize: fullResolution, session: session)
            return
        }
        let image: CGImage
        do { image = try original.cgImage() } catch { throw .editFailed(error as? ImagingError ?? .unknownFormat) }
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 1, nil) else {
            throw .editFailed(.cannotRepresent(format: "PNG", reason: "ImageIO has no PNG writer"))
        }
        CGImageDestinationAddImage(destination, image, nil)
        guard CGImageDestinationFinalize(destination) else {
            throw .editFailed(.cannotRepresent(format: "PNG", reason: "ImageIO could not write \(original.pixelSize) pixels"))
        }
        try self.init(
            originalFile: data as Data, orientation: original.orientation, fullResolutionPixelSize: fullResolution, session: session)
    }

    /// The original, read back off the main actor as the picker reads a picked photo: reduced
    /// while it is decoded to `largestSide` pixels on its longer side, as shown (all of it when
    /// `nil`), reporting the full-resolution size, so ``PickerKit/ProfilePicker/edit(_:mediaType:restoring:)``
    /// reopens the editor on the same crop and ``PickerKit/EditSession/apply(to:)`` renders the
    /// same edit.
    ///
    /// ```swift
    /// let photo = try await saved.original(largestSide: picker.configuration.largestUsefulSide(for: saved.displaySize))
    /// try picker.edit(photo, restoring: saved.session)
    /// ```
    ///
    /// - Throws: `PhotoSourceError.unreadable` when the file is not an image ImageIO reads, or
    ///   its pixels are neither the full-resolution photo nor a reduction of it (a damaged or
    ///   altered document). A `largestSide` below 1 reads one pixel; above the file's, all of it.
    @concurrent
    public func original(largestSide: Int? = nil) async throws -> CGImageBuffer {
        try ImageFileReader.read(
            originalFile, named: "the saved edit's original", orientation: orientation, fullResolutionPixelSize: fullResolutionPixelSize,
            limit: { _ in largestSide })
    }
}
#endif

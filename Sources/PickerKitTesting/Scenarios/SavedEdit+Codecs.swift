import Foundation
import PickerCodecs
import PickerImaging
import PickerKit

extension SavedEdit {
    /// Saves `session` with `original`, the image it was made on, as a lossless PNG written with
    /// PickerCodecs: a saved edit on Linux, in tests and tools, where images are `PixelBuffer`s.
    /// (On a device, PickerKitUIKit's `SavedEdit(original:session:)` keeps the photo's own file.)
    ///
    /// - Throws: ``PickerKit/PickerError/imageMismatch(expected:actual:)`` when `session` was not
    ///   made on `original`.
    public init(losslessCopyOf original: PixelBuffer, session: EditSession) throws(PickerError) {
        // The stored pixels as they are: the orientation is kept beside the file.
        var stored = original
        stored.orientation = .up
        try self.init(
            originalFile: PNG.encode(stored), orientation: original.orientation, fullResolutionPixelSize: original.pixelSize,
            session: session)
    }

    /// The original's pixels, read back with PickerCodecs (PNG, JPEG or Netpbm), shown with the
    /// saved orientation.
    ///
    /// - Throws: ``PickerImaging/ImagingError`` when the file is not one PickerCodecs reads, and
    ///   ``PickerImaging/ImagingError/imageMismatch(expected:actual:)`` when its pixels are not the
    ///   saved full-resolution size (a reduced copy is for a device, which reads it reduced).
    public func originalPixels() throws -> PixelBuffer {
        var pixels = try ImageFileFormat.decode(originalFile)
        guard pixels.pixelSize == fullResolutionPixelSize else {
            throw ImagingError.imageMismatch(expected: fullResolutionPixelSize, actual: pixels.pixelSize)
        }
        pixels.orientation = orientation
        return pixels
    }
}

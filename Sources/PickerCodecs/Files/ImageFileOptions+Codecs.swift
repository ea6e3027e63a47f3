import Foundation
import PickerImaging

extension PixelBuffer {
    /// The image as a file to upload or store, written by this module's encoders: the pixels
    /// `options` prepare (`ImageFileOptions.prepared(_:)`: upright, sRGB unless
    /// the profile is kept, over the background for JPEG) as JPEG (4:2:0, quality 0…1 as 1…100)
    /// or PNG, with the colour profile they are tagged with (none for sRGB JPEG, which is sRGB
    /// by convention; PNG's `sRGB` chunk).
    ///
    /// On Apple platforms PickerKitUIKit writes any `ImageBuffer` with ImageIO under the same
    /// name and options (and HEIF with it); on Linux and servers this is the writer:
    ///
    /// ```swift
    /// let jpeg = try result.image?.pixelBuffer()?.fileData(.jpeg(quality: 0.85))
    /// ```
    ///
    /// - Throws: `ImagingError.unsupportedFeature(format:feature:)` for HEIF,
    ///   which this module does not write; `ImagingError.invalidNumber(parameter:value:)`
    ///   for a quality that is not a number; `ImagingError.cannotRepresent(format:reason:)`
    ///   for a JPEG side over 65535 pixels.
    public func fileData(_ options: ImageFileOptions) throws(ImagingError) -> Data {
        let quality = try options.checkedQuality()
        switch options.format {
        case .png:
            return PNG.encode(try options.prepared(self))
        case .jpeg:
            let image = try options.prepared(self)
            return try JPEG.encode(image, options: JPEG.EncodingOptions(quality: max(1, Int((quality * 100).rounded()))))
        case .heif:
            throw .unsupportedFeature(format: "HEIF", feature: "writing (PickerCodecs writes JPEG and PNG; ImageIO writes HEIF on Apple platforms)")
        }
    }
}

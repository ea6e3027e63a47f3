#if canImport(UIKit) && canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO
import PickerImaging

extension ImageBuffer {
    /// The image as a file to upload or store (JPEG, PNG or HEIF), written with ImageIO.
    ///
    /// The pixels are the ones `options` prepare on every platform
    /// (``PickerImaging/ImageFileOptions/prepared(_:)``): upright, converted to sRGB unless
    /// the options keep the image's profile, and for JPEG composited over the options'
    /// background, premultiplied edges included (ImageIO itself would drop the alpha of an
    /// avatar's corners, leaving them black, and darken its anti-aliased edge). The file
    /// carries the colour space of those pixels as its ICC profile, as ImageIO writes it:
    /// a Display P3 avatar kept in Display P3 is a tagged Display P3 file.
    ///
    /// ```swift
    /// func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
    ///     guard let avatar = result.image else { return }
    ///     Task.detached {
    ///         let jpeg = try avatar.fileData(.jpeg(quality: 0.85))   // sRGB, corners white
    ///         try await uploader.upload(jpeg, type: ImageFileOptions.Format.jpeg.mimeType)
    ///     }
    /// }
    /// ```
    ///
    /// Run it off the main actor for a large image: it converts and encodes every pixel.
    /// PickerCodecs gives `PixelBuffer` the same method, with its own encoders, for Linux and
    /// servers.
    ///
    /// - Throws: ``PickerImaging/ImagingError/unsupportedFeature(format:feature:)`` when ImageIO
    ///   on this device writes no such file (HEIF needs a device with a HEVC encoder: every
    ///   iPhone since the 7; the simulator on some Macs has none);
    ///   ``PickerImaging/ImagingError/cannotRepresent(format:reason:)`` when the image has no
    ///   pixels to give or ImageIO fails to write them;
    ///   ``PickerImaging/ImagingError/invalidNumber(parameter:value:)`` for a quality that is
    ///   not a number.
    public func fileData(_ options: ImageFileOptions) throws -> Data {
        let quality = try options.checkedQuality()
        guard let pixels = try pixelBuffer() else {
            throw ImagingError.cannotRepresent(format: "\(options.format)", reason: "\(type(of: self)) gives no pixels")
        }
        let prepared = try options.prepared(pixels)
        guard let image = try CGImageBuffer.make(from: prepared)?.image else {
            throw ImagingError.cannotRepresent(format: "\(options.format)", reason: "Core Graphics refused \(prepared.pixelSize) pixels")
        }
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, options.format.typeIdentifier as CFString, 1, nil)
        else {
            throw ImagingError.unsupportedFeature(format: "\(options.format)", feature: "writing: ImageIO on this device has no encoder for it")
        }
        let properties: [CFString: Any] = options.format == .png ? [:] : [kCGImageDestinationLossyCompressionQuality: quality]
        CGImageDestinationAddImage(destination, image, properties as CFDictionary)
        guard CGImageDestinationFinalize(destination) else {
            throw ImagingError.cannotRepresent(format: "\(options.format)", reason: "ImageIO could not write \(prepared.pixelSize) pixels")
        }
        return data as Data
    }
}
#endif

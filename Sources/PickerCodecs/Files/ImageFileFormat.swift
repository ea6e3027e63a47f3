import Foundation
import PickerImaging

extension ImageFileFormat {
    /// Decodes `data` in whichever format it is.
    ///
    /// ```swift
    /// let photo = try ImageFileFormat.decode(Data(contentsOf: url))   // PNG, JPEG, PAM, PPM or PGM
    /// ```
    ///
    /// - Throws: `ImagingError.unknownFormat` when it is none of them, and the format's own
    ///   errors.
    public static func decode(_ data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> PixelBuffer {
        switch ImageFileFormat(sniffing: data) {
        case .png: try PNG.decode(data, pixelLimit: pixelLimit)
        case .jpeg: try JPEG.decode(data, pixelLimit: pixelLimit)
        case .pam, .ppm, .pgm: try Netpbm.decode(data, pixelLimit: pixelLimit)
        case nil: throw .unknownFormat
        }
    }

    /// Decodes `data` in whichever format it is, as `options` say, and gives back with the
    /// pixels what the decoder worked around (PNG chunks skipped, JPEG damage, colour profiles
    /// left out). Only JPEG reduces its scale: a PNG or Netpbm file asked for another scale than
    /// `.full` throws `ImagingError.unsupportedFeature(format:feature:)`.
    ///
    /// - Throws: `ImagingError.unknownFormat` when it is none of them, and the format's own
    ///   errors.
    public static func decode(_ data: Data, options: DecodeOptions) throws(ImagingError) -> DecodedImage {
        switch ImageFileFormat(sniffing: data) {
        case .png: try PNG.decode(data, options: options)
        case .jpeg: try JPEG.decode(data, options: options)
        case .pam, .ppm, .pgm: try Netpbm.decode(data, options: options)
        case nil: throw .unknownFormat
        }
    }

    /// What `data` holds, from its header alone.
    public static func info(_ data: Data) throws(ImagingError) -> ImageInfo {
        switch ImageFileFormat(sniffing: data) {
        case .png: try PNG.info(data)
        case .jpeg: try JPEG.info(data)
        case .pam, .ppm, .pgm: try Netpbm.info(data)
        case nil: throw .unknownFormat
        }
    }
}

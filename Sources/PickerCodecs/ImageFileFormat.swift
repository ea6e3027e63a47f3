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

    /// Decodes `data` in whichever format it is, adding to `warnings` what the decoder worked
    /// around (PNG chunks skipped, JPEG damage).
    public static func decode(
        _ data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit, warnings: inout [ImagingWarning]
    ) throws(ImagingError) -> PixelBuffer {
        switch ImageFileFormat(sniffing: data) {
        case .png: try PNG.decode(data, pixelLimit: pixelLimit, warnings: &warnings)
        case .jpeg: try JPEG.decode(data, pixelLimit: pixelLimit, warnings: &warnings)
        case .pam, .ppm, .pgm: try Netpbm.decode(data, pixelLimit: pixelLimit)
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

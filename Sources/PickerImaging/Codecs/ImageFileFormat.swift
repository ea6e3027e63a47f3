import Foundation

/// The file formats PickerImaging reads, told apart by their first bytes (never by a name).
public enum ImageFileFormat: String, Sendable, CaseIterable {
    case png = "PNG", jpeg = "JPEG", netpbm = "Netpbm"

    /// The format `data` starts like, or `nil`.
    public init?(sniffing data: Data) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if data.count >= 2, data[data.startIndex] == UInt8(ascii: "P"),
            (UInt8(ascii: "2")...UInt8(ascii: "7")).contains(data[data.startIndex + 1])
        {
            self = .netpbm
        } else {
            return nil
        }
    }

    /// Decodes `data` in whichever format it is.
    ///
    /// ```swift
    /// let photo = try ImageFileFormat.decode(Data(contentsOf: url))   // PNG, JPEG, PAM, PPM or PGM
    /// ```
    ///
    /// - Throws: ``ImagingError/unknownFormat`` when it is none of them, and the format's own
    ///   errors.
    public static func decode(_ data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> PixelBuffer {
        switch ImageFileFormat(sniffing: data) {
        case .png: try PNG.decode(data, pixelLimit: pixelLimit)
        case .jpeg: try JPEG.decode(data, pixelLimit: pixelLimit)
        case .netpbm: try Netpbm.decode(data, pixelLimit: pixelLimit)
        case nil: throw .unknownFormat
        }
    }

    /// What `data` holds, from its header alone.
    public static func info(_ data: Data) throws(ImagingError) -> ImageInfo {
        switch ImageFileFormat(sniffing: data) {
        case .png: try PNG.info(data)
        case .jpeg: try JPEG.info(data)
        case .netpbm: try Netpbm.info(data)
        case nil: throw .unknownFormat
        }
    }
}

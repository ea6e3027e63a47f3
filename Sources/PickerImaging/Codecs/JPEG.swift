import Foundation

/// JPEG images, read in pure Swift: baseline and progressive Huffman coding (SOF0, SOF1,
/// SOF2), 8-bit samples, gray, YCbCr, RGB, CMYK and YCCK (Adobe), any sampling factors
/// (4:4:4, 4:2:2, 4:2:0, 4:4:0, 4:1:1), restart intervals, and the EXIF orientation.
///
/// The samples are libjpeg-turbo's by default: its accurate integer inverse DCT ("islow"),
/// its "fancy" triangle upsampling of subsampled colour, and its fixed-point YCbCr → RGB, so
/// a photo shows the same pixels here as in other apps. Arithmetic coding, 12-bit samples
/// and lossless or hierarchical files are a clear ``ImagingError/unsupportedFeature(format:feature:)``.
///
/// ```swift
/// let photo = try JPEG.decode(Data(contentsOf: url))   // an RGBA PixelBuffer, EXIF orientation set
/// ```
public enum JPEG {
    /// Reads a JPEG file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - pixelLimit: the most pixels accepted; a larger frame throws before any coefficient
    ///     memory is reserved.
    /// - Throws: ``ImagingError/unknownFormat`` without an SOI marker;
    ///   ``ImagingError/truncatedFile(format:)``; ``ImagingError/corruptFile(format:reason:)``
    ///   for bad segments, Huffman codes, tables or scans;
    ///   ``ImagingError/unsupportedFeature(format:feature:)``; and the size errors of
    ///   ``PixelBuffer``.
    /// - Complexity: O(file size + pixels).
    public static func decode(_ data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> PixelBuffer {
        // A decoded image always comes back with the full decode.
        try JPEGDecoder(bytes: [UInt8](data), pixelLimit: pixelLimit).decode().image!
    }

    /// What a JPEG file holds, from its segments up to the first scan: nothing is decoded.
    ///
    /// - Throws: the errors of ``decode(_:pixelLimit:)`` that those segments show.
    public static func info(_ data: Data) throws(ImagingError) -> ImageInfo {
        let header = try JPEGDecoder(bytes: [UInt8](data), pixelLimit: .max).decode(headerOnly: true).header
        guard let frame = header.frame else { throw .corruptFile(format: "JPEG", reason: "no frame") }
        let space: String = switch JPEGPixels.colourSpace(frame, header) {
        case .gray: "gray"
        case .yCbCr: "YCbCr"
        case .rgb: "RGB"
        case .cmyk: "CMYK"
        case .yCCK: "YCCK"
        }
        let sampling = frame.components.map { "\($0.h)x\($0.v)" }.joined(separator: ",")
        return ImageInfo(
            format: "JPEG", pixelSize: PixelSize(width: frame.width, height: frame.height), orientation: header.orientation,
            layout: "\(space) 8-bit, sampling \(sampling)\(frame.progressive ? ", progressive" : "")")
    }
}

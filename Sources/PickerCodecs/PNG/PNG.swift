import Foundation
import PickerImaging

/// PNG images, read and written in pure Swift.
///
/// Decoding handles every standard colour type and bit depth (gray 1/2/4/8/16, RGB 8/16,
/// palette 1/2/4/8 with tRNS, gray+alpha 8/16, RGBA 8/16), Adam7 interlacing, CRC and Adler-32
/// checks, and reads the orientation from an `eXIf` chunk. 16-bit samples are rounded to 8 bits.
/// Encoding writes the image upright with adaptive row filters and real DEFLATE compression.
///
/// ```swift
/// let photo = try PNG.decode(Data(contentsOf: url))
/// try PNG.encode(avatar).write(to: out)
/// ```
public enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads a PNG file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - pixelLimit: the most pixels accepted; a larger header throws before any
    ///     decompression (a decompression-bomb guard).
    /// - Throws: `ImagingError.unknownFormat` for a missing signature;
    ///   `ImagingError.truncatedFile(format:)`; `ImagingError.corruptFile(format:reason:)`
    ///   for bad CRCs in critical chunks, bad zlib data, bad headers, missing chunks (an
    ///   ancillary chunk with a bad CRC is skipped, as libpng does: see
    ///   ``decode(_:options:)`` to hear about it);
    ///   `ImagingError.unsupportedFeature(format:feature:)` for unknown critical chunks; and the
    ///   size errors of `PixelBuffer`.
    /// - Complexity: O(file size + pixels).
    public static func decode(_ data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> PixelBuffer {
        try PNGDecoder(bytes: [UInt8](data), pixelLimit: pixelLimit).decode()
    }

    /// Reads a PNG file as `options` say (its part and its pixel limit: PNG decodes on one
    /// thread, at full size only), and gives back with the pixels what was worked around:
    /// ancillary chunks skipped for a bad CRC, a colour profile left out.
    ///
    /// ```swift
    /// let decoded = try PNG.decode(data, options: DecodeOptions())
    /// decoded.warnings   // [skipped the PNG iCCP chunk: CRC mismatch]
    /// ```
    ///
    /// - Throws: the errors of ``decode(_:pixelLimit:)``, and for a crop those of
    ///   ``decode(_:croppingTo:pixelLimit:)``; `ImagingError.unsupportedFeature(format:feature:)`
    ///   for a scale other than `.full`.
    public static func decode(_ data: Data, options: DecodeOptions) throws(ImagingError) -> DecodedImage {
        try options.checkFullScale(.png)
        var warnings: [ImagingWarning] = []
        let decoder = PNGDecoder(bytes: [UInt8](data), pixelLimit: options.pixelLimit)
        let pixels = if let rect = options.crop {
            try decoder.decode(croppingTo: rect, warnings: &warnings)
        } else {
            try decoder.decode(warnings: &warnings)
        }
        return DecodedImage(pixels: pixels, warnings: warnings)
    }

    /// The part of a PNG image shown in `rect` (display orientation, after the file's EXIF
    /// orientation), exactly as `decode(data).cropped(to: rect)` gives it, in a fraction of the
    /// memory: the image is inflated and unfiltered row by row (an interlaced one pass by pass,
    /// each pass's rows scattered into place), and only the crop's pixels are kept.
    ///
    /// ```swift
    /// // The 2800² crop of a 12 MP photo: memory for the crop and a few rows.
    /// let crop = try PNG.decode(data, croppingTo: PixelRect(x: 400, y: 100, width: 2800, height: 2800))
    /// ```
    ///
    /// A rectangle that reaches outside the image is clamped to it, as
    /// ``JPEG/decode(_:scale:croppingTo:pixelLimit:)`` and `PixelBuffer.cropped(to:)` clamp: the
    /// part inside is decoded.
    ///
    /// - Throws: the errors of ``decode(_:pixelLimit:)`` (all the image data is still checked),
    ///   and `ImagingError.cropOutsideImage(rect:imageSize:)` when `rect` is empty or covers none
    ///   of it.
    /// - Complexity: O(file size + pixels) time; O(crop + one row) memory beyond the file.
    public static func decode(
        _ data: Data, croppingTo rect: PixelRect, pixelLimit: Int = PixelBuffer.defaultPixelLimit
    ) throws(ImagingError) -> PixelBuffer {
        try decode(data, options: DecodeOptions(crop: rect, pixelLimit: pixelLimit)).pixels
    }

    /// What a PNG file holds, from its chunks alone: nothing is decompressed, and no pixel memory
    /// is used.
    ///
    /// - Throws: the errors of ``decode(_:pixelLimit:)`` that the chunks show (the image data
    ///   is not checked).
    /// - Complexity: O(number of chunks) beyond reading the file.
    public static func info(_ data: Data) throws(ImagingError) -> ImageInfo {
        var warnings: [ImagingWarning] = []
        let chunks = try PNGDecoder(bytes: [UInt8](data), pixelLimit: .max).readChunks(keepingImageData: false, warnings: &warnings)
        let h = chunks.header
        let kind = ["gray", "", "RGB", "palette", "gray+alpha", "", "RGBA"][h.colourType]
        return ImageInfo(
            format: .png, pixelSize: PixelSize(width: h.width, height: h.height), orientation: chunks.orientation,
            layout: "\(kind) \(h.bitDepth)-bit\(h.interlaced ? ", interlaced" : "")", warnings: warnings,
            colorProfile: chunks.colorProfile)
    }

    /// Writes `image` as PNG, upright (its orientation is baked in).
    ///
    /// Gray images are written as 8-bit gray, opaque colour ones as RGB, others as RGBA with
    /// straight alpha. Each row gets the filter whose output has the smallest sum of absolute
    /// values; the compression searches 24 earlier places for each repeat, and writes files
    /// within a few percent of zlib's default level (from 1 % smaller to 5 % larger on the
    /// photos and avatars measured), on two cores four to six times faster.
    ///
    /// An image of a megabyte or more is filtered in bands of rows on every core; the filtered
    /// data, when over 512 KiB, is compressed in bands of 512 KiB on every core too. Each band's
    /// repeats may reach back into the band before it, so the bands cost next to nothing in
    /// size, and the file's bytes are the same on any number of cores.
    ///
    /// - Complexity: O(pixels), with a bounded search per byte for repeated runs.
    public static func encode(_ image: PixelBuffer) -> Data {
        PNGEncoder.encode(image)
    }
}

/// The PNG header.
struct PNGHeader {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colourType: Int
    var interlaced: Bool

    /// Samples per pixel.
    var channels: Int {
        switch colourType {
        case 0, 3: 1
        case 4: 2
        case 2: 3
        default: 4
        }
    }

    /// Bits per pixel.
    var bitsPerPixel: Int { channels * bitDepth }
    /// Bytes per complete pixel, at least 1: the filters' left neighbour distance.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one filtered row of `width` pixels, without the filter byte.
    func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
}

/// Adam7's seven passes: start and step in x and y.
enum Adam7 {
    static let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The size of pass `p` of a `width × height` image (zero in either side when it is empty).
    static func size(_ p: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        let pass = passes[p]
        return ((width - pass.x0 + pass.dx - 1) / pass.dx, (height - pass.y0 + pass.dy - 1) / pass.dy)
    }

    /// One sub-image of the filtered data: where its pixels lie in the image, and its size.
    struct Pass {
        var x0: Int, y0: Int, dx: Int, dy: Int
        var width: Int, height: Int
    }

    /// The sub-images the filtered data holds, in order: the non-empty Adam7 passes of an
    /// interlaced image, or the whole image.
    static func layout(_ h: PNGHeader) -> [Pass] {
        guard h.interlaced else { return [Pass(x0: 0, y0: 0, dx: 1, dy: 1, width: h.width, height: h.height)] }
        return passes.indices.compactMap { p in
            let pass = passes[p], size = size(p, width: h.width, height: h.height)
            guard size.width > 0, size.height > 0 else { return nil }
            return Pass(x0: pass.x0, y0: pass.y0, dx: pass.dx, dy: pass.dy, width: size.width, height: size.height)
        }
    }

    /// The exact length of the filtered data: a filter byte and the packed samples per row.
    static func filteredLength(_ h: PNGHeader) -> Int {
        layout(h).reduce(0) { $0 + (h.rowBytes($1.width) + 1) * $1.height }
    }
}

import Foundation
import PickerImaging

/// JPEG images, read in pure Swift: baseline and progressive Huffman coding (SOF0, SOF1,
/// SOF2), 8-bit samples, gray, YCbCr, RGB, CMYK and YCCK (Adobe), any sampling factors
/// (4:4:4, 4:2:2, 4:2:0, 4:4:0, 4:1:1), restart intervals, and the EXIF orientation.
///
/// The samples are libjpeg-turbo's by default: its accurate integer inverse DCT ("islow"),
/// its "fancy" triangle upsampling of subsampled colour, and its fixed-point YCbCr → RGB, so
/// a photo shows the same pixels here as in other apps. Arithmetic coding, 12-bit samples
/// and lossless or hierarchical files are a clear `ImagingError.unsupportedFeature(format:feature:)`.
///
/// ```swift
/// let photo = try JPEG.decode(Data(contentsOf: url))   // an RGBA PixelBuffer, EXIF orientation set
/// ```
public enum JPEG {
    /// The most scans a file may have by default: a real progressive file has about ten (a
    /// scan per band of coefficients and bit of refinement; libjpeg's standard script has ten).
    /// A file of more is `ImagingError.workLimitExceeded(format:reason:)`; pass `scanLimit` to
    /// ``decode(_:scale:pixelLimit:scanLimit:)`` to accept more. Whatever the limit, the scans
    /// together may walk each block of the image at most 16 times.
    public static let defaultScanLimit = 1_000

    /// Reads a JPEG file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - pixelLimit: the most pixels accepted; a larger frame throws before any coefficient
    ///     memory is reserved.
    /// - Throws: `ImagingError.unknownFormat` without an SOI marker;
    ///   `ImagingError.truncatedFile(format:)`; `ImagingError.corruptFile(format:reason:)`
    ///   for bad segments, Huffman codes, tables or scans;
    ///   `ImagingError.unsupportedFeature(format:feature:)`; and the size errors of
    ///   `PixelBuffer`.
    /// - Complexity: O(file size + pixels).
    public static func decode(_ data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> PixelBuffer {
        try decode(data, scale: .full, pixelLimit: pixelLimit)
    }

    /// Reads a JPEG file at a reduced size, straight from the DCT coefficients (libjpeg's
    /// `scale_denom`): each 8×8 block becomes 4×4, 2×2 or 1×1 samples through a smaller inverse
    /// DCT, so no full-size pixels are ever made. The samples are libjpeg-turbo's for the
    /// same scale (`djpeg -scale 1/2`), which also leaves out the triangle upsampling at 1/8.
    ///
    /// ```swift
    /// let preview = try JPEG.decode(data, scale: .quarter)   // 4032×3024 → 1008×756
    /// ```
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - scale: the size to decode at; see ``Scale/size(of:)``.
    ///   - pixelLimit: the most pixels accepted, counted at full size.
    ///   - scanLimit: the most scans accepted (``defaultScanLimit``).
    /// - Throws: the errors of ``decode(_:pixelLimit:)``, and
    ///   `ImagingError.workLimitExceeded(format:reason:)` for more scans than `scanLimit`, or
    ///   scans that together walk the image's blocks more than 16 times over.
    public static func decode(
        _ data: Data, scale: Scale, pixelLimit: Int = PixelBuffer.defaultPixelLimit, scanLimit: Int = defaultScanLimit
    ) throws(ImagingError) -> PixelBuffer {
        try decode(data, options: DecodeOptions(scale: scale, pixelLimit: pixelLimit, scanLimit: scanLimit)).pixels
    }

    /// Reads a JPEG file as `options` say (its size, its part, its limits, its threads), and
    /// gives back with the pixels the damage it worked around. A damaged photo decodes as
    /// libjpeg-turbo (and so most viewers) decodes it: a file cut short once its image data has
    /// begun, restart markers missing or out of order, and codes no Huffman table holds give the
    /// image as far as it goes, gray (or as earlier scans drew it) where the damage hid it, and an
    /// `ImagingWarning.damagedData(format:reason:)` for each kind of damage in each scan. The
    /// other decode functions give the same pixels and drop the warnings.
    ///
    /// ```swift
    /// let decoded = try JPEG.decode(data, options: DecodeOptions())
    /// decoded.warnings   // [damaged JPEG data: scan 1: 2 restart markers missing or out of order]
    /// ```
    ///
    /// With two or more threads, a baseline image of a million pixels or more is upsampled and
    /// colour-converted on a second thread while the first decodes its data. So is a progressive
    /// one while its last scan is read, when its scans leave no low coefficient unknown; when
    /// they do (a file cut before its refinements, smoothed as libjpeg smooths it, which needs
    /// every scan first), it shares its inverse DCT, upsampling and colour conversion among the
    /// threads after its scans. The scans are read on one thread. The pixels are the same on any
    /// number of threads. A crop (``DecodeOptions/crop``) is decoded as
    /// ``decode(_:scale:croppingTo:pixelLimit:)`` says.
    ///
    /// - Throws: the errors of ``decode(_:scale:pixelLimit:scanLimit:)``, and for a crop those of
    ///   ``decode(_:scale:croppingTo:pixelLimit:)``.
    public static func decode(_ data: Data, options: DecodeOptions) throws(ImagingError) -> DecodedImage {
        var warnings: [ImagingWarning] = []
        var coefficientBytes = 0
        let pixels = try decode(data, options: options, warnings: &warnings, coefficientBytes: &coefficientBytes)
        return DecodedImage(pixels: pixels, warnings: warnings)
    }

    /// Reads part of a JPEG file: exactly `decode(data, scale: scale).cropped(to: rect)` when
    /// that decode succeeds, but only the blocks under `rect` (and their neighbours, for
    /// upsampling) go through the inverse DCT and colour conversion. A baseline file whose
    /// first scan holds every component is entropy-decoded down to the last row of MCUs those
    /// blocks lie in and read no further, as libjpeg-turbo skips to the end of an image: what
    /// lies below changes none of these pixels, and damage there is not reported (a file cut
    /// short there, or one whose data there stops a whole decode: a DC difference beyond what
    /// any table allows, which libjpeg-turbo refuses in the table itself). Any other file is
    /// entropy-decoded whole. Memory goes
    /// by what is kept: a baseline file holds one row of MCUs of coefficients; a progressive
    /// one holds of the blocks under `rect` the coefficients the inverse DCT at `scale` reads
    /// (128 bytes a block; 50 at 1/4; at 1/8 only the DC), and of every other block only what
    /// later scans and smoothing need: its DC and which coefficients are nonzero (10 bytes).
    ///
    /// ```swift
    /// let face = try JPEG.decode(data, scale: .half, croppingTo: PixelRect(x: 200, y: 50, width: 1400, height: 1400))
    /// ```
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - scale: the size to decode at.
    ///   - rect: in display orientation, on the image at `scale`
    ///     (``Scale/size(of:)`` of the display size).
    ///   - pixelLimit: as for ``decode(_:scale:pixelLimit:scanLimit:)``.
    /// - Returns: the stored pixels under `rect`, with the file's orientation. A rectangle that
    ///   reaches outside the image is clamped to it (as ``PNG/decode(_:croppingTo:pixelLimit:)``
    ///   and `PixelBuffer.cropped(to:)` clamp): the part inside is decoded.
    /// - Throws: `ImagingError.cropOutsideImage(rect:imageSize:)` when `rect` is empty or covers
    ///   none of the image at that scale; the errors of ``decode(_:pixelLimit:)``.
    public static func decode(
        _ data: Data, scale: Scale = .full, croppingTo rect: PixelRect, pixelLimit: Int = PixelBuffer.defaultPixelLimit
    ) throws(ImagingError) -> PixelBuffer {
        try decode(data, options: DecodeOptions(scale: scale, crop: rect, pixelLimit: pixelLimit)).pixels
    }

    /// ``decode(_:options:)`` on two threads whatever the
    /// image's size (the pipeline normally starts at a million pixels): what the fuzzers hold
    /// to the one-thread decode.
    package static func decodeOnTwoThreads(
        _ data: Data, scale: Scale = .full, pixelLimit: Int = PixelBuffer.defaultPixelLimit, warnings: inout [ImagingWarning]
    ) throws(ImagingError) -> PixelBuffer {
        var decoder = JPEGDecoder(bytes: [UInt8](data), pixelLimit: pixelLimit)
        decoder.threads = 2
        decoder.hooks.pipelineArea = 0
        return try decoder.decode(denominator: scale.rawValue, region: nil, warnings: &warnings)
    }

    /// The decode `options` ask for, adding to `warnings` the damage worked around; a crop sets
    /// `coefficientBytes` to the bytes its coefficients took, and tells `rowsWritten` of its rows
    /// as it writes them (a baseline file on two threads).
    static func decode(
        _ data: Data, options: DecodeOptions, warnings: inout [ImagingWarning], coefficientBytes: inout Int,
        rowsWritten: JPEGDecoder.RowsWritten? = nil
    ) throws(ImagingError) -> PixelBuffer {
        var decoder = JPEGDecoder(bytes: [UInt8](data), pixelLimit: options.pixelLimit)
        decoder.scanLimit = options.scanLimit
        decoder.threads = options.threads
        decoder.rowsWritten = rowsWritten
        let scale = options.scale
        guard let rect = options.crop else {
            return try decoder.decode(denominator: scale.rawValue, region: nil, warnings: &warnings)
        }
        let region = { (header: JPEGDecoder.Header) throws(ImagingError) -> PixelRect in
            // (A frame is present whenever pixels are rendered.)
            let frame = header.frame!
            let stored = scale.size(of: PixelSize(width: frame.width, height: frame.height))
            let shown = header.orientation.swapsAxes ? stored.transposed : stored
            // The one crop rule of PickerCodecs: the part inside the image; none inside is an error.
            guard !rect.isEmpty, let visible = rect.intersection(PixelRect(size: shown)) else {
                throw .cropOutsideImage(rect: rect, imageSize: shown)
            }
            return header.orientation.rawRect(forDisplay: visible, rawSize: stored)
        }
        return try decoder.decode(denominator: scale.rawValue, region: region, warnings: &warnings, coefficientBytes: &coefficientBytes)
    }

    /// A size to decode at: a fraction of the image's own, 1/1, 1/2, 1/4 or 1/8.
    public enum Scale: Int, Sendable, CaseIterable {
        case full = 1, half = 2, quarter = 4, eighth = 8

        /// How many pixels of the full image each pixel of the result spans, on each axis.
        public var denominator: Int { rawValue }

        /// The size an image of `size` decodes to: each side divided and rounded up, as libjpeg
        /// does.
        public func size(of size: PixelSize) -> PixelSize {
            PixelSize(width: size.width / rawValue + (size.width % rawValue == 0 ? 0 : 1),
                      height: size.height / rawValue + (size.height % rawValue == 0 ? 0 : 1))
        }

        /// The smallest scale at which `region` of the image still has at least `output`'s
        /// pixels on each axis, so that a downscale to `output` loses nothing the full decode
        /// would have kept. ``full`` when `output` is as large as `region`, or either is empty.
        public static func fitting(_ region: PixelSize, to output: PixelSize) -> Scale {
            guard !region.isEmpty, !output.isEmpty else { return .full }
            return allCases.last { region.width / $0.rawValue >= output.width && region.height / $0.rawValue >= output.height } ?? .full
        }
    }

    /// The bytes ``header(_:)`` reads first.
    static let headerPrefix = 64 << 10

    /// What a JPEG file holds, from its segments up to the first scan: nothing is decoded.
    ///
    /// - Throws: the errors of ``decode(_:pixelLimit:)`` that those segments show.
    public static func info(_ data: Data) throws(ImagingError) -> ImageInfo {
        try header(data).info
    }

    /// The header, and the bytes a whole decode at full size on one thread holds for the
    /// frame's coefficients: 2 per sample of one row of MCUs for a baseline file whose first
    /// scan holds every component (it is transformed as it is decoded; a single component's
    /// scan walks one row of blocks at a time), of every block otherwise, and a progressive
    /// file's 8 bytes of nonzero bits a block. (On two threads a baseline file holds eight rows.)
    static func header(_ data: Data) throws(ImagingError) -> (info: ImageInfo, coefficientBytes: Int) {
        // The segments before the first scan are read from the file's first 64 KiB when they lie
        // there (a photo's are usually a few KiB): a segment past them reads as the file cut
        // short, and the whole file is read instead. Not a copy of megabytes for a header.
        var bytes = [UInt8](data.prefix(Self.headerPrefix))
        let header: JPEGDecoder.Header, frame: JPEGDecoder.Frame
        do {
            (header, frame) = try JPEGDecoder(bytes: bytes, pixelLimit: .max).header()
        } catch .truncatedFile where data.count > bytes.count {
            bytes = [UInt8](data)
            (header, frame) = try JPEGDecoder(bytes: bytes, pixelLimit: .max).header()
        }
        let coefficientBytes = frame.components.reduce(0) {
            $0 + $1.blocksAcross * (header.streamsRows ? frame.blockRowsPerMCURow($1) : $1.blocksDown) * 128
                + (frame.progressive ? $1.blocksAcross * $1.blocksDown * 8 : 0)
        }
        let space: String = switch JPEGPixels.colourSpace(frame, header) {
        case .gray: "gray"
        case .yCbCr: "YCbCr"
        case .rgb: "RGB"
        case .cmyk: "CMYK"
        case .yCCK: "YCCK"
        }
        let sampling = frame.components.map { "\($0.h)x\($0.v)" }.joined(separator: ",")
        var info = ImageInfo(
            format: .jpeg, pixelSize: PixelSize(width: frame.width, height: frame.height), orientation: header.orientation,
            layout: "\(space) 8-bit, sampling \(sampling)\(frame.progressive ? ", progressive" : "")")
        info.colorProfile = ColorProfileFiles.jpegProfile(
            header.iccChunks, in: bytes, gray: JPEGPixels.colourSpace(frame, header) == .gray, warnings: &info.warnings)
        return (info, coefficientBytes)
    }
}

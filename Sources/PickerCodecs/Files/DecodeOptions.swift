import Foundation
import PickerImaging

/// How a file is decoded: at what size, which part, within which limits and on how many
/// threads. One value for every format's `decode(_:options:)`, so a caller that learns a new
/// option does not learn a new function.
///
/// ```swift
/// var options = DecodeOptions(scale: .half)
/// options.crop = PixelRect(x: 200, y: 50, width: 1400, height: 1400)
/// let decoded = try JPEG.decode(data, options: options)
/// decoded.pixels     // the crop, at half size
/// decoded.warnings   // the damage worked around, if any
/// ```
public struct DecodeOptions: Sendable, Hashable {
    /// The size to decode at. A JPEG file is reduced from its DCT coefficients (libjpeg's
    /// `scale_denom`: see ``JPEG/Scale``). PNG and Netpbm files have no such reduction: asked
    /// for another scale than `.full` (the default), they throw
    /// `ImagingError.unsupportedFeature(format:feature:)` rather than return a size, and a
    /// crop, that were not asked for.
    public var scale: JPEG.Scale
    /// The part to keep, in display orientation (after the file's EXIF orientation) on the image
    /// at ``scale``; `nil` (the default) keeps all of it. A rectangle reaching outside the image
    /// is clamped to it; one that is empty or covers none of it is
    /// `ImagingError.cropOutsideImage(rect:imageSize:)`. JPEG and PNG decode only what the crop
    /// needs (see ``JPEG/decode(_:scale:croppingTo:pixelLimit:)`` and
    /// ``PNG/decode(_:croppingTo:pixelLimit:)``); Netpbm decodes whole and crops.
    public var crop: PixelRect?
    /// The most pixels accepted, counted at full size: a larger frame throws before any pixel
    /// memory is reserved. `PixelBuffer.defaultPixelLimit` by default.
    public var pixelLimit: Int
    /// The most scans a JPEG file may have (``JPEG/defaultScanLimit`` by default); more is
    /// `ImagingError.workLimitExceeded(format:reason:)`. Other formats have no scans.
    public var scanLimit: Int
    /// How many threads a JPEG decode may use; `nil` (the default) picks
    /// `PixelBuffer.automaticThreads(sourcePixels:)` for the frame. The pixels are the same on
    /// any number. PNG and Netpbm decode on one.
    public var threads: Int?

    /// Options for a decode; each has the default its property documents.
    public init(
        scale: JPEG.Scale = .full, crop: PixelRect? = nil, pixelLimit: Int = PixelBuffer.defaultPixelLimit,
        scanLimit: Int = JPEG.defaultScanLimit, threads: Int? = nil
    ) {
        self.scale = scale
        self.crop = crop
        self.pixelLimit = pixelLimit
        self.scanLimit = scanLimit
        self.threads = threads
    }

    /// The refusal of a reduced scale by a format that has none.
    func checkFullScale(_ format: @autoclosure () -> ImageFileFormat) throws(ImagingError) {
        guard scale != .full else { return }
        throw .unsupportedFeature(format: format().rawValue, feature: "decoding at 1/\(scale.denominator) scale (only JPEG reduces while decoding)")
    }
}

/// What a decode gives back: the pixels, and what the decoder worked around to read them.
public struct DecodedImage: Sendable, Equatable {
    /// The stored pixels (with the file's orientation and colour profile).
    public var pixels: PixelBuffer
    /// What the decoder noticed and worked around without failing, in the order met: ancillary
    /// chunks skipped, damaged data decoded as far as it goes, a colour profile left out. Empty
    /// for a sound file.
    public var warnings: [ImagingWarning]

    /// A decoded image.
    public init(pixels: PixelBuffer, warnings: [ImagingWarning] = []) {
        self.pixels = pixels
        self.warnings = warnings
    }
}

/// The errors PickerImaging throws. Every case says what was wrong and with which values.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A width or height was zero or negative. Give both sides at least one pixel.
    case invalidDimensions(width: Int, height: Int)
    /// `width × height × bytes per pixel` does not fit in memory addresses; the image is absurd.
    case dimensionsOverflow(width: Int, height: Int)
    /// The image has more pixels than the configured limit allows (a decompression-bomb guard).
    case tooManyPixels(count: Int, limit: Int)
    /// The row stride is shorter than one row of pixels.
    case invalidRowStride(stride: Int, minimum: Int)
    /// The pixel data is not as long as the dimensions and stride require.
    case dataLengthMismatch(expected: Int, actual: Int)
    /// The crop rectangle covers no pixel of the image (for ``PixelBuffer/cropped(to:)``), or
    /// does not lie wholly inside it (for resampling and the avatar pipeline, which never pad).
    case cropOutsideImage(rect: PixelRect, imageSize: PixelSize)
    /// An EXIF orientation value outside 1…8.
    case invalidOrientation(Int)
    /// A turn angle that is not a finite number of degrees.
    case invalidAngle(Double)
    /// The data is not in a format PickerImaging reads (PNG, JPEG, PPM, PGM, PAM).
    /// ``ImageFileFormat/unsupportedName(sniffing:)`` names a common one it is in (an iPhone's
    /// HEIF, a GIF…), for a message that says what the file is.
    case unknownFormat
    /// The file ends before the image does.
    case truncatedFile(format: ImageFileFormat)
    /// The file breaks its format's rules; `reason` says where.
    case corruptFile(format: ImageFileFormat, reason: String)
    /// The file is valid but uses something PickerImaging does not support.
    case unsupportedFeature(format: String, feature: String)
    /// The image cannot be written in this format without losing data (alpha in a PPM file).
    case cannotRepresent(format: String, reason: String)
    /// A JPEG quality outside 1…100.
    case invalidQuality(Int)
    /// A number that is not finite, or outside the range its parameter takes; `parameter`
    /// names it, as the function's argument label.
    case invalidNumber(parameter: String, value: Double)
    /// The file asks for more decoding work than any real image of its size needs (a
    /// progressive JPEG of thousands of scans, each walking every block): refused before the
    /// work is done. The reason names the limit and how to raise it where it can be.
    case workLimitExceeded(format: ImageFileFormat, reason: String)
    /// An ICC colour profile breaks the format's rules (sizes, signature, tag table, colour
    /// tags); `reason` says where. The decoders drop such a profile with a warning and keep the image.
    case invalidColorProfile(reason: String)
    /// The photo is not the one a ``RenderRecipe`` was made for: shown (after its orientation
    /// and the recipe's mirror and turns) it is `actual`, not `expected`.
    case imageMismatch(expected: PixelSize, actual: PixelSize)
    /// The image's colour profile cannot be converted (a lookup-table, CMYK or Lab profile, or
    /// one whose colour space is not the image's): `reason` says why. The profile is kept.
    case unconvertibleColorProfile(reason: String)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            "invalid dimensions \(width)x\(height): both sides must be at least 1 pixel"
        case let .dimensionsOverflow(width, height):
            "dimensions \(width)x\(height) overflow the address space"
        case let .tooManyPixels(count, limit):
            "image of \(count) pixels exceeds the limit of \(limit) pixels"
        case let .invalidRowStride(stride, minimum):
            "row stride \(stride) is shorter than one row (\(minimum) bytes)"
        case let .dataLengthMismatch(expected, actual):
            "pixel data is \(actual) bytes; the dimensions need \(expected)"
        case let .cropOutsideImage(rect, imageSize):
            "crop rect \(rect) does not fit the \(imageSize) image"
        case let .invalidOrientation(value):
            "EXIF orientation \(value) is not in 1...8"
        case let .invalidAngle(degrees):
            "angle \(degrees) is not a finite number of degrees"
        case .unknownFormat:
            "not a PNG, JPEG, PPM, PGM or PAM file"
        case let .truncatedFile(format):
            "the \(format) file is truncated"
        case let .corruptFile(format, reason):
            "corrupt \(format) file: \(reason)"
        case let .unsupportedFeature(format, feature):
            "unsupported \(format) feature: \(feature)"
        case let .invalidQuality(quality):
            "JPEG quality \(quality) is outside 1...100"
        case let .invalidNumber(parameter, value):
            "\(parameter) is \(value): not a number this parameter takes"
        case let .workLimitExceeded(format, reason):
            "the \(format) file asks for too much decoding work: \(reason)"
        case let .imageMismatch(expected, actual):
            "the photo is shown at \(actual), not the \(expected) of the photo the edit was made for"
        case let .invalidColorProfile(reason):
            "invalid ICC colour profile: \(reason)"
        case let .unconvertibleColorProfile(reason):
            "cannot convert the colour profile: \(reason)"
        case let .cannotRepresent(format, reason):
            "cannot write \(format): \(reason)"
        }
    }
}

/// Something a decoder noticed and worked around without failing: the image decoded, and the
/// app may want to know.
public enum ImagingWarning: Equatable, Sendable, CustomStringConvertible {
    /// An ancillary chunk (metadata such as a colour profile or light levels, which a decoder
    /// may ignore) was damaged and skipped; the image itself decoded. Critical chunks never are.
    case skippedChunk(format: ImageFileFormat, chunk: String, reason: String)
    /// The image data was damaged (cut short, restart markers missing or out of order, codes no
    /// table holds) and was decoded as far as it goes, as libjpeg and so most viewers decode
    /// it: what the damage hid is left gray, or as earlier passes drew it. The File limits
    /// article lists the rules.
    case damagedData(format: ImageFileFormat, reason: String)
    /// The file's colour profile was damaged, incomplete, or of another colour space than the
    /// decoded pixels, and was left out: the image decoded without it (a PNG falls back to its
    /// next colour chunk, else untagged). `reason` says what was wrong.
    case ignoredColorProfile(format: ImageFileFormat, reason: String)
    /// The output was asked for in sRGB but its photo's profile cannot be converted: the output
    /// keeps that profile (the profile's `conversionProblem` says why).
    case colorProfileNotConverted(reason: String)

    public var description: String {
        switch self {
        case let .skippedChunk(format, chunk, reason): "skipped the \(format) \(chunk) chunk: \(reason)"
        case let .damagedData(format, reason): "damaged \(format) data: \(reason)"
        case let .ignoredColorProfile(format, reason): "ignored the \(format) file's colour profile: \(reason)"
        case let .colorProfileNotConverted(reason): "kept the colour profile, not converted to sRGB: \(reason)"
        }
    }
}

import PickerImaging

/// What an image file holds, read from its header without decoding its pixels.
public struct ImageInfo: Equatable, Sendable, CustomStringConvertible {
    /// The file format.
    public var format: ImageFileFormat
    /// The size of the stored pixels.
    public var pixelSize: PixelSize
    /// How the stored pixels are turned for display.
    public var orientation: ImageOrientation
    /// How the samples are laid out, as the format names them: "RGBA 8-bit", "gray 16-bit".
    public var layout: String
    /// What the reader worked around.
    public var warnings: [ImagingWarning]
    /// The colour profile the file carries (`nil`: untagged, sRGB by convention).
    public var colorProfile: ColorProfile?

    /// Creates a description.
    public init(
        format: ImageFileFormat, pixelSize: PixelSize, orientation: ImageOrientation, layout: String, warnings: [ImagingWarning] = [],
        colorProfile: ColorProfile? = nil
    ) {
        self.colorProfile = colorProfile
        self.format = format
        self.pixelSize = pixelSize
        self.orientation = orientation
        self.layout = layout
        self.warnings = warnings
    }

    /// The size a person sees.
    public var displaySize: PixelSize { orientation.displaySize(forRaw: pixelSize) }

    /// `"PNG 4032x3024 stored, 3024x4032 shown, orientation right (6), RGB 8-bit"`.
    public var description: String {
        "\(format) \(pixelSize) stored, \(displaySize) shown, orientation \(orientation), \(layout)"
            + (colorProfile.map { ", colour profile \($0)" } ?? "")
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

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

import Foundation

/// The profile-photo pipeline in one call: crop (display orientation), scale, bake the
/// orientation, mask.
///
/// The crop is scaled straight from the stored pixels, one row of scratch at a time, and only
/// the small output is turned upright: no full-size copy of a 12 MP photo is made (for an
/// opaque photo; a photo with transparency is premultiplied first, over the crop only).
///
/// A pipeline is one crop of a photo with an ``AvatarOutput``'s settings, resolved to an
/// exact ``outputSize``: ``AvatarOutput/pipeline(for:angle:edges:longerSide:)`` and
/// ``RenderRecipe/pipeline(longerSide:)`` make one. Every way of rendering it (a photo in
/// memory, a file's region, a recipe, an edit session) makes its pixels in one place.
///
/// ```swift
/// let avatar = try AvatarOutput(size: 1024, mask: .circle)
///     .pipeline(for: PixelRect(x: 400, y: 100, width: 2800, height: 2800))
///     .render(photo)
/// avatar.image.displaySize   // 1024x1024
/// ```
public struct AvatarPipeline: Sendable, Equatable {
    /// The part of the photo to keep, in display orientation.
    public var crop: PixelRect
    /// The output size, in display orientation: ``AvatarOutput/size`` resolved for the crop.
    public var outputSize: PixelSize
    /// The output's ``AvatarOutput/filter``: `nil` picks ``ResampleFilter/area`` to downscale
    /// and ``ResampleFilter/lanczos3`` to upscale.
    public var filter: ResampleFilter?
    /// The output's ``AvatarOutput/mask``, applied last.
    public var mask: AvatarMask
    /// The straighten angle, in degrees clockwise: the crop is ``crop`` turned by it about its
    /// centre. Any finite angle is a turn (whole turns drop out exactly: 725° is 5°); one that
    /// is not finite is ``ImagingError/invalidAngle(_:)``. At 0 the crop is exact pixels; otherwise it is filtered as
    /// ``PixelBuffer/resampled(displayRect:rotatedBy:to:edges:)`` does (``filter`` applies at 0 only),
    /// and where it leaves the photo it shows ``edges``.
    public var angle: Double
    /// What a straightened crop shows where it leaves the photo: transparent (the default), or
    /// the nearest edge pixel, for a crop meant to lie inside the photo that leaves it only by
    /// the rounding of its whole pixels. Unused at 0°.
    public var edges: StraightenEdges = .transparent
    /// ``angle`` without its whole turns (exactly: any finite angle keeps its place on the
    /// circle); not a number when the angle is not finite.
    package var turn: Double { withoutWholeTurns(angle) }

    /// The output's ``AvatarOutput/maximumDimension``: a larger ``outputSize`` is scaled down
    /// to it, keeping its aspect ratio (square stays square).
    public var maximumDimension: Int
    /// How many threads share the scaling's rows: `nil` (the default) picks
    /// ``PixelBuffer/automaticThreads(sourcePixels:)`` for the crop. The pixels are the same
    /// whatever the count.
    public var threads: Int?
    /// The output's ``AvatarOutput/colorOutput``: the photo's colours, tagged with its profile
    /// (the default), or sRGB.
    public var colorOutput: ColorOutput = .keepProfile

    /// What colours an output is in: the same rule for every image type, on a device (where a
    /// `CGImageBuffer`'s pixels carry its colour space's profile) as on a server.
    public enum ColorOutput: String, Sendable, Equatable, Codable {
        /// The photo's own values, tagged with its ``ColorProfile`` (which the encoders write).
        case keepProfile
        /// Converted to sRGB (``PixelBuffer/convertedToSRGB()``) when the photo has a profile
        /// that is not sRGB; a profile that cannot be converted is kept, and
        /// ``Rendering/colorConversionError`` says why.
        case sRGB
    }

    /// Creates a pipeline with the output's settings one by one (``AvatarOutput/pipeline(for:angle:edges:longerSide:)``
    /// makes one from the value).
    public init(
        crop: PixelRect, outputSize: PixelSize, filter: ResampleFilter? = nil, mask: AvatarMask = .square,
        maximumDimension: Int = 4096, angle: Double = 0
    ) {
        self.angle = angle
        self.crop = crop
        self.outputSize = outputSize
        self.filter = filter
        self.mask = mask
        self.maximumDimension = maximumDimension
    }

    /// What the pipeline produced.
    public struct Rendering: Sendable {
        /// The upright, masked image, tagged with the photo's colour profile or converted to
        /// sRGB (``AvatarPipeline/colorOutput``).
        public var image: PixelBuffer
        /// The most memory the pipeline held at once beyond the input photo, in bytes (measured by
        /// the package's memory tests and benchmarks).
        package var peakExtraBytes: Int
        /// Why the output was not converted to sRGB when ``AvatarPipeline/colorOutput`` asked
        /// for it (``ImagingError/unconvertibleColorProfile(reason:)``, or any other error the
        /// conversion threw): the output then keeps
        /// the photo's profile, so it is still shown right by apps that manage colour, and is
        /// never passed off as sRGB. `nil` otherwise.
        public var colorConversionError: ImagingError?
        /// What was worked around to make the image, in the order met: for a file (PickerCodecs'
        /// `render(png:)`, `render(jpeg:)`, `render(imageFile:)`), what its decoder worked around
        /// (``ImagingWarning``); then ``ImagingWarning/colorProfileNotConverted(reason:)`` when
        /// ``colorConversionError`` is set. Empty when nothing was.
        public var warnings: [ImagingWarning] = []

        package init(image: PixelBuffer, peakExtraBytes: Int) {
            self.image = image
            self.peakExtraBytes = peakExtraBytes
        }
    }

    /// The output size after ``maximumDimension``: the longer side clamped, the other scaled
    /// by the same factor and rounded, at least 1 (``outputSize(of:longerSide:)``). Exact for
    /// any sizes (no overflow); a size with a side of zero or less is returned as it is, for
    /// ``render(_:)`` to reject.
    public var clampedOutputSize: PixelSize {
        guard max(outputSize.width, outputSize.height) > maximumDimension else { return outputSize }
        return Self.outputSize(of: outputSize, longerSide: maximumDimension)
    }

    /// The output size of a crop of `crop` pixels with its longer side `side` (`nil`: the crop's
    /// own), the shorter in proportion, rounded, at least 1.
    /// Exact for any sizes (no overflow); a crop with an empty side, or a side of 0 or less, is
    /// returned as it is.
    public static func outputSize(of crop: PixelSize, longerSide side: Int?) -> PixelSize {
        guard let side, side > 0, !crop.isEmpty else { return crop }
        let longest = max(crop.width, crop.height)
        // (length × side + longest / 2) / longest, in full width: length ≤ longest, so it fits.
        func scaled(_ length: Int) -> Int {
            let product = length.multipliedFullWidth(by: side)
            let (low, carry) = product.low.addingReportingOverflow(UInt(longest / 2))
            return max(1, longest.dividingFullWidth((product.high + (carry ? 1 : 0), low)).quotient)
        }
        return PixelSize(width: scaled(crop.width), height: scaled(crop.height))
    }

    /// Runs the pipeline on `photo`.
    ///
    /// - Throws: ``ImagingError/cropOutsideImage(rect:imageSize:)`` unless ``crop`` lies inside
    ///   the photo (at 0°; turned, unless it covers none of it);
    ///   ``ImagingError/invalidDimensions(width:height:)`` for an empty output;
    ///   ``ImagingError/invalidAngle(_:)`` for an angle that is not finite.
    /// - Complexity: O(crop height × crop width + output pixels × taps).
    public func render(_ photo: PixelBuffer) throws(ImagingError) -> Rendering {
        try finish(RenderSource(photo: photo))
    }
}

import Foundation

/// The profile-photo pipeline in one call: crop (display orientation), scale, bake the
/// orientation, mask.
///
/// The crop is scaled straight from the stored pixels, one row of scratch at a time, and only
/// the small output is turned upright: no full-size copy of a 12 MP photo is made (for an
/// opaque photo; a photo with transparency is premultiplied first, over the crop only).
///
/// ```swift
/// let avatar = try AvatarPipeline(
///     crop: PixelRect(x: 400, y: 100, width: 2800, height: 2800),
///     outputSize: PixelSize(width: 1024, height: 1024), mask: .circle
/// ).render(photo)
/// avatar.image.displaySize   // 1024x1024
/// ```
public struct AvatarPipeline: Sendable, Equatable {
    /// The part of the photo to keep, in display orientation.
    public var crop: PixelRect
    /// The output size, in display orientation.
    public var outputSize: PixelSize
    /// The resampling filter; `nil` picks ``ResampleFilter/area`` to downscale and
    /// ``ResampleFilter/lanczos3`` to upscale.
    public var filter: ResampleFilter?
    /// The mask applied last.
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

    /// The largest output side allowed; a larger ``outputSize`` is scaled down to it, keeping
    /// its aspect ratio (square stays square).
    public var maximumDimension: Int
    /// How many threads share the scaling's rows: `nil` (the default) picks
    /// ``PixelBuffer/automaticThreads(sourcePixels:)`` for the crop. The pixels are the same
    /// whatever the count.
    public var threads: Int?
    /// What colours the output is in: the photo's, tagged with its profile (the default), or
    /// sRGB.
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

    /// Creates a pipeline.
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
    /// by the same factor and rounded, at least 1. Exact for any sizes (no overflow); a size
    /// with a side of zero or less is returned as it is, for ``render(_:)`` to reject.
    public var clampedOutputSize: PixelSize {
        let longest = max(outputSize.width, outputSize.height)
        guard longest > maximumDimension, maximumDimension > 0, !outputSize.isEmpty else { return outputSize }
        // side ≤ longest, so the result is at most maximumDimension; the product may not fit.
        func scaled(_ side: Int) -> Int {
            let product = side.multipliedFullWidth(by: maximumDimension)
            let (half, carry) = product.low.addingReportingOverflow(UInt(longest / 2))
            let quotient = longest.dividingFullWidth((product.high + (carry ? 1 : 0), half)).quotient
            return max(1, quotient)
        }
        return PixelSize(width: scaled(outputSize.width), height: scaled(outputSize.height))
    }

    /// Runs the pipeline on `photo`.
    ///
    /// - Throws: ``ImagingError/cropOutsideImage(rect:imageSize:)`` unless ``crop`` lies inside
    ///   the photo (at 0°; turned, unless it covers none of it);
    ///   ``ImagingError/invalidDimensions(width:height:)`` for an empty output;
    ///   ``ImagingError/invalidAngle(_:)`` for an angle that is not finite.
    /// - Complexity: O(crop height × crop width + output pixels × taps).
    public func render(_ photo: PixelBuffer) throws(ImagingError) -> Rendering {
        try coloured(renderPixels(photo), profile: photo.colorProfile)
    }

    /// The output tagged with `profile`, the photo's, or converted to sRGB as ``colorOutput`` asks.
    package func coloured(_ rendering: Rendering, profile: ColorProfile?) -> Rendering {
        var result = rendering
        result.image.colorProfile = profile
        guard colorOutput == .sRGB, profile != nil else { return result }
        do {
            result.image = try result.image.convertedToSRGB()
            result.peakExtraBytes += result.image.bytes.count
        } catch {
            result.colorConversionError = error
            let reason = if case let .unconvertibleColorProfile(reason) = error { reason } else { error.description }
            result.warnings.append(.colorProfileNotConverted(reason: reason))
        }
        return result
    }

    private func renderPixels(_ photo: PixelBuffer) throws(ImagingError) -> Rendering {
        let size = clampedOutputSize
        if turn != 0 {
            guard angle.isFinite else { throw .invalidAngle(angle) }
            guard crop.intersection(photo.displayBounds) != nil else {
                throw .cropOutsideImage(rect: crop, imageSize: photo.displaySize)
            }
            var image = try photo.resampled(displayRect: crop, rotatedBy: angle, to: size, edges: edges)
            // The turned image is upright: masked in its own storage when straight RGBA.
            let outputs = image.bytes.count * (image.format == .rgba8 || mask == .square ? 1 : 2)
            image.applyMask(mask, threads: threads)
            let scale = min(Double(crop.width) / Double(size.width), Double(crop.height) / Double(size.height))
            // The area-averaged part under the turned frame, when downscaling, and the outputs.
            // In doubles, clamped: a hostile crop (sides near Int.max) must not trap the estimate.
            let reach = (Double(crop.width) + Double(crop.height)) / max(1, scale) + 2
            let middle = scale > 1 ? Int(min(reach * reach * 4, Double(Int.max / 2))) : 0
            return Rendering(image: image, peakExtraBytes: middle + outputs)
        }
        let upscaling = size.width > crop.width || size.height > crop.height
        let chosen = filter ?? (upscaling ? .lanczos3 : .area)
        var (image, premultipliedCopy) = try photo.resampledCountingCopies(
            displayRect: crop, to: size, filter: chosen, threads: threads)
        let scaledBytes = image.bytes.count
        // Upright straight RGBA is masked in its own storage; anything else, in a copy.
        let inPlace = image.orientation == .up && (mask == .square || image.format == .rgba8)
        image.applyMask(mask, threads: threads)
        let bpp = photo.format.bytesPerPixel
        let raw = photo.orientation.rawRect(forDisplay: crop, rawSize: photo.pixelSize)
        let scratchRow = raw.width * bpp * MemoryLayout<Int32>.size
        let weights = (size.width + size.height) * (MemoryLayout<Int>.size + 8 * MemoryLayout<Int32>.size)
        let outputs = scaledBytes + (inPlace ? 0 : image.bytes.count)
        return Rendering(image: image, peakExtraBytes: premultipliedCopy + scratchRow + weights + outputs)
    }
}

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
    /// centre. At 0 the crop is exact pixels; otherwise it is filtered as
    /// ``PixelBuffer/resampled(displayRect:rotatedBy:to:)`` does (``filter`` applies at 0 only),
    /// and where it leaves the photo it shows ``edges``.
    public var angle: Double
    /// What a straightened crop shows where it leaves the photo: transparent (the default), or
    /// the nearest edge pixel, for a crop meant to lie inside the photo that leaves it only by
    /// the rounding of its whole pixels. Unused at 0°.
    public var edges: StraightenEdges = .transparent
    /// The largest output side allowed; a larger ``outputSize`` is scaled down to it, keeping
    /// its aspect ratio (square stays square).
    public var maximumDimension: Int
    /// How many threads share the scaling's rows: `nil` (the default) picks
    /// ``PixelBuffer/automaticThreads(sourcePixels:)`` for the crop. The pixels are the same
    /// whatever the count.
    public var threads: Int?

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
        /// The upright, masked image.
        public var image: PixelBuffer
        /// The most memory the pipeline held at once beyond the input photo, in bytes.
        public var peakExtraBytes: Int
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
        let size = clampedOutputSize
        if angle != 0 {
            guard angle.isFinite else { throw .invalidAngle(angle) }
            guard crop.intersection(photo.displayBounds) != nil else {
                throw .cropOutsideImage(rect: crop, imageSize: photo.displaySize)
            }
            let turned = try photo.resampled(displayRect: crop, rotatedBy: angle, to: size, edges: edges)
            // The turned image is upright: masked in its own storage when straight RGBA.
            let outputs = turned.bytes.count * (turned.format == .rgba8 || mask == .square ? 1 : 2)
            let image = (consume turned).maskedInPlace(mask)
            let scale = min(Double(crop.width) / Double(size.width), Double(crop.height) / Double(size.height))
            // The area-averaged part under the turned frame, when downscaling, and the outputs.
            // In doubles, clamped: a hostile crop (sides near Int.max) must not trap the estimate.
            let reach = (Double(crop.width) + Double(crop.height)) / max(1, scale) + 2
            let middle = scale > 1 ? Int(min(reach * reach * 4, Double(Int.max / 2))) : 0
            return Rendering(image: image, peakExtraBytes: middle + outputs)
        }
        let upscaling = size.width > crop.width || size.height > crop.height
        let chosen = filter ?? (upscaling ? .lanczos3 : .area)
        let (scaled, premultipliedCopy) = try photo.resampledCountingCopies(
            displayRect: crop, to: size, filter: chosen, threads: threads)
        let scaledBytes = scaled.bytes.count
        // Upright straight RGBA is masked in its own storage; anything else, in a copy.
        let inPlace = scaled.orientation == .up && (mask == .square || scaled.format == .rgba8)
        let image = (consume scaled).maskedInPlace(mask)
        let bpp = photo.format.bytesPerPixel
        let raw = photo.orientation.rawRect(forDisplay: crop, rawSize: photo.pixelSize)
        let scratchRow = raw.width * bpp * MemoryLayout<Int32>.size
        let weights = (size.width + size.height) * (MemoryLayout<Int>.size + 8 * MemoryLayout<Int32>.size)
        let outputs = scaledBytes + (inPlace ? 0 : image.bytes.count)
        return Rendering(image: image, peakExtraBytes: premultipliedCopy + scratchRow + weights + outputs)
    }
}

extension AvatarPipeline {
    /// Runs the pipeline on a PNG file, decoding only the part of the photo it reads (the crop,
    /// or the turned frame's bounding box): the result is exactly `render(PNG.decode(data))`,
    /// but a 12 MP file needs memory for the crop and a few rows rather than the whole photo.
    ///
    /// ```swift
    /// let avatar = try AvatarPipeline(
    ///     crop: PixelRect(x: 400, y: 100, width: 2800, height: 2800),
    ///     outputSize: PixelSize(width: 1024, height: 1024), mask: .circle
    /// ).render(png: Data(contentsOf: photoURL))
    /// ```
    ///
    /// - Throws: the errors of ``PNG/decode(_:croppingTo:pixelLimit:)`` and ``render(_:)``.
    public func render(png data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendering {
        let info = try PNG.info(data)
        let bounds = PixelRect(size: info.displaySize)
        let reads: PixelRect?
        if angle == 0 {
            reads = bounds.contains(crop) && !crop.isEmpty ? crop : nil
        } else {
            guard angle.isFinite else { throw .invalidAngle(angle) }
            let reachable = [crop.x, crop.y, crop.width, crop.height].allSatisfy { $0.magnitude < UInt(PixelBuffer.farthestFrame) }
            let size = clampedOutputSize
            guard !size.isEmpty else { throw .invalidDimensions(width: size.width, height: size.height) }
            guard reachable, !crop.isEmpty, crop.intersection(bounds) != nil else {
                throw .cropOutsideImage(rect: crop, imageSize: info.displaySize)
            }
            let frame = TurnedFrame(
                centre: SIMD2(Double(crop.x) + Double(crop.width) / 2, Double(crop.y) + Double(crop.height) / 2),
                scaleX: Double(crop.width) / Double(size.width), scaleY: Double(crop.height) / Double(size.height),
                degrees: angle, output: size)
            reads = frame.bounds.intersection(bounds)
        }
        guard let reads else { throw .cropOutsideImage(rect: crop, imageSize: info.displaySize) }
        var part = try PNG.decode(data, croppingTo: reads, pixelLimit: pixelLimit)
        part.orientation = info.orientation
        var shifted = self
        shifted.crop = PixelRect(x: crop.x - reads.x, y: crop.y - reads.y, width: crop.width, height: crop.height)
        let rendering = try shifted.render(part)
        return Rendering(image: rendering.image, peakExtraBytes: rendering.peakExtraBytes + part.bytes.count)
    }
}

extension AvatarPipeline {
    /// The JPEG scale ``render(jpeg:pixelLimit:)`` decodes at: the smallest at which the crop
    /// still has at least the output's pixels, when the pipeline area-averages (the default
    /// filter for downscaling, or ``ResampleFilter/area``); full size otherwise.
    public var jpegScale: JPEG.Scale {
        let size = clampedOutputSize
        guard filter == nil || filter == .area, size.width <= crop.width, size.height <= crop.height else { return .full }
        return JPEG.Scale.fitting(crop.size, to: size)
    }

    /// Runs the pipeline on a JPEG file, decoding it at a reduced size straight from its DCT
    /// coefficients (``JPEG/decode(_:scale:pixelLimit:)``) when the output needs no more: a
    /// 12 MP photo cropped to 2800² for a 1024² avatar is decoded at 2016×1512, never at full
    /// size.
    ///
    /// At ``jpegScale`` ``JPEG/Scale/full`` the result is exactly `render(JPEG.decode(data))`.
    /// ``Rendering/peakExtraBytes`` counts the decoded part of the photo and the decoder's
    /// coefficients as well (one row of MCUs for a baseline file, 2 bytes per sample of the
    /// whole frame for a progressive one).
    /// Reduced, the crop keeps its exact place on the photo: a crop on whole pixels of the
    /// reduced image is area-averaged from them; one that falls between them is filtered as a
    /// straightened frame is (``PixelBuffer/resampled(centreX:centreY:scale:rotatedBy:to:)``).
    /// Either way the output differs from the full decode's by the reduced inverse DCT alone:
    /// 52 dB PSNR for a 12 MP photo at 1/2, 38 dB for a noisy VGA one at 1/4 (the tests
    /// hold them to 40 and 35).
    ///
    /// ```swift
    /// let avatar = try AvatarPipeline(
    ///     crop: PixelRect(x: 400, y: 100, width: 2800, height: 2800),
    ///     outputSize: PixelSize(width: 1024, height: 1024), mask: .circle
    /// ).render(jpeg: Data(contentsOf: photoURL))
    /// ```
    ///
    /// - Throws: the errors of ``JPEG/decode(_:scale:pixelLimit:)`` and ``render(_:)``.
    public func render(jpeg data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendering {
        let scale = jpegScale
        let (info, coefficientBytes) = try JPEG.header(data)
        guard scale != .full else {
            let photo = try JPEG.decode(data, pixelLimit: pixelLimit)
            let rendering = try render(photo)
            return Rendering(image: rendering.image, peakExtraBytes: rendering.peakExtraBytes + coefficientBytes + photo.bytes.count)
        }
        let size = clampedOutputSize
        if angle != 0 {
            guard angle.isFinite else { throw .invalidAngle(angle) }
            guard crop.intersection(PixelRect(size: info.displaySize)) != nil else {
                throw .cropOutsideImage(rect: crop, imageSize: info.displaySize)
            }
        } else {
            guard PixelRect(size: info.displaySize).contains(crop) else { throw .cropOutsideImage(rect: crop, imageSize: info.displaySize) }
        }
        let reducedSize = scale.size(of: info.pixelSize)
        // The crop on the reduced photo's stored pixels (pixel i of it spans i·N…(i+1)·N of
        // the full photo's), and back to its display.
        let full = RawAffine(orientation: info.orientation, rawSize: info.pixelSize)
        let d = Double(scale.denominator)
        let a = full.point(SIMD2(Double(crop.x), Double(crop.y))) / d
        let b = full.point(SIMD2(Double(crop.x + crop.width), Double(crop.y + crop.height))) / d
        let low = pointwiseMin(a, b), high = pointwiseMax(a, b)
        if angle == 0 {
            // Area weights over the exact span, whole pixels or not.
            let bounds = PixelRect(
                x: Int(low.x.rounded(.down)), y: Int(low.y.rounded(.down)),
                width: Int(high.x.rounded(.up)) - Int(low.x.rounded(.down)),
                height: Int(high.y.rounded(.up)) - Int(low.y.rounded(.down)))
            // Only the blocks under the crop are transformed.
            let decoder = JPEGDecoder(bytes: [UInt8](data), pixelLimit: pixelLimit)
            let part = try decoder.decode(denominator: scale.denominator) { _ in bounds }.image!
            let stored = info.orientation.swapsAxes ? size.transposed : size
            let threadCount = PixelBuffer.threadCount(threads, sourcePixels: bounds.width * bounds.height)
            var scaled = part.resampleRaw(
                PixelRect(size: bounds.size),
                vertical: AxisWeights(
                    areaFrom: low.y - Double(bounds.y), to: high.y - Double(bounds.y), inputCount: bounds.height,
                    outputCount: stored.height),
                horizontal: AxisWeights(
                    areaFrom: low.x - Double(bounds.x), to: high.x - Double(bounds.x), inputCount: bounds.width,
                    outputCount: stored.width),
                threads: threadCount)
            scaled.orientation = info.orientation
            // Turned upright in a copy unless already so; masked in the upright image's storage.
            let outputs = scaled.bytes.count * (info.orientation == .up ? 1 : 2)
            let image = (consume scaled).maskedInPlace(mask)
            return Rendering(image: image, peakExtraBytes: coefficientBytes + part.bytes.count + outputs)
        }
        let reduced = RawAffine(orientation: info.orientation, rawSize: reducedSize)
        func display(_ stored: SIMD2<Double>) -> SIMD2<Double> {
            let offset = stored - reduced.origin
            return SIMD2((offset * reduced.xAxis).sum(), (offset * reduced.yAxis).sum())
        }
        func frame(centredOn centre: SIMD2<Double>) -> TurnedFrame {
            TurnedFrame(
                centre: centre, scaleX: Double(crop.width) / d / Double(size.width),
                scaleY: Double(crop.height) / d / Double(size.height), degrees: angle, output: size)
        }
        let centre = display((low + high) / 2)
        // Only the part under the turned frame is decoded; the frame moves with it.
        let shown = info.orientation.swapsAxes ? reducedSize.transposed : reducedSize
        guard let reads = frame(centredOn: centre).bounds.intersection(PixelRect(size: shown)) else {
            throw .cropOutsideImage(rect: crop, imageSize: info.displaySize)
        }
        let part = try JPEG.decode(data, scale: scale, croppingTo: reads, pixelLimit: pixelLimit)
        let image = part.turned(frame(centredOn: centre - SIMD2(Double(reads.x), Double(reads.y))), edges: edges).maskedInPlace(mask)
        return Rendering(image: image, peakExtraBytes: coefficientBytes + part.bytes.count + image.bytes.count)
    }

    /// Runs the pipeline on a PNG, JPEG or Netpbm file, told apart by content: PNG through
    /// ``render(png:pixelLimit:)``, JPEG through ``render(jpeg:pixelLimit:)``, Netpbm decoded
    /// whole.
    ///
    /// - Throws: ``ImagingError/unknownFormat`` for anything else, and the errors of the
    ///   format's path.
    public func render(imageFile data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendering {
        switch ImageFileFormat(sniffing: data) {
        case .png: try render(png: data, pixelLimit: pixelLimit)
        case .jpeg: try render(jpeg: data, pixelLimit: pixelLimit)
        case .netpbm: try render(Netpbm.decode(data, pixelLimit: pixelLimit))
        case nil: throw .unknownFormat
        }
    }
}

import Foundation
import PickerImaging

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
        var warnings: [ImagingWarning] = []
        return try render(png: data, pixelLimit: pixelLimit, warnings: &warnings)
    }

    /// ``render(png:pixelLimit:)``, adding to `warnings` what the decoder worked around.
    public func render(png data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit, warnings: inout [ImagingWarning]) throws(ImagingError) -> Rendering {
        let info = try PNG.info(data)
        let reads = try readsRegion(of: info.displaySize)
        var part = try PNG.decode(data, croppingTo: reads, pixelLimit: pixelLimit, warnings: &warnings)
        part.orientation = info.orientation
        return try render(part, readFrom: reads, heldBytes: part.bytes.count)
    }

    /// Renders `part`, the pixels of the photo under `reads` (display orientation), exactly as
    /// the whole photo would render; `heldBytes` more were held to decode it.
    private func render(_ part: PixelBuffer, readFrom reads: PixelRect, heldBytes: Int) throws(ImagingError) -> Rendering {
        var shifted = self
        shifted.crop = PixelRect(x: crop.x - reads.x, y: crop.y - reads.y, width: crop.width, height: crop.height)
        let rendering = try shifted.render(part)
        return Rendering(image: rendering.image, peakExtraBytes: rendering.peakExtraBytes + heldBytes)
    }

    /// The part of a photo shown `displaySize` that the pipeline reads: the crop, or the turned
    /// frame's bounding box within the photo.
    private func readsRegion(of displaySize: PixelSize) throws(ImagingError) -> PixelRect {
        let bounds = PixelRect(size: displaySize)
        let reads: PixelRect?
        if turn == 0 {
            reads = bounds.contains(crop) && !crop.isEmpty ? crop : nil
        } else {
            guard angle.isFinite else { throw .invalidAngle(angle) }
            let reachable = [crop.x, crop.y, crop.width, crop.height].allSatisfy { $0.magnitude < UInt(PixelBuffer.farthestFrame) }
            let size = clampedOutputSize
            guard !size.isEmpty else { throw .invalidDimensions(width: size.width, height: size.height) }
            guard reachable, !crop.isEmpty, crop.intersection(bounds) != nil else {
                throw .cropOutsideImage(rect: crop, imageSize: displaySize)
            }
            let frame = TurnedFrame(
                centre: SIMD2(Double(crop.x) + Double(crop.width) / 2, Double(crop.y) + Double(crop.height) / 2),
                scaleX: Double(crop.width) / Double(size.width), scaleY: Double(crop.height) / Double(size.height),
                degrees: angle, output: size)
            reads = frame.bounds.intersection(bounds)
        }
        guard let reads else { throw .cropOutsideImage(rect: crop, imageSize: displaySize) }
        return reads
    }
}

extension AvatarPipeline {
    /// The JPEG scale ``render(jpeg:pixelLimit:)`` decodes at: the smallest at which the crop
    /// still has at least the output's pixels, when the pipeline area-averages (the default
    /// filter for downscaling, or `ResampleFilter.area`); full size otherwise.
    public var jpegScale: JPEG.Scale {
        let size = clampedOutputSize
        guard filter == nil || filter == .area, size.width <= crop.width, size.height <= crop.height else { return .full }
        return JPEG.Scale.fitting(crop.size, to: size)
    }

    /// Runs the pipeline on a JPEG file, decoding it at a reduced size straight from its DCT
    /// coefficients (``JPEG/decode(_:scale:pixelLimit:scanLimit:)``) when the output needs no more: a
    /// 12 MP photo cropped to 2800² for a 1024² avatar is decoded at 2016×1512, never at full
    /// size.
    ///
    /// At ``jpegScale`` ``JPEG/Scale/full`` the result is exactly `render(JPEG.decode(data))`.
    /// ``Rendering/peakExtraBytes`` counts the decoded part of the photo and the decoder's
    /// coefficients as well (one row of MCUs for a baseline file; for a progressive one, the
    /// blocks under the crop whole and 10 bytes for every other block, as
    /// ``JPEG/decode(_:scale:croppingTo:pixelLimit:)`` keeps them).
    /// Reduced, the crop keeps its exact place on the photo: a crop on whole pixels of the
    /// reduced image is area-averaged from them; one that falls between them is filtered as a
    /// straightened frame is (`PixelBuffer.resampled(centreX:centreY:scale:rotatedBy:to:)`).
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
    /// - Throws: the errors of ``JPEG/decode(_:scale:pixelLimit:scanLimit:)`` and ``render(_:)``.
    public func render(jpeg data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendering {
        var warnings: [ImagingWarning] = []
        return try render(jpeg: data, pixelLimit: pixelLimit, warnings: &warnings)
    }

    /// ``render(jpeg:pixelLimit:)``, adding to `warnings` the damage the decode worked around
    /// (``ImagingWarning/damagedData(format:reason:)``): a damaged photo renders as
    /// libjpeg-turbo shows it.
    public func render(
        jpeg data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit, warnings: inout [ImagingWarning]
    ) throws(ImagingError) -> Rendering {
        let scale = jpegScale
        let info = try JPEG.info(data)
        guard scale != .full else {
            // Only the part read is decoded, as for PNG.
            let reads = try readsRegion(of: info.displaySize)
            var coefficientBytes = 0
            let part = try JPEG.decode(
                data, scale: .full, croppingTo: reads, pixelLimit: pixelLimit, warnings: &warnings, coefficientBytes: &coefficientBytes)
            return try render(part, readFrom: reads, heldBytes: coefficientBytes + part.bytes.count)
        }
        let size = clampedOutputSize
        if turn != 0 {
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
        if turn == 0 {
            // Area weights over the exact span, whole pixels or not.
            let bounds = PixelRect(
                x: Int(low.x.rounded(.down)), y: Int(low.y.rounded(.down)),
                width: Int(high.x.rounded(.up)) - Int(low.x.rounded(.down)),
                height: Int(high.y.rounded(.up)) - Int(low.y.rounded(.down)))
            // Only the blocks under the crop are transformed (and, of a progressive file, kept).
            let decoder = JPEGDecoder(bytes: [UInt8](data), pixelLimit: pixelLimit)
            var coefficientBytes = 0
            let part = try decoder.decode(
                denominator: scale.denominator, region: { _ in bounds }, warnings: &warnings, coefficientBytes: &coefficientBytes)
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
            return coloured(Rendering(image: image, peakExtraBytes: coefficientBytes + part.bytes.count + outputs), profile: part.colorProfile)
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
        var coefficientBytes = 0
        let part = try JPEG.decode(data, scale: scale, croppingTo: reads, pixelLimit: pixelLimit, warnings: &warnings, coefficientBytes: &coefficientBytes)
        let image = part.turned(frame(centredOn: centre - SIMD2(Double(reads.x), Double(reads.y))), edges: edges).maskedInPlace(mask)
        return coloured(
            Rendering(image: image, peakExtraBytes: coefficientBytes + part.bytes.count + image.bytes.count), profile: part.colorProfile)
    }

    /// Runs the pipeline on a PNG, JPEG or Netpbm file, told apart by content: PNG through
    /// ``render(png:pixelLimit:)``, JPEG through ``render(jpeg:pixelLimit:)``, Netpbm decoded
    /// whole.
    ///
    /// - Throws: `ImagingError.unknownFormat` for anything else, and the errors of the
    ///   format's path.
    public func render(imageFile data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendering {
        var warnings: [ImagingWarning] = []
        return try render(imageFile: data, pixelLimit: pixelLimit, warnings: &warnings)
    }

    /// ``render(imageFile:pixelLimit:)``, adding to `warnings` what the decoder worked around.
    public func render(
        imageFile data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit, warnings: inout [ImagingWarning]
    ) throws(ImagingError) -> Rendering {
        let rendering: Rendering = switch ImageFileFormat(sniffing: data) {
        case .png: try render(png: data, pixelLimit: pixelLimit, warnings: &warnings)
        case .jpeg: try render(jpeg: data, pixelLimit: pixelLimit, warnings: &warnings)
        case .pam, .ppm, .pgm: try render(Netpbm.decode(data, pixelLimit: pixelLimit))
        case nil: throw .unknownFormat
        }
        if case let .unconvertibleColorProfile(reason)? = rendering.colorConversionError {
            warnings.append(.colorProfileNotConverted(reason: reason))
        }
        return rendering
    }
}

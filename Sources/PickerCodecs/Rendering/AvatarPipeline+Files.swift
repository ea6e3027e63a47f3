import Foundation
import PickerImaging

extension AvatarPipeline {
    /// Runs the pipeline on a PNG file, decoding only the part of the photo it reads (the crop,
    /// or the turned frame's bounding box): the result is exactly `render(PNG.decode(data))`,
    /// but a 12 MP file needs memory for the crop and a few rows rather than the whole photo.
    ///
    /// ```swift
    /// let avatar = try AvatarOutput(size: 1024, mask: .circle)
    ///     .pipeline(for: PixelRect(x: 400, y: 100, width: 2800, height: 2800))
    ///     .render(png: Data(contentsOf: photoURL))
    /// ```
    ///
    /// What the decoder worked around (ancillary chunks skipped, a colour profile left out)
    /// comes back in the rendering's `warnings`, before any the render adds.
    ///
    /// - Throws: the errors of ``PNG/decode(_:croppingTo:pixelLimit:)`` and ``render(_:)``.
    public func render(png data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendering {
        try PhotoFile(data, format: .png, pixelLimit: pixelLimit).render(self, scale: .full)
    }

    /// The part of a photo shown `displaySize` that the pipeline reads: the crop (its part on
    /// the photo, `reachingOutside`), or the turned frame's bounding box within the photo.
    fileprivate func readsRegion(of displaySize: PixelSize, reachingOutside: Bool = false) throws(ImagingError) -> PixelRect {
        let bounds = PixelRect(size: displaySize)
        let reads: PixelRect?
        if turn == 0 {
            reads = reachingOutside ? crop.intersection(bounds) : bounds.contains(crop) && !crop.isEmpty ? crop : nil
        } else {
            try checkTurnedCrop(on: displaySize)
            // (Unclipped: a frame that misses the photo shows nothing of it, as in memory.)
            reads = turnedFrame.bounds
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
    /// let avatar = try AvatarOutput(size: 1024, mask: .circle)
    ///     .pipeline(for: PixelRect(x: 400, y: 100, width: 2800, height: 2800))
    ///     .render(jpeg: Data(contentsOf: photoURL))
    /// ```
    ///
    /// The damage the decode worked around (`ImagingWarning.damagedData(format:reason:)`: a
    /// damaged photo renders as libjpeg-turbo shows it) comes back in the rendering's `warnings`,
    /// before any the render adds.
    ///
    /// - Throws: the errors of ``JPEG/decode(_:scale:pixelLimit:scanLimit:)`` and ``render(_:)``.
    public func render(jpeg data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendering {
        try PhotoFile(data, format: .jpeg, pixelLimit: pixelLimit).render(self, scale: jpegScale)
    }
}

/// A photo file about to be rendered: its header, and how it is shown (its own orientation, or
/// that turned by an edit's mirror and quarter turns).
package struct PhotoFile {
    let data: Data
    let info: ImageInfo
    let pixelLimit: Int
    /// How the stored pixels are shown.
    let orientation: ImageOrientation

    /// Reads the header of a PNG or JPEG file; `shown` turns the file's own orientation into
    /// the one the pipelines' crops are in.
    init(
        _ data: Data, format: ImageFileFormat, pixelLimit: Int, shown: (ImageOrientation) -> ImageOrientation = { $0 }
    ) throws(ImagingError) {
        self.data = data
        self.pixelLimit = pixelLimit
        info = format == .png ? try PNG.info(data) : try JPEG.info(data)
        orientation = shown(info.orientation)
    }

    /// The size the photo is shown at.
    var displaySize: PixelSize { orientation.displaySize(forRaw: info.pixelSize) }

    /// Renders `pipeline` from the part of the photo it reads, decoded at `scale`: what the
    /// decoder worked around comes first in the rendering's warnings.
    func render(_ pipeline: AvatarPipeline, scale: JPEG.Scale) throws(ImagingError) -> AvatarPipeline.Rendering {
        var warnings: [ImagingWarning] = []
        var rendering = try decode(for: [pipeline], scale: scale, reachingOutside: false, warnings: &warnings).render(pipeline, reachingOutside: false)
        rendering.warnings = warnings + rendering.warnings
        return rendering
    }

    /// Decodes once the part of the photo every pipeline in `pipelines` reads (their crops are
    /// in the shown photo's pixels), at `scale` (full for PNG).
    func decode(
        for pipelines: [AvatarPipeline], scale: JPEG.Scale, reachingOutside: Bool, warnings: inout [ImagingWarning]
    ) throws(ImagingError) -> DecodedPart {
        let rawSize = scale.size(of: info.pixelSize)
        let shownSize = orientation.displaySize(forRaw: rawSize)
        var reads: PixelRect?
        for pipeline in pipelines {
            let region = try scale == .full
                ? pipeline.readsRegion(of: displaySize, reachingOutside: reachingOutside)
                : pipeline.reducedRegion(of: self, scale: scale)
            reads = reads.map { PixelRect(enclosing: $0, region) } ?? region
        }
        // Straightened frames that miss the photo (their crops touch it, turned away) show none of
        // it, transparent, as they do in memory: one pixel their crops cover is decoded for them to miss.
        let touched = pipelines.first.flatMap { $0.crop.intersection(PixelRect(size: displaySize)) }
        let missed = pipelines.allSatisfy({ $0.turn != 0 }) ? touched.map {
            PixelRect(x: $0.x / scale.denominator, y: $0.y / scale.denominator, width: 1, height: 1)
        } : nil
        guard let reads, let inside = reads.intersection(PixelRect(size: shownSize)) ?? missed else {
            throw .cropOutsideImage(rect: pipelines.first?.crop ?? PixelRect(x: 0, y: 0, width: 0, height: 0), imageSize: displaySize)
        }
        // Where those pixels lie in the file as its own orientation shows it.
        let raw = orientation.rawRect(forDisplay: inside, rawSize: rawSize)
        let asFileShows = info.orientation.displayRect(forRaw: raw, rawSize: rawSize)
        var coefficientBytes = 0
        var part: PixelBuffer
        FileDecodes.count.get()?.add()
        // One area resampling of a reduced JPEG runs beside its decode, on the decode's second
        // thread, as the rows come (when the decode has one).
        let streamed = scale == .full || pipelines.count != 1 ? nil : pipelines[0].streamedResample(self, scale: scale, raw: raw)
        var rowsWritten: JPEGDecoder.RowsWritten?
        if let streamed { rowsWritten = { streamed.rowsWritten($0, width: $1, origin: $2, format: $3) } }
        let options = DecodeOptions(scale: scale, crop: asFileShows, pixelLimit: pixelLimit, threads: pipelines.first.flatMap(\.threads))
        if info.format == .png {
            let decoded = try PNG.decode(data, options: options)
            warnings += decoded.warnings
            part = decoded.pixels
        } else {
            part = try JPEG.decode(data, options: options, warnings: &warnings, coefficientBytes: &coefficientBytes, rowsWritten: rowsWritten)
        }
        part.orientation = orientation
        return DecodedPart(
            file: self, part: part, scale: scale, raw: raw, shown: inside, heldBytes: coefficientBytes + part.bytes.count,
            resampled: streamed?.result())
    }
}

/// The part of a photo file decoded for its pipelines: its stored pixels under `raw` (at
/// `scale`), shown as the file is shown, and where they are shown (`shown`).
package struct DecodedPart {
    let file: PhotoFile
    let part: PixelBuffer
    let scale: JPEG.Scale
    let raw: PixelRect
    let shown: PixelRect
    /// The bytes held to decode it: the part and the decoder's coefficients.
    let heldBytes: Int
    /// The part already resampled for the one pipeline it was decoded for, as its decode wrote
    /// the rows, or `nil`.
    var resampled: PixelBuffer?

    /// Renders `pipeline` (its crop in the shown photo's full-size pixels) from the part,
    /// exactly as from the whole photo decoded at the part's scale.
    func render(_ pipeline: AvatarPipeline, reachingOutside: Bool) throws(ImagingError) -> AvatarPipeline.Rendering {
        let placement: RenderSource.Placement
        if scale == .full {
            placement = .fullSize(x: shown.x, y: shown.y)
        } else if pipeline.turn == 0, let resampled {
            placement = .resampled(resampled)
        } else if pipeline.turn == 0 {
            let (vertical, horizontal) = pipeline.reducedWeights(file, scale: scale, raw: raw)
            placement = .reducedLevel(stored: raw.size, vertical: vertical, horizontal: horizontal)
        } else {
            placement = .reducedTurned(pipeline.reducedFrame(file, scale: scale, offset: SIMD2(Double(shown.x), Double(shown.y))))
        }
        return try pipeline.finish(RenderSource(pixels: part, placement: placement, heldBytes: heldBytes), reachingOutside: reachingOutside)
    }
}

extension AvatarPipeline {
    /// The crop at 1/`scale` on the stored pixels (pixel i of the reduced photo spans i·N…(i+1)·N
    /// of the full photo's): the low and high corners.
    fileprivate func reducedSpan(_ file: PhotoFile, scale: JPEG.Scale) -> (low: SIMD2<Double>, high: SIMD2<Double>) {
        let full = RawAffine(orientation: file.orientation, rawSize: file.info.pixelSize)
        let d = Double(scale.denominator)
        let a = full.point(SIMD2(Double(crop.x), Double(crop.y))) / d
        let b = full.point(SIMD2(Double(crop.maxX), Double(crop.maxY))) / d
        return (pointwiseMin(a, b), pointwiseMax(a, b))
    }

    /// The turned frame on the reduced photo, centred on the crop's centre moved by `offset`.
    func reducedFrame(_ file: PhotoFile, scale: JPEG.Scale, offset: SIMD2<Double> = .zero) -> TurnedFrame {
        let size = clampedOutputSize, d = Double(scale.denominator)
        let (low, high) = reducedSpan(file, scale: scale)
        let reduced = RawAffine(orientation: file.orientation, rawSize: scale.size(of: file.info.pixelSize))
        let stored = (low + high) / 2 - reduced.origin
        let centre = SIMD2((stored * reduced.xAxis).sum(), (stored * reduced.yAxis).sum())
        return TurnedFrame(
            centre: centre - offset, scaleX: Double(crop.width) / d / Double(size.width),
            scaleY: Double(crop.height) / d / Double(size.height), degrees: angle, output: size)
    }

    /// What the pipeline reads of the photo reduced to `scale`, in the reduced photo's shown
    /// pixels, after checking the crop as ``render(jpeg:pixelLimit:)`` does.
    fileprivate func reducedRegion(of file: PhotoFile, scale: JPEG.Scale) throws(ImagingError) -> PixelRect {
        let bounds = PixelRect(size: file.displaySize)
        if turn != 0 {
            try checkTurnedCrop(on: file.displaySize)
            return reducedFrame(file, scale: scale).bounds
        }
        guard bounds.contains(crop) else { throw .cropOutsideImage(rect: crop, imageSize: file.displaySize) }
        // Area weights over the exact span, whole pixels or not.
        let (low, high) = reducedSpan(file, scale: scale)
        let raw = PixelRect(
            x: Int(low.x.rounded(.down)), y: Int(low.y.rounded(.down)),
            width: Int(high.x.rounded(.up)) - Int(low.x.rounded(.down)), height: Int(high.y.rounded(.up)) - Int(low.y.rounded(.down)))
        return file.orientation.displayRect(forRaw: raw, rawSize: scale.size(of: file.info.pixelSize))
    }

    /// The area weights, on each axis of the stored pixels, from the part `raw` of the photo
    /// decoded at `scale` to the output: over the crop's exact span, whole pixels or not.
    func reducedWeights(
        _ file: PhotoFile, scale: JPEG.Scale, raw: PixelRect
    ) -> (vertical: AxisWeights, horizontal: AxisWeights) {
        let (low, high) = reducedSpan(file, scale: scale)
        let origin = SIMD2(Double(raw.x), Double(raw.y))
        let size = clampedOutputSize
        let stored = file.orientation.swapsAxes ? size.transposed : size
        return (
            AxisWeights(areaFrom: low.y - origin.y, to: high.y - origin.y, inputCount: raw.height, outputCount: stored.height),
            AxisWeights(areaFrom: low.x - origin.x, to: high.x - origin.x, inputCount: raw.width, outputCount: stored.width)
        )
    }

    /// The resampling to run as the part `raw` of `file`, decoded at `scale`, is written, when
    /// the pipeline area-averages it without a turn; `nil` otherwise.
    fileprivate func streamedResample(_ file: PhotoFile, scale: JPEG.Scale, raw: PixelRect) -> StreamedResample? {
        guard file.info.format == .jpeg, turn == 0, !clampedOutputSize.isEmpty, !raw.isEmpty else { return nil }
        let (vertical, horizontal) = reducedWeights(file, scale: scale, raw: raw)
        return StreamedResample(width: raw.width, vertical: vertical, horizontal: horizontal)
    }

}

extension AvatarPipeline {
    /// Runs the pipeline on a PNG, JPEG or Netpbm file, told apart by content: PNG through
    /// ``render(png:pixelLimit:)``, JPEG through ``render(jpeg:pixelLimit:)``, Netpbm decoded
    /// whole.
    ///
    /// - Throws: `ImagingError.unknownFormat` for anything else, and the errors of the
    ///   format's path.
    public func render(imageFile data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendering {
        switch ImageFileFormat(sniffing: data) {
        case .png: try render(png: data, pixelLimit: pixelLimit)
        case .jpeg: try render(jpeg: data, pixelLimit: pixelLimit)
        case .pam, .ppm, .pgm: try render(Netpbm.decode(data, pixelLimit: pixelLimit))
        case nil: throw .unknownFormat
        }
    }
}

/// The pixels a pipeline renders from, and where its crop lies on them: the whole photo, a
/// part of it decoded at full size, or a part decoded reduced (PickerCodecs' JPEG region decode).
/// ``AvatarPipeline/finish(_:reachingOutside:)`` makes the avatar from it.
package struct RenderSource {
    /// Where the crop lies on ``pixels``.
    package enum Placement {
        /// Full-size pixels of the shown photo, whose top-left pixel is (`x`, `y`) of it (the
        /// whole photo: 0, 0). The crop, moved by that, is on them.
        case fullSize(x: Int, y: Int)
        /// Reduced pixels, a level crop: the area weights from the `stored` pixels to the
        /// output, on each stored axis, over the crop's exact span.
        case reducedLevel(stored: PixelSize, vertical: AxisWeights, horizontal: AxisWeights)
        /// Reduced pixels, a level crop already area-averaged to the output (stored
        /// orientation) as the decode wrote the rows.
        case resampled(PixelBuffer)
        /// Reduced pixels, a turned crop: its frame on them.
        case reducedTurned(TurnedFrame)
    }

    /// The pixels, stored as decoded and shown as the photo is shown.
    package var pixels: PixelBuffer
    /// Where the crop lies on them.
    package var placement: Placement
    /// The bytes held to get them (a decoded part and its decoder's coefficients), counted
    /// in the rendering's ``AvatarPipeline/Rendering/peakExtraBytes``.
    package var heldBytes: Int

    /// Pixels and where the crop lies on them.
    package init(pixels: PixelBuffer, placement: Placement, heldBytes: Int = 0) {
        self.pixels = pixels
        self.placement = placement
        self.heldBytes = heldBytes
    }

    /// The whole photo, held by the caller.
    package init(photo: PixelBuffer) {
        self.init(pixels: photo, placement: .fullSize(x: 0, y: 0))
    }
}

extension AvatarPipeline {
    /// Makes the avatar from `source`: the one place its pixels are made, whichever way the
    /// photo came (in memory, a file's region, a recipe, an edit session, an app's own image
    /// type). Straightened, the turned frame is filtered (showing ``edges`` off the photo);
    /// level, the crop is resampled; then masked, then coloured (``colorOutput``). With
    /// `reachingOutside`, a level crop may reach past the photo: the part inside is rendered at
    /// its place on a transparent canvas the output's size, and the whole is masked.
    ///
    /// - Throws: ``ImagingError/cropOutsideImage(rect:imageSize:)``,
    ///   ``ImagingError/invalidDimensions(width:height:)``, ``ImagingError/invalidAngle(_:)``
    ///   and ``ImagingError/tooManyPixels(count:limit:)`` as ``render(_:)`` documents them.
    package func finish(_ source: RenderSource, reachingOutside: Bool = false) throws(ImagingError) -> Rendering {
        var rendering: Rendering
        switch source.placement {
        case let .fullSize(x, y):
            var local = self
            local.crop = PixelRect(x: crop.x - x, y: crop.y - y, width: crop.width, height: crop.height)
            rendering = try reachingOutside ? local.onCanvas(source.pixels) : local.scaled(source.pixels)
        case let .reducedLevel(stored, vertical, horizontal):
            try checkOutputSize()
            let threadCount = PixelBuffer.threadCount(threads, sourcePixels: stored.width * stored.height)
            let scaled = source.pixels.resampleRaw(PixelRect(size: stored), vertical: vertical, horizontal: horizontal, threads: threadCount)
            rendering = upright(scaled, shown: source.pixels.orientation)
        case let .resampled(scaled):
            try checkOutputSize()
            rendering = upright(scaled, shown: source.pixels.orientation)
        case let .reducedTurned(frame):
            try checkOutputSize()
            var image = source.pixels.turned(frame, edges: edges)
            image.applyMask(mask, threads: threads)
            rendering = Rendering(image: image, peakExtraBytes: image.bytes.count)
        }
        rendering.peakExtraBytes += source.heldBytes
        return coloured(rendering, profile: source.pixels.colorProfile)
    }

    /// ``clampedOutputSize``, refused when it is empty.
    private func checkOutputSize() throws(ImagingError) {
        let size = clampedOutputSize
        guard !size.isEmpty else { throw .invalidDimensions(width: size.width, height: size.height) }
    }

    /// The checks a turned crop passes before any pixel is read, in order: a finite angle
    /// (``ImagingError/invalidAngle(_:)``), an output that is not empty
    /// (``ImagingError/invalidDimensions(width:height:)``), and a crop within 2⁴⁰ pixels of
    /// the origin that covers some of a photo shown `displaySize`
    /// (``ImagingError/cropOutsideImage(rect:imageSize:)``): turned, it may leave the photo.
    package func checkTurnedCrop(on displaySize: PixelSize) throws(ImagingError) {
        if let problem = angleProblem(angle) { throw problem }
        try checkOutputSize()
        guard crop.beyondFarthestFrame == nil, crop.intersection(PixelRect(size: displaySize)) != nil else {
            throw .cropOutsideImage(rect: crop, imageSize: displaySize)
        }
    }

    /// The turned frame of the crop on the photo's full-size pixels (display orientation).
    package var turnedFrame: TurnedFrame {
        TurnedFrame(crop: crop, degrees: angle, output: clampedOutputSize)
    }

    /// The crop of `photo` (inside it, at 0°) scaled and masked: straightened through
    /// ``PixelBuffer/resampled(displayRect:rotatedBy:to:edges:)``, level from the stored
    /// pixels, one row of scratch at a time.
    private func scaled(_ photo: PixelBuffer) throws(ImagingError) -> Rendering {
        let size = clampedOutputSize
        if turn != 0 {
            try checkTurnedCrop(on: photo.displaySize)
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

    /// ``scaled(_:)`` for a crop that may reach past the photo, level: the part inside at its
    /// place on a transparent canvas, the whole masked. (Turned, ``scaled(_:)`` already shows
    /// ``edges`` off the photo.)
    private func onCanvas(_ photo: PixelBuffer) throws(ImagingError) -> Rendering {
        guard let inside = crop.intersection(photo.displayBounds) else {
            throw .cropOutsideImage(rect: crop, imageSize: photo.displaySize)
        }
        guard inside != crop, turn == 0 else { return try scaled(photo) }
        try checkOutputSize()
        let size = clampedOutputSize
        let sx = Double(size.width) / Double(crop.width), sy = Double(size.height) / Double(crop.height)
        let x0 = Int((Double(inside.x - crop.x) * sx).rounded()), x1 = Int((Double(inside.maxX - crop.x) * sx).rounded())
        let y0 = Int((Double(inside.y - crop.y) * sy).rounded()), y1 = Int((Double(inside.maxY - crop.y) * sy).rounded())
        var part = self
        part.crop = inside
        part.outputSize = PixelSize(width: max(1, x1 - x0), height: max(1, y1 - y0))
        part.mask = .square
        let shown = try part.scaled(photo).image.asStraightRGBA()
        var canvas = try PixelBuffer(width: size.width, height: size.height)
        for y in 0..<shown.height where y0 + y < size.height {
            for x in 0..<shown.width where x0 + x < size.width { canvas[x0 + x, y0 + y] = shown[x, y] }
        }
        return Rendering(image: canvas.masked(mask), peakExtraBytes: shown.bytes.count + canvas.bytes.count * 2)
    }

    /// Reduced pixels already scaled to the output in their stored orientation, shown as
    /// `orientation` and masked.
    private func upright(_ stored: PixelBuffer, shown orientation: ImageOrientation) -> Rendering {
        var image = stored
        image.orientation = orientation
        // Turned upright in a copy unless already so; masked in the upright image's storage.
        let outputs = image.bytes.count * (orientation == .up ? 1 : 2)
        image.applyMask(mask, threads: threads)
        return Rendering(image: image, peakExtraBytes: outputs)
    }

    /// The output tagged with `profile`, the photo's, or converted to sRGB as ``colorOutput`` asks.
    private func coloured(_ rendering: Rendering, profile: ColorProfile?) -> Rendering {
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

    /// Whether the output is the crop's own pixels and nothing more: level, unscaled,
    /// unmasked, in the photo's own colours. An image type that crops itself (a `CGImage`,
    /// without copying) then needs no pixels at all.
    package var isPlainCrop: Bool {
        turn == 0 && clampedOutputSize == crop.size && mask == .square && colorOutput == .keepProfile
    }
}

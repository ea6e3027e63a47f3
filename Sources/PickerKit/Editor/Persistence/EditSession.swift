import PickerImaging

/// An edit that can be saved and re-applied later, in another launch (B24): the editor's
/// geometry and the output settings.
///
/// ```swift
/// let saved = try JSONEncoder().encode(result.editSession)
/// // later:
/// let session = try JSONDecoder().decode(EditSession.self, from: saved)
/// let avatar = try session.apply(to: original)       // the same pixels, no UI
/// try picker.edit(original, restoring: session)       // or reopen the editor on it
/// ```
public struct EditSession: Sendable, Equatable, Codable {
    /// The format version this build writes. Version 2 added turns and flips to the geometry,
    /// version 3 the straighten angle; this build reads 1 to 3, and sessions saved before
    /// versions were written (no `version` key) are version 1.
    public static let formatVersion = 3

    /// The editor as the person left it.
    public var geometry: EditorGeometry
    /// How the crop is rendered.
    public var output: AvatarOutput

    /// Creates a session.
    public init(geometry: EditorGeometry, output: AvatarOutput) {
        self.geometry = geometry
        self.output = output
    }

    /// The crop, in the original's pixels and display orientation.
    public var cropRect: PixelRect { geometry.cropRect }

    /// What this edit does to the original's pixels, as PickerImaging's `RenderRecipe`: the
    /// person's mirror and turns, the crop, the angle, and the output settings. ``apply(to:)``
    /// renders through it, and it is written into the session's JSON (the `recipe` key), so a
    /// server renders the same pixels with PickerImaging and PickerCodecs alone.
    public var recipe: RenderRecipe {
        RenderRecipe(
            imageSize: geometry.imageSize, isMirrored: geometry.isMirrored, quarterTurns: geometry.quarterTurns, crop: cropRect,
            angle: geometry.angle, edges: edges, output: output)
    }

    /// Without empty space the turned crop lies on the photo but for the rounding of its whole
    /// pixels (all of it, for a photo a pixel or two wide): that rounding shows the photo's
    /// edge, never see-through corners.
    private var edges: StraightenEdges { geometry.configuration.allowsEmptySpace ? .transparent : .nearest }

    /// Renders the edit again from `original`, with no UI.
    ///
    /// `original` is the image the session was made for, or a reduction of it that reports the
    /// original's size in `ImageBuffer.fullResolutionPixelSize` (the edit is then scaled to
    /// the reduction's pixels, as ``resized(for:)`` does).
    ///
    /// - Throws: ``PickerError/imageMismatch(expected:actual:)`` when `original` is not the
    ///   image the session was made for (its display size differs), and
    ///   ``PickerError/editFailed(_:)`` when it cannot be rendered.
    public func apply(to original: any ImageBuffer) throws(PickerError) -> any ImageBuffer {
        try apply(to: original, threads: nil)
    }

    /// ``apply(to:)`` with the pipeline's scaling on `threads` threads (`nil`: every core).
    func apply(to original: any ImageBuffer, threads: Int?) throws(PickerError) -> any ImageBuffer {
        let shown = shownSize(ofRaw: original.pixelSize, original.orientation)
        guard shown == geometry.imageSize else {
            if isReduction(original) { return try resized(for: original).apply(to: original, threads: threads) }
            throw .imageMismatch(expected: geometry.imageSize, actual: shown)
        }
        if let pixels = original as? PixelBuffer {
            // The recipe, as a server renders it.
            try output.validate()
            do { return try recipe.render(pixels, longerSide: nil, threads: threads) } catch { throw .editFailed(error) }
        }
        if let file = original as? any RecipeRendering {
            // An image that renders the recipe from its file: only the region it reads, once.
            try output.validate()
            do { return try file.render(recipe) } catch let error as ImagingError { throw .editFailed(error) } catch {
                throw .editFailed(.cannotRepresent(format: "\(type(of: original))", reason: String(describing: error)))
            }
        }
        let image = try geometry.shown(original)
        let rendered = try Self.render(image, crop: cropRect, angle: geometry.angle, edges: edges, output: output, threads: threads)
        // A turned or flipped image of the app's own type went through its pixels: bring it back.
        guard !(original is PixelBuffer), let pixels = rendered as? PixelBuffer, image is PixelBuffer else { return rendered }
        do {
            return try original.remade(from: pixels) ?? pixels
        } catch {
            throw .editFailed(.cannotRepresent(format: "\(type(of: original))", reason: String(describing: error)))
        }
    }

    /// The size the editor shows stored pixels of `raw` size with `orientation` at: after the
    /// person's mirror and turns.
    func shownSize(ofRaw raw: PixelSize, _ orientation: ImageOrientation) -> PixelSize {
        geometry.displayOrientation(of: orientation).displaySize(forRaw: raw)
    }

    /// Whether `image` is a reduction of the full-resolution original this session was made on.
    private func isReduction(_ image: any ImageBuffer) -> Bool {
        image.fullResolutionPixelSize.map { shownSize(ofRaw: $0, image.orientation) == geometry.imageSize } ?? false
    }

    /// This edit in the pixels of `image` as it is stored: of the full-resolution original when
    /// the session was made on it and `image` is a reduction (`ImageBuffer.fullResolutionPixelSize`),
    /// or of the reduction's original when the session was made on the reduction. The crop
    /// scales with the image, in whole pixels, exactly square for circles and squares; the
    /// zoom, turns, flips and angle are the same edit.
    ///
    /// ```swift
    /// // An edit made on a 1008x756 thumbnail of a 4032x3024 photo:
    /// edit.cropRect                                   // (126,0,756,756)
    /// edit.atFullResolution(of: thumbnail).cropRect   // (504,0,3024,3024)
    /// ```
    public func atFullResolution(of image: any ImageBuffer) -> EditSession {
        guard let full = image.fullResolutionPixelSize, shownSize(ofRaw: image.pixelSize, image.orientation) == geometry.imageSize else {
            return self
        }
        return EditSession(geometry: geometry.resized(to: shownSize(ofRaw: full, image.orientation)), output: output)
    }

    /// The whole edit (zoom, position, turns, flips, angle) to reopen the editor on `image`
    /// with, when the session was made on `image` or on the full-resolution original it was
    /// reduced from; `nil` for another image.
    func geometry(reopening image: any ImageBuffer) -> EditorGeometry? {
        guard geometry.displayOrientation(of: image.orientation) == geometry.orientation else { return nil }
        if shownSize(ofRaw: image.pixelSize, image.orientation) == geometry.imageSize { return geometry }
        return isReduction(image) ? resized(for: image).geometry : nil
    }

    /// This edit, made on the full-resolution original of `image`, in `image`'s own pixels (the
    /// same session when it already is).
    public func resized(for image: any ImageBuffer) -> EditSession {
        EditSession(geometry: geometry.resized(to: shownSize(ofRaw: image.pixelSize, image.orientation)), output: output)
    }

    /// Crops, scales and masks `original` through PickerImaging's pipeline, the same for every
    /// image type: a type that converts to and from `PixelBuffer` (``ImageBuffer``'s
    /// `pixelBuffer()` and `make(from:)`) is rendered through it and comes back as its own type
    /// (or as the `PixelBuffer` when it is not made from one). A type that does not convert is
    /// cropped with `cropped(to:)` when the output asks for nothing more, and is an error
    /// otherwise.
    ///
    /// A crop that reaches past the image (empty space allowed) keeps its size and shape: the
    /// part outside the image is transparent. A straightened crop (`angle` degrees) always
    /// goes through the pixels, and shows `edges` where it leaves the image.
    static func render(
        _ original: any ImageBuffer, crop: PixelRect, angle: Double = 0, edges: StraightenEdges = .transparent,
        output: AvatarOutput, threads: Int? = nil
    ) throws(PickerError) -> any ImageBuffer {
        try output.validate()
        guard let inside = crop.intersection(original.displayBounds) else {
            throw .editFailed(.cropOutsideImage(rect: crop, imageSize: original.displaySize))
        }
        do {
            if let pixels = original as? PixelBuffer {
                return try rendered(pixels, crop: crop, inside: inside, angle: angle, edges: edges, output: output, threads: threads)
            }
            if inside == crop, output.pipeline(for: crop, angle: angle, edges: edges).isPlainCrop {
                return try original.cropped(to: inside)
            }
            // Level, only the crop's pixels are read: the type crops first (a CGImage without
            // copying), so only they become a PixelBuffer. Straightened, the whole image.
            let part = angle == 0 ? try original.cropped(to: inside) : original
            guard let pixels = try part.pixelBuffer() else {
                throw ImagingError.unsupportedFeature(
                    format: "\(type(of: original))",
                    feature: "output settings (size, mask, maximum dimension) without pixelBuffer() and make(from:)")
            }
            let origin = angle == 0 ? (x: inside.x, y: inside.y) : (x: 0, y: 0)
            func local(_ r: PixelRect) -> PixelRect { PixelRect(x: r.x - origin.x, y: r.y - origin.y, width: r.width, height: r.height) }
            let image = try rendered(
                pixels, crop: local(crop), inside: local(inside), angle: angle, edges: edges, output: output, threads: threads)
            return try original.remade(from: image) ?? image
        } catch let error as ImagingError {
            throw .editFailed(error)
        } catch {
            // An app's own image type failed to crop with an error of its own.
            throw .editFailed(.cannotRepresent(format: "\(type(of: original))", reason: String(describing: error)))
        }
    }

    private static func rendered(
        _ pixels: PixelBuffer, crop: PixelRect, inside: PixelRect, angle: Double, edges: StraightenEdges,
        output: AvatarOutput, threads: Int?
    ) throws -> PixelBuffer {
        var whole = output.pipeline(for: crop, angle: angle, edges: edges)
        whole.threads = threads
        // Turned, the pipeline itself shows what is off the image, as `edges` says; level, the
        // part inside is placed on a transparent canvas.
        return try whole.finish(RenderSource(photo: pixels), reachingOutside: true).image
    }
}

extension EditSession {
    private enum CodingKeys: String, CodingKey {
        case version, geometry, output, recipe
    }

    /// Decodes a saved session through the same checks as its parts' initialisers.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a format version this build does not know,
    ///   or a geometry or output that fails its checks; never traps on hostile values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard (1...Self.formatVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "edit session format version \(version) is not one this build reads (1...\(Self.formatVersion))")
        }
        self.init(
            geometry: try container.decode(EditorGeometry.self, forKey: .geometry),
            output: try container.decode(AvatarOutput.self, forKey: .output))
    }

    /// Encodes the session with its format version.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(geometry, forKey: .geometry)
        try container.encode(output, forKey: .output)
        try container.encode(recipe, forKey: .recipe)
    }
}

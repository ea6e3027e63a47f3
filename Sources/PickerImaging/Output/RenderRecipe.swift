import Foundation

/// Everything an edit does to a photo's pixels, as a `Codable` value: the person's mirror and
/// quarter turns, the crop, the straighten angle, the output size, the filter, the mask and
/// the colours. PickerKit's `EditSession` carries one (its `recipe`, also written into its
/// JSON), and renders through it, so a server with PickerImaging and PickerCodecs alone renders
/// exactly what the device showed.
///
/// ```swift
/// // On a server: the session JSON the app sent, and the original upload.
/// let recipe = try RenderRecipe(editSessionJSON: sessionData)
/// let avatar = try recipe.render(PNG.decode(upload))   // or, from the file: recipe.render(imageFile:longerSides:)
/// ```
public struct RenderRecipe: Sendable, Equatable, Codable {
    /// The size the photo is shown at after its own orientation and the person's mirror and
    /// turns: a photo of another size is not the one the recipe was made for.
    public var imageSize: PixelSize
    /// Whether the person mirrored the photo left to right (before the turns).
    public var isMirrored: Bool
    /// Quarter turns clockwise the person applied, 0…3.
    public var quarterTurns: Int
    /// The crop, in the pixels of the photo as shown (after the mirror and turns). With
    /// ``edges`` transparent it may reach past the photo: the part outside is transparent.
    public var crop: PixelRect
    /// The straighten angle, degrees clockwise: the crop turned about its centre.
    public var angle: Double
    /// What a straightened crop shows where it leaves the photo.
    public var edges: StraightenEdges
    /// How the crop becomes the output: its size, filter, mask, largest side and colours.
    public var output: AvatarOutput

    /// Creates a recipe from the edit's geometry and its `output`.
    public init(
        imageSize: PixelSize, isMirrored: Bool = false, quarterTurns: Int = 0, crop: PixelRect, angle: Double = 0,
        edges: StraightenEdges = .transparent, output: AvatarOutput
    ) {
        self.imageSize = imageSize
        self.isMirrored = isMirrored
        self.quarterTurns = quarterTurns
        self.crop = crop
        self.angle = angle
        self.edges = edges
        self.output = output
    }

    /// Creates a recipe with the output's settings one by one; the defaults are the photo as it
    /// is, square, at most 4096 pixels.
    public init(
        imageSize: PixelSize, isMirrored: Bool = false, quarterTurns: Int = 0, crop: PixelRect, angle: Double = 0,
        edges: StraightenEdges = .transparent, outputSize: Int? = nil, filter: ResampleFilter? = nil, mask: AvatarMask = .square,
        maximumDimension: Int = 4096, colorOutput: AvatarPipeline.ColorOutput = .keepProfile
    ) {
        self.init(
            imageSize: imageSize, isMirrored: isMirrored, quarterTurns: quarterTurns, crop: crop, angle: angle, edges: edges,
            output: AvatarOutput(
                size: outputSize, mask: mask, filter: filter, maximumDimension: maximumDimension, colorOutput: colorOutput))
    }

    /// The largest output side (``AvatarOutput/size`` and ``AvatarOutput/maximumDimension``):
    /// 10,000 pixels.
    public static let largestSide = AvatarOutput.largestSide

    /// The first value out of range, as ``ImagingError/invalidNumber(parameter:value:)`` names
    /// it, or `nil`: quarter turns 0…3, a finite angle, a crop and image size with sides of
    /// at least 1, the crop within 2⁴⁰ pixels of the origin, and the output sides
    /// 1…``largestSide``.
    public var problem: ImagingError? {
        if !(0...3).contains(quarterTurns) { return .invalidNumber(parameter: "quarterTurns", value: Double(quarterTurns)) }
        if let problem = angleProblem(angle) { return problem }
        if crop.isEmpty { return .invalidDimensions(width: crop.width, height: crop.height) }
        if let (name, value) = crop.beyondFarthestFrame { return .invalidNumber(parameter: "crop.\(name)", value: Double(value)) }
        if imageSize.isEmpty { return .invalidDimensions(width: imageSize.width, height: imageSize.height) }
        return output.sideProblem(sizeName: "outputSize")
    }

    /// The orientation the photo is shown with: its own, `base`, then the mirror and turns.
    public func displayOrientation(of base: ImageOrientation) -> ImageOrientation {
        base.edited(mirrored: isMirrored, quarterTurns: quarterTurns)
    }

    /// The pipeline that renders the crop, with its longer side `size` (the output's
    /// ``AvatarOutput/size`` when `nil`).
    public func pipeline(longerSide size: Int? = nil) -> AvatarPipeline {
        output.pipeline(for: crop, angle: angle, edges: edges, longerSide: size)
    }

    /// Renders the recipe on `photo`, the original it was made for. When the output's ``AvatarOutput/colorOutput`` asks
    /// for sRGB and the photo's profile cannot be converted, the output keeps that profile (its
    /// `colorProfile` shows it, never sRGB).
    ///
    /// - Parameters:
    ///   - photo: the original, with its own orientation.
    ///   - size: the output's longer side; the output's ``AvatarOutput/size`` when `nil`.
    /// - Throws: ``ImagingError/imageMismatch(expected:actual:)`` when the photo, shown, is not
    ///   ``imageSize``; ``problem``; the errors of ``AvatarPipeline/render(_:)``.
    public func render(_ photo: PixelBuffer, longerSide size: Int? = nil) throws(ImagingError) -> PixelBuffer {
        try render(photo, longerSide: size, threads: nil)
    }

    /// ``render(_:longerSide:)`` with the scaling on `threads` threads.
    package func render(_ photo: PixelBuffer, longerSide size: Int?, threads: Int?) throws(ImagingError) -> PixelBuffer {
        if let problem { throw problem }
        if let size, !(1...Self.largestSide).contains(size) { throw .invalidNumber(parameter: "longerSide", value: Double(size)) }
        var shown = photo
        shown.orientation = displayOrientation(of: photo.orientation)
        guard shown.displaySize == imageSize else { throw .imageMismatch(expected: imageSize, actual: shown.displaySize) }
        var pipeline = pipeline(longerSide: size)
        pipeline.threads = threads
        return try pipeline.finish(RenderSource(photo: shown), reachingOutside: true).image
    }
}

extension RenderRecipe {
    private enum CodingKeys: String, CodingKey {
        case imageSize, isMirrored, quarterTurns, crop, angle, edges, outputSize, filter, mask, maximumDimension, colorOutput
    }

    /// Decodes a recipe, checking it (``problem``).
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a value out of range.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            imageSize: try c.decode(PixelSize.self, forKey: .imageSize),
            isMirrored: try c.decodeIfPresent(Bool.self, forKey: .isMirrored) ?? false,
            quarterTurns: try c.decodeIfPresent(Int.self, forKey: .quarterTurns) ?? 0,
            crop: try c.decode(PixelRect.self, forKey: .crop),
            angle: try c.decodeIfPresent(Double.self, forKey: .angle) ?? 0,
            edges: try c.decodeIfPresent(StraightenEdges.self, forKey: .edges) ?? .transparent,
            outputSize: try c.decodeIfPresent(Int.self, forKey: .outputSize),
            filter: try c.decodeIfPresent(ResampleFilter.self, forKey: .filter),
            mask: try c.decodeIfPresent(AvatarMask.self, forKey: .mask) ?? .square,
            maximumDimension: try c.decodeIfPresent(Int.self, forKey: .maximumDimension) ?? 4096,
            colorOutput: try c.decodeIfPresent(AvatarPipeline.ColorOutput.self, forKey: .colorOutput) ?? .keepProfile)
        if let problem {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "render recipe: \(problem)"))
        }
    }

    /// Encodes the recipe in one flat object: the geometry, then the output's settings as
    /// `outputSize`, `filter`, `mask`, `maximumDimension` and `colorOutput`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(imageSize, forKey: .imageSize)
        try c.encode(isMirrored, forKey: .isMirrored)
        try c.encode(quarterTurns, forKey: .quarterTurns)
        try c.encode(crop, forKey: .crop)
        try c.encode(angle, forKey: .angle)
        try c.encode(edges, forKey: .edges)
        try c.encodeIfPresent(output.size, forKey: .outputSize)
        try c.encodeIfPresent(output.filter, forKey: .filter)
        try c.encode(output.mask, forKey: .mask)
        try c.encode(output.maximumDimension, forKey: .maximumDimension)
        try c.encode(output.colorOutput, forKey: .colorOutput)
    }

    /// The recipe inside an `EditSession`'s JSON (its `recipe` key), read without PickerKit.
    ///
    /// - Throws: `DecodingError` when the JSON has no recipe (a session saved before recipes
    ///   were written: open it with PickerKit's `EditSession`, whose `recipe` gives it) or a
    ///   recipe out of range.
    public init(editSessionJSON data: Data) throws {
        struct Session: Decodable { var recipe: RenderRecipe }
        self = try JSONDecoder().decode(Session.self, from: data).recipe
    }
}

/// An image that renders a ``RenderRecipe`` itself, from where its pixels live: PickerCodecs'
/// `EncodedImage` decodes only the region the recipe reads, once. PickerKit's
/// `EditSession.apply(to:)` (and so Choose) renders such an image through it, and the edit
/// comes back as the `PixelBuffer` it renders.
public protocol RecipeRendering: ImageBuffer {
    /// The recipe rendered on this image, at its own output size.
    func render(_ recipe: RenderRecipe) throws -> PixelBuffer
}

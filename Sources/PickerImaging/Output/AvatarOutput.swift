/// How a crop becomes the avatar: its size, mask, filter, largest side and colours. A
/// ``RenderRecipe`` carries one (its ``RenderRecipe/output``) beside the edit's geometry, and
/// PickerKit's configuration and saved edit sessions carry the same value.
///
/// ```swift
/// var output = AvatarOutput()
/// output.size = 512          // scale the crop to 512×512
/// output.mask = .circle      // transparent corners
/// ```
public struct AvatarOutput: Sendable, Equatable, Codable {
    /// The output's longer side in pixels; `nil` keeps the crop's own pixels (no scaling).
    public var size: Int?
    /// The mask applied to the output; by default the square crop, as the system picker
    /// returns it.
    public var mask: AvatarMask
    /// The resampling filter; `nil` picks area to downscale and Lanczos-3 to upscale.
    public var filter: ResampleFilter?
    /// The largest side ever produced: a larger output is scaled down to it.
    public var maximumDimension: Int
    /// What colours the output is in: the photo's own, tagged with its colour profile (the
    /// default), or converted to sRGB.
    public var colorOutput: AvatarPipeline.ColorOutput

    /// Creates output settings; the defaults are the crop's own pixels, square, at most 4096
    /// pixels across, in the photo's own colours.
    public init(
        size: Int? = nil, mask: AvatarMask = .square, filter: ResampleFilter? = nil, maximumDimension: Int = 4096,
        colorOutput: AvatarPipeline.ColorOutput = .keepProfile
    ) {
        self.size = size
        self.mask = mask
        self.filter = filter
        self.maximumDimension = maximumDimension
        self.colorOutput = colorOutput
    }

    /// The largest ``size`` and ``maximumDimension`` accepted: 10,000 pixels across.
    public static let largestSide = 10_000

    /// The two sides an output has a range for.
    package enum Side: Sendable {
        case size, maximumDimension
    }

    /// The first of ``size`` and ``maximumDimension`` outside 1…``largestSide``, with its
    /// value; `nil` when both are in range.
    package var sideOutOfRange: (side: Side, value: Int)? {
        if let size, !(1...Self.largestSide).contains(size) { return (.size, size) }
        if !(1...Self.largestSide).contains(maximumDimension) { return (.maximumDimension, maximumDimension) }
        return nil
    }

    /// ``sideOutOfRange`` as ``ImagingError/invalidNumber(parameter:value:)`` names it (``size``
    /// as `sizeName`), or `nil`.
    package func sideProblem(sizeName: String = "size") -> ImagingError? {
        sideOutOfRange.map { .invalidNumber(parameter: $0.side == .size ? sizeName : "maximumDimension", value: Double($0.value)) }
    }

    /// The pipeline that renders `crop` (display orientation) of an original, turned `angle`
    /// degrees clockwise about its centre and showing `edges` where the turned crop leaves the
    /// photo, with its longer side `longerSide` (``size`` when `nil`; a side of 0 or less keeps
    /// the crop's own pixels, as ``AvatarPipeline/outputSize(of:longerSide:)`` does). The
    /// pipeline scales a larger output down to ``maximumDimension``.
    public func pipeline(
        for crop: PixelRect, angle: Double = 0, edges: StraightenEdges = .transparent, longerSide: Int? = nil
    ) -> AvatarPipeline {
        var pipeline = AvatarPipeline(
            crop: crop, outputSize: AvatarPipeline.outputSize(of: crop.size, longerSide: longerSide ?? size), filter: filter,
            mask: mask, maximumDimension: maximumDimension, angle: angle)
        pipeline.edges = edges
        pipeline.colorOutput = colorOutput
        return pipeline
    }
}

extension AvatarOutput {
    private enum CodingKeys: String, CodingKey {
        case size, mask, filter, maximumDimension, colorOutput
    }

    /// Decodes saved output settings; a missing key takes its default.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a size or maximum dimension outside
    ///   1…``largestSide``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            size: try container.decodeIfPresent(Int.self, forKey: .size),
            mask: try container.decodeIfPresent(AvatarMask.self, forKey: .mask) ?? .square,
            filter: try container.decodeIfPresent(ResampleFilter.self, forKey: .filter),
            maximumDimension: try container.decodeIfPresent(Int.self, forKey: .maximumDimension) ?? 4096,
            colorOutput: try container.decodeIfPresent(AvatarPipeline.ColorOutput.self, forKey: .colorOutput) ?? .keepProfile)
        switch sideOutOfRange {
        case nil: break
        case let (.size, size)?:
            throw DecodingError.dataCorruptedError(
                forKey: .size, in: container,
                debugDescription: "avatar output: size is \(size); use 1...\(Self.largestSide), or leave it out for the crop's own pixels")
        case let (.maximumDimension, side)?:
            throw DecodingError.dataCorruptedError(
                forKey: .maximumDimension, in: container,
                debugDescription: "avatar output: maximumDimension is \(side); use 1...\(Self.largestSide)")
        }
    }

    /// Encodes the settings; ``colorOutput`` only when it is not the default.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encode(mask, forKey: .mask)
        try container.encodeIfPresent(filter, forKey: .filter)
        try container.encode(maximumDimension, forKey: .maximumDimension)
        if colorOutput != .keepProfile { try container.encode(colorOutput, forKey: .colorOutput) }
    }
}

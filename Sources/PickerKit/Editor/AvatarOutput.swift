import PickerImaging

/// What Choose produces from the crop: its size and mask.
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
    public var mask: AvatarMask = .square
    /// The resampling filter; `nil` picks area to downscale and Lanczos-3 to upscale.
    public var filter: ResampleFilter?
    /// The largest side ever produced (B16).
    public var maximumDimension = 4096
    /// What colours the output is in: the photo's own, tagged with its colour profile (the
    /// default), or converted to sRGB.
    public var colorOutput: AvatarPipeline.ColorOutput = .keepProfile

    /// The defaults: the crop's own pixels, square, at most 4096 pixels across.
    public init() {}

    /// The largest ``size`` and ``maximumDimension`` accepted: 10,000 pixels across.
    public static let largestSide = 10_000

    /// Checks that ``size`` and ``maximumDimension`` are within 1...``largestSide``.
    ///
    /// - Throws: ``PickerError/invalidConfiguration(_:)`` naming the setting.
    public func validate() throws(PickerError) {
        if let problem { throw problem }
    }

    /// The first setting out of range, as ``validate()`` reports it; `nil` when both are in range.
    public var problem: PickerError? {
        if let size, !(1...Self.largestSide).contains(size) {
            return .invalidConfiguration(.outputSize(size))
        }
        guard (1...Self.largestSide).contains(maximumDimension) else {
            return .invalidConfiguration(.outputMaximumDimension(maximumDimension))
        }
        return nil
    }

    /// The pipeline that renders `crop` (display orientation) of an original, turned `angle`
    /// degrees clockwise about its centre.
    public func pipeline(for crop: PixelRect, angle: Double = 0) -> AvatarPipeline {
        var pipeline = AvatarPipeline(
            crop: crop, outputSize: AvatarPipeline.outputSize(of: crop.size, longerSide: size), filter: filter, mask: mask,
            maximumDimension: maximumDimension, angle: angle)
        pipeline.colorOutput = colorOutput
        return pipeline
    }
}

extension AvatarOutput {
    private enum CodingKeys: String, CodingKey {
        case size, mask, filter, maximumDimension, colorOutput
    }

    /// Decodes saved output settings through ``validate()``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a size or maximum dimension out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        size = try container.decodeIfPresent(Int.self, forKey: .size)
        mask = try container.decodeIfPresent(AvatarMask.self, forKey: .mask) ?? .square
        filter = try container.decodeIfPresent(ResampleFilter.self, forKey: .filter)
        maximumDimension = try container.decodeIfPresent(Int.self, forKey: .maximumDimension) ?? 4096
        colorOutput = try container.decodeIfPresent(AvatarPipeline.ColorOutput.self, forKey: .colorOutput) ?? .keepProfile
        do {
            try validate()
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .size, in: container, debugDescription: error.description)
        }
    }

    /// Encodes the settings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encode(mask, forKey: .mask)
        try container.encodeIfPresent(filter, forKey: .filter)
        try container.encode(maximumDimension, forKey: .maximumDimension)
        if colorOutput != .keepProfile { try container.encode(colorOutput, forKey: .colorOutput) }
    }
}

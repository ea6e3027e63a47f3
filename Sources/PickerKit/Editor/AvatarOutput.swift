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

    /// The defaults: the crop's own pixels, square, at most 4096 pixels across.
    public init() {}

    /// The pipeline that renders `crop` (display orientation) of an original.
    public func pipeline(for crop: PixelRect) -> AvatarPipeline {
        let longest = max(crop.width, crop.height)
        let target = size.map { side in
            PixelSize(
                width: max(1, (crop.width * side + longest / 2) / longest),
                height: max(1, (crop.height * side + longest / 2) / longest))
        } ?? crop.size
        return AvatarPipeline(crop: crop, outputSize: target, filter: filter, mask: mask, maximumDimension: maximumDimension)
    }
}

import PickerImaging

/// The crop shapes a person can switch between while editing with a rectangular mask:
/// the photo's own aspect, square, the common portrait and landscape ratios, or a custom one.
///
/// ```swift
/// editor.apply(.aspect(.ratio(4, 3)))     // a 4:3 crop, centred where the last one was
/// editor.apply(.aspect(.original))        // the photo's own aspect
/// ```
public enum AspectPreset: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The image's own width-to-height ratio, as shown (after turns).
    case original
    /// Width and height equal: a rectangle of ratio 1, whose crop is exactly square and which
    /// switches on to other presets. Not ``CropShape/square``, the fixed square mask configured
    /// for the whole edit, which has no aspect menu to switch from.
    case square
    /// `width`:`height`, such as 3:4, 4:3, 9:16, 16:9.
    case ratio(Double, Double)

    /// The presets editors commonly offer, in order: original, square, 3:4, 4:3, 9:16, 16:9.
    public static let common: [AspectPreset] = [.original, .square, .ratio(3, 4), .ratio(4, 3), .ratio(9, 16), .ratio(16, 9)]

    /// The mask shape this preset gives for an image shown `imageSize`; `nil` for a ratio
    /// outside ``CropShape/aspectRatios`` (the editor then keeps its shape).
    public func shape(for imageSize: PixelSize) -> CropShape? {
        let ratio: Double
        switch self {
        case .original:
            guard !imageSize.isEmpty else { return nil }
            ratio = Double(imageSize.width) / Double(imageSize.height)
        case .square:
            ratio = 1
        case let .ratio(width, height):
            guard width > 0, height > 0 else { return nil }
            ratio = width / height
        }
        return CropShape.aspectRatios.contains(ratio) ? .rectangle(aspectRatio: ratio) : nil
    }

    /// `"original"`, `"square"`, `"4:3"`.
    public var description: String {
        switch self {
        case .original: "original"
        case .square: "square"
        case let .ratio(width, height): "\(width.short):\(height.short)"
        }
    }
}

extension EditorGeometry {
    /// Switches a rectangular mask to `preset`, keeping the crop's centre and as much of its
    /// area as fits, and the turns, mirror and straightening angle. Presets are for rectangular masks: circle and square masks stay exactly
    /// as they are. A preset whose ratio is not finite and positive is ignored.
    mutating func switchAspect(to preset: AspectPreset) {
        guard !configuration.shape.isSquare, let shape = preset.shape(for: imageSize) else { return }
        let before = cropRect
        var changed = configuration
        changed.shape = shape
        guard let switched = try? EditorGeometry(
            imageSize: imageSize, orientation: orientation, configuration: changed)
        else { return }
        let ratio: Double
        switch shape {
        case .circle, .square: ratio = 1
        case let .rectangle(value): ratio = value
        }
        // The same area at the new ratio, about the same centre.
        let area = Double(before.width) * Double(before.height)
        let width = max(1, (area * ratio).squareRoot()), height = max(1, width / ratio)
        let centreX = Double(before.x) + Double(before.width) / 2, centreY = Double(before.y) + Double(before.height) / 2
        let wanted = PixelRect(
            x: Int((centreX - width / 2).rounded()), y: Int((centreY - height / 2).rounded()),
            width: Int(width.rounded()), height: Int(height.rounded()))
        let (turns, mirrored, straightened, opening) = (quarterTurns, isMirrored, angle, openingCrop)
        self = switched
        quarterTurns = turns
        isMirrored = mirrored
        // Reset still goes back to the framing, brought to the new aspect.
        openingCrop = opening
        // The straightening stays: the crop's limits follow the angle, so it is set first.
        angle = straightened
        restore(wanted)
    }
}

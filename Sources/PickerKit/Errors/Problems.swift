import PickerImaging

/// The setting of a ``PickerConfiguration`` that is out of range, with its value:
/// ``PickerError/invalidConfiguration(_:)`` carries it, so a host can tell which one.
public enum ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    /// `movie.maximumDuration` is not positive.
    case movieMaximumDuration(Duration)
    /// `camera.warmUp` is negative.
    case cameraWarmUp(Duration)
    /// `output.size` is outside 1…`AvatarOutput.largestSide`.
    case outputSize(Int)
    /// `output.maximumDimension` is outside 1…`AvatarOutput.largestSide`.
    case outputMaximumDimension(Int)
    /// `transitionDeadline` is not positive.
    case transitionDeadline(Duration)

    public var description: String {
        switch self {
        case let .movieMaximumDuration(duration): "movie.maximumDuration is \(duration.seconds)s; it must be positive"
        case let .cameraWarmUp(duration): "camera.warmUp is \(duration.seconds)s; it must not be negative"
        case let .outputSize(size): "output.size is \(size); use 1...\(AvatarOutput.largestSide), or nil for the crop's own pixels"
        case let .outputMaximumDimension(side): "output.maximumDimension is \(side); use 1...\(AvatarOutput.largestSide)"
        case let .transitionDeadline(duration): "transitionDeadline is \(duration.seconds)s; it must be positive"
        }
    }
}

/// What keeps an edit screen from being laid out, with the values at fault:
/// ``PickerError/invalidEditorLayout(_:)`` carries it.
public enum EditorLayoutProblem: Sendable, Equatable, CustomStringConvertible {
    /// The image's sides are not 1…``EditorGeometry/largestImageSide`` pixels.
    case imageSize(PixelSize)
    /// The viewport is not finite, positive and at most ``EditorGeometry/largestViewport`` points.
    case viewport(width: Double, height: Double)
    /// An inset or the margin is not finite, negative, or above ``EditorGeometry/largestViewport``;
    /// `parameter` names it (`margin`, `safeArea.top`, …).
    case insets(parameter: String, value: Double)
    /// A rectangular mask's aspect ratio is outside ``CropShape/aspectRatios``.
    case aspectRatio(Double)
    /// A zoom factor limit below 1 or not finite.
    case zoomFactor(Double)
    /// A minimum output below 1 pixel.
    case minimumOutputPixels(Int)
    /// The safe area and margin leave no room for the mask.
    case noRoomForMask
    /// A render scale that is not finite and positive.
    case renderScale(Double)
    /// A rendered canvas that is empty or above ``EditorRenderer/maximumSide`` pixels a side.
    case canvas(width: Double, height: Double)
    /// A renderer's ``EditorRenderer/dimming`` outside 0…1.
    case dimming(Double)
    /// A renderer's ``EditorRenderer/outlineWidth`` outside 0…``EditorRenderer/widestOutline``.
    case outlineWidth(Double)

    public var description: String {
        switch self {
        case let .imageSize(size): "the image is \(size); each side must be 1...\(EditorGeometry.largestImageSide) pixels"
        case let .viewport(width, height): "the viewport is \(width.short)x\(height.short) points"
        case let .insets(parameter, value): "\(parameter) is \(value); insets and margin must be finite, not negative and at most \(EditorGeometry.largestViewport.short) points"
        case let .aspectRatio(ratio): "aspect ratio \(ratio)"
        case let .zoomFactor(factor): "zoom factor \(factor) is below 1"
        case let .minimumOutputPixels(pixels): "minimum output of \(pixels) pixels"
        case .noRoomForMask: "the safe area and margin leave no room for the mask"
        case let .renderScale(scale): "render scale \(scale)"
        case let .canvas(width, height):
            "a \(width.short)x\(height.short) canvas, above \(EditorRenderer.maximumSide) pixels a side or empty"
        case let .dimming(value): "dimming \(value) is outside 0...1"
        case let .outlineWidth(value): "outline width \(value) is outside 0...\(EditorRenderer.widestOutline.short) points"
        }
    }
}

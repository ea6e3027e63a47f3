#if canImport(UIKit)
import PickerImaging
import UIKit

/// A `CGImage` with its orientation, as an `ImageBuffer`: the crop maps the display rectangle
/// to stored pixels and crops those, keeping the orientation, as `PixelBuffer` does.
public struct CGImageBuffer: ImageBuffer, @unchecked Sendable {
    /// The stored pixels; a `CGImage` is immutable.
    public let image: CGImage
    public let orientation: ImageOrientation

    public init(image: CGImage, orientation: ImageOrientation) {
        self.image = image
        self.orientation = orientation
    }

    /// The image and orientation of a `UIImage`; `nil` when it has no `CGImage`.
    public init?(_ image: UIImage) {
        guard let cgImage = image.cgImage else { return nil }
        self.init(image: cgImage, orientation: Self.orientation(image.imageOrientation))
    }

    public var pixelSize: PixelSize { PixelSize(width: image.width, height: image.height) }

    public func cropped(to rect: PixelRect) throws -> CGImageBuffer {
        guard let visible = rect.intersection(displayBounds) else {
            throw ImagingError.cropOutsideImage(rect: rect, imageSize: displaySize)
        }
        let raw = orientation.rawRect(forDisplay: visible, rawSize: pixelSize)
        let frame = CGRect(x: raw.x, y: raw.y, width: raw.width, height: raw.height)
        guard let cropped = image.cropping(to: frame) else {
            throw ImagingError.cropOutsideImage(rect: rect, imageSize: displaySize)
        }
        return CGImageBuffer(image: cropped, orientation: orientation)
    }

    /// UIKit's orientation as the EXIF one.
    static func orientation(_ o: UIImage.Orientation) -> ImageOrientation {
        switch o {
        case .up: .up
        case .upMirrored: .upMirrored
        case .down: .down
        case .downMirrored: .downMirrored
        case .leftMirrored: .leftMirrored
        case .right: .right
        case .rightMirrored: .rightMirrored
        case .left: .left
        @unknown default: .up
        }
    }
}
#endif

#if canImport(UIKit)
import Foundation
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

    /// The stored pixels drawn into premultiplied RGBA, with the orientation: so Choose can
    /// scale and mask them as it does a `PixelBuffer`.
    public func pixelBuffer() throws -> PixelBuffer? {
        let width = image.width, height = image.height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let drawn = bytes.withUnsafeMutableBytes { raw -> Bool in
            guard let space = CGColorSpace(name: CGColorSpace.sRGB),
                let context = CGContext(
                    data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                    space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return false }
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { return nil }
        return try PixelBuffer(width: width, height: height, format: .rgba8Premultiplied, bytes: bytes, orientation: orientation)
    }

    /// A `CGImage` over rendered pixels (straight RGBA), keeping their orientation.
    public static func make(from pixels: PixelBuffer) throws -> CGImageBuffer? {
        let rgba = pixels.asStraightRGBA()
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
            let provider = CGDataProvider(data: Data(rgba.bytes) as CFData),
            let image = CGImage(
                width: rgba.pixelSize.width, height: rgba.pixelSize.height, bitsPerComponent: 8, bitsPerPixel: 32,
                bytesPerRow: rgba.rowStride, space: space, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        else { return nil }
        return CGImageBuffer(image: image, orientation: pixels.orientation)
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

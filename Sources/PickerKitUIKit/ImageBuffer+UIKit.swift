#if canImport(UIKit)
import CoreGraphics
import Foundation
import PickerImaging
import UIKit

extension ImageOrientation {
    /// The EXIF orientation of a UIKit one (`UIImage.imageOrientation`): `.right` is EXIF 6.
    public init(_ orientation: UIImage.Orientation) {
        switch orientation {
        case .up: self = .up
        case .upMirrored: self = .upMirrored
        case .down: self = .down
        case .downMirrored: self = .downMirrored
        case .leftMirrored: self = .leftMirrored
        case .right: self = .right
        case .rightMirrored: self = .rightMirrored
        case .left: self = .left
        @unknown default: self = .up
        }
    }

    /// UIKit's orientation for this EXIF one, for `UIImage(cgImage:scale:orientation:)`.
    public var uiImageOrientation: UIImage.Orientation {
        switch self {
        case .up: .up
        case .upMirrored: .upMirrored
        case .down: .down
        case .downMirrored: .downMirrored
        case .leftMirrored: .leftMirrored
        case .right: .right
        case .rightMirrored: .rightMirrored
        case .left: .left
        }
    }
}

extension ImageBuffer {
    /// The stored pixels as a `CGImage`, not turned: pair it with ``PickerImaging/ImageBuffer/orientation``
    /// (``uiImage(scale:)`` does).
    ///
    /// A ``CGImageBuffer`` (what a picked or captured photo, and an avatar rendered from one,
    /// is on a device) gives its own image, without a copy. Any other buffer (a `PixelBuffer`,
    /// as in tests and on servers) is copied once from its ``PickerImaging/ImageBuffer/pixelBuffer()``,
    /// straight RGBA tagged with its ICC colour profile when it has an RGB one; otherwise (no
    /// profile, PNG's gamma and chromaticity chunks, a gray profile) tagged sRGB with the values
    /// unchanged: convert such a buffer to sRGB first where its colours matter.
    ///
    /// - Throws: ``PickerImaging/ImagingError/cannotRepresent(format:reason:)`` when the buffer
    ///   has no pixels to give or Core Graphics refuses them.
    /// - Complexity: O(1) for a `CGImageBuffer`; O(pixels) otherwise.
    public func cgImage() throws -> CGImage {
        if let buffer = self as? CGImageBuffer { return buffer.image }
        guard let pixels = try pixelBuffer() else {
            throw ImagingError.cannotRepresent(format: "CGImage", reason: "\(type(of: self)) gives no pixels")
        }
        guard let made = try CGImageBuffer.make(from: pixels) else {
            throw ImagingError.cannotRepresent(format: "CGImage", reason: "Core Graphics refused \(pixels.pixelSize) pixels")
        }
        return made.image
    }

    /// A `UIImage` that shows this image as the person sees it: the stored pixels
    /// (``cgImage()``) with the orientation, nothing turned, at `scale` pixels a point.
    ///
    /// ```swift
    /// func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
    ///     avatarView.image = try? result.image?.uiImage(scale: 2)
    /// }
    /// ```
    ///
    /// - Throws: the errors of ``cgImage()``.
    public func uiImage(scale: CGFloat = 1) throws -> UIImage {
        UIImage(cgImage: try cgImage(), scale: scale, orientation: orientation.uiImageOrientation)
    }
}
#endif

#if canImport(UIKit)
import CoreGraphics
import Foundation
import PickerImaging
import UIKit

/// A `CGImage` with its orientation, as an `ImageBuffer`: the crop maps the display rectangle
/// to stored pixels and crops those, keeping the orientation, as `PixelBuffer` does.
///
/// The colour stays as the photo has it where 8 bits can hold it: pixels are read in the image's
/// own RGB colour space (a Display P3 photo stays Display P3; sRGB when it has no RGB space of
/// its own), and an avatar rendered from it is made in that space again. A photo in a space an
/// 8-bit bitmap cannot hold (HDR: BT.2100 PQ or HLG; extended-range sRGB) is read in Display P3,
/// the widest 8-bit space iOS draws, tone-mapped by Core Graphics, and its avatar is Display P3.
/// A crop holds its own pixels, so the photo it came from can be released.
public struct CGImageBuffer: ImageBuffer, @unchecked Sendable {
    /// The stored pixels; a `CGImage` is immutable.
    public let image: CGImage
    public let orientation: ImageOrientation
    /// The stored size of the photo these pixels were reduced from when it was loaded; `nil`
    /// when they are the full resolution.
    public let fullResolutionPixelSize: PixelSize?
    /// The image file these pixels were read from, where the picker read one (a picked or
    /// captured photo: the file as the photo source gave it, mapped rather than copied where the
    /// system allows); `nil` for an image made otherwise (a crop, an avatar, an app's own).
    /// ``PickerKit/SavedEdit`` keeps it, so an edit reopens on the photo itself.
    public let file: Data?

    /// An image and how it is shown; `fullResolutionPixelSize` when it was reduced at load, and
    /// the image `file` it was read from, if any.
    public init(image: CGImage, orientation: ImageOrientation, fullResolutionPixelSize: PixelSize? = nil, file: Data? = nil) {
        self.image = image
        self.orientation = orientation
        self.fullResolutionPixelSize = fullResolutionPixelSize
        self.file = file
    }

    /// The image and orientation of a `UIImage`, for ``PickerKit/ProfilePicker/edit(_:mediaType:restoring:)``;
    /// `nil` when it has no `CGImage` (one made from a `CIImage`).
    ///
    /// ```swift
    /// if let photo = CGImageBuffer(currentAvatar) { try picker.edit(photo) }
    /// ```
    public init?(_ image: UIImage) {
        guard let cgImage = image.cgImage else { return nil }
        self.init(image: cgImage, orientation: ImageOrientation(image.imageOrientation))
    }

    public var pixelSize: PixelSize { PixelSize(width: image.width, height: image.height) }

    /// The part of the image shown in `rect`, drawn into a bitmap of its own (Core Graphics'
    /// own crop would keep the whole photo alive).
    public func cropped(to rect: PixelRect) throws -> CGImageBuffer {
        guard let visible = rect.intersection(displayBounds) else {
            throw ImagingError.cropOutsideImage(rect: rect, imageSize: displaySize)
        }
        let raw = orientation.rawRect(forDisplay: visible, rawSize: pixelSize)
        guard let part = image.cropping(to: CGRect(x: raw.x, y: raw.y, width: raw.width, height: raw.height)),
            let copy = Self.drawn(part, into: Self.space(of: image))?.makeImage()
        else {
            throw ImagingError.cropOutsideImage(rect: rect, imageSize: displaySize)
        }
        return CGImageBuffer(image: copy, orientation: orientation)
    }

    /// The stored pixels, premultiplied RGBA in the image's own colour space and tagged with
    /// its profile (the space's ICC data; ``PickerImaging/ColorProfile/sRGB`` for sRGB), with the
    /// orientation: so Choose scales, masks and converts them as it does a `PixelBuffer`, and
    /// `AvatarOutput.colorOutput` `.sRGB` converts a Display P3 photo's avatar on a device as
    /// it does on a server.
    public func pixelBuffer() throws -> PixelBuffer? {
        let width = image.width, height = image.height
        let space = Self.space(of: image)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let drawn = bytes.withUnsafeMutableBytes { raw in Self.drawn(image, into: space, data: raw.baseAddress) != nil }
        guard drawn else { return nil }
        var pixels = try PixelBuffer(width: width, height: height, format: .rgba8Premultiplied, bytes: bytes, orientation: orientation)
        pixels.colorProfile = space.flatMap(Self.profile(of:))
        return pixels
    }

    /// A `CGImage` over rendered pixels (straight RGBA), keeping their orientation, in the
    /// colour space of their profile (an ICC profile's, sRGB's); sRGB when they have none or
    /// one Core Graphics cannot make an RGB space of.
    public static func make(from pixels: PixelBuffer) throws -> CGImageBuffer? {
        make(from: pixels, space: space(for: pixels.colorProfile) ?? CGColorSpace(name: CGColorSpace.sRGB))
    }

    /// A `CGImage` over pixels rendered from this image: in this image's own colour space while
    /// they are in it (untagged, or tagged with its profile), else in their profile's (an
    /// avatar converted to sRGB is an sRGB image).
    public func remade(from pixels: PixelBuffer) throws -> CGImageBuffer? {
        let own = Self.space(of: image)
        guard let profile = pixels.colorProfile, profile != own.flatMap(Self.profile(of:)), let space = Self.space(for: profile) else {
            return Self.make(from: pixels, space: own)
        }
        return Self.make(from: pixels, space: space)
    }

    /// The profile pixels drawn in `space` are tagged with: ``PickerImaging/ColorProfile/sRGB``
    /// for sRGB (named, or a profile that is sRGB's, as a file's embedded one), else the one its
    /// ICC data describes; `nil` when it has none PickerImaging reads.
    static func profile(of space: CGColorSpace) -> ColorProfile? {
        if space.name == CGColorSpace.sRGB { return .sRGB }
        guard let data = space.copyICCData(), let profile = try? ColorProfile(iccData: data as Data) else { return nil }
        return profile.isSRGB ? .sRGB : profile
    }

    /// The RGB space pixels tagged with `profile` are in: sRGB for sRGB, else its ICC data's;
    /// `nil` without a profile, for one with no ICC data (PNG's gamma chunks) and for a gray one.
    static func space(for profile: ColorProfile?) -> CGColorSpace? {
        guard let profile else { return nil }
        if profile.isSRGB { return CGColorSpace(name: CGColorSpace.sRGB) }
        guard let data = profile.iccData, let space = CGColorSpace(iccData: data as CFData), space.model == .rgb else { return nil }
        return space
    }

    static func make(from pixels: PixelBuffer, space: CGColorSpace?) -> CGImageBuffer? {
        let rgba = pixels.asStraightRGBA()
        guard let space, let provider = CGDataProvider(data: Data(rgba.bytes) as CFData),
            let image = CGImage(
                width: rgba.pixelSize.width, height: rgba.pixelSize.height, bitsPerComponent: 8, bitsPerPixel: 32,
                bytesPerRow: rgba.rowStride, space: space, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        else { return nil }
        return CGImageBuffer(image: image, orientation: pixels.orientation)
    }

    /// The space the image's pixels are read and remade in: its own when it is an RGB space
    /// an 8-bit premultiplied bitmap can use; Display P3 for one it cannot (HDR, extended
    /// range: creating the bitmap would fail); sRGB for the rest (gray, none).
    private static func space(of image: CGImage) -> CGColorSpace? {
        guard let space = image.colorSpace, space.model == .rgb else { return CGColorSpace(name: CGColorSpace.sRGB) }
        if CGContext(
            data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: space,
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) != nil {
            return space
        }
        return CGColorSpace(name: CGColorSpace.displayP3) ?? CGColorSpace(name: CGColorSpace.sRGB)
    }

    /// `image` drawn, one pixel per pixel, into a premultiplied RGBA bitmap in `space`, over
    /// `data` (packed rows) or memory of the context's own.
    private static func drawn(_ image: CGImage, into space: CGColorSpace?, data: UnsafeMutableRawPointer? = nil) -> CGContext? {
        guard let space,
            let context = CGContext(
                data: data, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return context
    }
}
#endif

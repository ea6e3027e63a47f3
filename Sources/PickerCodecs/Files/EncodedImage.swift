import Foundation
import PickerImaging

/// A photo kept as its PNG or JPEG file, decoded only as far as each use needs: its size and
/// orientation come from the header, a crop decodes only the crop's region, and an edit
/// (`RenderRecipe`, through PickerKit's `EditSession.apply` and Choose)
/// decodes the region it reads once, at the smallest JPEG scale its output needs. A 12 MP
/// photo is never held whole to make a 512² avatar.
///
/// ```swift
/// let photo = try EncodedImage(Data(contentsOf: photoURL))   // reads the header only
/// photo.displaySize                                          // 3024x4032
/// let avatar = try session.apply(to: photo)                  // the crop's region, once
/// ```
public struct EncodedImage: RecipeRendering, Sendable {
    private enum Storage: Sendable {
        case file(Data, ImageInfo)
        case pixels(PixelBuffer)
    }

    private let storage: Storage
    /// The decoders' pixel limit.
    public let pixelLimit: Int

    /// Reads a PNG or JPEG file's header; nothing is decoded.
    ///
    /// - Throws: `ImagingError/unknownFormat` for anything else (Netpbm files
    ///   hold their pixels plainly: decode them with ``Netpbm``); the header errors of the
    ///   format's decoder; `ImagingError/tooManyPixels(count:limit:)` above
    ///   `pixelLimit`.
    public init(_ data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) {
        let info: ImageInfo = switch ImageFileFormat(sniffing: data) {
        case .png: try PNG.info(data)
        case .jpeg: try JPEG.info(data)
        default: throw .unknownFormat
        }
        _ = try PixelBuffer.checkedRowStride(
            width: info.pixelSize.width, height: info.pixelSize.height, format: .rgba8, pixelLimit: pixelLimit)
        storage = .file(data, info)
        self.pixelLimit = pixelLimit
    }

    private init(pixels: PixelBuffer, pixelLimit: Int) {
        storage = .pixels(pixels)
        self.pixelLimit = pixelLimit
    }

    /// The file's header, or `nil` once the image is pixels (a crop of it).
    public var info: ImageInfo? {
        if case let .file(_, info) = storage { info } else { nil }
    }

    /// The file's bytes, or `nil` once the image is pixels.
    public var data: Data? {
        if case let .file(data, _) = storage { data } else { nil }
    }

    public var pixelSize: PixelSize {
        switch storage {
        case let .file(_, info): info.pixelSize
        case let .pixels(pixels): pixels.pixelSize
        }
    }

    public var orientation: ImageOrientation {
        switch storage {
        case let .file(_, info): info.orientation
        case let .pixels(pixels): pixels.orientation
        }
    }

    /// The part shown in `rect`: only its region of the file is decoded.
    ///
    /// - Throws: `ImagingError/cropOutsideImage(rect:imageSize:)` when `rect`
    ///   covers none of the image; the decoder's errors.
    public func cropped(to rect: PixelRect) throws -> EncodedImage {
        switch storage {
        case let .file(data, info):
            guard let visible = rect.intersection(PixelRect(size: info.displaySize)), !rect.isEmpty else {
                throw ImagingError.cropOutsideImage(rect: rect, imageSize: info.displaySize)
            }
            let part = info.format == .png
                ? try PNG.decode(data, croppingTo: visible, pixelLimit: pixelLimit)
                : try JPEG.decode(data, croppingTo: visible, pixelLimit: pixelLimit)
            return EncodedImage(pixels: part, pixelLimit: pixelLimit)
        case let .pixels(pixels):
            return EncodedImage(pixels: try pixels.cropped(to: rect), pixelLimit: pixelLimit)
        }
    }

    /// The whole image decoded (its colour profile attached).
    public func pixelBuffer() throws -> PixelBuffer? {
        switch storage {
        case let .file(data, info): info.format == .png ? try PNG.decode(data, pixelLimit: pixelLimit) : try JPEG.decode(data, pixelLimit: pixelLimit)
        case let .pixels(pixels): pixels
        }
    }

    /// `pixels`, as an image already decoded.
    public static func make(from pixels: PixelBuffer) throws -> EncodedImage? { EncodedImage(pixels: pixels, pixelLimit: .max) }

    /// A preview at least `side` pixels on its longer side where the file allows: a JPEG decoded
    /// at the smallest DCT scale that keeps that many (a 12 MP photo for a 1334-pixel screen at
    /// 1/2), a PNG decoded whole.
    public func preview(longerSide side: Int) throws -> PixelBuffer {
        guard case let .file(data, info) = storage, info.format == .jpeg else { return try pixelBuffer()! }
        let longest = max(info.pixelSize.width, info.pixelSize.height)
        let scale = JPEG.Scale.allCases.last { longest / $0.denominator >= side } ?? .full
        return try JPEG.decode(data, scale: scale, pixelLimit: pixelLimit)
    }

    /// Renders `recipe` from the file (`RenderRecipe/render(imageFile:longerSide:pixelLimit:)`),
    /// or from the pixels once the image is a crop.
    public func render(_ recipe: RenderRecipe) throws -> PixelBuffer {
        switch storage {
        case let .file(data, _): try recipe.render(imageFile: data, pixelLimit: pixelLimit)
        case let .pixels(pixels): try recipe.render(pixels)
        }
    }
}

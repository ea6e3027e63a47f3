@_exported import CoreGraphics
import PickerImaging
import PickerCodecs

// ImageIO's image sources, as far as the adapters use them: a file's properties without its
// pixels, the full image, and a thumbnail made from the image. The files are real PNG and JPEG
// (decoded with PickerImaging's codecs); the pixels come back as 8-bit RGBA in sRGB (a file's
// colour profile is not read here: a device reads it).

/// Apple: `class CGImageSource`.
public final class CGImageSource {
    let data: Data
    init(data: Data) { self.data = data }
}

/// Apple: `let kCGImageSourceShouldCache: CFString`.
nonisolated(unsafe) public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// Apple: `let kCGImageSourceShouldCacheImmediately: CFString`.
nonisolated(unsafe) public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
/// Apple: `let kCGImageSourceCreateThumbnailFromImageAlways: CFString`.
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
/// Apple: `let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString`.
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// Apple: `let kCGImageSourceCreateThumbnailWithTransform: CFString`.
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"
/// Apple: `let kCGImageSourceThumbnailMaxPixelSize: CFString`.
nonisolated(unsafe) public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// Apple: `let kCGImagePropertyPixelWidth: CFString`.
nonisolated(unsafe) public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// Apple: `let kCGImagePropertyPixelHeight: CFString`.
nonisolated(unsafe) public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// Apple: `let kCGImagePropertyOrientation: CFString`.
nonisolated(unsafe) public let kCGImagePropertyOrientation: CFString = "Orientation"

/// Apple: `func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource?`.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = try? Data(contentsOf: url as URL), ImageFileFormat(sniffing: data) != nil else { return nil }
    return CGImageSource(data: data)
}

/// Apple: `func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource?`.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    let bytes = Data(referencing: data)
    guard ImageFileFormat(sniffing: bytes) != nil else { return nil }
    return CGImageSource(data: bytes)
}

/// Apple: `func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary?`:
/// the stored size and the EXIF orientation, read from the header alone.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard index == 0, let info = try? ImageFileFormat.info(isrc.data) else { return nil }
    let properties: [CFString: Any] = [
        kCGImagePropertyPixelWidth: info.pixelSize.width, kCGImagePropertyPixelHeight: info.pixelSize.height,
        kCGImagePropertyOrientation: info.orientation.rawValue,
    ]
    return properties as CFDictionary
}

/// Apple: `func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage?`:
/// the stored pixels, not turned.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index == 0, let pixels = try? ImageFileFormat.decode(isrc.data) else { return nil }
    return CGImage(surfacePixels: pixels)
}

/// Apple: `func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage?`.
///
/// As documented: with neither `kCGImageSourceCreateThumbnailFromImageAlways` nor
/// `…FromImageIfAbsent` only a thumbnail embedded in the file is returned (the surface's files
/// embed none, so `nil`); made from the image, it is no larger than
/// `kCGImageSourceThumbnailMaxPixelSize` on its longer side (the full size without it, never
/// larger), keeps the aspect ratio, and is turned upright only with
/// `kCGImageSourceCreateThumbnailWithTransform`.
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    let options = options as? [CFString: Any] ?? [:]
    func flag(_ key: CFString) -> Bool { (options[key] as? Bool) ?? false }
    guard index == 0, flag(kCGImageSourceCreateThumbnailFromImageAlways) || flag(kCGImageSourceCreateThumbnailFromImageIfAbsent),
        var pixels = try? ImageFileFormat.decode(isrc.data)
    else { return nil }
    if flag(kCGImageSourceCreateThumbnailWithTransform) {
        pixels = pixels.normalized()
    }
    let stored = pixels.pixelSize
    let longest = max(stored.width, stored.height)
    if let limit = options[kCGImageSourceThumbnailMaxPixelSize] as? Int, limit > 0, limit < longest {
        let scale = Double(limit) / Double(longest)
        let size = PixelSize(
            width: max(1, Int((Double(stored.width) * scale).rounded())), height: max(1, Int((Double(stored.height) * scale).rounded())))
        // Resampling sizes are as shown; the stored size turns with the orientation.
        guard let reduced = try? pixels.resampled(to: pixels.orientation.displaySize(forRaw: size)) else { return nil }
        pixels = reduced
    }
    return CGImage(surfacePixels: pixels)
}

extension CGImage {
    /// A bitmap of decoded pixels (their orientation dropped: the caller reads it from the
    /// properties), straight RGBA in the colour space of the file's ICC profile when it has an
    /// RGB one, as ImageIO makes it (a Display P3 photo's image is in Display P3), else sRGB.
    @_spi(Surface) public convenience init?(surfacePixels pixels: PixelBuffer) {
        let rgba = pixels.asStraightRGBA()
        let embedded = pixels.colorProfile?.iccData.flatMap { CGColorSpace(iccData: $0 as NSData) }.flatMap { $0.model == .rgb ? $0 : nil }
        guard let space = embedded ?? CGColorSpace(name: CGColorSpace.sRGB), let provider = CGDataProvider(data: Data(rgba.bytes) as NSData)
        else {
            return nil
        }
        self.init(
            width: rgba.pixelSize.width, height: rgba.pixelSize.height, bitsPerComponent: 8, bitsPerPixel: 32,
            bytesPerRow: rgba.rowStride, space: space, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}

#if canImport(UIKit) && canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO
import PickerImaging

/// Reads picked and captured photos with ImageIO: the size and orientation from the file's
/// header, then the pixels reduced while they are decoded to what the edit needs, never larger
/// than the file, with the orientation kept apart as PickerKit expects.
enum ImageFileReader {
    /// Reads the image file at `file`; `limit` gives the longest side worth decoding for the
    /// photo's shown size (`nil`: all of it).
    nonisolated static func read(_ file: URL, limit: (PixelSize) -> Int?) throws -> CGImageBuffer {
        guard let source = CGImageSourceCreateWithURL(file as CFURL, [kCGImageSourceShouldCache: false] as CFDictionary) else {
            throw PhotoSourceError.unreadable(file.lastPathComponent)
        }
        return try read(source, named: file.lastPathComponent, orientation: nil, limit: limit)
    }

    /// Reads an image file's bytes (a capture's); `orientation`, when given, wins over the file's.
    nonisolated static func read(_ data: Data, orientation: ImageOrientation?, limit: (PixelSize) -> Int?) throws -> CGImageBuffer {
        guard let source = CGImageSourceCreateWithData(data as CFData, [kCGImageSourceShouldCache: false] as CFDictionary) else {
            throw PhotoSourceError.unreadable("the captured photo")
        }
        return try read(source, named: "the captured photo", orientation: orientation, limit: limit)
    }

    nonisolated private static func read(
        _ source: CGImageSource, named name: String, orientation: ImageOrientation?, limit: (PixelSize) -> Int?
    ) throws -> CGImageBuffer {
        guard let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
            let width = properties[kCGImagePropertyPixelWidth] as? Int, let height = properties[kCGImagePropertyPixelHeight] as? Int,
            width > 0, height > 0
        else { throw PhotoSourceError.unreadable(name) }
        let stored = PixelSize(width: width, height: height)
        let orientation = orientation ?? (properties[kCGImagePropertyOrientation] as? Int).flatMap(ImageOrientation.init(rawValue:)) ?? .up
        let longest = max(width, height)
        let side = min(limit(orientation.displaySize(forRaw: stored)) ?? longest, longest)
        let options: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: false,
            kCGImageSourceShouldCacheImmediately: true,
            kCGImageSourceThumbnailMaxPixelSize: side,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary) else {
            throw PhotoSourceError.unreadable(name)
        }
        let reduced = image.width != width || image.height != height
        return CGImageBuffer(image: image, orientation: orientation, fullResolutionPixelSize: reduced ? stored : nil)
    }
}
#endif

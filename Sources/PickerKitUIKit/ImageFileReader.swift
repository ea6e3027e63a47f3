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
    /// The image keeps the file's bytes (``CGImageBuffer/file``), mapped, not copied: the file
    /// may be deleted once this returns.
    nonisolated static func read(_ file: URL, limit: (PixelSize) -> Int?) throws -> CGImageBuffer {
        guard let data = try? Data(contentsOf: file, options: .alwaysMapped) else {
            throw PhotoSourceError.unreadable(file.lastPathComponent)
        }
        return try read(data, named: file.lastPathComponent, orientation: nil, limit: limit)
    }

    /// Reads an image file's bytes (a capture's, a saved edit's); `orientation`, when given,
    /// wins over the file's, and `fullResolutionPixelSize`, when given, is the size the file's
    /// pixels stand for (a saved copy of a photo already reduced).
    nonisolated static func read(
        _ data: Data, named name: String = "the captured photo", orientation: ImageOrientation?,
        fullResolutionPixelSize: PixelSize? = nil, limit: (PixelSize) -> Int?
    ) throws -> CGImageBuffer {
        guard let source = CGImageSourceCreateWithData(data as CFData, [kCGImageSourceShouldCache: false] as CFDictionary) else {
            throw PhotoSourceError.unreadable(name)
        }
        return try read(source, data: data, named: name, orientation: orientation, fullResolution: fullResolutionPixelSize, limit: limit)
    }

    nonisolated private static func read(
        _ source: CGImageSource, data: Data, named name: String, orientation: ImageOrientation?, fullResolution: PixelSize?,
        limit: (PixelSize) -> Int?
    ) throws -> CGImageBuffer {
        guard let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
            let width = properties[kCGImagePropertyPixelWidth] as? Int, let height = properties[kCGImagePropertyPixelHeight] as? Int,
            width > 0, height > 0
        else { throw PhotoSourceError.unreadable(name) }
        let inFile = PixelSize(width: width, height: height)
        let stored = fullResolution ?? inFile
        if let fullResolution, !Self.isReduction(inFile, of: fullResolution) {
            throw PhotoSourceError.unreadable("\(name): its \(inFile) pixels are not the \(fullResolution) photo, or a reduction of it")
        }
        let orientation = orientation ?? (properties[kCGImagePropertyOrientation] as? Int).flatMap(ImageOrientation.init(rawValue:)) ?? .up
        let longest = max(width, height)
        // The longest side worth decoding, in pixels: never more than the file has, at least one.
        let side = max(1, min(limit(orientation.displaySize(forRaw: stored)) ?? longest, longest))
        let options: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: false,
            kCGImageSourceShouldCacheImmediately: true,
            kCGImageSourceThumbnailMaxPixelSize: side,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary) else {
            throw PhotoSourceError.unreadable(name)
        }
        let reduced = image.width != stored.width || image.height != stored.height
        return CGImageBuffer(image: image, orientation: orientation, fullResolutionPixelSize: reduced ? stored : nil, file: data)
    }

    /// Whether `pixels` is `full` or a reduction of it: no larger on either side, and the same
    /// shape to within a pixel of rounding.
    nonisolated static func isReduction(_ pixels: PixelSize, of full: PixelSize) -> Bool {
        guard pixels.width <= full.width, pixels.height <= full.height, !pixels.isEmpty else { return false }
        let expectedHeight = Double(full.height) * Double(pixels.width) / Double(full.width)
        return abs(expectedHeight - Double(pixels.height)) <= 1
    }
}
#endif

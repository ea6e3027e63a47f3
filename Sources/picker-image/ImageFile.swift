import Foundation
import PickerImaging
import PickerCodecs

/// Reading and writing images by file extension.
enum ImageFile {
    /// Decodes the file; what the decoder worked around goes to `warn`, one line each.
    /// Writes a warning to standard error.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("picker-image: warning: \(message)\n".utf8))
    }

    static func read(_ path: String, warn: (String) -> Void = ImageFile.warn) throws -> PixelBuffer {
        let data = try contents(path)
        let decoded = try ImageFileFormat.decode(data, options: DecodeOptions())
        for warning in decoded.warnings { warn("\(path): \(warning)") }
        return decoded.pixels
    }

    /// The file's bytes and header when the avatar pipeline reads it straight from the file
    /// (PNG, decoding only the crop, or JPEG, at a reduced scale); warnings about it go to
    /// standard error. `nil` for other formats.
    static func direct(_ path: String) throws -> (data: Data, info: ImageInfo)? {
        let data = try contents(path)
        switch ImageFileFormat(sniffing: data) {
        case .png:
            let info = try PNG.info(data)
            for warning in info.warnings { warn("\(path): \(warning)") }
            return (data, info)
        case .jpeg: return (data, try JPEG.info(data))
        case .pam, .ppm, .pgm, nil: return nil
        }
    }

    /// The file's header: no pixels are decoded.
    static func info(_ path: String) throws -> ImageInfo {
        let data = try contents(path)
        return try ImageFileFormat.info(data)
    }

    /// The file's bytes.
    ///
    /// - Throws: a `UsageError` when it cannot be read, and an ``UnreadFormat`` when it is an
    ///   image in a format that is not read (an iPhone's HEIF, a GIF…), named.
    static func contents(_ path: String) throws -> Data {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw UsageError(message: "cannot read \(path): \((error as NSError).localizedDescription)")
        }
        if ImageFileFormat(sniffing: data) == nil, let name = ImageFileFormat.unsupportedName(sniffing: data) {
            throw UnreadFormat(path: path, name: name)
        }
        return data
    }

    /// An image file in a format picker-image does not read.
    struct UnreadFormat: Error, Equatable, CustomStringConvertible {
        var path: String
        /// The format's name, as `ImageFileFormat.unsupportedName(sniffing:)` tells it.
        var name: String

        var description: String {
            let hint = name == "HEIF" ? " (on the iPhone, the photo picker's compatible representation is a JPEG)" : ""
            return "\(path) is a \(name) file: PNG, JPEG, PPM, PGM and PAM are read; convert it to one of them first\(hint)"
        }
    }

    static func write(_ image: PixelBuffer, to path: String, jpeg: JPEG.EncodingOptions = JPEG.EncodingOptions()) throws {
        let data: Data
        let kind = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ["pam", "ppm", "pgm"].contains(kind), let profile = image.colorProfile, !profile.isSRGB {
            warn("\(path): Netpbm files carry no colour profile; written untagged, so read as sRGB (--to-srgb converts): \(profile)")
        }
        switch kind {
        case "png": data = PNG.encode(image)
        case "jpg", "jpeg": data = try JPEG.encode(image, options: jpeg)
        case "pam": data = Netpbm.encodePAM(image)
        case "ppm": data = try Netpbm.encodePPM(image)
        case "pgm": data = try Netpbm.encodePGM(image)
        default: throw UsageError(message: "cannot tell the format of \(path): use .png, .jpg, .ppm, .pgm or .pam")
        }
        do { try data.write(to: URL(fileURLWithPath: path)) } catch {
            throw UsageError(message: "cannot write \(path): \((error as NSError).localizedDescription)")
        }
    }
}

import Foundation
import PickerImaging

/// Reading and writing images by file extension.
enum ImageFile {
    static func read(_ path: String) throws -> PixelBuffer {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw UsageError(message: "cannot read \(path): \((error as NSError).localizedDescription)")
        }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNG.decode(data) }
        return try Netpbm.decode(data)
    }

    static func write(_ image: PixelBuffer, to path: String) throws {
        let data: Data
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": data = PNG.encode(image)
        case "pam": data = Netpbm.encodePAM(image)
        case "ppm": data = try Netpbm.encodePPM(image)
        case "pgm": data = try Netpbm.encodePGM(image)
        default: throw UsageError(message: "cannot tell the format of \(path): use .png, .ppm, .pgm or .pam")
        }
        do { try data.write(to: URL(fileURLWithPath: path)) } catch {
            throw UsageError(message: "cannot write \(path): \((error as NSError).localizedDescription)")
        }
    }
}

import Foundation

/// The file formats PickerCodecs reads, told apart by their first bytes (never by a name); the
/// format a file error (``ImagingError/corruptFile(format:reason:)``) is about.
public enum ImageFileFormat: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// PNG.
    case png = "PNG"
    /// JPEG (JFIF or EXIF).
    case jpeg = "JPEG"
    /// Netpbm's PAM (`P7`).
    case pam = "PAM"
    /// Netpbm's PPM (`P6`, or `P3` in text).
    case ppm = "PPM"
    /// Netpbm's PGM (`P5`, or `P2` in text).
    case pgm = "PGM"

    /// The format `data` starts like, or `nil`.
    public init?(sniffing data: Data) {
        guard data.count >= 2 else { return nil }
        let first = data[data.startIndex], second = data[data.startIndex + 1]
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if first == UInt8(ascii: "P") {
            switch second {
            case UInt8(ascii: "7"): self = .pam
            case UInt8(ascii: "3"), UInt8(ascii: "6"): self = .ppm
            case UInt8(ascii: "2"), UInt8(ascii: "5"): self = .pgm
            default: return nil
            }
        } else {
            return nil
        }
    }

    /// The name of a common image format that is not one of these, told from the first bytes of
    /// `data`, so that an error can say what the file is: `"HEIF"` (what an iPhone's camera
    /// writes), `"AVIF"`, `"GIF"`, `"WebP"`, `"TIFF"`, `"BMP"`, `"JPEG 2000"` or `"JPEG XL"`;
    /// `nil` for a format PickerCodecs reads, or one it does not know.
    ///
    /// ```swift
    /// ImageFileFormat.unsupportedName(sniffing: heicData)   // "HEIF"
    /// ```
    public static func unsupportedName(sniffing data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        if starts(ascii("ftyp"), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return "AVIF" }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"].contains(brand) { return "HEIF" }
            return nil
        }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { return "GIF" }
        if starts(ascii("RIFF")), starts(ascii("WEBP"), at: 8) { return "WebP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) { return "JPEG 2000" }
        if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "JPEG XL" }
        if starts(ascii("BM")), bytes.count >= 6 { return "BMP" }
        return nil
    }

    /// Whether this is one of the Netpbm formats.
    public var isNetpbm: Bool { self == .pam || self == .ppm || self == .pgm }

    /// `"PNG"`, `"JPEG"`, `"PAM"`, `"PPM"`, `"PGM"`.
    public var description: String { rawValue }
}

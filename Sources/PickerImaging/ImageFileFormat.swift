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

    /// Whether this is one of the Netpbm formats.
    public var isNetpbm: Bool { self == .pam || self == .ppm || self == .pgm }

    /// `"PNG"`, `"JPEG"`, `"PAM"`, `"PPM"`, `"PGM"`.
    public var description: String { rawValue }
}

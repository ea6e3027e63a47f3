import Foundation

/// The file formats PickerImaging reads, told apart by their first bytes (never by a name).
public enum ImageFileFormat: String, Sendable, CaseIterable {
    case png = "PNG", jpeg = "JPEG", netpbm = "Netpbm"

    /// The format `data` starts like, or `nil`.
    public init?(sniffing data: Data) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if data.count >= 2, data[data.startIndex] == UInt8(ascii: "P"),
            (UInt8(ascii: "2")...UInt8(ascii: "7")).contains(data[data.startIndex + 1])
        {
            self = .netpbm
        } else {
            return nil
        }
    }
}

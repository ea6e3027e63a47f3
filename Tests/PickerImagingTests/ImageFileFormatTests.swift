import Foundation
import PickerImaging
import Testing

/// Files told apart by their first bytes: the formats read, and the common ones that are not,
/// named so that an error can say what the file is.
@Suite("Image file formats by their first bytes")
struct ImageFileFormatTests {
    static func bytes(_ parts: [UInt8]...) -> Data { Data(parts.joined()) }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    static let zeros = [UInt8](repeating: 0, count: 16)

    @Test("formats that are read are told apart, and are not named as unsupported", arguments: [
        (bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], zeros), ImageFileFormat.png),
        (bytes([0xFF, 0xD8, 0xFF, 0xE0], zeros), .jpeg),
        (bytes(ascii("P7\nWIDTH 1\n")), .pam),
        (bytes(ascii("P6 1 1 255\n"), [0, 0, 0]), .ppm),
        (bytes(ascii("P3 1 1 255 0 0 0")), .ppm),
        (bytes(ascii("P5 1 1 255\n"), [0]), .pgm),
        (bytes(ascii("P2 1 1 255 0")), .pgm),
    ])
    func formatsRead(data: Data, format: ImageFileFormat) {
        #expect(ImageFileFormat(sniffing: data) == format)
        #expect(ImageFileFormat.unsupportedName(sniffing: data) == nil)
    }

    @Test("common formats that are not read are named", arguments: [
        (bytes([0, 0, 0, 0x18], ascii("ftypheic"), [0, 0, 0, 0], ascii("mif1heic")), "HEIF"),
        (bytes([0, 0, 0, 0x1C], ascii("ftypmif1"), [0, 0, 0, 0]), "HEIF"),
        (bytes([0, 0, 0, 0x1C], ascii("ftyphevc"), [0, 0, 0, 0]), "HEIF"),
        (bytes([0, 0, 0, 0x20], ascii("ftypavif"), [0, 0, 0, 0]), "AVIF"),
        (bytes(ascii("GIF87a"), zeros), "GIF"),
        (bytes(ascii("GIF89a"), zeros), "GIF"),
        (bytes(ascii("RIFF"), [0x24, 0, 0, 0], ascii("WEBPVP8 ")), "WebP"),
        (bytes([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]), "TIFF"),
        (bytes([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]), "TIFF"),
        (bytes(ascii("BM"), [0x36, 0, 0, 0], zeros), "BMP"),
        (bytes([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]), "JPEG 2000"),
        (bytes([0xFF, 0x4F, 0xFF, 0x51], zeros), "JPEG 2000"),
        (bytes([0xFF, 0x0A], zeros), "JPEG XL"),
        (bytes([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]), "JPEG XL"),
    ])
    func formatsNotRead(data: Data, name: String) {
        #expect(ImageFileFormat(sniffing: data) == nil)
        #expect(ImageFileFormat.unsupportedName(sniffing: data) == name)
    }

    @Test("anything else has no name: text, a movie, a box of another brand, too few bytes", arguments: [
        Data("not an image".utf8),
        bytes([0, 0, 0, 0x18], ascii("ftypqt  "), [0, 0, 0, 0]),
        bytes([0, 0, 0, 0x18], ascii("ftypisom"), [0, 0, 0, 0]),
        bytes([0, 0, 0, 0x18], ascii("ftyphe")),
        bytes(ascii("RIFF"), [0, 0, 0, 0], ascii("WAVE")),
        bytes(ascii("BM")),
        bytes(ascii("GIF8")),
        Data(),
    ])
    func noName(data: Data) {
        #expect(ImageFileFormat(sniffing: data) == nil)
        #expect(ImageFileFormat.unsupportedName(sniffing: data) == nil)
    }

    @Test("a slice of a larger buffer is read from its own start")
    func slices() {
        let whole = Data([0xAA, 0xBB] + Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 8))
        #expect(ImageFileFormat.unsupportedName(sniffing: whole.dropFirst(2)) == "GIF")
        #expect(ImageFileFormat.unsupportedName(sniffing: whole) == nil)
    }
}

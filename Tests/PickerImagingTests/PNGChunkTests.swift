import Foundation
@testable import PickerImaging
import Testing

/// Damaged ancillary chunks are skipped with a warning, as libpng does; `PNG.info` reads the
/// chunks without decompressing anything.
@Suite("PNG chunks and headers")
struct PNGChunkTests {
    /// A chunk with its length, type, data and CRC; `damaged` flips the CRC's last bit.
    static func chunk(_ type: String, _ data: [UInt8], damaged: Bool = false) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = Checksum.crc32(body[...]) ^ (damaged ? 1 : 0)
        let length = UInt32(data.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// `png` with `extra` inserted after IHDR (byte 33).
    static func inserting(_ extra: [UInt8], into png: Data) -> Data {
        var bytes = [UInt8](png)
        bytes.insert(contentsOf: extra, at: 33)
        return Data(bytes)
    }

    static func photo() throws -> PixelBuffer {
        var image = try PixelBuffer(width: 9, height: 5)
        for y in 0..<5 { for x in 0..<9 { image[x, y] = RGBA(UInt8(x * 25), UInt8(y * 50), 90, 255) } }
        return image
    }

    @Test("a damaged ancillary chunk is skipped with a warning", arguments: ["iCCP", "cLLI", "tEXt", "eXIf", "tRNS"])
    func damagedAncillaryChunks(type: String) throws {
        let photo = try Self.photo()
        let payload: [UInt8] = type == "eXIf" ? [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 1, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]
            : type == "tRNS" ? [0, 0, 0, 0, 0, 0] : [1, 2, 3, 4, 5, 6, 7, 8]
        let data = Self.inserting(Self.chunk(type, payload, damaged: true), into: PNG.encode(photo))
        var warnings: [ImagingWarning] = []
        let decoded = try PNG.decode(data, warnings: &warnings)
        #expect(decoded == photo, "the damaged chunk's content is not used")
        #expect(warnings == [.skippedChunk(format: "PNG", chunk: type, reason: "CRC mismatch")])
        #expect(warnings.first?.description == "skipped the PNG \(type) chunk: CRC mismatch")
        #expect(try PNG.decode(data) == photo)
        #expect(try PNG.info(data).warnings == warnings)
    }

    @Test func anIntactAncillaryChunkStillCounts() throws {
        let exif: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 1, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]
        let data = Self.inserting(Self.chunk("eXIf", exif), into: PNG.encode(try Self.photo()))
        var warnings: [ImagingWarning] = []
        #expect(try PNG.decode(data, warnings: &warnings).orientation == .right)
        #expect(warnings.isEmpty)
    }

    @Test("a damaged critical chunk still rejects the file", arguments: ["PLTE", "IHDR"])
    func damagedCriticalChunks(type: String) throws {
        var data = PNG.encode(try Self.photo())
        if type == "PLTE" {
            data = Self.inserting(Self.chunk("PLTE", [1, 2, 3], damaged: true), into: data)
        } else {
            data[29] ^= 1  // IHDR's CRC
        }
        #expect(throws: ImagingError.corruptFile(format: "PNG", reason: "CRC mismatch in \(type) chunk")) { try PNG.decode(data) }
    }

    @Test("info reads the header only, the same as decoding", arguments: PNGTests.fixtureNames)
    func infoMatchesDecoding(name: String) throws {
        let data = try PNGTests.fixture(name + ".png")
        let info = try PNG.info(data)
        let image = try PNG.decode(data)
        #expect(info.pixelSize == image.pixelSize && info.orientation == image.orientation && info.format == "PNG")
        #expect(info.layout.hasSuffix(", interlaced") == name.hasSuffix("i"), "\(name): \(info.layout)")
    }

    @Test func infoNeedsNoImageData() throws {
        var data = PNG.encode(try Self.photo())
        // Damage the image data: decoding fails, the header still reads.
        data[45] ^= 0xFF
        #expect(throws: ImagingError.self) { try PNG.decode(data) }
        let info = try PNG.info(data)
        #expect(info.description == "PNG 9x5 stored, 9x5 shown, orientation up (1), RGB 8-bit")
        #expect(try Netpbm.info(Netpbm.encodePAM(try Self.photo())).description == "PAM 9x5 stored, 9x5 shown, orientation up (1), RGBA 8-bit")
        #expect(try Netpbm.info(Data("P2\n10000 10000\n65535\n".utf8)).description
            == "PGM 10000x10000 stored, 10000x10000 shown, orientation up (1), gray 16-bit, ASCII")
    }
}

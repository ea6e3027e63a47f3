import Foundation
@testable import PickerImaging
@testable import PickerCodecs
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
        let result = try PNG.decode(data, options: DecodeOptions())
        let (decoded, warnings) = (result.pixels, result.warnings)
        #expect(decoded == photo, "the damaged chunk's content is not used")
        #expect(warnings == [.skippedChunk(format: .png, chunk: type, reason: "CRC mismatch")])
        #expect(warnings.first?.description == "skipped the PNG \(type) chunk: CRC mismatch")
        #expect(try PNG.decode(data) == photo)
        #expect(try PNG.info(data).warnings == warnings)
    }

    @Test func anIntactAncillaryChunkStillCounts() throws {
        let exif: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 1, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]
        let data = Self.inserting(Self.chunk("eXIf", exif), into: PNG.encode(try Self.photo()))
        let decoded = try PNG.decode(data, options: DecodeOptions())
        #expect(decoded.pixels.orientation == .right)
        #expect(decoded.warnings.isEmpty)
    }

    @Test("a damaged critical chunk still rejects the file", arguments: ["PLTE", "IHDR"])
    func damagedCriticalChunks(type: String) throws {
        var data = PNG.encode(try Self.photo())
        if type == "PLTE" {
            data = Self.inserting(Self.chunk("PLTE", [1, 2, 3], damaged: true), into: data)
        } else {
            data[29] ^= 1  // IHDR's CRC
        }
        #expect(throws: ImagingError.corruptFile(format: .png, reason: "CRC mismatch in \(type) chunk")) { try PNG.decode(data) }
    }

    @Test("info reads the header only, the same as decoding", arguments: PNGTests.fixtureNames)
    func infoMatchesDecoding(name: String) throws {
        let data = try PNGTests.fixture(name + ".png")
        let info = try PNG.info(data)
        let image = try PNG.decode(data)
        #expect(info.pixelSize == image.pixelSize && info.orientation == image.orientation && info.format == .png)
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

/// Bi-level and other packed images decode through row loops on pointers, interlaced or not.
@Suite("PNG packed samples")
struct PNGPackedSampleTests {
    /// A gray PNG of `depth` bits per sample whose pixel (x, y) is `value(x, y)`.
    static func gray(width: Int, height: Int, depth: Int, interlaced: Bool, value: (Int, Int) -> Int) -> Data {
        let passes = interlaced ? Adam7.passes : [(x0: 0, y0: 0, dx: 1, dy: 1)]
        var raw: [UInt8] = []
        for pass in passes {
            let w = (width - pass.x0 + pass.dx - 1) / pass.dx, h = (height - pass.y0 + pass.dy - 1) / pass.dy
            guard w > 0, h > 0 else { continue }
            for y in 0..<h {
                var row = [UInt8](repeating: 0, count: (w * depth + 7) / 8)
                for x in 0..<w {
                    let v = value(pass.x0 + x * pass.dx, pass.y0 + y * pass.dy), bit = x * depth
                    row[bit / 8] |= UInt8(v << (8 - depth - bit % 8))
                }
                raw += [0] + row
            }
        }
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdr = be(width) + be(height) + [UInt8(depth), 0, 0, 0, interlaced ? 1 : 0]
        return Data(PNG.signature + PNGChunkTests.chunk("IHDR", ihdr) + PNGChunkTests.chunk("IDAT", Deflate.zlib(raw))
            + PNGChunkTests.chunk("IEND", []))
    }

    @Test("packed gray decodes exactly", arguments: [(1, false), (1, true), (2, true), (4, false), (4, true)])
    func packedGray(depth: Int, interlaced: Bool) throws {
        let top = (1 << depth) - 1
        func value(_ x: Int, _ y: Int) -> Int { (x * 3 + y * 7 + x / 5) % (top + 1) }
        let image = try PNG.decode(Self.gray(width: 1003, height: 11, depth: depth, interlaced: interlaced, value: value))
        #expect(image.format == .gray8 && image.pixelSize == PixelSize(width: 1003, height: 11))
        var wrong = 0
        for y in 0..<11 { for x in 0..<1003 where image[x, y].r != UInt8(value(x, y) * 255 / top) { wrong += 1 } }
        #expect(wrong == 0)
    }
}

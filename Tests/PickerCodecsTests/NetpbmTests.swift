import Foundation
import PickerImaging
import PickerCodecs
import ImagingTestSupport
import Testing

@Suite("Netpbm")
struct NetpbmTests {
    static func decode(_ text: String, _ bytes: [UInt8] = []) throws -> PixelBuffer {
        try Netpbm.decode(Data(text.utf8) + Data(bytes))
    }

    @Test func readsBinaryPPMWithComments() throws {
        let image = try Self.decode("P6\n# a comment\n2 1\n255\n", [1, 2, 3, 4, 5, 6])
        #expect(image.format == .rgba8)
        #expect(image[0, 0] == RGBA(1, 2, 3) && image[1, 0] == RGBA(4, 5, 6))
    }

    @Test func readsPGMAndASCIIVariants() throws {
        #expect(try Self.decode("P5 2 1 255\n", [9, 200]).bytes == [9, 200])
        #expect(try Self.decode("P2\n2 1\n15\n0 15\n").bytes == [0, 255])
        let ascii = try Self.decode("P3 1 1 255 10 20 30")
        #expect(ascii[0, 0] == RGBA(10, 20, 30))
    }

    @Test func scalesSixteenBitSamples() throws {
        let image = try Self.decode("P5 2 1 65535\n", [0xFF, 0xFF, 0x80, 0x00])
        #expect(image.bytes == [255, 128])
    }

    @Test func readsPAMTupleTypes() throws {
        let ga = try Self.decode("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 2\nMAXVAL 255\nTUPLTYPE GRAYSCALE_ALPHA\nENDHDR\n", [100, 50])
        #expect(ga[0, 0] == RGBA(100, 100, 100, 50))
        let rgba = try Self.decode("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", [1, 2, 3, 4])
        #expect(rgba[0, 0] == RGBA(1, 2, 3, 4))
    }

    @Test("bad files give typed errors", arguments: [
        ("P6\n2 1\n255\n", [1, 2, 3], ImagingError.truncatedFile(format: .ppm)),
        ("P6\n2 1\n0\n", [], .corruptFile(format: .ppm, reason: "MAXVAL 0")),
        ("P5 1 1 100\n", [101], .corruptFile(format: .pgm, reason: "sample 101 above MAXVAL 100")),
        ("P9\n", [], .unknownFormat),
        ("P6\nx 1\n255\n", [], .corruptFile(format: .ppm, reason: "expected a number at byte 3")),
        ("P7\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nENDHDR\n", [], .corruptFile(format: .pam, reason: "no WIDTH")),
        ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", [], .corruptFile(format: .pam, reason: "TUPLTYPE RGB_ALPHA with DEPTH 3")),
        ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\n", [], .truncatedFile(format: .pam)),
        ("P6\n0 1\n255\n", [], .invalidDimensions(width: 0, height: 1)),
        ("P6\n200000 200000\n255\n", [], .tooManyPixels(count: 40_000_000_000, limit: 100_000_000)),
        // Big headers over no data: truncated, found before the pixels are allocated.
        ("P6\n10000 10000\n255\n", [1, 2, 3], .truncatedFile(format: .ppm)),
        ("P2\n10000 10000\n255\n", [49, 32, 50], .truncatedFile(format: .pgm)),
        ("P7\nWIDTH 10000\nHEIGHT 10000\nDEPTH 4\nMAXVAL 255\nENDHDR\n", [], .truncatedFile(format: .pam)),
        ("P7\nWIDTH 9223372036854775807\nHEIGHT 2\nDEPTH 4\nMAXVAL 255\nENDHDR\n", [], .dimensionsOverflow(width: .max, height: 2)),
    ] as [(String, [UInt8], ImagingError)])
    func badFiles(header: String, bytes: [UInt8], error: ImagingError) {
        #expect(throws: error) { try Self.decode(header, bytes) }
    }

    @Test func writesPPMAndPGMOnlyWhenNothingIsLost() throws {
        var image = try PixelBuffer(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 0, 255, 255])
        #expect(try Netpbm.encodePPM(image) == Data("P6\n2 1\n255\n".utf8) + Data([255, 0, 0, 0, 0, 255]))
        #expect(try Netpbm.encodePGM(image) == Data("P5\n2 1\n255\n".utf8) + Data([76, 29]))
        image[1, 0] = RGBA(0, 0, 255, 128)
        #expect(throws: ImagingError.cannotRepresent(format: "PPM", reason: "the image has transparent pixels; use PAM or PNG")) {
            try Netpbm.encodePPM(image)
        }
        #expect(try Netpbm.decode(Netpbm.encodePAM(image)) == image)
    }

    @Test func writesGrayAndPaddedRowsUpright() throws {
        // Gray, two rows of three with a byte of padding each, shown turned right: upright it
        // is two wide and three high, the first column of the stored rows its top row.
        let gray = try PixelBuffer(width: 3, height: 2, format: .gray8, bytes: [1, 2, 3, 99, 4, 5, 6, 99], rowStride: 4, orientation: .right)
        #expect(try Netpbm.encodePPM(gray) == Data("P6\n2 3\n255\n".utf8) + Data([4, 4, 4, 1, 1, 1, 5, 5, 5, 2, 2, 2, 6, 6, 6, 3, 3, 3]))
        #expect(try Netpbm.encodePGM(gray) == Data("P5\n2 3\n255\n".utf8) + Data([4, 1, 5, 2, 6, 3]))
        // RGBA rows with padding.
        let colour = try PixelBuffer(
            width: 2, height: 2, bytes: [1, 2, 3, 255, 4, 5, 6, 255, 0, 0, 7, 8, 9, 255, 10, 11, 12, 255, 0, 0], rowStride: 10)
        #expect(try Netpbm.encodePPM(colour) == Data("P6\n2 2\n255\n".utf8) + Data([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))
    }
}

extension NetpbmTests {
    @Test func randomCorruptionGivesAFileErrorOrAWholeImage() throws {
        var rng = SeededRandomNumberGenerator(seed: 11)
        var refused = 0, decoded = 0
        let good = [
            Netpbm.encodePAM(try PixelBuffer(width: 5, height: 4)),
            Data("P3\n2 2\n255\n1 2 3 4 5 6 7 8 9 10 11 12\n".utf8),
            Data("P5 3 1 65535\n".utf8) + Data([1, 2, 3, 4, 5, 6]),
        ]
        for _ in 0..<600 {
            var data = good.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                data[Int.random(in: 0..<data.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if Bool.random(using: &rng) { data = data.prefix(Int.random(in: 0...data.count, using: &rng)) }
            do {
                // Netpbm has no checksum: damage may still describe an image, which must then be
                // a whole one, as small as the file allows.
                let image = try Netpbm.decode(data)
                #expect(image.width > 0 && image.height > 0)
                #expect(image.width * image.height <= data.count, "no more pixels than the file has bytes")
                #expect(image.bytes.count >= image.rowStride * (image.height - 1) + image.width * image.format.bytesPerPixel)
                decoded += 1
            } catch {
                refused += 1
                switch error {
                case .corruptFile, .truncatedFile, .unsupportedFeature, .unknownFormat: break
                default: Issue.record("not a file error: \(error)")
                }
            }
        }
        #expect(refused > 300 && decoded > 20, "refused \(refused), decoded \(decoded)")
    }
}

extension NetpbmTests {
    @Test func writesPAMBytesExactly() throws {
        let buffer = try PixelBuffer(width: 1, height: 2, bytes: [1, 2, 3, 4, 5, 6, 7, 8], orientation: .left)
        let header = "P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
        #expect(buffer.pamData() == Data(header.utf8) + Data([1, 2, 3, 4, 5, 6, 7, 8]))
        let gray = try PixelBuffer(width: 1, height: 2, format: .gray8, bytes: [9, 0, 7, 0], rowStride: 2)
        let grayHeader = "P7\nWIDTH 1\nHEIGHT 2\nDEPTH 1\nMAXVAL 255\nTUPLTYPE GRAYSCALE\nENDHDR\n"
        #expect(gray.pamData() == Data(grayHeader.utf8) + Data([9, 7]), "row padding is not written")
    }
}

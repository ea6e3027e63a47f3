import Foundation
@testable import PickerCodecs
import PickerImaging
import Testing

/// Decoding work bounded by the image: a progressive JPEG's scans each walk every block of their
/// component, however few bytes they hold, so a small file of many scans once took tens of
/// seconds. The count of scans and the blocks they walk together are capped.
@Suite("JPEG decoding work is bounded")
struct JPEGWorkLimitTests {
    /// A valid progressive gray JPEG of `width`×`height`: a DC scan, then `scans` AC scans of
    /// band 1…1, each a few end-of-band runs (32,767 blocks a symbol) that cover every block.
    static func manyScans(width: Int, height: Int, scans: Int) -> Data {
        var file: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ body: [UInt8]) {
            file += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        segment(0xC2, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        // One DC code (category 0) and one AC code (an end-of-band run of 2^14 + 14 bits), each "0".
        segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0xE0])
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        // Entropy-coded bits, padded with ones, 0xFF stuffed.
        func entropy(_ bits: [Bool]) -> [UInt8] {
            var bytes: [UInt8] = []
            var padded = bits
            while padded.count % 8 != 0 { padded.append(true) }
            for i in stride(from: 0, to: padded.count, by: 8) {
                let byte = (0..<8).reduce(UInt8(0)) { $0 << 1 | (padded[i + $1] ? 1 : 0) }
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0) }
            }
            return bytes
        }
        segment(0xDA, [1, 1, 0x00, 0, 0, 0x00])
        file += entropy([Bool](repeating: false, count: blocks))
        let runs = (blocks + 32_766) / 32_767
        let acScan = entropy((0..<runs).flatMap { _ in [false] + [Bool](repeating: true, count: 14) })
        for _ in 0..<scans {
            segment(0xDA, [1, 1, 0x00, 1, 1, 0x00])
            file += acScan
        }
        return Data(file + [0xFF, 0xD9])
    }

    @Test func aFileOfAFewScansDecodes() throws {
        let image = try JPEG.decode(Self.manyScans(width: 64, height: 48, scans: 3))
        #expect(image.displaySize == PixelSize(width: 64, height: 48))
        #expect(image[0, 0] == RGBA(128, 128, 128, 255), "every coefficient zero: mid gray")
    }

    @Test func moreScansThanTheLimitAreRefusedUnlessRaised() throws {
        let file = Self.manyScans(width: 8, height: 8, scans: JPEG.defaultScanLimit)  // and the DC scan: one over
        #expect(throws: ImagingError.workLimitExceeded(
            format: .jpeg, reason: "more than 1000 scans (DecodeOptions.scanLimit raises it)")) { try JPEG.decode(file) }
        let raised = try JPEG.decode(file, scale: .full, scanLimit: 2_000)
        #expect(raised.displaySize == PixelSize(width: 8, height: 8))
    }

    @Test func scansAfterABaselineImageAreDamageNotWork() throws {
        // A baseline file whose first scan holds every component is complete after it: scans
        // after it, however many, are reported, never decoded, and the image stands.
        let good = [UInt8](try JPEGTests.data("base-420-33x21.jpg"))
        let sos = try #require((0..<(good.count - 1)).first { good[$0] == 0xFF && good[$0 + 1] == 0xDA })
        let header = Array(good[sos..<(sos + 2 + (Int(good[sos + 2]) << 8 | Int(good[sos + 3])))])
        let extra = (0..<(JPEG.defaultScanLimit + 500)).flatMap { _ -> [UInt8] in header + [0x00] }
        let file = Data(good.dropLast(2) + extra + [0xFF, 0xD9])
        let decoded = try JPEG.decode(file, options: DecodeOptions())
        #expect(decoded.pixels == (try JPEG.decode(Data(good))))
        #expect(decoded.warnings == [
            .damagedData(format: .jpeg, reason: "after the image: \(ImagingError.corruptFile(format: .jpeg, reason: "a scan after a sequential scan of every component"))")
        ])
    }

    @Test func scansThatWalkTheImageTooOftenAreRefusedBeforeTheWork() throws {
        // 4096² gray: 262,144 blocks; 200 scans would walk them 201 times (a 34 KB file).
        let file = Self.manyScans(width: 4096, height: 4096, scans: 200)
        #expect(file.count < 40_000)
        #expect(throws: ImagingError.workLimitExceeded(
            format: .jpeg, reason: "its scans walk the image's blocks more than 16 times over")) { try JPEG.decode(file) }
        // 15 AC scans and the DC scan: within the limit, and decoded; one more is refused.
        #expect(try JPEG.decode(Self.manyScans(width: 2048, height: 2048, scans: 15)).displaySize == PixelSize(width: 2048, height: 2048))
        #expect(throws: ImagingError.self) { try JPEG.decode(Self.manyScans(width: 2048, height: 2048, scans: 16)) }
    }
}

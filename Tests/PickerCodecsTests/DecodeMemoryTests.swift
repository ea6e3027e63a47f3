import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import Testing

/// Decoding part of a huge image holds memory for what is kept, not for the image: measured
/// as the growth of the peak resident set, in a child process of its own (nothing else runs
/// there), after the input is made and the peak reset.
@Suite("Decode memory follows what is kept")
struct DecodeMemoryTests {
    /// The process's peak resident set, in bytes (Linux's `VmHWM`).
    static func peakResidentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// Resets the peak to the current resident set (Linux's `clear_refs` 5).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Runs `decode` after `make`, and exits with failure when the peak grows by `limit` bytes
    /// or more (printing the growth either way).
    static func peakGrowth<Input>(below limit: Int, make: () throws -> Input, decode: (Input) throws -> Void) {
        do {
            let input = try make()
            resetPeak()
            let before = peakResidentBytes()
            try decode(input)
            let grown = peakResidentBytes() - before
            print("peak grew by \(grown >> 20) MiB (limit \(limit >> 20) MiB)")
            exit(grown < limit ? EXIT_SUCCESS : EXIT_FAILURE)
        } catch {
            print("failed: \(error)")
            exit(EXIT_FAILURE)
        }
    }

    /// An 8000² interlaced PNG of a two-colour palette, one bit a pixel: 8 MB of filtered data,
    /// 256 MB as RGBA.
    static func interlacedPNG(side: Int) -> Data {
        // Each pass's rows: a filter byte and a bit a pixel.
        let length = (0..<7).reduce(0) { total, pass in
            let size = Adam7.size(pass, width: side, height: side)
            return total + (size.width > 0 ? ((size.width + 7) / 8 + 1) * size.height : 0)
        }
        let filtered = [UInt8](repeating: 0, count: length)
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let s = UInt32(side)
        let size = [UInt8(s >> 24), UInt8(s >> 16 & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s & 0xFF)]
        bytes += PNGChunkTests.chunk("IHDR", size + size + [1, 3, 0, 0, 1])
        bytes += PNGChunkTests.chunk("PLTE", [10, 20, 30, 200, 210, 220])
        bytes += PNGChunkTests.chunk("IDAT", Deflate.zlib(filtered))
        bytes += PNGChunkTests.chunk("IEND", [])
        return Data(bytes)
    }

    /// A progressive gray JPEG of `side`² whose one scan sends every block's DC, each the same:
    /// one bit a block, 2 bytes a sample if every coefficient were held.
    static func progressiveJPEG(side: Int) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0, 67, 0] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC2, 0, 11, 8, UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF), 1, 1, 0x11, 0]
        // A DC table of one code, "0", for difference category 0.
        bytes += [0xFF, 0xC4, 0, 20, 0x00, 1] + [UInt8](repeating: 0, count: 15) + [0]
        bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0x00, 0, 0, 0]
        let blocks = ((side + 7) / 8) * ((side + 7) / 8)
        bytes += [UInt8](repeating: 0, count: (blocks + 7) / 8)
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }

    @Test func anInterlacedPNGCropHoldsTheCropNotTheImage() async {
        // Decoded whole, then cropped, this took 264 MiB; now under 1 MiB (the file is 8 KB).
        await #expect(processExitsWith: .success) {
            DecodeMemoryTests.peakGrowth(below: 24 << 20, make: { DecodeMemoryTests.interlacedPNG(side: 8000) }) { data in
                let crop = try PNG.decode(data, croppingTo: PixelRect(x: 3000, y: 5000, width: 64, height: 64))
                guard crop.pixelSize == PixelSize(width: 64, height: 64), crop[0, 0] == RGBA(10, 20, 30) else { exit(EXIT_FAILURE) }
            }
        }
    }

    @Test func aProgressiveJPEGCropHoldsItsBlocksWholeAndTheRestAsBits() async {
        // Every coefficient held, this took 128 MiB beyond the file; now 10 MiB of DC values
        // and bits.
        await #expect(processExitsWith: .success) {
            DecodeMemoryTests.peakGrowth(below: 24 << 20, make: { DecodeMemoryTests.progressiveJPEG(side: 8000) }) { data in
                let crop = try JPEG.decode(data, croppingTo: PixelRect(x: 3000, y: 5000, width: 64, height: 64))
                guard crop.pixelSize == PixelSize(width: 64, height: 64), crop[0, 0] == RGBA(128, 128, 128) else { exit(EXIT_FAILURE) }
            }
        }
    }

    @Test func aProgressiveJPEGAtAnEighthHoldsTenBytesABlock() async {
        // Every coefficient held, this took 32 MiB beyond the file; now 2.5 MiB of DC values
        // and bits, and the 500² result.
        await #expect(processExitsWith: .success) {
            DecodeMemoryTests.peakGrowth(below: 12 << 20, make: { DecodeMemoryTests.progressiveJPEG(side: 4000) }) { data in
                let small = try JPEG.decode(data, scale: .eighth)
                guard small.pixelSize == PixelSize(width: 500, height: 500) else { exit(EXIT_FAILURE) }
            }
        }
    }
}

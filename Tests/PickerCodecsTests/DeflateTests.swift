import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import ImagingTestSupport
import Testing

/// The PNG writer's compressor and row filters, against plain references.
@Suite("DEFLATE and PNG row filters")
struct DeflateTests {
    @Test("every match length and distance gets the code RFC 1951's tables give it")
    func lengthAndDistanceCodes() {
        for length in 3...258 {
            var code = 28
            while Inflate.lengthBase[code] > length { code -= 1 }
            #expect(Deflate.lengthCode(length) == code, "length \(length)")
        }
        for distance in 1...32_768 {
            var code = 29
            while Inflate.distanceBase[code] > distance { code -= 1 }
            if Deflate.distanceCode(distance) != code {
                Issue.record("distance \(distance): \(Deflate.distanceCode(distance)), not \(code)")
                return
            }
        }
    }

    /// Noise, then the same 16 KiB twice: once just before a band's end, once just after it.
    static func acrossABand() -> (data: [UInt8], repeated: Int) {
        var rng = SeededRandomNumberGenerator(seed: 11)
        let chunk = 16 * 1024
        let noise = (0..<(Deflate.bandBytes - chunk)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let repeated = (0..<chunk).map { _ in UInt8.random(in: 0...255, using: &rng) }
        return (noise + repeated + repeated, chunk)
    }

    @Test("bands join into one stream, the same on one thread or several, and match across their edges")
    func bands() throws {
        let (data, chunk) = Self.acrossABand()
        let one = Deflate.zlib(data, threads: 1)
        let two = Deflate.zlib(data, threads: 2)
        #expect(one == two)
        #expect(try Inflate.zlib(one, limit: data.count) == data)
        // The second copy starts the second band: it is 64 matches into the first band (a few
        // hundred bytes of codes), or the stream would hold its 16 KiB twice.
        let firstBand = Deflate.zlib(Array(data[0..<(Deflate.bandBytes)]))
        #expect(one.count < firstBand.count + 600, "\(one.count) bytes; \(firstBand.count) for the first band alone")
        #expect(one.count < firstBand.count + chunk / 8)
    }

    @Test("data of a band's size and either side of it round trips", arguments: [-1, 0, 1, 2, 3, 4, 9, Deflate.bandBytes])
    func bandEdges(extra: Int) throws {
        var rng = SeededRandomNumberGenerator(seed: UInt64(extra + 100))
        // Runs of repeats among noise: matches of every length reach the bands' edges.
        var data: [UInt8] = []
        while data.count < Deflate.bandBytes + extra {
            if Bool.random(using: &rng), data.count > 300 {
                let from = Int.random(in: max(0, data.count - 40_000)..<(data.count - 260), using: &rng)
                data += data[from..<(from + Int.random(in: 3...258, using: &rng))]
            } else {
                data += (0..<Int.random(in: 1...20, using: &rng)).map { _ in UInt8.random(in: 0...3, using: &rng) }
            }
        }
        data = Array(data.prefix(Deflate.bandBytes + extra))
        let compressed = Deflate.zlib(data, threads: 2)
        #expect(try Inflate.zlib(compressed, limit: data.count) == data)
        #expect(compressed == Deflate.zlib(data, threads: 1))
    }

    @Test("the eight-byte filters give the byte-by-byte filters' bytes and scores", arguments: [1, 2, 3, 4])
    func filters(channels: Int) {
        var rng = SeededRandomNumberGenerator(seed: UInt64(channels))
        for count in [channels, channels + 1, 7, 8, 9, 15, 16, 17, 31, 64, 101].filter({ $0 >= channels && $0 % channels == 0 }) {
            // Values near 0 and 255, and the whole range: the signed-byte scores at their edges.
            let row = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let above = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            for filter in UInt8(0)...4 {
                var expected = [UInt8](repeating: 0, count: count)
                var expectedScore = 0
                for i in 0..<count {
                    let a = i >= channels ? Int(row[i - channels]) : 0, b = Int(above[i])
                    let c = i >= channels ? Int(above[i - channels]) : 0
                    let predictor: Int =
                        switch filter {
                        case 0: 0
                        case 1: a
                        case 2: b
                        case 3: (a + b) / 2
                        default: PNGDecoder.paeth(a, b, c)
                        }
                    expected[i] = row[i] &- UInt8(truncatingIfNeeded: predictor)
                    expectedScore += abs(Int(Int8(bitPattern: expected[i])))
                }
                var mutableRow = row
                var out = [UInt8](repeating: 0, count: count)
                let score = mutableRow.withUnsafeMutableBufferPointer { r in
                    above.withUnsafeBufferPointer { p in
                        out.withUnsafeMutableBufferPointer { o in
                            PNGEncoder.filter(filter, r.baseAddress!, previous: p.baseAddress!, count: count, channels: channels, into: o.baseAddress!)
                        }
                    }
                }
                #expect(out == expected, "filter \(filter), \(count) bytes of \(channels) channels")
                #expect(score == expectedScore, "filter \(filter), \(count) bytes of \(channels) channels")
            }
        }
    }

    @Test("rows filtered in bands are the rows filtered at once, and a large image round trips")
    func filteredInBands() throws {
        var image = try PixelBuffer(width: 700, height: 420)
        var rng = SeededRandomNumberGenerator(seed: 5)
        for y in 0..<420 {
            for x in 0..<700 {
                let noise = UInt8.random(in: 0...12, using: &rng)
                image[x, y] = RGBA(UInt8(x % 256) &+ noise, UInt8((x + y) / 5 % 256), UInt8(y % 200) &+ noise, y < 300 ? 255 : UInt8(x % 256))
            }
        }
        for channels in [3, 4] {
            let rowBytes = 700 * channels + 1
            var whole = [UInt8](repeating: 0, count: rowBytes * 420)
            var banded = [UInt8](repeating: 1, count: rowBytes * 420)
            image.bytes.withUnsafeBufferPointer { source in
                whole.withUnsafeMutableBufferPointer {
                    PNGEncoder.filterRows(0..<420, of: source.baseAddress!, stride: image.rowStride, width: 700, channels: channels, into: $0.baseAddress!)
                }
                banded.withUnsafeMutableBufferPointer {
                    for rows in [0..<1, 1..<140, 140..<141, 141..<420] {
                        PNGEncoder.filterRows(rows, of: source.baseAddress!, stride: image.rowStride, width: 700, channels: channels, into: $0.baseAddress!)
                    }
                }
            }
            #expect(whole == banded, "\(channels) channels")
        }
        // 1.1 MB of rows: filtered and compressed in bands, on every core there is.
        let decoded = try PNG.decode(PNG.encode(image))
        #expect(decoded.bytes == image.bytes)
        #expect(decoded.pixelSize == image.pixelSize)
    }
}

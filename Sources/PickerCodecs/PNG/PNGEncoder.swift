import Foundation
import PickerImaging

/// Encodes PNG files: adaptive filters per row (the one with the smallest sum of absolute
/// values, as libpng chooses), then DEFLATE.
enum PNGEncoder {
    static func encode(_ image: PixelBuffer) -> Data {
        let (tagged, profile) = ColorProfileFiles.prepared(image, chunks: true)
        let upright = tagged.normalized().unpremultiplied()
        let colourType: UInt8, channels: Int
        if upright.format == .gray8 {
            (colourType, channels) = (0, 1)
        } else if upright.isOpaque(in: PixelRect(size: upright.pixelSize)) {
            (colourType, channels) = (2, 3)
        } else {
            (colourType, channels) = (6, 4)
        }
        let w = upright.width, h = upright.height
        let rowBytes = w * channels
        // Each row with the filter whose output has the smallest sum of absolute values (as
        // signed bytes), the usual heuristic. A row's choice depends on it and the row above
        // alone, so bands of rows are filtered on threads of their own; so are the bands of the
        // compression (Deflate), and the file's bytes are the same on any number of threads.
        let threads = ProcessInfo.processInfo.activeProcessorCount
        let filtered = [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * h) { out, initialized in
            let shared = Shared((source: upright, out: out.baseAddress!))
            let runs = threads > 1 && rowBytes * h >= 1 << 20 ? threads : 1
            let filterBand: @Sendable (Int) -> Void = { run in
                shared.value.source.bytes.withUnsafeBufferPointer { source in
                    filterRows(
                        (0..<h).band(run, of: runs), of: source.baseAddress!, stride: shared.value.source.rowStride,
                        width: w, channels: channels, into: shared.value.out)
                }
            }
            performEach(runs, concurrently: true, filterBand)
            initialized = (rowBytes + 1) * h
        }
        var out = Data(PNG.signature)
        var ihdr = [UInt8]()
        for v in [UInt32(w), UInt32(h)] { ihdr += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        ihdr += [8, colourType, 0, 0, 0]
        chunk("IHDR", ihdr, into: &out)
        for extra in profile.map(ColorProfileFiles.pngChunks) ?? [] { chunk(extra.type, extra.data, into: &out) }
        chunk("IDAT", Deflate.zlib(filtered, threads: threads), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// Filters `rows` of the RGBA (or gray) pixels at `source` into `out`, each row its filter
    /// byte then its `width × channels` bytes (3 channels drop the alpha byte).
    static func filterRows(
        _ rows: Range<Int>, of source: UnsafePointer<UInt8>, stride: Int, width w: Int, channels: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        let rowBytes = w * channels
        // Four rows: this one as PNG holds it, the one above, and two for the filters' outputs.
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * rowBytes)
        defer { scratch.deallocate() }
        var row = scratch, previous = scratch + rowBytes, candidate = scratch + 2 * rowBytes, best = scratch + 3 * rowBytes
        func load(_ y: Int, into row: UnsafeMutablePointer<UInt8>) {
            let line = source + y * stride
            guard channels == 3 else { return row.update(from: line, count: rowBytes) }
            var x = 0
            while x < w {
                row[3 * x] = line[4 * x]; row[3 * x + 1] = line[4 * x + 1]; row[3 * x + 2] = line[4 * x + 2]
                x += 1
            }
        }
        // The row above the first is zeros at the top of the image.
        if rows.lowerBound == 0 { previous.initialize(repeating: 0, count: rowBytes) } else { load(rows.lowerBound - 1, into: previous) }
        var bestFilter: UInt8 = 0, bestScore = 0, filter: UInt8 = 0, score = 0
        for y in rows {
            load(y, into: row)
            bestFilter = 0
            bestScore = Int.max
            filter = 0
            while filter <= 4 {
                score = Self.filter(filter, row, previous: previous, count: rowBytes, channels: channels, into: candidate)
                if score < bestScore {
                    bestScore = score
                    bestFilter = filter
                    swap(&best, &candidate)
                }
                filter += 1
            }
            let at = out + y * (rowBytes + 1)
            at.initialize(to: bestFilter)
            (at + 1).initialize(from: best, count: rowBytes)
            swap(&row, &previous)
        }
    }

    /// Writes `row` filtered with PNG filter `filter` (0 none … 4 Paeth) against `previous` into
    /// `out`, and returns the sum of the output's absolute values as signed bytes. One loop per
    /// filter, with the first pixel (which has no left neighbour) apart: no per-byte choices.
    /// The filters but Paeth work on eight bytes at a time in a 64-bit word (each subscript and
    /// call is a real call in a debug build, which `swift run` makes).
    static func filter(
        _ filter: UInt8, _ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, channels: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var score = 0
        let first = min(channels, count)
        let words = UnsafeRawPointer(row), above = UnsafeRawPointer(previous), written = UnsafeMutableRawPointer(out)
        // Declared once, out of the loops: a debug build zeroes a local each time its declaration runs.
        var i = 0, word: UInt64 = 0, predictor = 0
        switch filter {
        case 0:
            while i + 8 <= count {
                word = words.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                written.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                score += Bytes.absoluteSum(word)
                i += 8
            }
            while i < count {
                score += put(row[i], at: i, into: out)
                i += 1
            }
        case 1:
            while i < first {
                score += put(row[i], at: i, into: out)
                i += 1
            }
            while i + 8 <= count {
                word = Bytes.subtract(
                    words.loadUnaligned(fromByteOffset: i, as: UInt64.self),
                    words.loadUnaligned(fromByteOffset: i - channels, as: UInt64.self))
                written.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                score += Bytes.absoluteSum(word)
                i += 8
            }
            while i < count {
                score += put(row[i] &- row[i - channels], at: i, into: out)
                i += 1
            }
        case 2:
            while i + 8 <= count {
                word = Bytes.subtract(
                    words.loadUnaligned(fromByteOffset: i, as: UInt64.self),
                    above.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                written.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                score += Bytes.absoluteSum(word)
                i += 8
            }
            while i < count {
                score += put(row[i] &- previous[i], at: i, into: out)
                i += 1
            }
        case 3:
            while i < first {
                score += put(row[i] &- previous[i] / 2, at: i, into: out)
                i += 1
            }
            while i + 8 <= count {
                let mean = Bytes.average(
                    words.loadUnaligned(fromByteOffset: i - channels, as: UInt64.self),
                    above.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                word = Bytes.subtract(words.loadUnaligned(fromByteOffset: i, as: UInt64.self), mean)
                written.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                score += Bytes.absoluteSum(word)
                i += 8
            }
            while i < count {
                score += put(row[i] &- UInt8(truncatingIfNeeded: (Int(row[i - channels]) + Int(previous[i])) / 2), at: i, into: out)
                i += 1
            }
        default:
            // Paeth with no left neighbour predicts the byte above.
            while i < first {
                score += put(row[i] &- previous[i], at: i, into: out)
                i += 1
            }
            while i < count {
                predictor = PNGDecoder.paeth(Int(row[i - channels]), Int(previous[i]), Int(previous[i - channels]))
                score += put(row[i] &- UInt8(truncatingIfNeeded: predictor), at: i, into: out)
                i += 1
            }
        }
        return score
    }

    /// Stores `v` at `out[i]` and returns its absolute value as a signed byte.
    @_transparent
    static func put(_ v: UInt8, at i: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        out[i] = v
        return v < 128 ? Int(v) : 256 - Int(v)
    }

    /// Byte-wise arithmetic on the eight bytes of a 64-bit word, with no carry between them.
    enum Bytes {
        static let high: UInt64 = 0x8080_8080_8080_8080
        static let ones: UInt64 = 0x0101_0101_0101_0101

        /// `a - b` in each byte, wrapping.
        @_transparent
        static func subtract(_ a: UInt64, _ b: UInt64) -> UInt64 {
            ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
        }

        /// `(a + b) / 2` in each byte, rounded down.
        @_transparent
        static func average(_ a: UInt64, _ b: UInt64) -> UInt64 {
            (a & b) &+ ((a ^ b) >> 1 & 0x7F7F_7F7F_7F7F_7F7F)
        }

        /// The sum of the eight bytes' absolute values as signed bytes.
        @_transparent
        static func absoluteSum(_ x: UInt64) -> Int {
            let negative = (x >> 7) & ones
            let magnitude = (x ^ (negative &* 0xFF)) &+ negative  // 0x80 stays 128
            let pairs = (magnitude & 0x00FF_00FF_00FF_00FF) &+ (magnitude >> 8 & 0x00FF_00FF_00FF_00FF)
            return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
    }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout Data) {
        let length = UInt32(data.count)
        out.append(contentsOf: [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)])
        let typed = Array(type.utf8) + data
        out.append(contentsOf: typed)
        let crc = Checksum.crc32(typed)
        out.append(contentsOf: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
    }
}

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
        // signed bytes), the usual heuristic. Pointer loops: this runs in debug builds too.
        let filtered = [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * h) { out, initialized in
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * rowBytes)
            defer { scratch.deallocate() }
            let zero = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
            defer { zero.deallocate() }
            zero.initialize(repeating: 0, count: rowBytes)
            var row = scratch, candidate = scratch + rowBytes, best = scratch + 2 * rowBytes
            var previous = UnsafePointer(zero)
            upright.bytes.withUnsafeBufferPointer { source in
                for y in 0..<h {
                    let line = source.baseAddress! + y * upright.rowStride
                    if channels == 3 {
                        var x = 0
                        while x < w {
                            row[3 * x] = line[4 * x]; row[3 * x + 1] = line[4 * x + 1]; row[3 * x + 2] = line[4 * x + 2]
                            x += 1
                        }
                    } else {
                        row.update(from: line, count: rowBytes)
                    }
                    var bestFilter: UInt8 = 0, bestScore = Int.max
                    var filter: UInt8 = 0
                    while filter <= 4 {
                        let score = Self.filter(filter, row, previous: previous, count: rowBytes, channels: channels, into: candidate)
                        if score < bestScore {
                            bestScore = score
                            bestFilter = filter
                            swap(&best, &candidate)
                        }
                        filter += 1
                    }
                    let at = out.baseAddress! + y * (rowBytes + 1)
                    at.initialize(to: bestFilter)
                    (at + 1).initialize(from: best, count: rowBytes)
                    // This row is the next one's previous: keep it out of the scratch rows' way.
                    if previous == UnsafePointer(zero) {
                        previous = UnsafePointer(row)
                        row = zero
                    } else {
                        let used = UnsafeMutablePointer(mutating: previous)
                        previous = UnsafePointer(row)
                        row = used
                    }
                }
            }
            initialized = (rowBytes + 1) * h
        }
        var out = Data(PNG.signature)
        var ihdr = [UInt8]()
        for v in [UInt32(w), UInt32(h)] { ihdr += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        ihdr += [8, colourType, 0, 0, 0]
        chunk("IHDR", ihdr, into: &out)
        for extra in profile.map(ColorProfileFiles.pngChunks) ?? [] { chunk(extra.type, extra.data, into: &out) }
        chunk("IDAT", Deflate.zlib(filtered), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// Writes `row` filtered with PNG filter `filter` (0 none … 4 Paeth) against `previous` into
    /// `out`, and returns the sum of the output's absolute values as signed bytes. One loop per
    /// filter, with the first pixel (which has no left neighbour) apart: no per-byte choices.
    static func filter(
        _ filter: UInt8, _ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, channels: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var score = 0
        let first = min(channels, count)
        var i = 0
        switch filter {
        case 0:
            while i < count {
                score += put(row[i], at: i, into: out)
                i += 1
            }
        case 1:
            while i < first {
                score += put(row[i], at: i, into: out)
                i += 1
            }
            while i < count {
                score += put(row[i] &- row[i - channels], at: i, into: out)
                i += 1
            }
        case 2:
            while i < count {
                score += put(row[i] &- previous[i], at: i, into: out)
                i += 1
            }
        case 3:
            while i < first {
                score += put(row[i] &- previous[i] / 2, at: i, into: out)
                i += 1
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
                let predictor = PNGDecoder.paeth(Int(row[i - channels]), Int(previous[i]), Int(previous[i - channels]))
                score += put(row[i] &- UInt8(truncatingIfNeeded: predictor), at: i, into: out)
                i += 1
            }
        }
        return score
    }

    /// Stores `v` at `out[i]` and returns its absolute value as a signed byte.
    @inline(__always)
    private static func put(_ v: UInt8, at i: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        out[i] = v
        return v < 128 ? Int(v) : 256 - Int(v)
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

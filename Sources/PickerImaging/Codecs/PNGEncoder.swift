import Foundation

/// Encodes PNG files: adaptive filters per row (the one with the smallest sum of absolute
/// values, as libpng chooses), then DEFLATE.
enum PNGEncoder {
    static func encode(_ image: PixelBuffer) -> Data {
        let upright = image.normalized().unpremultiplied()
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
        var filtered = [UInt8]()
        filtered.reserveCapacity((rowBytes + 1) * h)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<h {
            let base = y * upright.rowStride
            if channels == 4 || channels == 1 {
                for i in 0..<rowBytes { row[i] = upright.bytes[base + i] }
            } else {
                for x in 0..<w {
                    row[3 * x] = upright.bytes[base + 4 * x]
                    row[3 * x + 1] = upright.bytes[base + 4 * x + 1]
                    row[3 * x + 2] = upright.bytes[base + 4 * x + 2]
                }
            }
            var bestFilter: UInt8 = 0, bestScore = Int.max
            for filter in UInt8(0)...4 {
                var score = 0
                for i in 0..<rowBytes {
                    let a = i >= channels ? Int(row[i - channels]) : 0, b = Int(previous[i])
                    let c = i >= channels ? Int(previous[i - channels]) : 0
                    let predictor: Int
                    switch filter {
                    case 0: predictor = 0
                    case 1: predictor = a
                    case 2: predictor = b
                    case 3: predictor = (a + b) / 2
                    default: predictor = PNGDecoder.paeth(a, b, c)
                    }
                    let v = row[i] &- UInt8(predictor)
                    candidate[i] = v
                    score += v < 128 ? Int(v) : 256 - Int(v)
                }
                if score < bestScore {
                    bestScore = score
                    bestFilter = filter
                    swap(&best, &candidate)
                }
            }
            filtered.append(bestFilter)
            filtered.append(contentsOf: best)
            swap(&row, &previous)
        }
        var out = Data(PNG.signature)
        var ihdr = [UInt8]()
        for v in [UInt32(w), UInt32(h)] { ihdr += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        ihdr += [8, colourType, 0, 0, 0]
        chunk("IHDR", ihdr, into: &out)
        chunk("IDAT", Deflate.zlib(filtered), into: &out)
        chunk("IEND", [], into: &out)
        return out
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

import Foundation
import PickerImaging

/// Netpbm images: PAM (`P7`), PPM (`P6`, `P3`) and PGM (`P5`, `P2`), read and written.
///
/// Reading gives 8-bit buffers: 16-bit samples (MAXVAL above 255) and other MAXVALs are scaled
/// to 0…255, rounded. Gray becomes `PixelFormat.gray8`; everything else `PixelFormat.rgba8`.
///
/// ```swift
/// let photo = try Netpbm.decode(Data(contentsOf: url))
/// try Netpbm.encodePAM(photo).write(to: out)
/// ```
public enum Netpbm {
    /// Reads a PAM, PPM or PGM file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - pixelLimit: the most pixels accepted; larger headers throw before any allocation.
    /// - Throws: `ImagingError.unknownFormat`, `ImagingError.truncatedFile(format:)`,
    ///   `ImagingError.corruptFile(format:reason:)`, `ImagingError.unsupportedFeature(format:feature:)`,
    ///   and the size errors of `PixelBuffer`.
    /// - Complexity: O(data.count).
    public static func decode(_ data: Data, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> PixelBuffer {
        var reader = HeaderReader(bytes: [UInt8](data))
        let h = try header(&reader)
        return try samples(&reader, format: h.format, width: h.width, height: h.height, depth: h.depth,
                           maxval: h.maxval, ascii: h.ascii, hasAlpha: h.depth == 2 || h.depth == 4, pixelLimit: pixelLimit)
    }

    /// Reads a PAM, PPM or PGM file as `options` say: decoded whole, then cropped to
    /// ``DecodeOptions/crop`` as `PixelBuffer.cropped(to:)` crops. A Netpbm decode works nothing
    /// around: its warnings are always empty.
    ///
    /// - Throws: the errors of ``decode(_:pixelLimit:)``;
    ///   `ImagingError.cropOutsideImage(rect:imageSize:)` for a crop that is empty or covers none
    ///   of the image; `ImagingError.unsupportedFeature(format:feature:)` for a scale other than
    ///   `.full` (Netpbm has no reduced one).
    public static func decode(_ data: Data, options: DecodeOptions) throws(ImagingError) -> DecodedImage {
        try options.checkFullScale(ImageFileFormat(sniffing: data) ?? .pam)
        let whole = try decode(data, pixelLimit: options.pixelLimit)
        guard let rect = options.crop else { return DecodedImage(pixels: whole) }
        return DecodedImage(pixels: try whole.cropped(to: rect))
    }

    /// What a PAM, PPM or PGM file holds, from its header alone: no sample is read.
    ///
    /// - Throws: the header errors of ``decode(_:pixelLimit:)``.
    public static func info(_ data: Data) throws(ImagingError) -> ImageInfo {
        var reader = HeaderReader(bytes: [UInt8](data))
        let h = try header(&reader)
        guard (1...65535).contains(h.maxval) else { throw .corruptFile(format: h.format, reason: "MAXVAL \(h.maxval)") }
        guard h.width > 0, h.height > 0 else { throw .invalidDimensions(width: h.width, height: h.height) }
        let kind = ["", "gray", "gray+alpha", "RGB", "RGBA"][h.depth]
        return ImageInfo(
            format: h.format, pixelSize: PixelSize(width: h.width, height: h.height), orientation: .up,
            layout: "\(kind) \(h.maxval > 255 ? 16 : 8)-bit\(h.ascii ? ", ASCII" : "")")
    }

    /// What a header declares.
    private typealias Header = (format: ImageFileFormat, width: Int, height: Int, depth: Int, maxval: Int, ascii: Bool)

    /// The header, with the reader left at the first sample.
    private static func header(_ reader: inout HeaderReader) throws(ImagingError)
        -> Header
    {
        let data = reader.bytes
        guard data.count >= 2, data[0] == UInt8(ascii: "P") else { throw .unknownFormat }
        let kind = data[1]
        reader.position = 2
        switch kind {
        case UInt8(ascii: "7"): return try pamHeader(&reader)
        case UInt8(ascii: "5"), UInt8(ascii: "6"), UInt8(ascii: "2"), UInt8(ascii: "3"):
            let format: ImageFileFormat = kind == UInt8(ascii: "5") || kind == UInt8(ascii: "2") ? .pgm : .ppm
            let width = try reader.number(format), height = try reader.number(format), maxval = try reader.number(format)
            let ascii = kind == UInt8(ascii: "2") || kind == UInt8(ascii: "3")
            if !ascii { try reader.singleWhitespace(format) }
            return (format, width, height, format == .pgm ? 1 : 3, maxval, ascii)
        default:
            throw .unknownFormat
        }
    }

    /// The image as PAM (`P7`): upright, straight alpha; `GRAYSCALE` or `RGB_ALPHA`.
    public static func encodePAM(_ image: PixelBuffer) -> Data {
        image.pamData()
    }

    /// The image as binary PPM (`P6`), upright.
    ///
    /// - Throws: `ImagingError.cannotRepresent(format:reason:)` when a pixel is not opaque:
    ///   PPM has no alpha, and dropping it would lose data. Write PAM or PNG instead.
    public static func encodePPM(_ image: PixelBuffer) throws(ImagingError) -> Data {
        let upright = try opaqueUpright(image, format: "PPM")
        let (w, h, step) = (upright.width, upright.height, upright.format.bytesPerPixel)
        // Each pixel's first three bytes (RGBA), or its one gray byte three times.
        let samples = [UInt8](unsafeUninitializedCapacity: w * h * 3) { out, initialized in
            upright.bytes.withUnsafeBufferPointer { source in
                for y in 0..<h {
                    let line = source.baseAddress! + y * upright.rowStride, o = out.baseAddress! + y * w * 3
                    let (r, g, b) = step == 1 ? (0, 0, 0) : (0, 1, 2)
                    var x = 0
                    while x < w {
                        o[3 * x] = line[step * x + r]
                        o[3 * x + 1] = line[step * x + g]
                        o[3 * x + 2] = line[step * x + b]
                        x += 1
                    }
                }
            }
            initialized = w * h * 3
        }
        return Data("P6\n\(w) \(h)\n255\n".utf8) + samples
    }

    /// The image as binary PGM (`P5`), upright; colour becomes its luma.
    ///
    /// - Throws: `ImagingError.cannotRepresent(format:reason:)` when a pixel is not opaque.
    public static func encodePGM(_ image: PixelBuffer) throws(ImagingError) -> Data {
        let upright = try opaqueUpright(image, format: "PGM")
        var samples: [UInt8] = []
        samples.reserveCapacity(upright.width * upright.height)
        for y in 0..<upright.height {
            for x in 0..<upright.width { samples.append(upright[x, y].luma) }
        }
        return Data("P5\n\(upright.width) \(upright.height)\n255\n".utf8) + samples
    }

    /// The image upright with straight alpha, for a format without alpha: throws unless every
    /// pixel is opaque.
    private static func opaqueUpright(_ image: PixelBuffer, format: String) throws(ImagingError) -> PixelBuffer {
        let upright = image.normalized().unpremultiplied()
        guard upright.isOpaque(in: PixelRect(size: upright.pixelSize)) else {
            throw .cannotRepresent(format: format, reason: "the image has transparent pixels; use PAM or PNG")
        }
        return upright
    }

    private static func pamHeader(_ reader: inout HeaderReader) throws(ImagingError)
        -> Header
    {
        var fields: [String: String] = [:]
        while true {
            guard let line = reader.line() else { throw .truncatedFile(format: .pam) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed == "ENDHDR" { break }
            let parts = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw .corruptFile(format: .pam, reason: "header line '\(trimmed)'") }
            fields[parts[0]] = fields[parts[0]].map { $0 + " " + parts[1] } ?? parts[1]
        }
        func field(_ name: String) throws(ImagingError) -> Int {
            guard let text = fields[name] else { throw .corruptFile(format: .pam, reason: "no \(name)") }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw .corruptFile(format: .pam, reason: "\(name) '\(text)' is not a number")
            }
            return value
        }
        let width = try field("WIDTH"), height = try field("HEIGHT"), depth = try field("DEPTH"), maxval = try field("MAXVAL")
        let tuple = fields["TUPLTYPE"]?.trimmingCharacters(in: .whitespaces)
        let expectedDepth: [String: Int] = ["GRAYSCALE": 1, "GRAYSCALE_ALPHA": 2, "RGB": 3, "RGB_ALPHA": 4, "BLACKANDWHITE": 1]
        if let tuple, let needed = expectedDepth[tuple], needed != depth {
            throw .corruptFile(format: .pam, reason: "TUPLTYPE \(tuple) with DEPTH \(depth)")
        }
        guard (1...4).contains(depth) else { throw .unsupportedFeature(format: "PAM", feature: "DEPTH \(depth)") }
        return (.pam, width, height, depth, maxval, false)
    }

    /// Reads `width × height × depth` samples and converts them to a buffer.
    private static func samples(
        _ reader: inout HeaderReader, format: ImageFileFormat, width: Int, height: Int, depth: Int, maxval: Int,
        ascii: Bool, hasAlpha: Bool, pixelLimit: Int
    ) throws(ImagingError) -> PixelBuffer {
        guard (1...65535).contains(maxval) else { throw .corruptFile(format: format, reason: "MAXVAL \(maxval)") }
        let gray = depth <= 2
        let pixelFormat: PixelFormat = gray && !hasAlpha ? .gray8 : .rgba8
        // Sizes and the data present are checked before any pixel memory is reserved: a header
        // claiming 10000×10000 over a few bytes is truncated, not a 400 MB allocation.
        _ = try PixelBuffer.checkedRowStride(width: width, height: height, format: pixelFormat, pixelLimit: pixelLimit)
        let sampleBytes = maxval > 255 ? 2 : 1
        let count = width * height * depth
        // Binary samples take exactly their bytes; ASCII ones at least a digit each.
        if reader.bytes.count - reader.position < (ascii ? count : count * sampleBytes) { throw .truncatedFile(format: format) }
        var buffer = try PixelBuffer(width: width, height: height, format: pixelFormat, pixelLimit: pixelLimit)
        if !ascii, maxval == 255, depth == 4 {
            // The common case, copied as it is.
            buffer = try PixelBuffer(
                width: width, height: height, bytes: Array(reader.bytes[reader.position..<(reader.position + count)]),
                pixelLimit: pixelLimit)
            return buffer
        }
        var next = reader.position
        func sample() throws(ImagingError) -> UInt8 {
            let v: Int
            if ascii {
                v = try reader.number(format)
            } else if sampleBytes == 1 {
                v = Int(reader.bytes[next])
                next += 1
            } else {
                v = Int(reader.bytes[next]) << 8 | Int(reader.bytes[next + 1])
                next += 2
            }
            guard v <= maxval else { throw .corruptFile(format: format, reason: "sample \(v) above MAXVAL \(maxval)") }
            return maxval == 255 ? UInt8(v) : UInt8((v * 255 + maxval / 2) / maxval)
        }
        for y in 0..<height {
            for x in 0..<width {
                switch depth {
                case 1:
                    let v = try sample()
                    buffer[x, y] = RGBA(v, v, v)
                case 2:
                    let v = try sample(), a = try sample()
                    buffer[x, y] = RGBA(v, v, v, a)
                case 3:
                    let r = try sample(), g = try sample(), b = try sample()
                    buffer[x, y] = RGBA(r, g, b)
                default:
                    let r = try sample(), g = try sample(), b = try sample(), a = try sample()
                    buffer[x, y] = RGBA(r, g, b, a)
                }
            }
        }
        return buffer
    }
}

/// Reads Netpbm headers: numbers separated by whitespace and `#` comments, and PAM lines.
struct HeaderReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func number(_ format: ImageFileFormat) throws(ImagingError) -> Int {
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "#") {
                while position < bytes.count, bytes[position] != 10 { position += 1 }
            } else if b == 32 || (9...13).contains(b) {
                position += 1
            } else {
                break
            }
        }
        guard position < bytes.count else { throw .truncatedFile(format: format) }
        var value = 0, digits = 0
        while position < bytes.count, (48...57).contains(bytes[position]) {
            value = value * 10 + Int(bytes[position] - 48)
            digits += 1
            position += 1
            guard digits <= 9 else { throw .corruptFile(format: format, reason: "number too long") }
        }
        guard digits > 0 else { throw .corruptFile(format: format, reason: "expected a number at byte \(position)") }
        return value
    }

    mutating func singleWhitespace(_ format: ImageFileFormat) throws(ImagingError) {
        guard position < bytes.count else { throw .truncatedFile(format: format) }
        guard bytes[position] == 32 || (9...13).contains(bytes[position]) else {
            throw .corruptFile(format: format, reason: "no whitespace after the header")
        }
        position += 1
    }

    mutating func line() -> String? {
        guard position < bytes.count else { return nil }
        let start = position
        while position < bytes.count, bytes[position] != 10 { position += 1 }
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }
}

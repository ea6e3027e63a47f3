import AppleFoundation

// The ICC profiles Core Graphics gives for its named colour spaces (`copyICCData()`), built
// here from each space's published definition as version 4 matrix-and-curves profiles: the
// primaries of IEC 61966-2.1 (sRGB) and of SMPTE EG 432-1 (Display P3) with D65 white, adapted
// to the D50 connection space by Bradford, and the sRGB tone curve (`para` type 3), which both
// share; Generic Gray Gamma 2.2 as a gray curve of gamma 2.2. Colour managers read them as
// Apple's own; the bytes of Apple's profiles (their descriptions, copyright, tags beyond these)
// only a device has.

enum SurfaceICC {
    /// The colorants, D50-adapted, red, green and blue (the matrix's columns).
    static let sRGBColorants: [[Double]] = [[0.436066, 0.222488, 0.013916], [0.385147, 0.716873, 0.097076], [0.143066, 0.060608, 0.714096]]
    static let displayP3Colorants: [[Double]] = [[0.515121, 0.241196, -0.001053], [0.291977, 0.692245, 0.041885], [0.157104, 0.066574, 0.784073]]
    /// The sRGB curve's parameters g, a, b, c, d.
    static let sRGBCurve: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]

    /// An RGB profile named `name` with `colorants` and the sRGB curve.
    static func rgb(name: String, colorants: [[Double]]) -> Data {
        let curve = parametric(type: 3, sRGBCurve)
        return profile(space: "RGB ", tags: [
            ("desc", text(name)), ("wtpt", xyz([0.9642, 1.0, 0.8249])),
            ("rXYZ", xyz(colorants[0])), ("gXYZ", xyz(colorants[1])), ("bXYZ", xyz(colorants[2])),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ])
    }

    /// A gray profile named `name` with a gamma curve.
    static func gray(name: String, gamma: Double) -> Data {
        profile(space: "GRAY", tags: [("desc", text(name)), ("wtpt", xyz([0.9642, 1.0, 0.8249])), ("kTRC", parametric(type: 0, [gamma]))])
    }

    private static func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    private static func s15Fixed16(_ v: Double) -> [UInt8] { u32(Int((v * 65536).rounded()) & 0xFFFF_FFFF) }
    private static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    private static func xyz(_ v: [Double]) -> [UInt8] { ascii("XYZ ") + [0, 0, 0, 0] + v.flatMap(s15Fixed16) }

    private static func parametric(type: Int, _ parameters: [Double]) -> [UInt8] {
        ascii("para") + [0, 0, 0, 0, 0, UInt8(type), 0, 0] + parameters.flatMap(s15Fixed16)
    }

    /// A `multiLocalizedUnicodeType` with one record, en-US.
    private static func text(_ s: String) -> [UInt8] {
        let utf16 = s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return ascii("mluc") + [0, 0, 0, 0] + u32(1) + u32(12) + ascii("enUS") + u32(utf16.count) + u32(28) + utf16
    }

    /// The header, the tag table and the tags, each on a 4-byte boundary; tags with the same
    /// bytes share them, as profiles' curves usually do.
    private static func profile(space: String, tags: [(String, [UInt8])]) -> Data {
        var body: [UInt8] = []
        var table: [UInt8] = []
        var placed: [[UInt8]: Int] = [:]
        let start = 128 + 4 + tags.count * 12
        for (signature, bytes) in tags {
            let offset: Int
            if let shared = placed[bytes] {
                offset = shared
            } else {
                offset = start + body.count
                placed[bytes] = offset
                body += bytes
                while body.count % 4 != 0 { body.append(0) }
            }
            table += ascii(signature) + u32(offset) + u32(bytes.count)
        }
        let size = start + body.count
        var header = u32(size) + ascii("appl") + [4, 0x40, 0, 0] + ascii("mntr") + ascii(space) + ascii("XYZ ")
        header += [0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0]  // 2026-01-01
        header += ascii("acsp") + ascii("APPL") + u32(0) + ascii("APPL") + u32(0) + [UInt8](repeating: 0, count: 8) + u32(0)
        header += s15Fixed16(0.9642) + s15Fixed16(1.0) + s15Fixed16(0.8249) + ascii("appl")
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return Data(header + u32(tags.count) + table + body)
    }
}

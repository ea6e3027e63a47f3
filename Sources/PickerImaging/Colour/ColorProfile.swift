import Foundation

/// What an image's pixel values mean as colours: an ICC profile a file carried, PNG's `sRGB`
/// chunk, or its `gAMA` and `cHRM` chunks. `nil` on a ``PixelBuffer`` means untagged, which
/// every viewer reads as sRGB.
///
/// A profile keeps the bytes it was read from (``iccData``) and what PickerImaging understood of
/// them (``model``): the tone curves and the matrix to the ICC's D50 connection space of the
/// matrix/TRC RGB and gray profiles photos use (Display P3, Adobe RGB, ProPhoto, Rec. 709,
/// sRGB). An RGB or gray profile it cannot convert (one with a lookup table) still keeps its
/// bytes, so writing the image keeps it tagged; ``conversionProblem`` says why it cannot be
/// converted. (A CMYK file's profile describes its CMYK values, not the RGB pixels decoded from
/// them: the decoders leave it off those pixels, with a warning.)
///
/// ```swift
/// let photo = try JPEG.decode(data)          // an iPhone photo
/// photo.colorProfile?.name                   // "Display P3"
/// let shared = try photo.convertedToSRGB()   // the same colours, as sRGB
/// ```
public struct ColorProfile: Sendable, Hashable, CustomStringConvertible {
    /// Where the profile came from.
    public enum Origin: Sendable, Hashable {
        /// An embedded ICC profile (JPEG APP2 `ICC_PROFILE`, PNG `iCCP`, or given by the app).
        case icc
        /// PNG's `sRGB` chunk, with the rendering intent it names (0 perceptual, 1 relative
        /// colorimetric, 2 saturation, 3 absolute colorimetric); also PickerImaging's own
        /// ``ColorProfile/sRGB``.
        case sRGB(renderingIntent: Int)
        /// PNG's `gAMA` and `cHRM` chunks (either may be missing), with no profile or `sRGB` chunk.
        case gammaAndChromaticities(gamma: Double?, chromaticities: Chromaticities?)
    }

    /// The colour space of the pixel values, from an ICC profile's header.
    public enum ColorSpace: Sendable, Hashable, CustomStringConvertible {
        case rgb, gray, cmyk
        /// Any other signature (`Lab `, `YCbr`, `3CLR`…), as four characters.
        case other(String)

        public var description: String {
            switch self {
            case .rgb: "RGB"
            case .gray: "gray"
            case .cmyk: "CMYK"
            case let .other(signature): signature.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// Where the profile came from.
    public let origin: Origin
    /// The ICC profile's bytes, exactly as read; `nil` for the PNG chunks and ``sRGB``.
    public let iccData: Data?
    /// The profile's description (`desc`), when it has one.
    public let name: String?
    /// The colour space its pixel values are in.
    public let colorSpace: ColorSpace
    /// The matrix/TRC or gray model PickerImaging converts with; `nil` when it cannot convert
    /// this profile (``conversionProblem`` says why).
    public let model: ColorModel?
    /// Why the profile cannot be converted to sRGB, or `nil` when it can.
    public let conversionProblem: String?

    /// Whether the profile is sRGB itself: the `sRGB` chunk, ``sRGB``, or an ICC profile whose
    /// model is sRGB's to within the precision ICC stores it in (curves within 1/1000, matrix
    /// within 1/500).
    public var isSRGB: Bool {
        if case .sRGB = origin { return true }
        guard case let .rgb(curves, matrix)? = model, case let .rgb(sCurves, sMatrix)? = Self.sRGB.model else { return false }
        let levels = (0...16).map { Double($0) / 16 }
        let curvesMatch = zip(curves, sCurves).allSatisfy { pair in levels.allSatisfy { abs(pair.0.linear($0) - pair.1.linear($0)) < 0.001 } }
        return curvesMatch && zip(matrix, sMatrix).allSatisfy { abs($0 - $1) < 0.002 }
    }

    public var description: String {
        let what: String = switch origin {
        case .icc: "ICC \(colorSpace) profile"
        case .sRGB: "sRGB"
        case let .gammaAndChromaticities(gamma, chromaticities):
            "PNG " + [gamma.map { "gAMA \($0)" }, chromaticities.map { _ in "cHRM" }].compactMap { $0 }.joined(separator: ", ")
        }
        return [name.map { "\"\($0)\"" }, what, conversionProblem.map { "not convertible: \($0)" }].compactMap { $0 }.joined(separator: " ")
    }

    /// A profile from its parts; the decoders and ``init(iccData:)`` make them.
    package init(origin: Origin, iccData: Data?, name: String?, colorSpace: ColorSpace, model: ColorModel?, conversionProblem: String?) {
        self.origin = origin
        self.iccData = iccData
        self.name = name
        self.colorSpace = colorSpace
        self.model = model
        self.conversionProblem = model == nil ? (conversionProblem ?? "no colour model") : nil
    }

    /// sRGB (IEC 61966-2.1) as LittleCMS builds it: its piecewise curve, and its primaries and
    /// D65 white adapted to D50 by Bradford. The profile ``PixelBuffer/convertedToSRGB()`` tags
    /// its result with; PNG writes it as an `sRGB` chunk, JPEG leaves the file untagged.
    public static let sRGB = ColorProfile(
        origin: .sRGB(renderingIntent: 0), iccData: nil, name: "sRGB IEC61966-2.1", colorSpace: .rgb,
        model: .rgb(
            curves: Array(repeating: ToneCurve.sRGB, count: 3),
            matrix: ColorModel.matrix(primaries: .rec709, white: Chromaticities.d65White)),
        conversionProblem: nil)

    /// PNG's `sRGB` chunk with `renderingIntent` (0…3).
    public static func sRGBChunk(renderingIntent: Int) -> ColorProfile {
        ColorProfile(
            origin: .sRGB(renderingIntent: renderingIntent), iccData: nil, name: sRGB.name, colorSpace: .rgb, model: sRGB.model,
            conversionProblem: nil)
    }

    /// The profile PNG's `gAMA` and `cHRM` chunks describe: the gamma curve `1 / gamma` (the
    /// sRGB curve when `gamma` is missing, as browsers read such a file) and the chromaticities
    /// (sRGB's when missing), adapted to D50 by Bradford. `nil` when neither chunk is there. On
    /// a gray image only the curve applies (gray is the white point's).
    public static func png(gamma: Double?, chromaticities: Chromaticities?) -> ColorProfile? {
        guard gamma != nil || chromaticities != nil else { return nil }
        let curve = gamma.map { ToneCurve.gamma(1 / $0) } ?? .sRGB
        let usable = gamma.map { (1 / $0).isFinite && $0 > 0 } ?? true
        let primaries = chromaticities ?? .rec709
        let matrix = ColorModel.matrix(primaries: primaries, white: primaries.white)
        let model: ColorModel? = usable && matrix.allSatisfy(\.isFinite) ? .rgb(curves: Array(repeating: curve, count: 3), matrix: matrix) : nil
        return ColorProfile(
            origin: .gammaAndChromaticities(gamma: gamma, chromaticities: chromaticities), iccData: nil, name: nil, colorSpace: .rgb,
            model: model, conversionProblem: "gAMA or cHRM values that describe no colour space")
    }
}

/// CIE xy chromaticities of three primaries and a white point (PNG's `cHRM`).
public struct Chromaticities: Sendable, Hashable {
    public var white: SIMD2<Double>
    public var red: SIMD2<Double>
    public var green: SIMD2<Double>
    public var blue: SIMD2<Double>

    public init(white: SIMD2<Double>, red: SIMD2<Double>, green: SIMD2<Double>, blue: SIMD2<Double>) {
        self.white = white
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// CIE D65, the white of sRGB and Display P3.
    public static let d65White = SIMD2(0.3127, 0.3290)
    /// The primaries and white of Rec. 709 and sRGB.
    public static let rec709 = Chromaticities(white: d65White, red: SIMD2(0.64, 0.33), green: SIMD2(0.30, 0.60), blue: SIMD2(0.15, 0.06))
}

/// How a profile maps pixel values to the ICC connection space (CIE XYZ under D50): what
/// PickerImaging can convert.
public enum ColorModel: Sendable, Hashable {
    /// Three tone curves to linear light, then a 3×3 matrix (row-major) to XYZ under D50: its
    /// columns are the red, green and blue colorants.
    case rgb(curves: [ToneCurve], matrix: [Double])
    /// One tone curve to the luminance of the D50 white.
    case gray(ToneCurve)

    /// The ICC D50 white, as the connection space uses it (X 0.9642, Y 1, Z 0.8249).
    public static let d50 = SIMD3(0.9642, 1.0, 0.8249)

    /// The RGB → XYZ (D50) matrix, row-major, of `primaries` with the white `white`, adapted
    /// from that white to D50 by the Bradford transform, as LittleCMS builds an RGB profile.
    static func matrix(primaries: Chromaticities, white: SIMD2<Double>) -> [Double] {
        func xyz(_ c: SIMD2<Double>) -> SIMD3<Double> { SIMD3(c.x / c.y, 1, (1 - c.x - c.y) / c.y) }
        let r = xyz(primaries.red), g = xyz(primaries.green), b = xyz(primaries.blue), w = xyz(white)
        let primariesMatrix = Matrix3(columns: r, g, b)
        // Primaries on one line (or all but) span no colour space: the matrix is singular but
        // for rounding, and scaling it to the white would give entries near 1e15. No matrix.
        guard primariesMatrix.determinant.magnitude >= 1e-9 else { return Array(repeating: .nan, count: 9) }
        let scale = primariesMatrix.inverse * w
        let toXYZ = Matrix3(columns: r * scale.x, g * scale.y, b * scale.z)
        return (Matrix3.bradford(from: w, to: d50) * toXYZ).rowMajor
    }
}

/// A tone curve: pixel value (0…1) to linear light (0…1), as ICC's `curv` and `para` types give it.
public enum ToneCurve: Sendable, Hashable {
    /// `y = x^gamma` (a `curv` of one entry, or `para` type 0).
    case gamma(Double)
    /// ICC `para` function types 1 to 4, with their parameters g, a, b, c, d, e, f (as many as
    /// the type takes).
    case parametric(type: Int, parameters: [Double])
    /// Samples spread evenly over 0…1, 0…65535 each, read by linear interpolation (`curv` of
    /// two or more entries).
    case sampled([UInt16])

    /// The sRGB curve, `para` type 3.
    public static let sRGB = ToneCurve.parametric(type: 3, parameters: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])

    /// The linear light of pixel value `x` (0…1), as LittleCMS evaluates each curve type. (A
    /// `sampled` curve of one sample is that constant, of none the identity.)
    public func linear(_ x: Double) -> Double {
        switch self {
        case let .gamma(g):
            return x <= 0 ? 0 : pow(x, g)
        case let .parametric(type, parameters):
            // Parameters a type takes but the list lacks read as 0.
            let p = parameters + Array(repeating: 0, count: max(0, 7 - parameters.count))
            let g = p[0]
            func power(_ base: Double) -> Double { base > 0 ? pow(base, g) : 0 }
            switch type {
            case 1: return x >= -p[2] / p[1] ? power(p[1] * x + p[2]) : 0
            case 2: return x >= -p[2] / p[1] ? power(p[1] * x + p[2]) + p[3] : p[3]
            case 3: return x >= p[4] ? power(p[1] * x + p[2]) : p[3] * x
            case 4: return x >= p[4] ? power(p[1] * x + p[2]) + p[5] : p[3] * x + p[6]
            default: return x <= 0 ? 0 : pow(x, g)
            }
        case let .sampled(samples):
            guard samples.count >= 2 else { return samples.first.map { Double($0) / 65535 } ?? x }
            let position = min(max(x, 0), 1) * Double(samples.count - 1)
            let i = min(Int(position), samples.count - 2)
            let t = position - Double(i)
            return (Double(samples[i]) * (1 - t) + Double(samples[i + 1]) * t) / 65535
        }
    }
}

extension ToneCurve {
    /// ``linear(_:)`` as LittleCMS's 8-bit transforms evaluate it: at a single-precision `x`,
    /// with the result in single precision, and a sampled curve (a `curv` table) read through
    /// its 16-bit interpolation (`cmsEvalToneCurveFloat`: the input saturated to 16 bits,
    /// `LinLerp1D`'s fixed-point interpolation, the output divided back).
    func linearAsLittleCMS(_ x: Float) -> Float {
        guard case let .sampled(samples) = self, samples.count >= 2 else { return Float(linear(Double(x))) }
        // `_cmsQuickSaturateWord`: round half up, into 0…65535.
        let d = Double(x) * 65535 + 0.5
        let input = d <= 0 ? 0 : d >= 65535 ? 65535 : Int(d.rounded(.down))
        let domain = samples.count - 1
        let output: Int
        if input == 0xFFFF {
            output = Int(samples[domain])
        } else {
            // `_cmsToFixedDomain`, then the cell (16 high bits) and the rest (16 low bits).
            let scaled = domain * input
            let fixed = scaled + (scaled + 0x7FFF) / 0xFFFF
            let cell = fixed >> 16, rest = fixed & 0xFFFF
            let low = Int(samples[cell]), high = Int(samples[min(cell + 1, domain)])
            output = (((high - low) * rest + 0x8000) >> 16) + low
        }
        return Float(Double(output) / 65535)
    }
}

/// A 3×3 matrix of doubles: just what profile arithmetic needs.
struct Matrix3 {
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) { rows = (r0, r1, r2) }
    init(columns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>) {
        rows = (SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z))
    }
    init(rowMajor m: [Double]) {
        rows = (SIMD3(m[0], m[1], m[2]), SIMD3(m[3], m[4], m[5]), SIMD3(m[6], m[7], m[8]))
    }

    var rowMajor: [Double] { [rows.0.x, rows.0.y, rows.0.z, rows.1.x, rows.1.y, rows.1.z, rows.2.x, rows.2.y, rows.2.z] }
    var columns: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        (SIMD3(rows.0.x, rows.1.x, rows.2.x), SIMD3(rows.0.y, rows.1.y, rows.2.y), SIMD3(rows.0.z, rows.1.z, rows.2.z))
    }

    static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.rows.0 * v).sum(), (m.rows.1 * v).sum(), (m.rows.2 * v).sum())
    }

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        let c = b.columns
        return Matrix3(columns: a * c.0, a * c.1, a * c.2)
    }

    var determinant: Double {
        let (a, b, c) = rows
        return a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x)
    }

    /// The inverse (not finite when the matrix is singular).
    var inverse: Matrix3 {
        let (a, b, c) = rows
        let d = determinant
        return Matrix3(
            rows: SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y) / d,
            SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z) / d,
            SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x) / d)
    }

    /// The Bradford chromatic adaptation from white `source` to white `destination` (XYZ).
    static func bradford(from source: SIMD3<Double>, to destination: SIMD3<Double>) -> Matrix3 {
        let cone = Matrix3(
            rows: SIMD3(0.8951, 0.2664, -0.1614), SIMD3(-0.7502, 1.7135, 0.0367), SIMD3(0.0389, -0.0685, 1.0296))
        let gain = (cone * destination) / (cone * source)
        let diagonal = Matrix3(rows: SIMD3(gain.x, 0, 0), SIMD3(0, gain.y, 0), SIMD3(0, 0, gain.z))
        return cone.inverse * diagonal * cone
    }
}

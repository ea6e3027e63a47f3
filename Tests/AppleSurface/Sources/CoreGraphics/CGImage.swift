import SurfaceDevice

// Core Graphics' bitmap images, colour spaces, data providers and bitmap contexts, as far as the
// adapters use them: 8-bit samples, gray or RGB(A), with the colour space carried along.
// Drawing converts between alpha layouts exactly; between colour spaces it copies the samples
// and records the conversion (`Device.current.colourConversions`), since matching colour is not
// modelled. Drawing is modelled at one sample per pixel (rectangles the image's own size); a
// scaled draw is recorded as a warning and drawn nearest-neighbour.

/// Apple: `enum CGImageAlphaInfo : UInt32`.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// Apple: `struct CGBitmapInfo : OptionSet`.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// Apple: `enum CGColorRenderingIntent : Int32`.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// Apple: `enum CGColorSpaceModel : Int32`.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1, monochrome = 0, rgb, cmyk, lab, deviceN, indexed, pattern, XYZ
}

/// Apple: `enum CGInterpolationQuality : Int32`.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none, low, high, medium
}

/// Apple: `class CGColorSpace`.
public final class CGColorSpace: @unchecked Sendable {
    /// Apple: `class let sRGB: CFString`.
    nonisolated(unsafe) public static let sRGB: CFString = "kCGColorSpaceSRGB"
    /// Apple: `class let displayP3: CFString`.
    nonisolated(unsafe) public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
    /// Apple: `class let genericGrayGamma2_2: CFString`.
    nonisolated(unsafe) public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    /// Apple: `class let extendedSRGB: CFString` (iOS 10).
    nonisolated(unsafe) public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    /// Apple: `class let itur_2100_PQ: CFString` (iOS 14).
    nonisolated(unsafe) public static let itur_2100_PQ: CFString = "kCGColorSpaceITUR_2100_PQ"
    /// Apple: `class let itur_2100_HLG: CFString` (iOS 14).
    nonisolated(unsafe) public static let itur_2100_HLG: CFString = "kCGColorSpaceITUR_2100_HLG"

    /// The spaces whose values go past 0…1 or which carry HDR: extended range and BT.2100's
    /// transfer functions. Core Graphics draws them only into bitmaps of more than 8 bits a
    /// component ("Supported Pixel Formats", Quartz 2D Programming Guide).
    var needsMoreThan8Bits: Bool {
        [Self.extendedSRGB, Self.itur_2100_PQ, Self.itur_2100_HLG].contains { ($0 as String) == (name as String?) }
    }

    /// Apple: `var name: CFString? { get }`.
    public let name: CFString?
    /// Apple: `var model: CGColorSpaceModel { get }`.
    public let model: CGColorSpaceModel

    /// The ICC profile ``copyICCData()`` gives.
    let iccData: Data?

    /// Apple: `init?(name: CFString)`.
    public init?(name: CFString) {
        let text = name as String
        let rgb = [Self.sRGB, Self.displayP3, Self.extendedSRGB, Self.itur_2100_PQ, Self.itur_2100_HLG]
        if rgb.contains(where: { ($0 as String) == text }) {
            model = .rgb
        } else if text == Self.genericGrayGamma2_2 as String {
            model = .monochrome
        } else {
            return nil
        }
        self.name = name
        if text == Self.sRGB as String {
            iccData = SurfaceICC.rgb(name: "sRGB IEC61966-2.1", colorants: SurfaceICC.sRGBColorants)
        } else if text == Self.displayP3 as String {
            iccData = SurfaceICC.rgb(name: "Display P3", colorants: SurfaceICC.displayP3Colorants)
        } else if text == Self.genericGrayGamma2_2 as String {
            iccData = SurfaceICC.gray(name: "Generic Gray Gamma 2.2 Profile", gamma: 2.2)
        } else {
            iccData = nil
        }
    }

    /// Apple: `func copyICCData() -> CFData?` (iOS 10): the space's ICC profile.
    ///
    /// Modelled: a space made from a profile gives that profile's bytes; sRGB, Display P3 and
    /// Generic Gray Gamma 2.2 give version 4 profiles built from their definitions (their
    /// colorants, white and curves, which is what a colour manager reads; the other bytes of
    /// Apple's own profiles only a device has); the extended-range and HDR spaces give `nil`.
    public func copyICCData() -> CFData? {
        iccData.map { $0 as NSData }
    }

    /// Apple: `init?(iccData data: CFTypeRef?)` (iOS 10), from an ICC profile's bytes (`CFData`).
    ///
    /// Modelled: the profile's header is read, its `acsp` signature and its colour space (RGB or
    /// gray; any other gives `nil`, as does data that is not a profile). The space has no `name`:
    /// one made from a profile has none. Whether a device converts between such a space and a
    /// named one exactly as its profile says only a device can show.
    public init?(iccData data: CFTypeRef?) {
        guard let data = data as? NSData else { return nil }
        let bytes = Data(referencing: data)
        guard bytes.count >= 128, bytes[36..<40].elementsEqual("acsp".utf8) else { return nil }
        iccData = bytes
        let space = bytes[16..<20]
        if space.elementsEqual("RGB ".utf8) {
            model = .rgb
        } else if space.elementsEqual("GRAY".utf8) {
            model = .monochrome
        } else {
            return nil
        }
        name = nil
    }

    /// Apple: `var numberOfComponents: Int { get }`.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }
}

/// Apple: `class CGDataProvider`.
public final class CGDataProvider {
    let bytes: Data

    /// Apple: `init?(data: CFData)`.
    public init?(data: CFData) {
        bytes = Data(referencing: data)
    }

    /// Apple: `var data: CFData? { get }`.
    public var data: CFData? { bytes as NSData }
}

/// Apple: `class CGImage`. A cropped image shares its parent's pixels and keeps the parent
/// alive, as `cropping(to:)` documents.
public final class CGImage: @unchecked Sendable {
    /// Apple: `var width: Int { get }`.
    public let width: Int
    /// Apple: `var height: Int { get }`.
    public let height: Int
    /// Apple: `var bitsPerComponent: Int { get }`.
    public let bitsPerComponent: Int
    /// Apple: `var bitsPerPixel: Int { get }`.
    public let bitsPerPixel: Int
    /// Apple: `var bytesPerRow: Int { get }`.
    public let bytesPerRow: Int
    /// Apple: `var colorSpace: CGColorSpace? { get }`.
    public let colorSpace: CGColorSpace?
    /// Apple: `var bitmapInfo: CGBitmapInfo { get }`.
    public let bitmapInfo: CGBitmapInfo
    let storage: CGDataProvider
    /// Where this image starts in `storage`, in pixels; not zero for a crop.
    let offset: (x: Int, y: Int)
    /// The image this one was cropped from, kept alive as Core Graphics keeps it.
    @_spi(Surface) public let surfaceParent: CGImage?

    /// Apple: `init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
    /// space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
    /// shouldInterpolate: Bool, intent: CGColorRenderingIntent)`.
    public init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) {
        let channels = bitsPerPixel / max(1, bitsPerComponent)
        guard width > 0, height > 0, bitsPerComponent == 8, [8, 24, 32].contains(bitsPerPixel),
            channels == space.numberOfComponents + (bitsPerPixel == 32 ? 1 : 0) || (channels == 1 && space.model == .monochrome),
            bytesPerRow >= width * bitsPerPixel / 8, provider.bytes.count >= bytesPerRow * (height - 1) + width * bitsPerPixel / 8
        else { return nil }
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow
        colorSpace = space
        self.bitmapInfo = bitmapInfo
        storage = provider
        offset = (0, 0)
        surfaceParent = nil
    }

    private init(cropping parent: CGImage, x: Int, y: Int, width: Int, height: Int) {
        self.width = width
        self.height = height
        bitsPerComponent = parent.bitsPerComponent
        bitsPerPixel = parent.bitsPerPixel
        bytesPerRow = parent.bytesPerRow
        colorSpace = parent.colorSpace
        bitmapInfo = parent.bitmapInfo
        storage = parent.storage
        offset = (parent.offset.x + x, parent.offset.y + y)
        surfaceParent = parent
    }

    /// Apple: `var alphaInfo: CGImageAlphaInfo { get }`.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.intersection(.alphaInfoMask).rawValue) ?? .none
    }

    /// Apple: `var dataProvider: CGDataProvider? { get }`. For a crop, the parent's provider.
    public var dataProvider: CGDataProvider? { storage }

    /// Apple: `func cropping(to rect: CGRect) -> CGImage?`: the part of the image inside `rect`
    /// (rounded out to whole pixels, clipped to the image), sharing its pixels; `nil` when
    /// `rect` holds no pixel.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard rect.width.isFinite, rect.height.isFinite, rect.origin.x.isFinite, rect.origin.y.isFinite else { return nil }
        let x0 = max(0, Int(rect.minX.rounded(.down))), y0 = max(0, Int(rect.minY.rounded(.down)))
        let x1 = min(width, Int(rect.maxX.rounded(.up))), y1 = min(height, Int(rect.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return CGImage(cropping: self, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The RGBA sample of a pixel (gray repeated, alpha 255 where there is none), as stored:
    /// premultiplied when the image is.
    func rgba(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let bytes = bitsPerPixel / 8
        let i = (offset.y + y) * bytesPerRow + (offset.x + x) * bytes
        return storage.bytes.withUnsafeBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            switch (bytes, alphaInfo) {
            case (1, _): return (p[i], p[i], p[i], 255)
            case (3, _): return (p[i], p[i + 1], p[i + 2], 255)
            case (_, .premultipliedFirst), (_, .first): return (p[i + 1], p[i + 2], p[i + 3], p[i])
            case (_, .noneSkipFirst): return (p[i + 1], p[i + 2], p[i + 3], 255)
            case (_, .noneSkipLast), (_, .none): return (p[i], p[i + 1], p[i + 2], 255)
            default: return (p[i], p[i + 1], p[i + 2], p[i + 3])
            }
        }
    }

    /// Whether the samples are premultiplied by alpha.
    var isPremultiplied: Bool { alphaInfo == .premultipliedLast || alphaInfo == .premultipliedFirst }
}

/// Apple: `class CGContext`, as a bitmap context (`CGBitmapContextCreate`): 8-bit RGBA or gray.
public final class CGContext {
    private let data: UnsafeMutablePointer<UInt8>
    private let ownsData: Bool
    /// Apple: `var width: Int { get }`.
    public let width: Int
    /// Apple: `var height: Int { get }`.
    public let height: Int
    /// Apple: `var bytesPerRow: Int { get }`.
    public let bytesPerRow: Int
    /// Apple: `var colorSpace: CGColorSpace? { get }`.
    public let colorSpace: CGColorSpace?
    /// Apple: `var bitmapInfo: CGBitmapInfo { get }`.
    public let bitmapInfo: CGBitmapInfo
    /// Apple: `var interpolationQuality: CGInterpolationQuality { get set }`.
    public var interpolationQuality = CGInterpolationQuality.default

    /// Apple: `init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    /// bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32)`.
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let alpha = CGImageAlphaInfo(rawValue: info.intersection(.alphaInfoMask).rawValue) ?? .none
        let channels = space.model == .monochrome ? 1 : 4
        // Core Graphics' supported bitmap formats at 8 bits: gray with no alpha, RGB with
        // premultiplied alpha or a skipped byte; straight alpha is refused.
        let supported = space.model == .monochrome
            ? alpha == .none
            : [.premultipliedLast, .premultipliedFirst, .noneSkipLast, .noneSkipFirst].contains(alpha)
        guard bitsPerComponent == 8, width > 0, height > 0, supported else { return nil }
        // An 8-bit bitmap cannot hold extended-range or HDR values: Core Graphics logs
        // "CGBitmapContextCreate: unsupported parameter combination" and returns nil.
        guard !space.needsMoreThan8Bits else {
            Device.current.warn("CGBitmapContextCreate: unsupported parameter combination: 8 bits/component; \(space.name.map { $0 as String } ?? "no name")")
            return nil
        }
        let rowBytes = bytesPerRow == 0 ? width * channels : bytesPerRow
        guard rowBytes >= width * channels else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = rowBytes
        colorSpace = space
        self.bitmapInfo = info
        if let data {
            self.data = data.bindMemory(to: UInt8.self, capacity: rowBytes * height)
            ownsData = false
        } else {
            self.data = .allocate(capacity: rowBytes * height)
            self.data.initialize(repeating: 0, count: rowBytes * height)
            ownsData = true
        }
    }

    deinit {
        if ownsData { data.deallocate() }
    }

    private var channels: Int { colorSpace?.model == .monochrome ? 1 : 4 }
    private var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.intersection(.alphaInfoMask).rawValue) ?? .none
    }

    /// Apple: `func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false)`. The
    /// context's origin is its bottom-left corner, as in Core Graphics: `rect` at y = 0 lies
    /// along the bitmap's last rows. Drawn over what is there (source over).
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard rect.width > 0, rect.height > 0 else { return }
        if let from = image.colorSpace?.name, let to = colorSpace?.name, from != to {
            Device.current.converted("\(from) to \(to)")
        }
        if Int(rect.width.rounded()) != image.width || Int(rect.height.rounded()) != image.height {
            Device.current.warn("surface: a scaled draw of \(image.width)x\(image.height) into \(rect) is drawn nearest-neighbour")
        }
        let left = Int(rect.minX.rounded()), top = height - Int(rect.maxY.rounded())
        let w = Int(rect.width.rounded()), h = Int(rect.height.rounded())
        for y in max(0, top)..<min(height, top + h) {
            for x in max(0, left)..<min(width, left + w) {
                let sx = (x - left) * image.width / w, sy = (y - top) * image.height / h
                var (r, g, b, a) = image.rgba(x: sx, y: sy)
                if !image.isPremultiplied, a != 255 {
                    r = UInt8((Int(r) * Int(a) + 127) / 255)
                    g = UInt8((Int(g) * Int(a) + 127) / 255)
                    b = UInt8((Int(b) * Int(a) + 127) / 255)
                }
                store(x: x, y: y, (r, g, b, a))
            }
        }
    }

    /// Stores a premultiplied sample over what is there.
    private func store(x: Int, y: Int, _ sample: (UInt8, UInt8, UInt8, UInt8)) {
        let i = y * bytesPerRow + x * channels
        let (r, g, b, a) = sample
        let inverse = 255 - Int(a)
        func over(_ top: UInt8, _ below: UInt8) -> UInt8 {
            let kept: Int = (Int(below) * inverse + 127) / 255
            return UInt8(min(255, Int(top) + kept))
        }
        if channels == 1 {
            // Rec. 601 luma, as a gray context keeps it.
            let weighted: Int = Int(r) * 299 + Int(g) * 587 + Int(b) * 114
            let gray = UInt8((weighted + 500) / 1000)
            data[i] = over(gray, data[i])
            return
        }
        switch alphaInfo {
        case .premultipliedFirst, .noneSkipFirst:
            data[i] = alphaInfo == .noneSkipFirst ? 255 : over(a, data[i])
            data[i + 1] = over(r, data[i + 1])
            data[i + 2] = over(g, data[i + 2])
            data[i + 3] = over(b, data[i + 3])
        default:
            data[i] = over(r, data[i])
            data[i + 1] = over(g, data[i + 1])
            data[i + 2] = over(b, data[i + 2])
            data[i + 3] = alphaInfo == .noneSkipLast ? 255 : over(a, data[i + 3])
        }
    }

    /// Apple: `func makeImage() -> CGImage?`: a copy of the bitmap as it is now.
    public func makeImage() -> CGImage? {
        guard let colorSpace else { return nil }
        let bytes = Data(bytes: data, count: bytesPerRow * height)
        guard let provider = CGDataProvider(data: bytes as NSData) else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: channels * 8, bytesPerRow: bytesPerRow,
            space: colorSpace, bitmapInfo: bitmapInfo, provider: provider, decode: nil, shouldInterpolate: false,
            intent: .defaultIntent)
    }
}

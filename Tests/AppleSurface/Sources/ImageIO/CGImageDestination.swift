import PickerCodecs
import PickerImaging

// ImageIO's image destinations, as far as the adapters use them: one image written as PNG or
// JPEG into a data object. The files are real (encoded with PickerImaging's codecs), so the
// surface's image sources read them back, and carry the image's colour space as its ICC
// profile (`copyICCData()`), as ImageIO embeds it. HEIF only a device writes.

/// Apple: `let kCGImageDestinationLossyCompressionQuality: CFString`.
nonisolated(unsafe) public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"

/// Apple: `class CGImageDestination`.
public final class CGImageDestination {
    let data: NSMutableData
    let type: String
    var image: CGImage?
    var properties: [CFString: Any] = [:]
    var finalized = false

    init(data: NSMutableData, type: String) {
        self.data = data
        self.type = type
    }
}

/// Apple: `func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination?`.
/// Modelled: one image of `public.png` or `public.jpeg`; any other type (`public.heic` among
/// them, which devices write) gives `nil` here.
public func CGImageDestinationCreateWithData(
    _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    let type = type as String
    guard count == 1, type == "public.png" || type == "public.jpeg" else { return nil }
    return CGImageDestination(data: data, type: type)
}

/// Apple: `func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?)`.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.image = image
    idst.properties = properties as? [CFString: Any] ?? [:]
}

/// Apple: `func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool`: writes the
/// file into the destination's data; `false` with no image added, or when called twice. The
/// pixels are written as stored; a JPEG carries the orientation property
/// (`kCGImagePropertyOrientation`) as its EXIF tag, as ImageIO writes it, and its quality is
/// `kCGImageDestinationLossyCompressionQuality` (0…1; ImageIO's default otherwise). The
/// values are the image's own, in its colour space, whose profile the file carries (an `iCCP`
/// chunk, APP2 segments), as ImageIO writes a `CGImage`; an image in a space without one (the
/// extended-range and HDR spaces) is drawn into sRGB first. The surface's PNG has no `eXIf`
/// chunk, so a PNG's orientation property is not written: a device writes it.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.finalized, let image = idst.image, let pixels = image.surfaceStraightPixels() else { return false }
    idst.finalized = true
    let orientation = (idst.properties[kCGImagePropertyOrientation] as? Int).flatMap(ImageOrientation.init(rawValue:)) ?? .up
    var oriented = pixels
    let file: Data
    if idst.type == "public.png" {
        file = PNG.encode(oriented)
    } else {
        oriented.orientation = orientation
        var options = JPEG.EncodingOptions()
        options.orientation = .exif
        if let quality = idst.properties[kCGImageDestinationLossyCompressionQuality] as? Double {
            options.quality = max(1, min(100, Int((quality * 100).rounded())))
        }
        guard let encoded = try? JPEG.encode(oriented, options: options) else { return false }
        file = encoded
    }
    idst.data.append(file)
    return true
}

extension CGImage {
    /// The pixels, straight RGBA, drawn as Core Graphics draws them into an 8-bit premultiplied
    /// bitmap (the surface's only kind) in the image's own RGB space when it has a profile (else
    /// sRGB), then unpremultiplied and tagged with that profile.
    func surfaceStraightPixels() -> PixelBuffer? {
        let own = colorSpace.flatMap { $0.model == .rgb && $0.copyICCData() != nil ? $0 : nil }
        guard let space = own ?? CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        context.draw(self, in: CGRect(x: 0, y: 0, width: width, height: height))
        guard let drawn = context.makeImage()?.dataProvider?.data else { return nil }
        let bytes = [UInt8](Data(referencing: drawn))
        let profile = space.copyICCData().flatMap { try? ColorProfile(iccData: Data(referencing: $0)) }
        guard var pixels = (try? PixelBuffer(width: width, height: height, format: .rgba8Premultiplied, bytes: bytes))?.asStraightRGBA()
        else { return nil }
        pixels.colorProfile = profile
        return pixels
    }
}

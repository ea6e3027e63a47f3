/// How an image is written as a file to upload or store: the format, its quality, the colours
/// it is written in, and what shows through where the image is transparent in a format without
/// transparency.
///
/// The same options write the same pixels everywhere: PickerKitUIKit's `fileData(_:)` writes
/// them with ImageIO on Apple platforms, PickerCodecs' `PixelBuffer.fileData(_:)` with its own
/// encoders on Linux and servers. Both start from ``prepared(_:)``:
///
/// - **Upright.** The orientation is baked into the pixels, so a server or browser that ignores
///   EXIF orientation still shows the avatar the right way up.
/// - **Colour.** ``colorOutput`` `.sRGB` (the default) converts the pixels to sRGB, so a file
///   whose profile a server strips still shows the right colours; `.keepProfile` keeps the
///   image's own values (Display P3 for most iPhone photos) and the file carries its profile.
///   A profile that cannot be converted is kept and written, never passed off as sRGB.
/// - **Transparency.** JPEG has none: the circle's corners, and any pixel that is not opaque,
///   are composited over ``background`` (white by default). A premultiplied image is composited
///   as premultiplied, so a half-covered edge pixel keeps its colour and gets no dark fringe.
///   PNG and HEIF keep the alpha.
///
/// ```swift
/// let jpeg = try avatar.fileData(.jpeg(quality: 0.85))           // sRGB, corners white
/// let png = try avatar.fileData(.png(colorOutput: .keepProfile))  // Display P3, tagged
/// ```
public struct ImageFileOptions: Sendable, Equatable, Codable {
    /// A file format an avatar is written in.
    public enum Format: String, Sendable, Equatable, Codable, CaseIterable, CustomStringConvertible {
        /// JPEG (`image/jpeg`): lossy, no transparency.
        case jpeg
        /// PNG (`image/png`): lossless, with transparency.
        case png
        /// HEIF (`image/heic`), as iPhones write photos: lossy, with transparency. Written where
        /// the platform has an encoder (ImageIO on devices); elsewhere an error says so.
        case heif

        /// Whether the format keeps transparency; without it, ``ImageFileOptions/background``
        /// shows through.
        public var hasAlpha: Bool { self != .jpeg }
        /// The media type to upload the file with: `image/jpeg`, `image/png`, `image/heic`.
        public var mimeType: String {
            switch self {
            case .jpeg: "image/jpeg"
            case .png: "image/png"
            case .heif: "image/heic"
            }
        }
        /// The format's name: `JPEG`, `PNG`, `HEIF`.
        public var description: String { rawValue.uppercased() }
        /// The file name extension: `jpg`, `png`, `heic`.
        public var filenameExtension: String {
            switch self {
            case .jpeg: "jpg"
            case .png: "png"
            case .heif: "heic"
            }
        }
        /// The uniform type identifier ImageIO writes it by: `public.jpeg`, `public.png`,
        /// `public.heic`.
        public var typeIdentifier: String {
            switch self {
            case .jpeg: "public.jpeg"
            case .png: "public.png"
            case .heif: "public.heic"
            }
        }
    }

    /// The file format.
    public var format: Format
    /// The compression quality of a lossy format, from 0 (smallest) to 1 (best); unused for
    /// PNG. Values outside 0…1 are clamped to it; one that is not a number is
    /// ``ImagingError/invalidNumber(parameter:value:)`` when the file is written.
    public var quality: Double
    /// The colours the file is written in: sRGB (the default), or the image's own, tagged.
    public var colorOutput: AvatarPipeline.ColorOutput
    /// What shows through where the image is not opaque, in a format without transparency
    /// (``Format/hasAlpha``); its alpha is taken as opaque, since such a file has none.
    public var background: RGBA

    /// Options for `format`.
    public init(format: Format, quality: Double = 0.85, colorOutput: AvatarPipeline.ColorOutput = .sRGB, background: RGBA = RGBA(255, 255, 255)) {
        self.format = format
        self.quality = quality
        self.colorOutput = colorOutput
        self.background = background
    }

    /// JPEG at `quality` (0…1), over `background` where the image is not opaque.
    public static func jpeg(
        quality: Double = 0.85, colorOutput: AvatarPipeline.ColorOutput = .sRGB, background: RGBA = RGBA(255, 255, 255)
    ) -> ImageFileOptions {
        ImageFileOptions(format: .jpeg, quality: quality, colorOutput: colorOutput, background: background)
    }

    /// PNG, with its transparency.
    public static func png(colorOutput: AvatarPipeline.ColorOutput = .sRGB) -> ImageFileOptions {
        ImageFileOptions(format: .png, colorOutput: colorOutput)
    }

    /// HEIF at `quality` (0…1), with its transparency.
    public static func heif(quality: Double = 0.85, colorOutput: AvatarPipeline.ColorOutput = .sRGB) -> ImageFileOptions {
        ImageFileOptions(format: .heif, quality: quality, colorOutput: colorOutput)
    }

    /// ``quality`` clamped to 0…1.
    ///
    /// - Throws: ``ImagingError/invalidNumber(parameter:value:)`` when it is not a number.
    public func checkedQuality() throws(ImagingError) -> Double {
        guard !quality.isNaN else { throw .invalidNumber(parameter: "quality", value: quality) }
        return min(1, max(0, quality))
    }

    /// The pixels a file with these options holds: upright, in the colours ``colorOutput``
    /// asks for (tagged with their profile, or ``ColorProfile/sRGB``), and, for a format
    /// without transparency, opaque over ``background``. Gray stays gray where it is opaque.
    ///
    /// - Throws: ``ImagingError/invalidNumber(parameter:value:)`` for a quality that is not a
    ///   number.
    /// - Complexity: O(pixels).
    public func prepared(_ pixels: PixelBuffer) throws(ImagingError) -> PixelBuffer {
        _ = try checkedQuality()
        var image = pixels.normalized()
        if colorOutput == .sRGB, image.colorProfile != nil {
            // A profile that cannot be converted is kept: the file still carries it.
            if let converted = try? image.convertedToSRGB() { image = converted }
        }
        if !format.hasAlpha { image = image.flattened(over: background) }
        return image
    }
}

extension PixelBuffer {
    /// The image composited over an opaque `background` (its alpha is ignored): every pixel
    /// opaque, straight RGBA (a gray image, always opaque, is returned as it is). A
    /// premultiplied pixel is composited as premultiplied (`colour + background × (1 − alpha)`),
    /// a straight one as straight (`colour × alpha + background × (1 − alpha)`), rounded: a
    /// half-covered white pixel over white is white, with no dark fringe.
    ///
    /// ```swift
    /// let opaque = circle.flattened(over: RGBA(255, 255, 255))   // corners white
    /// ```
    ///
    /// - Complexity: O(width × height).
    public func flattened(over background: RGBA) -> PixelBuffer {
        guard format != .gray8 else { return self }
        let premultiplied = format == .rgba8Premultiplied
        var out = [UInt8](repeating: 255, count: width * height * 4)
        let below = [Int(background.r), Int(background.g), Int(background.b)]
        bytes.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = y * rowStride
                for x in 0..<width {
                    let i = row + x * 4, o = (y * width + x) * 4
                    let alpha = Int(source[i + 3])
                    for c in 0..<3 {
                        let colour = Int(source[i + c])
                        // Scaled by 255: colour × 255 when premultiplied, colour × alpha when straight.
                        let top = premultiplied ? colour * 255 : colour * alpha
                        let value = (top + below[c] * (255 - alpha) + 127) / 255
                        out[o + c] = UInt8(min(255, value))
                    }
                }
            }
        }
        return PixelBuffer(checkedWidth: width, height: height, format: .rgba8, bytes: out, rowStride: width * 4, orientation: orientation)
            .tagged(colorProfile)
    }
}

/// How one pixel of a ``PixelBuffer`` is laid out in memory.
public enum PixelFormat: String, Sendable, Codable, CaseIterable {
    /// Red, green, blue, alpha; one byte each; colour not multiplied by alpha.
    case rgba8
    /// Red, green, blue, alpha; one byte each; colour already multiplied by alpha.
    case rgba8Premultiplied
    /// One byte of luminance, opaque.
    case gray8

    /// Bytes per pixel: 4 or 1.
    public var bytesPerPixel: Int {
        switch self {
        case .rgba8, .rgba8Premultiplied: 4
        case .gray8: 1
        }
    }
}

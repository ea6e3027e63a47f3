/// One 8-bit RGBA pixel value.
public struct RGBA: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8
    /// Alpha: 0 transparent, 255 opaque.
    public var a: UInt8

    /// Creates a pixel from its four channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The Rec. 601 luma of the colour, rounded: `(299 r + 587 g + 114 b) / 1000`.
    public var luma: UInt8 {
        let weighted: Int = 299 * Int(r) + 587 * Int(g) + 114 * Int(b)
        return UInt8((weighted + 500) / 1000)
    }

    /// `"RGBA(255, 0, 0, 255)"`.
    public var description: String { "RGBA(\(r), \(g), \(b), \(a))" }
}

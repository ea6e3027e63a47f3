/// Apple: `@frozen struct Image : Equatable` (a `View`). Modelled: an image made from a
/// `CGImage`, which the surface's host shows as what it holds (the pixels, their scale and
/// their orientation), so a test can read what the person would see. How SwiftUI resizes,
/// renders and animates it only a device can show.
nonisolated public struct Image: View, PrimitiveView, Equatable, @unchecked Sendable {
    /// Apple: `@frozen enum Orientation : UInt8, CaseIterable, Hashable`.
    public enum Orientation: UInt8, CaseIterable, Hashable, Sendable {
        case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored
    }

    /// The pixels shown.
    @_spi(Surface) public let surfaceCGImage: CGImage
    /// Pixels a point.
    @_spi(Surface) public let surfaceScale: CGFloat
    /// How the pixels are turned to be shown.
    @_spi(Surface) public let surfaceOrientation: Orientation

    /// Apple: `init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up)`.
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) {
        surfaceCGImage = cgImage
        surfaceScale = scale
        surfaceOrientation = orientation
    }

    public static func == (a: Image, b: Image) -> Bool {
        a.surfaceCGImage === b.surfaceCGImage && a.surfaceScale == b.surfaceScale && a.surfaceOrientation == b.surfaceOrientation
    }

    public var body: Never { fatalError("Image has no body") }
    @MainActor func draw(into node: SurfaceNode) { node.children.append(SurfaceNode(.image(self))) }
}

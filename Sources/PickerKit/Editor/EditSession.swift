import PickerImaging

/// An edit that can be saved and re-applied later, in another launch (B24): the editor's
/// geometry and the output settings.
///
/// ```swift
/// let saved = try JSONEncoder().encode(result.editSession)
/// // later:
/// let session = try JSONDecoder().decode(EditSession.self, from: saved)
/// let avatar = try session.apply(to: original)       // the same pixels, no UI
/// try picker.edit(original, restoring: session)       // or reopen the editor on it
/// ```
public struct EditSession: Sendable, Equatable, Codable {
    /// The editor as the person left it.
    public var geometry: EditorGeometry
    /// How the crop is rendered.
    public var output: AvatarOutput

    /// Creates a session.
    public init(geometry: EditorGeometry, output: AvatarOutput) {
        self.geometry = geometry
        self.output = output
    }

    /// The crop, in the original's pixels and display orientation.
    public var cropRect: PixelRect { geometry.cropRect }

    /// Renders the edit again from `original`, with no UI.
    ///
    /// - Throws: ``PickerError/editFailed(reason:)`` when `original` is not the image the
    ///   session was made for (its display size differs) or cannot be rendered.
    public func apply(to original: any ImageBuffer) throws(PickerError) -> any ImageBuffer {
        guard original.displaySize == geometry.imageSize else {
            throw .editFailed(reason: "the session was made for a \(geometry.imageSize) image, not \(original.displaySize)")
        }
        return try Self.render(original, crop: cropRect, output: output)
    }

    /// Crops, scales and masks `original` through PickerImaging's pipeline when it is a
    /// `PixelBuffer`; other image types are cropped with `cropped(to:)` only.
    ///
    /// A crop that reaches past the image (empty space allowed) keeps its size and shape: the
    /// part outside the image is transparent.
    static func render(_ original: any ImageBuffer, crop: PixelRect, output: AvatarOutput) throws(PickerError) -> any ImageBuffer {
        guard let inside = crop.intersection(original.displayBounds) else {
            throw .editFailed(reason: "the crop \(crop) misses the \(original.displaySize) image")
        }
        do {
            guard let pixels = original as? PixelBuffer else { return try original.cropped(to: inside) }
            let whole = output.pipeline(for: crop)
            guard inside != crop else { return try whole.render(pixels).image }
            return try padded(pixels, crop: crop, inside: inside, whole: whole)
        } catch let error as PickerError {
            throw error
        } catch {
            throw .editFailed(reason: String(describing: error))
        }
    }

    /// Renders the part of `crop` inside the image at its place in the whole output, on a
    /// transparent canvas, then masks the whole.
    private static func padded(_ pixels: PixelBuffer, crop: PixelRect, inside: PixelRect, whole: AvatarPipeline) throws -> PixelBuffer {
        let size = whole.clampedOutputSize
        let sx = Double(size.width) / Double(crop.width), sy = Double(size.height) / Double(crop.height)
        let x0 = Int((Double(inside.x - crop.x) * sx).rounded()), x1 = Int((Double(inside.maxX - crop.x) * sx).rounded())
        let y0 = Int((Double(inside.y - crop.y) * sy).rounded()), y1 = Int((Double(inside.maxY - crop.y) * sy).rounded())
        var part = whole
        part.crop = inside
        part.outputSize = PixelSize(width: max(1, x1 - x0), height: max(1, y1 - y0))
        part.mask = .square
        let shown = try part.render(pixels).image.asStraightRGBA()
        var canvas = try PixelBuffer(width: size.width, height: size.height)
        for y in 0..<shown.height where y0 + y < size.height {
            for x in 0..<shown.width where x0 + x < size.width { canvas[x0 + x, y0 + y] = shown[x, y] }
        }
        return canvas.masked(whole.mask)
    }
}

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
    /// ``PixelBuffer``; other image types are cropped with ``ImageBuffer/cropped(to:)`` only.
    static func render(_ original: any ImageBuffer, crop: PixelRect, output: AvatarOutput) throws(PickerError) -> any ImageBuffer {
        guard let inside = crop.intersection(original.displayBounds) else {
            throw .editFailed(reason: "the crop \(crop) misses the \(original.displaySize) image")
        }
        do {
            if let pixels = original as? PixelBuffer {
                return try output.pipeline(for: inside).render(pixels).image
            }
            return try original.cropped(to: inside)
        } catch {
            throw .editFailed(reason: String(describing: error))
        }
    }
}

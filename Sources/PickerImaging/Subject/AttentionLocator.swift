/// PickerImaging's own ``SubjectLocator``, in pure Swift for any platform: where the faces
/// are, or else where the eye is drawn, from a small copy of the photo.
///
/// It works in the spirit of libvips' attention crop, on a copy whose longer side is
/// ``workingSide`` pixels:
/// 1. Each pixel is scored for skin by ``skinLikelihood(_:)``, which reads hue and relative
///    colourfulness only, so that every skin tone scores alike.
/// 2. Skin pixels that join into a head-shaped patch (about as wide as tall once a neck is
///    trimmed, filling most of its box, with darker features such as eyes inside it) are
///    faces: the box, and a confidence from its shape and features.
/// 3. With no face, the window of detail (edges), colour (saturation) and skin that draws the
///    eye most is the salient region.
///
/// ```swift
/// let regions = AttentionLocator().locate(photo)      // [face (812,240,420,520) 0.81]
/// let crop = SubjectFraming().crop(for: regions, in: photo.displaySize)
/// ```
///
/// It finds boxes, never identities. Colour cannot tell skin from some wood, sand or brown
/// hair, so a face against a skin-coloured wall may be missed; then the framing falls back to
/// the salient region, or the centre.
public struct AttentionLocator: SubjectLocator {
    /// The longer side of the copy the locator reads, in pixels: 192 by default, kept within
    /// 32…1024. Larger finds smaller faces, and takes longer.
    public var workingSide: Int {
        get { side }
        set { side = min(1024, max(32, newValue)) }
    }
    private var side = 192

    /// A locator reading a copy `workingSide` pixels on its longer side.
    public init(workingSide: Int = 192) {
        self.workingSide = workingSide
    }

    /// ``locate(_:)`` on the image's pixels.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before the pixels are read;
    ///   ``ImagingError/unsupportedFeature(format:feature:)`` for an image type that does not
    ///   convert to pixels.
    public func regions(in image: any ImageBuffer) async throws -> [SubjectRegion] {
        try Task.checkCancellation()
        guard let pixels = try image.pixelBuffer() else {
            throw ImagingError.unsupportedFeature(format: "\(type(of: image))", feature: "subject location without pixelBuffer()")
        }
        try Task.checkCancellation()
        return locate(pixels)
    }

    /// The faces in `photo`, largest first, in its upright pixels; or, with none, the salient
    /// region; or none for an image with nothing that stands out (an even colour).
    ///
    /// - Complexity: O(photo pixels) to reduce it, then O(``workingSide``²).
    public func locate(_ photo: PixelBuffer) -> [SubjectRegion] {
        guard let map = AttentionMap(photo, workingSide: side) else { return [] }
        let faces = map.faces()
        if !faces.isEmpty { return faces.map { map.region($0.box, kind: .face, confidence: $0.confidence) } }
        return map.salientWindow().map { [map.region($0.box, kind: .salient, confidence: $0.confidence)] } ?? []
    }
}

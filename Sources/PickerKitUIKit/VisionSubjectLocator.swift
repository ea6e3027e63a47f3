#if canImport(Vision) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import CoreGraphics
import PickerImaging
import PickerKit
import Vision

/// The ``SubjectLocator`` on Apple platforms: Vision's face rectangles, or, with no face,
/// the largest salient object of its attention-based saliency, on the edit screen's reduced
/// upright copy of the photo.
///
/// It finds boxes, never identities, on the device: no face is recognised, stored or sent.
///
/// ```swift
/// picker.subjectLocator = VisionSubjectLocator()
/// picker.configuration.editor.initialFraming = .subject
/// ```
///
/// Where the boxes come from is Vision's: what it finds in a real photo only a device shows.
/// What it does with them (the flip from Vision's lower-left origin, the pixels, the order)
/// is PickerKit's `SubjectRegion(kind:normalizedBox:confidence:in:)`, tested everywhere.
public struct VisionSubjectLocator: SubjectLocator {
    /// The longer side of the copy Vision reads, in pixels: the edit screen's own reduced copy
    /// (`EditorPreview.reducedSide`) by default.
    public var workingSide: Int

    /// A locator reading a copy `workingSide` pixels on its longer side.
    public init(workingSide: Int = EditorPreview.reducedSide) {
        self.workingSide = max(1, workingSide)
    }

    /// Faces largest first, or the largest salient object, in the photo's upright pixels.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before or between Vision's
    ///   requests; `ImagingError.unsupportedFeature` for an image with no pixels; Vision's own
    ///   errors. (A failure opens the edit screen centred.)
    @concurrent
    public func regions(in image: any ImageBuffer) async throws -> [SubjectRegion] {
        try Task.checkCancellation()
        guard let pixels = try image.pixelBuffer() else {
            throw ImagingError.unsupportedFeature(format: "\(type(of: image))", feature: "subject location without pixelBuffer()")
        }
        let upright = try EditorPreview.uprightCopy(of: pixels, longestSide: workingSide)
        guard let copy = try CGImageBuffer.make(from: upright) else {
            throw ImagingError.unsupportedFeature(format: "CGImage", feature: "a copy of \(upright.displaySize) pixels")
        }
        let handler = VNImageRequestHandler(cgImage: copy.image, options: [:])
        let faces = VNDetectFaceRectanglesRequest()
        try handler.perform([faces])
        let found = (faces.results ?? []).map { (box: $0.boundingBox, confidence: Double($0.confidence)) }
        if !found.isEmpty { return SubjectRegion.located(faces: found, salient: [], in: pixels.displaySize) }
        try Task.checkCancellation()
        let saliency = VNGenerateAttentionBasedSaliencyImageRequest()
        try handler.perform([saliency])
        let salient = (saliency.results?.first?.salientObjects ?? []).map { (box: $0.boundingBox, confidence: Double($0.confidence)) }
        return SubjectRegion.located(faces: [], salient: salient, in: pixels.displaySize)
    }
}
#endif

#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

extension SubjectRegion {
    /// A region from a box given as shares of the photo (0…1 on each axis) with its origin at
    /// the lower left, as Vision's observations give their `boundingBox`, in a photo of
    /// `imageSize` upright pixels: the whole pixels the box touches, within the photo.
    ///
    /// `nil` for a box that is not finite, or that holds no pixel of the photo.
    ///
    /// ```swift
    /// // A face in the upper left quarter of a 4032×3024 photo:
    /// SubjectRegion(kind: .face, normalizedBox: CGRect(x: 0.1, y: 0.6, width: 0.2, height: 0.3),
    ///               confidence: 0.98, in: PixelSize(width: 4032, height: 3024))
    /// // face (403,302,807,908) 0.98
    /// ```
    public init?(kind: Kind, normalizedBox box: CGRect, confidence: Double, in imageSize: PixelSize) {
        let values = [box.minX, box.minY, box.maxX, box.maxY].map { Double($0) }
        guard !imageSize.isEmpty, values.allSatisfy(\.isFinite), box.width > 0, box.height > 0 else { return nil }
        let width = Double(imageSize.width), height = Double(imageSize.height)
        // Flipped to a top-left origin, then out to whole pixels, clipped to the photo.
        let left = max(0, (values[0] * width).rounded(.down)), right = min(width, (values[2] * width).rounded(.up))
        let top = max(0, ((1 - values[3]) * height).rounded(.down)), bottom = min(height, ((1 - values[1]) * height).rounded(.up))
        guard right > left, bottom > top else { return nil }
        self.init(
            kind: kind, box: PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)),
            confidence: confidence)
    }
}

extension SubjectRegion {
    /// What a locator built on normalized boxes reports (PickerKitUIKit's Vision locator): the
    /// faces, largest first; with no face, the largest salient box; none of the boxes that hold
    /// no pixel of the photo.
    package static func located(
        faces: [(box: CGRect, confidence: Double)], salient: [(box: CGRect, confidence: Double)], in imageSize: PixelSize
    ) -> [SubjectRegion] {
        func area(_ region: SubjectRegion) -> Int { region.box.width * region.box.height }
        let found = faces.compactMap { SubjectRegion(kind: .face, normalizedBox: $0.box, confidence: $0.confidence, in: imageSize) }
        if !found.isEmpty { return found.sorted { area($0) > area($1) } }
        let regions = salient.compactMap { SubjectRegion(kind: .salient, normalizedBox: $0.box, confidence: $0.confidence, in: imageSize) }
        return regions.max { area($0) < area($1) }.map { [$0] } ?? []
    }
}

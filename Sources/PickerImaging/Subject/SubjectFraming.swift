/// Where the edit screen opens, framed as a portrait: the crop that puts the person's face
/// where a portrait puts it, from the ``SubjectRegion``s a ``SubjectLocator`` found.
///
/// - **A face:** centred across, the eyes near the upper third, the face about 40 % of the
///   crop's height.
/// - **Several faces:** all of them when a crop within the limits holds them, each face as
///   large as it can be; otherwise the largest. Faces less than half as tall as the largest
///   are people in the background, and are not framed.
/// - **No face, a salient region:** centred on it, half as large again as it.
/// - **Nothing:** the largest crop centred on the photo, as the edit screen opens without
///   framing.
///
/// The crop keeps ``aspectRatio``, is no larger than the largest such crop inside the photo
/// nor smaller than ``smallestHeight``, and lies inside the photo unless ``allowsEmptySpace``.
///
/// ```swift
/// let regions = AttentionLocator().locate(photo)
/// let crop = SubjectFraming().crop(for: regions, in: photo.displaySize)   // a square
/// ```
public struct SubjectFraming: Sendable, Equatable {
    /// The crop's width over its height: 1 (the default) for the circle and the square.
    public var aspectRatio: Double
    /// The smallest crop height allowed, in pixels (the edit screen's largest zoom); `nil`: a
    /// fifth of the largest crop, as the edit screen's default 5× zoom allows.
    public var smallestHeight: Int?
    /// Whether the crop may reach past the photo to keep a face where a portrait puts it, as
    /// the edit screen allows with empty space.
    public var allowsEmptySpace: Bool

    /// The share of the crop's height a face fills.
    public static let faceShare = 0.4
    /// Where the eyes lie in a face's box, from its top, as a share of its height.
    public static let eyeLine = 0.4
    /// Faces less sure than this are left out.
    public static let leastConfidence = 0.3

    /// Framing for crops of `aspectRatio` (a ratio that is not finite and positive counts as 1).
    public init(aspectRatio: Double = 1, smallestHeight: Int? = nil, allowsEmptySpace: Bool = false) {
        self.aspectRatio = aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 1
        self.smallestHeight = smallestHeight
        self.allowsEmptySpace = allowsEmptySpace
    }

    /// The crop for `regions` of a photo of `imageSize` (upright pixels); an empty rectangle
    /// for an empty photo.
    public func crop(for regions: [SubjectRegion], in imageSize: PixelSize) -> PixelRect {
        guard !imageSize.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let aspect = aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 1
        let largest = min(Double(imageSize.height), Double(imageSize.width) / aspect)
        let smallest = min(largest, max(1, smallestHeight.map(Double.init) ?? largest / 5))
        let image = (width: Double(imageSize.width), height: Double(imageSize.height))
        let faces = regions.filter { $0.kind == .face && $0.confidence >= Self.leastConfidence && !$0.box.isEmpty }
            .sorted { $0.box.width * $0.box.height > $1.box.width * $1.box.height }
        var height = largest, centreX = image.width / 2, top = (image.height - largest) / 2
        if let face = faces.first?.box {
            let all = faces.dropFirst().filter { 2 * $0.box.height >= face.height }.reduce(face) { PixelRect(enclosing: $0, $1.box) }
            let alone = Double(face.height) / Self.faceShare
            let together = max(alone, Double(all.height) / 0.75, Double(all.width) / (0.85 * aspect))
            let group = all != face && together <= largest
            height = min(largest, max(smallest, group ? together : alone))
            let framed = group ? all : face
            centreX = Double(framed.x) + Double(framed.width) / 2
            top = Double(face.y) + Self.eyeLine * Double(face.height) - height / 3
            // A group's faces all stay inside: the lowest above the bottom edge, the highest
            // below the top (a child on a parent's shoulders), which the group's height allows.
            if group { top = min(max(top, Double(all.maxY) - 0.95 * height), Double(all.y) - 0.05 * height) }
        } else if let salient = regions.first(where: { $0.kind == .salient && !$0.box.isEmpty })?.box {
            height = min(largest, max(smallest, 1.5 * max(Double(salient.height), Double(salient.width) / aspect)))
            centreX = Double(salient.x) + Double(salient.width) / 2
            top = Double(salient.y) + Double(salient.height) / 2 - height / 2
        }
        return placed(height: height, centreX: centreX, top: top, aspect: aspect, in: imageSize)
    }

    /// The crop `height` tall at `top`, centred across on `centreX`, in whole pixels, kept
    /// inside the photo unless ``allowsEmptySpace``.
    private func placed(height: Double, centreX: Double, top: Double, aspect: Double, in imageSize: PixelSize) -> PixelRect {
        let h = max(1, min(imageSize.height, Int(height.rounded())))
        let w = max(1, min(imageSize.width, aspect == 1 ? h : Int((Double(h) * aspect).rounded())))
        var x = Int((centreX - Double(w) / 2).rounded()), y = Int(top.rounded())
        if !allowsEmptySpace {
            x = min(max(0, x), imageSize.width - w)
            y = min(max(0, y), imageSize.height - h)
        }
        return PixelRect(x: x, y: y, width: w, height: h)
    }
}

extension PixelRect {
    /// The smallest rectangle holding both.
    package init(enclosing a: PixelRect, _ b: PixelRect) {
        let x = Swift.min(a.x, b.x), y = Swift.min(a.y, b.y)
        self.init(x: x, y: y, width: Swift.max(a.maxX, b.maxX) - x, height: Swift.max(a.maxY, b.maxY) - y)
    }
}

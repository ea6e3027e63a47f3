import PickerImaging

/// The photo an edit screen draws, kept at two sizes: the original, for the edit at rest, and
/// a copy reduced to at most ``reducedSide`` pixels across, for the frames drawn while fingers
/// move, so each follows the finger in a few milliseconds even from a 48 MP photo.
///
/// ```swift
/// let preview = try EditorPreview(try original.pixelBuffer()!)
/// let frame = try preview.render(geometry, renderer: renderer, moving: tracker.isGesturing)
/// ```
public struct EditorPreview: Sendable {
    /// The photo as picked.
    public let original: PixelBuffer
    /// The photo reduced for moving frames, in display orientation; the original itself when it
    /// is no larger.
    public let reduced: PixelBuffer

    /// The longest side of the reduced copy, by default: a phone screen's height in pixels and a
    /// little more, so a moving frame is about as sharp as the screen until the person zooms in.
    public static let reducedSide = 1600

    /// The largest scale a moving frame is drawn at: on a 3x screen, a moving frame has two
    /// thirds of the pixels across and is scaled up; the frame at rest has them all.
    public static let movingScale = 2.0

    /// The scale to draw a frame at on a screen of `screen` pixels per point.
    public static func scale(screen: Double, moving: Bool) -> Double {
        moving ? min(screen, movingScale) : screen
    }

    /// Makes the reduced copy of `original` (area-averaged).
    ///
    /// - Throws: ``PickerError/editFailed(_:)`` when the copy cannot be made.
    public init(_ original: PixelBuffer, reducedSide: Int = EditorPreview.reducedSide) throws(PickerError) {
        self.original = original
        let size = original.displaySize
        let longest = max(size.width, size.height)
        guard reducedSide > 0, longest > reducedSide else {
            reduced = original
            return
        }
        EditorPixelWork.note()
        let k = Double(reducedSide) / Double(longest)
        let target = PixelSize(
            width: max(1, Int((Double(size.width) * k).rounded())), height: max(1, Int((Double(size.height) * k).rounded())))
        do throws(ImagingError) {
            reduced = try original.resampled(to: target, filter: .area)
        } catch {
            throw .editFailed(error)
        }
    }

    /// The photo upright (its orientation applied), area-averaged to at most `longestSide` pixels
    /// across: the contents of an edit screen's photo layer (``EditorGeometry/photoLayer``),
    /// made once per photo, off the main thread. The person's turns and mirror are the layer's
    /// transform, not these pixels.
    ///
    /// - Throws: ``PickerError/editFailed(_:)`` when the copy cannot be made.
    public static func uprightCopy(of original: PixelBuffer, longestSide: Int = reducedSide) throws(PickerError) -> PixelBuffer {
        try EditorPreview(original, reducedSide: longestSide).reduced.normalized()
    }

    /// The sharper copy of the part of the photo on screen that `detail` asks for
    /// (``EditorGeometry/detail(contentsLongestSide:screenScale:)``): `detail.region` of the
    /// upright `original`, area-averaged to `detail.size`, upright. Made off the main thread.
    ///
    /// - Throws: ``PickerError/editFailed(_:)`` when the region is not inside the photo or the
    ///   copy cannot be made.
    public static func detail(_ detail: EditorDetail, of original: PixelBuffer) throws(PickerError) -> PixelBuffer {
        EditorPixelWork.note()
        do throws(ImagingError) {
            return try original.resampled(displayRect: detail.region, to: detail.size, filter: .area).normalized()
        } catch {
            throw .editFailed(error)
        }
    }

    /// `geometry` as `renderer` draws it: from the reduced copy while `moving`, else from the
    /// original (the same picture, sharper).
    ///
    /// - Throws: what ``EditorRenderer/render(_:image:)`` throws.
    public func render(_ geometry: EditorGeometry, renderer: EditorRenderer, moving: Bool) throws(PickerError) -> PixelBuffer {
        guard moving, reduced.pixelSize != original.pixelSize || reduced.orientation != original.orientation else {
            return try renderer.render(geometry, image: original)
        }
        // The reduced copy is the photo as shown before the person's turns: turned as the
        // editor shows it, the geometry scaled to its size.
        var shown = reduced
        shown.orientation = geometry.displayOrientation(of: reduced.orientation)
        let scaled = geometry.resized(to: shown.displaySize)
        return try renderer.render(scaled, image: reduced)
    }
}

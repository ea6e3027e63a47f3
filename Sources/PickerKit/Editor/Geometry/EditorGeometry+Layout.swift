#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation

extension EditorGeometry {
    /// The same edit on a screen laid out anew: the viewport and safe area after a rotation, a
    /// split view or a resized window.
    ///
    /// What is under the mask stays under it: the image scales with the mask and keeps its place
    /// about the mask's centre, with its turns, mirror and straightening, then settles within
    /// the new layout's limits. The crop is the same up to the rounding of whole pixels.
    ///
    /// ```swift
    /// let landscape = try editor.laidOut(viewport: CGSize(width: 844, height: 390),
    ///                                    safeArea: EdgeInsets(left: 47, bottom: 21, right: 47))
    /// landscape.cropRect   // editor.cropRect, give or take a pixel
    /// ```
    ///
    /// - Throws: ``PickerError/invalidEditorLayout(_:)`` for a viewport or insets that
    ///   ``init(imageSize:orientation:configuration:)`` would refuse, or that leave no room for
    ///   the mask (a view not laid out yet is zero by zero).
    public func laidOut(viewport: CGSize, safeArea: EdgeInsets) throws(PickerError) -> EditorGeometry {
        var configuration = self.configuration
        configuration.viewport = viewport
        configuration.safeArea = safeArea
        guard configuration != self.configuration else { return self }
        var result = try EditorGeometry(imageSize: imageSize, orientation: orientation, configuration: configuration)
        result.quarterTurns = quarterTurns
        result.isMirrored = isMirrored
        result.angle = angle
        result.openingCrop = openingCrop
        let before = maskRect, after = result.maskRect
        let k = Double(after.width) / Double(before.width)
        result.zoom = zoom * k
        result.origin = CGPoint(
            x: Double(after.midX) + (Double(origin.x) - Double(before.midX)) * k,
            y: Double(after.midY) + (Double(origin.y) - Double(before.midY)) * k)
        result.settle(about: after.center)
        return result
    }
}

extension EditHistory {
    /// Every step re-laid by `layout`, as the current geometry is: undo and redo go back to the
    /// same crops on the new layout.
    mutating func relayout(_ layout: (EditorGeometry) -> EditorGeometry) {
        undoStack = undoStack.map(layout)
        redoStack = redoStack.map(layout)
        committed = layout(committed)
    }
}

/// What an edit screen tells the geometry about its layout: its size, and the safe area with
/// its bottom toolbar added, so the mask sits clear of the notch, the home indicator and the
/// controls.
///
/// ```swift
/// let layout = EditorScreenLayout(viewport: CGSize(width: 390, height: 844),
///                                 safeArea: EdgeInsets(top: 47, bottom: 34), toolbarHeight: 44)
/// layout.safeArea   // (47, 0, 78, 0)
/// picker.send(.editorLaidOut(viewport: layout.viewport, safeArea: layout.safeArea), from: route.id)
/// ```
public struct EditorScreenLayout: Sendable, Equatable {
    /// The screen's size, in points.
    public var viewport: CGSize
    /// The insets the mask keeps clear of: the safe area's, and the toolbar's height at the bottom.
    public var safeArea: EdgeInsets

    /// The layout of a screen of `viewport` points with `safeArea` insets and a toolbar
    /// `toolbarHeight` points tall above its bottom inset.
    public init(viewport: CGSize, safeArea: EdgeInsets, toolbarHeight: Double) {
        self.viewport = viewport
        self.safeArea = EdgeInsets(
            top: safeArea.top, left: safeArea.left, bottom: safeArea.bottom + toolbarHeight, right: safeArea.right)
    }
}

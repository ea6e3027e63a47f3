import Foundation
import PickerImaging
import PickerKit
import Testing

/// The edit screen's overlay is drawn a row's run at a time where it is flat; its pixels must
/// be exactly those of the per-pixel formula everywhere (the formula is restated here as the
/// oracle), for circles and rectangles, any scale, dimming, outline and the grid.
@Suite("The editor overlay, drawn in runs")
struct EditorRendererOverlayTests {
    struct Case: CustomTestStringConvertible {
        var shape: CropShape
        var viewport: CGSize
        var scale: Double
        var dimming: Double
        var outlineWidth: Double
        var grid: Bool
        var testDescription: String { "\(shape) \(viewport) @\(scale) dim \(dimming) line \(outlineWidth) grid \(grid)" }
    }

    static let cases: [Case] = [
        Case(shape: .circle, viewport: CGSize(width: 160, height: 240), scale: 1, dimming: 0.4, outlineWidth: 1, grid: false),
        Case(shape: .circle, viewport: CGSize(width: 97, height: 131), scale: 3, dimming: 0.37, outlineWidth: 1.5, grid: true),
        Case(shape: .circle, viewport: CGSize(width: 120.5, height: 90.25), scale: 2.3, dimming: 0, outlineWidth: 0, grid: true),
        Case(shape: .square, viewport: CGSize(width: 140, height: 100), scale: 2, dimming: 0.55, outlineWidth: 3, grid: true),
        Case(shape: .rectangle(aspectRatio: 16.0 / 9), viewport: CGSize(width: 150, height: 150), scale: 1.5, dimming: 1, outlineWidth: 2, grid: false),
        Case(shape: .rectangle(aspectRatio: 0.3), viewport: CGSize(width: 83, height: 177), scale: 2.75, dimming: 0.9, outlineWidth: 0.25, grid: true),
        Case(shape: .circle, viewport: CGSize(width: 40, height: 40), scale: 1, dimming: 0.4, outlineWidth: 30, grid: true),
        // Masks so small or narrow that the grid lines' columns meet.
        Case(shape: .circle, viewport: CGSize(width: 44, height: 44), scale: 1, dimming: 0.4, outlineWidth: 1, grid: true),
        Case(shape: .rectangle(aspectRatio: 9.0 / 38), viewport: CGSize(width: 23, height: 52), scale: 1, dimming: 0.4, outlineWidth: 1.5, grid: true),
        Case(shape: .circle, viewport: CGSize(width: 200, height: 300), scale: 2, dimming: 0.4, outlineWidth: 12, grid: true),
    ]

    @Test("the runs give the formula's pixels", arguments: cases)
    func theRunsGiveTheFormulasPixels(_ c: Case) throws {
        var image = try PixelBuffer(width: 61, height: 47)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<47 {
            for x in 0..<61 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                image[x, y] = RGBA(UInt8(truncatingIfNeeded: seed >> 24), UInt8(truncatingIfNeeded: seed >> 40), UInt8(truncatingIfNeeded: seed >> 56))
            }
        }
        var configuration = EditorConfiguration()
        configuration.viewport = c.viewport
        configuration.shape = c.shape
        configuration.margin = 7
        var geometry = try EditorGeometry(imageSize: image.pixelSize, configuration: configuration)
        geometry.apply(.pinch(scale: 1.3, focus: CGPoint(x: 20, y: 30)))
        var renderer = EditorRenderer(scale: c.scale, background: RGBA(12, 200, 77), dimming: c.dimming, outline: RGBA(250, 240, 10), outlineWidth: c.outlineWidth)
        renderer.showsGrid = c.grid
        let drawn = try renderer.render(geometry, image: image)
        // The photo alone: no dimming, no outline, no grid.
        let bare = try EditorRenderer(scale: c.scale, background: RGBA(12, 200, 77), dimming: 1, outline: RGBA(250, 240, 10), outlineWidth: 0)
            .render(geometry, image: image)
        let expected = Self.overlay(bare, geometry, renderer)
        // With the grid, the straighten dial below the mask is drawn after the overlay.
        let rows = c.grid ? min(drawn.height, Int((Double(geometry.maskRect.maxY) * c.scale).rounded(.up)) + 2) : drawn.height
        var differing = 0
        for y in 0..<rows {
            for x in 0..<drawn.width where drawn[x, y] != expected[x, y] { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// The overlay as the per-pixel formula draws it.
    static func overlay(_ canvas: PixelBuffer, _ geometry: EditorGeometry, _ r: EditorRenderer) -> PixelBuffer {
        var out = canvas
        let mask = geometry.maskRect, scale = r.scale
        let cx = Double(mask.midX) * scale, cy = Double(mask.midY) * scale
        let hw = Double(mask.width) * scale / 2, hh = Double(mask.height) * scale / 2
        let round = geometry.configuration.shape == .circle
        let stroke = r.outlineWidth * scale / 2
        for y in 0..<canvas.height {
            let dy = Double(y) + 0.5 - cy
            for x in 0..<canvas.width {
                let dx = Double(x) + 0.5 - cx
                let distance: Double
                if round {
                    distance = (dx * dx + dy * dy).squareRoot() - hw
                } else {
                    let ox = abs(dx) - hw, oy = abs(dy) - hh
                    distance = ox > 0 || oy > 0 ? (max(ox, 0) * max(ox, 0) + max(oy, 0) * max(oy, 0)).squareRoot() : max(ox, oy)
                }
                let inside = min(1, max(0, 0.5 - distance))
                let light = r.dimming + (1 - r.dimming) * inside
                var line = stroke > 0 ? min(1, max(0, stroke - abs(distance) + 0.5)) : 0
                if r.showsGrid, inside > 0 {
                    let gx = abs(abs(dx) - hw / 3), gy = abs(abs(dy) - hh / 3)
                    line = max(line, min(1, max(0, stroke - min(gx, gy) + 0.5)) * 0.5 * inside)
                }
                let p = canvas[x, y]
                func mix(_ c: UInt8, _ o: UInt8) -> UInt8 { UInt8((Double(c) * light * (1 - line) + Double(o) * line).rounded()) }
                out[x, y] = RGBA(mix(p.r, r.outline.r), mix(p.g, r.outline.g), mix(p.b, r.outline.b), p.a)
            }
        }
        return out
    }
}

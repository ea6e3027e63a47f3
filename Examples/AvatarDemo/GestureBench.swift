import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting

/// What one touch move costs the main actor on the edit screen, replayed headless: a recorded
/// two-finger gesture of ``moves`` moves (pinch out, pan, then straighten) on a 390×844 pt
/// phone screen over a 12 MP photo (4032x3024), through the real picker.
///
/// Each move does what the drop-in screen does on the main actor: the touch tracker turns the
/// fingers into gestures, the picker takes them, and the screen reads the toolbar's controls,
/// VoiceOver's value and what it shows. Two ways of showing it are timed side by side:
///
/// - **layers**: the photo layer's transform and the overlay (``EditorGeometry/photoLayer``,
///   ``EditorGeometry/overlay(lineWidth:)``), as the screen sets them;
/// - **repaint**: a frame rendered on the CPU at 2x from the photo's 1600 px copy, as the screen
///   drew every move before it moved layers.
///
/// Pixel operations on the main thread (a frame rendered, a copy reduced) are counted for each.
@MainActor
enum GestureBench {
    /// The moves the recorded gesture makes.
    static let moves = 300

    /// One measured way of showing a move.
    struct Figures {
        var median: Duration
        var p99: Duration
        var pixelOperations: Int

        /// The median and 99th percentile (nearest rank) of `times`, which must not be empty.
        init(_ times: [Duration], pixelOperations: Int) {
            let sorted = times.sorted()
            median = sorted[sorted.count / 2]
            p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
            self.pixelOperations = pixelOperations
        }
    }

    /// Two fingers on a 390×844 screen: where they land, then 100 moves pinching out from 120
    /// to 200 pt apart, 100 panning 90 pt right and 60 pt up, 100 twisting 20° clockwise
    /// (`moves` + 1 positions; `moves` must be a multiple of 3).
    static func recording(moves: Int = moves) -> [[EditorTouchTracker.Touch]] {
        let third = moves / 3
        let centre = CGPoint(x: 195, y: 380)
        return (0...moves).map { step in
            let pinch = Double(min(step, third)) / Double(third)
            let pan = Double(min(max(step - third, 0), third)) / Double(third)
            let twist = Double(max(step - 2 * third, 0)) / Double(third)
            let half = (120 + 80 * pinch) / 2
            let angle = twist * 20 * .pi / 180
            let middle = CGPoint(x: Double(centre.x) + 90 * pan, y: Double(centre.y) - 60 * pan)
            let dx = half * cos(angle), dy = half * sin(angle)
            return [
                EditorTouchTracker.Touch(id: 1, location: CGPoint(x: Double(middle.x) - dx, y: Double(middle.y) - dy)),
                EditorTouchTracker.Touch(id: 2, location: CGPoint(x: Double(middle.x) + dx, y: Double(middle.y) + dy)),
            ]
        }
    }

    /// Replays the recording on `photo`; `show` is what the screen does with each move's edit.
    static func replay(
        _ photo: PixelBuffer, moves: Int = moves, show: (EditingStep) throws -> Void
    ) throws -> (times: [Duration], pixelOperations: Int) {
        var configuration = PickerConfiguration()
        configuration.animated = false
        let scenario = PickerScenario(configuration: configuration, exhaustivity: .off)
        try scenario.picker.edit(photo)
        guard let route = scenario.picker.editing?.route.id else { throw BenchError.noEditScreen }
        let layout = EditorScreenLayout(viewport: CGSize(width: 390, height: 844), safeArea: EdgeInsets(top: 47, bottom: 34), toolbarHeight: 44)
        scenario.picker.send(.editorLaidOut(viewport: layout.viewport, safeArea: layout.safeArea), from: route)
        let strings = PickerStrings()
        let recording = recording(moves: moves)
        var tracker = EditorTouchTracker()
        _ = tracker.began(recording[0])
        let clock = ContinuousClock()
        let counter = EditorPixelWork.Counter()
        var times: [Duration] = []
        try EditorPixelWork.count.withValue(counter) {
            for fingers in recording.dropFirst() {
                let start = clock.now
                for gesture in tracker.moved(fingers) { scenario.picker.send(.editorGesture(gesture), from: route) }
                guard let editing = scenario.picker.editing else { throw BenchError.noEditScreen }
                _ = editing.controls(strings: strings)
                _ = editing.geometry.accessibility(in: strings)
                try show(editing)
                times.append(clock.now - start)
            }
        }
        return (times, counter.value)
    }

    enum BenchError: Error { case noEditScreen }

    static func run() throws -> [String] {
        var photo = try PixelBuffer(width: 4032, height: 3024)
        for y in 0..<3024 {
            for x in 0..<4032 { photo[x, y] = RGBA(UInt8(x & 255), UInt8(y & 255), UInt8((x + y) & 255)) }
        }
        // Made before the gesture, off the measured moves: the screen reduces the photo once.
        let preview = try EditorPreview(photo)
        let layers = try figures(photo, show: showLayers)
        let repaint = try figures(photo, show: repaint(from: preview))
        func ms(_ duration: Duration) -> String { String(format: "%.3f ms", duration / .milliseconds(1)) }
        func row(_ name: String, _ f: Figures) -> String {
            "  \(name.padding(toLength: 8, withPad: " ", startingAt: 0)) median \(ms(f.median)), p99 \(ms(f.p99)), pixel operations on the main thread: \(f.pixelOperations)"
        }
        return [
            "A \(moves)-move pinch, pan and straighten on a 390x844 pt screen over a 4032x3024 photo, main-actor time per move:",
            row("layers", layers),
            row("repaint", repaint),
        ]
    }

    /// What the layer-backed screen computes for a move: the photo layer's placement and the
    /// overlay. (Setting them on layers, and the overlay's paths when it changed, happen on a
    /// device; Core Animation's commit is not timed.)
    static func showLayers(_ editing: EditingStep) {
        _ = (editing.geometry.photoLayer, editing.geometry.overlay())
    }

    /// What the screen did for a move before it moved layers: a 2x frame with the grid, from
    /// `preview`'s 1600 px copy. (Wrapping it in a `CGImage` and a `UIImage` happened on a
    /// device too, and is not timed.)
    static func repaint(from preview: EditorPreview) -> (EditingStep) throws -> Void {
        var renderer = EditorRenderer(scale: 2)
        renderer.showsGrid = true
        return { editing in _ = try preview.render(editing.geometry, renderer: renderer, moving: true) }
    }

    /// The median and 99th percentile of a replay's moves, and its pixel operations.
    static func figures(_ photo: PixelBuffer, show: (EditingStep) throws -> Void) throws -> Figures {
        let (times, operations) = try replay(photo, show: show)
        return Figures(times, pixelOperations: operations)
    }
}

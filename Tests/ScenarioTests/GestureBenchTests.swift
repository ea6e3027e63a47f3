import Foundation
import PickerImaging
import PickerKit
import Testing

@testable import AvatarDemo

/// `avatar-demo --bench-gestures`: the recorded gesture moves the photo, and the pixel
/// operations on the main thread are counted, none for layers and one a move for repainting.
@MainActor
@Suite("The gesture bench")
struct GestureBenchTests {
    static func photo() throws -> PixelBuffer {
        var photo = try PixelBuffer(width: 400, height: 300)
        for y in 0..<300 { for x in 0..<400 { photo[x, y] = RGBA(UInt8(x & 255), UInt8(y & 255), 90) } }
        return photo
    }

    @Test func theRecordingPinchesPansAndTwistsTwoFingers() {
        let recording = GestureBench.recording(moves: 30)
        #expect(recording.count == 31, "where the fingers land, then 30 moves")
        #expect(recording.allSatisfy { $0.map(\.id) == [1, 2] })
        func distance(_ fingers: [EditorTouchTracker.Touch]) -> Double {
            hypot(Double(fingers[1].location.x - fingers[0].location.x), Double(fingers[1].location.y - fingers[0].location.y))
        }
        #expect(abs(distance(recording[0]) - 120) < 1e-9)
        #expect(abs(distance(recording[1]) - 128) < 1e-9)
        #expect(abs(distance(recording[10]) - 200) < 1e-9)
        #expect(abs(distance(recording[30]) - 200) < 1e-9)
        #expect(recording[0][0].location == CGPoint(x: 135, y: 380))
        let end = recording[30]
        let twist = atan2(Double(end[1].location.y - end[0].location.y), Double(end[1].location.x - end[0].location.x)) * 180 / .pi
        #expect(abs(twist - 20) < 1e-9)
        #expect(abs(Double(end[0].location.x + end[1].location.x) / 2 - 285) < 1e-9)
        #expect(abs(Double(end[0].location.y + end[1].location.y) / 2 - 320) < 1e-9)
    }

    @Test func layersDoNoPixelWorkOnTheMainThreadAndRepaintingDoesAMove() throws {
        let photo = try Self.photo()
        var last: EditingStep?
        let layers = try GestureBench.replay(photo, moves: 30) { editing in
            last = editing
            GestureBench.showLayers(editing)
        }
        #expect(layers.times.count == 30)
        #expect(layers.pixelOperations == 0)
        // The gesture moved the photo: zoomed in about 1.6x, straightened 20°, still under way.
        let geometry = try #require(last?.geometry)
        let start = try EditorGeometry(imageSize: photo.displaySize, configuration: geometry.configuration)
        #expect(abs(geometry.angle - 20) < 1e-6)
        #expect(geometry.zoom > start.zoom * 1.5)
        let preview = try EditorPreview(photo)
        // Six moves: each a 2x frame of the whole 390×844 screen, slow in a debug build.
        let repaint = try GestureBench.replay(photo, moves: 6, show: GestureBench.repaint(from: preview))
        #expect(repaint.pixelOperations == 6 && repaint.times.count == 6)
    }

    @Test func figuresAreTheMedianAndThe99thPercentile() throws {
        let times = (1...200).map { Duration.milliseconds($0) }.shuffled()
        let figures = GestureBench.Figures(times, pixelOperations: 3)
        #expect(figures.median == .milliseconds(101))
        #expect(figures.p99 == .milliseconds(198))
        #expect(figures.pixelOperations == 3)
    }
}

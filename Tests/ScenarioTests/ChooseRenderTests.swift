import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Choose renders the avatar off the main actor, in work tagged with its session: the interface
/// stays live while a 12 MP photo is cropped, scaled and masked, a cancel during the render is
/// one cancel, and a render whose edit screen has gone falls out.
@MainActor
@Suite("Choose renders off the main actor (B5, B23)", .serialized)
struct ChooseRenderTests {
    /// Lets a render through only when the test opens it, and says which thread it ran on.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var open = false
        private var threads: [Bool] = []

        /// Waits, off the main thread, until the gate opens. A render on the main thread, which
        /// the test could then never open, passes at once (the test then fails on where it ran).
        /// The wait is long: other tests may hold the main actor for seconds while this one
        /// waits to look. (At most two minutes, so a test that fails before opening still ends.)
        func pass() {
            let onMain = Thread.isMainThread
            lock.withLock { threads.append(onMain) }
            guard !onMain else { return }
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                if lock.withLock({ open }) { return }
                usleep(1_000)
            }
        }

        func openGate() { lock.withLock { open = true } }
        /// For each render that reached the gate: whether it ran on the main thread.
        var renderedOnMain: [Bool] { lock.withLock { threads } }
    }

    /// A photo whose pixels are handed over only through the gate.
    struct GatedImage: ImageBuffer {
        let pixels: PixelBuffer
        let gate: Gate
        var pixelSize: PixelSize { pixels.pixelSize }
        var orientation: ImageOrientation { pixels.orientation }
        func cropped(to rect: PixelRect) throws -> GatedImage { GatedImage(pixels: try pixels.cropped(to: rect), gate: gate) }
        func pixelBuffer() throws -> PixelBuffer? {
            gate.pass()
            return pixels
        }
        static func make(from pixels: PixelBuffer) throws -> GatedImage? { nil }
    }

    static func scenario(output size: Int = 2) -> PickerScenario {
        var configuration = PickerConfiguration()
        configuration.output.size = size
        return PickerScenario(configuration: configuration)
    }

    @Test func theRenderRunsOffTheMainActorWhileTheEditScreenWaits() async throws {
        let s = Self.scenario()
        let gate = Gate()
        try s.picker.edit(GatedImage(pixels: try PickerScenario.photo(width: 6, height: 4), gate: gate))
        s.user.tapChoose()
        // The main actor is free: the test runs while the render waits at the gate.
        try #require(await eventually("the render reaches the gate") { !gate.renderedOnMain.isEmpty })
        #expect(s.picker.pendingWork == ["the render of #1"])
        s.user.gesture(.pinch(scale: 2, focus: CGPoint(x: 187.5, y: 333.5)))
        s.user.tapChoose()
        #expect(s.picker.editorGeometry?.zoom == s.picker.editorGeometry?.minimumZoom, "the edit did not change")
        gate.openGate()
        await s.settle()
        #expect(gate.renderedOnMain == [false])
        s.expect([
            "picker: start edit 6x4",
            "presenter: present #1 editor(6x4 crop (1,0,4,4)) fullScreen animated",
            "user: choose on #1",
            "user: pinch(2 at 187.5,333.5) on #1",
            "picker: ignored editorGesture(pinch(2 at 187.5,333.5)) on #1: busy",
            "user: choose on #1",
            "picker: ignored chooseTapped on #1: busy",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 2x2 from 6x4 crop (1,0,4,4)",
            "delegate: didFinish public.image edited 2x2 from 6x4 crop (1,0,4,4)",
        ])
        #expect(s.delegate.lastResult?.editedImage?.displaySize == PixelSize(width: 2, height: 2))
    }

    @Test func aCancelDuringTheRenderIsOneCancelAndTheLateRenderFallsOut() async throws {
        let s = Self.scenario()
        let gate = Gate()
        try s.picker.edit(GatedImage(pixels: try PickerScenario.photo(width: 4, height: 4), gate: gate))
        s.user.tapChoose()
        try #require(await eventually("the render reaches the gate") { !gate.renderedOnMain.isEmpty })
        s.picker.cancel()
        gate.openGate()
        await s.settle()
        #expect(s.delegate.callbacks.count == 1)
        s.expect([
            "picker: start edit 4x4",
            "presenter: present #1 editor(4x4 crop (0,0,4,4)) fullScreen animated",
            "user: choose on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "delegate: didCancel",
        ])
        // The picker is free for the next session, and the stale render never reached it.
        try s.picker.edit(try PickerScenario.photo(width: 3, height: 3))
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.callbacks.count == 2)
        #expect(s.delegate.lastResult?.cropRect == PixelRect(x: 0, y: 0, width: 3, height: 3))
        s.exhaustivity = .off
    }

    @Test func goingBackDuringTheRenderDropsItAndTheNextPickRendersItsOwnPhoto() async throws {
        let gate = Gate()
        let first = GatedImage(pixels: try PickerScenario.photo(width: 4, height: 4, colour: RGBA(255, 0, 0)), gate: gate)
        let second = try PickerScenario.photo(width: 4, height: 4, colour: RGBA(0, 0, 255))
        var configuration = PickerConfiguration()
        configuration.output.size = 2
        let s = PickerScenario(items: [.image("RED", first), .image("BLUE", second)], configuration: configuration)
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapChoose()
        try #require(await eventually("the render reaches the gate") { !gate.renderedOnMain.isEmpty })
        s.user.tapCancel()
        #expect(s.picker.navigation.top?.screen.kind == .browser)
        s.user.pickItem(at: 1)
        try #require(await eventually("the blue photo is on the edit screen") { s.picker.navigation.top?.screen.kind == .editor })
        gate.openGate()
        // The red render comes back while the blue photo is on the edit screen: it falls out.
        try #require(await eventually("the red render is done") { s.picker.pendingWork.isEmpty })
        #expect(s.delegate.callbacks.isEmpty)
        #expect(s.picker.navigation.top?.screen.kind == .editor)
        s.user.tapChoose()
        await s.settle()
        let avatar = try #require(s.delegate.lastResult?.editedImage as? PixelBuffer)
        #expect(avatar[0, 0] == RGBA(0, 0, 255))
        #expect(s.delegate.callbacks.count == 1)
    }

    @Test func aRenderThatFailsEndsTheSessionWithItsError() async throws {
        // An app's own image type with no pixels and an output that needs them.
        struct CropOnly: ImageBuffer {
            var pixelSize: PixelSize
            var orientation: ImageOrientation { .up }
            func cropped(to rect: PixelRect) throws -> CropOnly { CropOnly(pixelSize: rect.size) }
        }
        let s = Self.scenario()
        try s.picker.edit(CropOnly(pixelSize: PixelSize(width: 4, height: 4)))
        s.user.tapChoose()
        await s.settle()
        let expected = PickerError.editFailed(.unsupportedFeature(
            format: "CropOnly", feature: "output settings (size, mask, maximum dimension) without pixelBuffer() and make(from:)"))
        s.expect([
            "picker: start edit 4x4",
            "presenter: present #1 editor(4x4 crop (0,0,4,4)) fullScreen animated",
            "user: choose on #1",
            "presenter: dismiss animated",
            "picker: end failed: \(expected)",
            "delegate: didFail \(expected)",
        ])
    }
}

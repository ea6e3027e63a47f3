import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// `PickerConfiguration.profilePhoto(size:)`: the circle the person framed is the avatar.
@MainActor
@Suite("The profile photo preset (B21, B22)")
struct ProfilePhotoPresetTests {
    @Test func theDefaultPresetGivesACircular512PixelAvatar() async throws {
        let s = PickerScenario(configuration: .profilePhoto())
        s.exhaustivity = .off
        try s.picker.edit(try PickerScenario.photo(width: 800, height: 600))
        #expect(s.picker.editorGeometry?.configuration.shape == .circle)
        s.user.tapChoose()
        await s.settle()
        let avatar = try #require(try s.delegate.lastResult?.image?.pixelBuffer())
        #expect(avatar.displaySize == PixelSize(width: 512, height: 512))
        // Transparent outside the circle, opaque inside it, an anti-aliased edge between.
        #expect(avatar[0, 0].a == 0 && avatar[511, 0].a == 0 && avatar[0, 511].a == 0 && avatar[511, 511].a == 0)
        #expect(avatar[256, 256].a == 255 && avatar[256, 2].a == 255 && avatar[2, 256].a == 255)
        #expect(avatar[40, 40].a == 0 && avatar[471, 471].a == 0, "inside the square, outside the circle")
        #expect(s.delegate.lastResult?.cropRect == PixelRect(x: 100, y: 0, width: 600, height: 600))
    }

    @Test func thePresetIsTheDefaultsButForShapeMaskAndSize() {
        var expected = PickerConfiguration()
        expected.editor.shape = .circle
        expected.output.mask = .circle
        expected.output.size = 96
        #expect(PickerConfiguration.profilePhoto(size: 96) == expected)
        #expect(PickerConfiguration.profilePhoto().output.size == 512)
        #expect(PickerConfiguration().output.mask == .square, "the plain defaults keep the square")
        #expect(PickerConfiguration.profilePhoto(size: 6000).output.maximumDimension == 6000, "not clamped to 4096")
        #expect(PickerConfiguration.profilePhoto(size: 512).output.maximumDimension == 4096)
    }

    @Test func aSizeOutOfRangeIsRefusedAtStart() throws {
        let s = PickerScenario(configuration: .profilePhoto(size: 0))
        s.exhaustivity = .off
        #expect(throws: PickerError.self) { try s.picker.edit(try PickerScenario.photo(width: 8, height: 8)) }
        #expect(!s.picker.isSessionActive)
    }
}

import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import PickerKitUIKit
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// PickerKit's UIKit edit screen opening framed on the person (`InitialFraming.subject`),
    /// with a fake locator: the photo stays hidden and only Cancel is enabled while the locator
    /// runs, then the photo shows where the framing puts it, at once. (What Vision finds in a
    /// real photo only a device shows.)
    @MainActor
    @Suite("The UIKit edit screen opening framed")
    struct FramingScreenTests {
        static let face = SubjectRegion(kind: .face, box: PixelRect(x: 160, y: 20, width: 40, height: 48), confidence: 0.9)

        @Test func theScreenWaitsForTheFramingThenOpensOnIt() async throws {
            let phone = EditScreenTests.snapshotLayoutPhone()
            phone.picker.configuration.editor.initialFraming = .subject
            let locator = FakeSubjectLocator(regions: [Self.face], held: true)
            phone.picker.subjectLocator = locator
            try phone.picker.edit(try EditScreenTests.scene())
            try #require(await phone.waitFor { phone.presented.first is ProfileEditViewController })
            let screen = try #require(phone.presented.first as? ProfileEditViewController)
            _ = try await EditScreenTests.contents(screen)
            try #require(await phone.waitFor { locator.requests.count == 1 })
            func items() -> [UIBarButtonItem] { (screen.toolbar.items ?? []).filter { !$0.isFlexibleSpace } }
            // Waiting: the photo is not shown, and only Cancel can be used.
            #expect(phone.picker.editing?.isFraming == true)
            #expect(screen.canvas.photo.isHidden)
            #expect(items().map(\.title) == ["Cancel", "Rotate", "Flip", "Undo", "Redo", "Choose"])
            #expect(items().map(\.isEnabled) == [true, false, false, false, false, false])
            locator.release()
            await phone.settle()
            // Framed: 48 / 0.4 = 120 pixels tall, centred across on x 180, the eyes a third down.
            let geometry = try #require(phone.picker.editorGeometry)
            #expect(geometry.cropRect == PixelRect(x: 120, y: 0, width: 120, height: 120))
            #expect(geometry.openingCrop == geometry.cropRect)
            #expect(!screen.canvas.photo.isHidden)
            EditScreenTests.expectLayers(screen, geometry, gesturing: false)
            #expect(items().map(\.isEnabled) == [true, true, true, false, false, true], "nothing to undo: the framing is the start")
            // VoiceOver says where the crop is, as for any crop.
            #expect(screen.canvas.accessibilityValue == geometry.accessibility(in: PickerStrings()).value)
            #expect(screen.canvas.accessibilityValue == "zoomed 150%, showing the upper right")
            phone.transcript.expect([
                "picker: start edit 240x180",
                "picker: editor laid out 160x284: crop (30,0,180,180)",
                "picker: editor framed on face (160,20,40,48) 0.9: crop (120,0,120,120)",
            ])
            phone.expectNoCrash()
        }
    }
}

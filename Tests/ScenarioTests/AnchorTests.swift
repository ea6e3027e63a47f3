import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// Popovers on iPad, Mac and Vision: anchors required, anchors that point at something gone
/// refused before UIKit raises, bar button items as anchors (B8).
@MainActor
@Suite("Popover anchors on every idiom (B8)")
struct AnchorTests {
    @Test("the library browser is full screen on a phone and a popover elsewhere", arguments: DeviceIdiom.allCases)
    func browsersPerIdiom(idiom: DeviceIdiom) async throws {
        let view = NSObject()
        let s = PickerScenario(idiom: idiom)
        if idiom.presentsPopovers {
            await #expect(throws: PickerError.popoverAnchorRequired(.browser)) { try await s.picker.selectFromPhotoLibrary() }
            s.expect(["picker: start failed: on iPad the browser is shown in a popover: pass a PopoverAnchor"])
        }
        try await s.picker.selectFromPhotoLibrary(anchor: PopoverAnchor(sourceView: view, sourceRect: CGRect(x: 1, y: 2, width: 3, height: 4), name: "avatar"))
        let style = idiom.presentsPopovers ? "popover(avatar (1.0,2.0,3.0,4.0) [up, down, left, right])" : "fullScreen"
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) \(style) animated",
        ])
    }

    @Test func anAnchorWhoseViewWasReleasedIsRefused() async throws {
        let s = PickerScenario(idiom: .pad)
        var view: NSObject? = NSObject()
        let anchor = PopoverAnchor(sourceView: view, sourceRect: .zero, name: "avatar")
        view = nil
        #expect(!anchor.isAttached)
        await #expect(throws: PickerError.popoverAnchorReleased(.browser)) { try await s.picker.selectFromPhotoLibrary(anchor: anchor) }
        #expect(throws: PickerError.popoverAnchorReleased(.sourceChooser)) { try s.picker.chooseSource(anchor: anchor) }
        s.expect([
            "picker: start failed: the browser's popover anchor points at a view or bar button item that has been released",
            // The chooser says why it has nothing to show before it is refused.
            "picker: chooser left out savedPhotosAlbum: the browser's popover anchor points at a view or bar button item that has been released",
            "picker: chooser left out photoLibrary: the browser's popover anchor points at a view or bar button item that has been released",
            "picker: start failed: the source chooser's popover anchor points at a view or bar button item that has been released",
        ])
        #expect(s.presenter.stack.isEmpty)
    }

    @Test func anAnchorReleasedWhileTheChooserIsUpFailsTheChosenSource() throws {
        let s = PickerScenario(idiom: .pad)
        var view: NSObject? = NSObject()
        try s.picker.chooseSource(anchor: PopoverAnchor(sourceView: view, sourceRect: .zero, name: "avatar"))
        view = nil
        s.user.chooseSource(.photoLibrary)
        let failure = PickerError.popoverAnchorReleased(.browser)
        s.expect([
            "picker: start chooser actionSheet",
            "presenter: present #1 chooser(actionSheet: Take photo=camera, Camera roll=savedPhotosAlbum, Photo library=photoLibrary, cancel Cancel) popover(avatar (0.0,0.0,0.0,0.0) [up, down, left, right]) animated",
            "user: choose photoLibrary on #1",
            "presenter: dismiss animated",
            "picker: end failed: \(failure)",
            "delegate: didFail \(failure)",
        ])
    }

    @Test func aBarButtonItemAnchorsThePopover() async throws {
        let item = NSObject()
        let s = PickerScenario(idiom: .mac)
        try await s.picker.selectFromPhotoLibrary(anchor: PopoverAnchor(barButtonItem: item, permittedArrowDirections: .up, name: "edit"))
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) popover(edit bar item [up]) animated",
        ])
    }
}

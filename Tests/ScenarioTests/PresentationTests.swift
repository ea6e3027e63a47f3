import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// What real presenters need: no call while a transition animates, and a dismissal the person
/// makes themselves ending the session once.
@MainActor
@Suite("Presentation transitions and interactive dismissal (B4, B23)")
struct PresentationTests {
    @Test func theNextScreenWaitsForTheDismissalBeforeIt() async throws {
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))])
        s.presenter.transitionMode = .manual
        try s.picker.chooseSource()
        s.presenter.completeTransitions()
        s.user.chooseSource(.photoLibrary)
        s.expect([
            "picker: start chooser actionSheet",
            "presenter: present #1 chooser(actionSheet: Take photo=camera, Camera roll=savedPhotosAlbum, Photo library=photoLibrary, cancel Cancel) actionSheet animated",
            "presenter: transition finished",
            "user: choose photoLibrary on #1",
            "presenter: dismiss animated",
        ])
        #expect(s.picker.pendingWork == ["a dismissal (animating)"])
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.browser], "the workflow moved on; the presenter waits")
        s.presenter.completeTransitions()
        s.expect([
            "presenter: transition finished",
            "presenter: present #2 browser(photoLibrary, [public.image]) fullScreen animated",
        ])
        s.presenter.completeTransitions()
        #expect(s.picker.pendingWork == [])
        s.user.tapCancel()
        s.presenter.completeTransitions()
        s.expect([
            "presenter: transition finished",
            "user: cancel on #2",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
            "presenter: transition finished",
        ])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func settleNamesAnAnimationThatNeverFinishes() async throws {
        let s = PickerScenario(exhaustivity: .off)
        s.presenter.transitionMode = .manual
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        await withKnownIssue {
            await s.settle(timeout: .milliseconds(10))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix("the presentation of #1 (animating)") }
        }
    }

    @Test func swipingTheBrowserDownCancelsOnceWithoutADismiss() async throws {
        let s = PickerScenario()
        try await s.picker.selectFromPhotoLibrary()
        s.user.dismissInteractively()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: dismiss interactively",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(s.picker.navigation == NavigationState())
        #expect(s.delegate.callbacks.count == 1)
    }

    @Test func dismissingTheCameraWithTheEditorPushedTearsItDown() async throws {
        let s = PickerScenario()
        try await s.picker.select(from: .camera)
        await s.settle()
        s.clock.advance(by: .seconds(1))
        s.user.tapShutter()
        await s.settle()
        s.user.dismissInteractively()
        s.expect([
            "picker: start source camera",
            "presenter: present #1 camera(rear, [public.image]) fullScreen animated",
            "camera: prepare rear",
            "picker: camera ready: rear",
            "user: shutter on #1",
            "picker: shutter: capture after 0s",
            "camera: capture, flash auto",
            "picker: captured 30x40 right (6)",
            "presenter: push #2 editor(30x40 crop (0,5,30,30))",
            "presenter: navigation bar hidden",
            "user: dismiss interactively",
            "camera: tear down",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(!s.camera.isRunning)
    }

    @Test func aDismissalReportedFromAnotherRouteIsIgnored() async throws {
        let s = PickerScenario()
        try await s.picker.selectFromPhotoLibrary()
        s.picker.send(.interactivelyDismissed, from: Route.ID(7))
        s.picker.send(.interactivelyDismissed, from: Route.ID(1))
        s.picker.send(.interactivelyDismissed, from: Route.ID(1))
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "picker: ignored interactivelyDismissed on #7: not frontmost",
            "picker: end cancelled (user)",
            "delegate: didCancel",
            "picker: ignored interactivelyDismissed on #1: no session",
        ])
    }
}

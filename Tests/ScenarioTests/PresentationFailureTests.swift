import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// A presentation the presenter cannot make (UIKit refuses one over another presentation, or
/// from a screen that is not in a window, and calls no completion) ends the session with a
/// typed failure instead of leaving the picker waiting for a screen that never shows.
@MainActor
@Suite("Presentations that cannot happen (B15, B23)")
struct PresentationFailureTests {
    @Test func aRefusedPresentationEndsTheSessionWithItsReasonAndNothingToDismiss() async throws {
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))])
        s.presenter.refusal = "the host is not in a window"
        try await s.picker.selectFromPhotoLibrary()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "presenter: refused #1: the host is not in a window",
            "picker: end failed: the picker's screen could not be presented: the host is not in a window",
            "delegate: didFail the picker's screen could not be presented: the host is not in a window",
        ])
        #expect(s.picker.pendingWork == [])
        #expect(!s.picker.isSessionActive)
        // The picker is not wedged: once the host can present, the next session shows.
        s.presenter.refusal = nil
        try await s.picker.selectFromPhotoLibrary()
        #expect(s.presenter.stack.map(\.id) == [Route.ID(2)])
        s.exhaustivity = .off
    }

    @Test func aShownScreenThatCannotWorkEndsTheSessionAndIsDismissed() async throws {
        let s = PickerScenario()
        try await s.picker.selectFromPhotoLibrary()
        s.picker.screenFailed(Route.ID(7), reason: "not this session's")
        #expect(s.picker.isSessionActive, "a route not on the stack is ignored")
        s.picker.screenFailed(Route.ID(1), reason: "no browser screen")
        await s.picker.idle()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "presenter: dismiss animated",
            "picker: end failed: the picker's screen could not be presented: no browser screen",
            "delegate: didFail the picker's screen could not be presented: no browser screen",
        ])
        #expect(s.presenter.stack.isEmpty)
        #expect(!s.picker.isSessionActive)
    }

    @Test func thePickerTellsThePresenterWhoItIsBeforeItPresents() throws {
        // The presenter is passed to the initializer only: no attach(to:) call.
        let s = PickerScenario()
        #expect(s.presenter.picker == nil)
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        #expect(s.presenter.picker === s.picker)
        s.exhaustivity = .off
    }

    @Test func aFailureReportedForAnotherRouteIsIgnored() throws {
        let s = PickerScenario()
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.picker.presentationFailed(Route.ID(9), reason: "late")
        #expect(s.picker.isSessionActive)
        s.picker.cancel()
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "delegate: didCancel",
        ])
    }

    @Test func theReducerEndsOnlyThePresentedRoutesSession() throws {
        var workflow = Workflow()
        let facts = DeviceFacts(
            sources: [.photoLibrary: [.image]], cameras: nil, canRecordMovies: false, hostInfo: .allDeclared, idiom: .phone)
        _ = workflow.reduce(.start(
            .source(.photoLibrary), anchor: nil, configuration: PickerConfiguration(), facts: facts, requiresDelegate: true))
        let effects = workflow.reduce(.presentationFailed(Route.ID(1), reason: "gone"))
        #expect(effects.map { "\($0)" } == [
            "emit(end failed: the picker's screen could not be presented: gone)",
            "deliver(PickerKit.SessionEnd.failed(the picker's screen could not be presented: gone), session: 1)",
        ])
        #expect(workflow.reduce(.presentationFailed(Route.ID(1), reason: "again")).isEmpty, "no session runs")
    }
}

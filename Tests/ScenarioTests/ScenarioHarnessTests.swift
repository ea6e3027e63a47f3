import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// PickerKitTesting's own guarantees: exhaustive transcripts, bounded waits, and the host's
/// delegate under test.
@MainActor
@Suite("The scenario harness")
struct ScenarioHarnessTests {
    @Test func aScenarioEndingWithUnassertedLinesFailsTheTest() throws {
        try withKnownIssue {
            let s = PickerScenario()
            try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("2 transcript line(s) nobody asserted") }
                && issue.comments.contains { $0.rawValue.hasSuffix("picker: start edit 2x2\npresenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated") }
        }
    }

    @Test func expectConsumesTheLinesItChecks() throws {
        let s = PickerScenario()
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.expect([
            "picker: start edit 2x2",
            "presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated",
        ])
        s.user.tapCancel()
        s.expect([
            "user: cancel on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(s.transcript.unasserted.isEmpty)
    }

    @Test func aMismatchShowsBothListsOnce() throws {
        let s = PickerScenario()
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        withKnownIssue {
            s.expect(["picker: start edit 2x2", "presenter: present #1 fullScreen"])
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue == """
                    the transcript's new lines differ from those expected (− expected, + actual):
                      picker: start edit 2x2
                    − presenter: present #1 fullScreen
                    + presenter: present #1 editor(2x2 crop (0,0,2,2)) fullScreen animated
                    """
            }
        }
        #expect(s.transcript.unasserted.isEmpty, "consumed, so the end does not report it again")
    }

    @Test func exhaustivityOffAllowsAPartialCheck() throws {
        let s = PickerScenario(exhaustivity: .off)
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        #expect(s.picker.navigation.top?.id == Route.ID(1))
    }

    @Test func settleFailsNamingWhatIsStillPending() async throws {
        let s = PickerScenario(items: [.image("IMG_0003", try PickerScenario.photo(width: 4, height: 3))], exhaustivity: .off)
        s.source.loadMode = .manual
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await withKnownIssue {
            await s.settle(timeout: .milliseconds(20))
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "settle: still pending after 0.02 seconds: load of IMG_0003" }
        }
        #expect(s.picker.pendingWork == ["load of IMG_0003"])
        s.source.completePendingLoads()
        await s.settle()
        #expect(s.picker.pendingWork.isEmpty)
        #expect(s.picker.navigation.top?.screen.kind == .editor)
    }

    @Test func eventuallyFailsSayingWhatNeverHappened() async {
        await withKnownIssue {
            let held = await eventually("the sky falls", timeout: .milliseconds(5)) { false }
            #expect(!held)
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "never happened within 0.005 seconds: the sky falls" }
        }
    }

    /// A host's view model, as an app would write it.
    @MainActor
    final class ProfileViewModel: ProfilePickerDelegate {
        var avatar: (any ImageBuffer)?
        var cancels = 0

        func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
            avatar = result.image
        }

        func profilePickerDidCancel(_ picker: ProfilePicker) {
            cancels += 1
        }
    }

    @Test func theHostsOwnDelegateIsTestedThroughTheScenario() async throws {
        let model = ProfileViewModel()
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))], delegate: model)
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        #expect(model.avatar?.displaySize == PixelSize(width: 3, height: 3))
        try s.picker.edit(try PickerScenario.photo(width: 2, height: 2))
        s.user.tapCancel()
        #expect(model.cancels == 1)
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 4x3 up (1)",
            "presenter: push #2 editor(4x3 crop (1,0,3,3))",
            "presenter: navigation bar hidden",
            "user: choose on #2",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 3x3 from 4x3 crop (1,0,3,3)",
            "delegate: didFinish public.image edited 3x3 from 4x3 crop (1,0,3,3)",
            "picker: start edit 2x2",
            "presenter: present #3 editor(2x2 crop (0,0,2,2)) fullScreen animated",
            "user: cancel on #3",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
    }
}

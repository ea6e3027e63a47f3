import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("Editing an existing image (B1, B11)")
struct EditAnExistingImageTests {
    @Test func theEditScreenIsPresentedFullScreenAndChooseFinishes() async throws {
        let s = PickerScenario()
        let photo = try PickerScenario.photo(width: 8, height: 12, orientation: .left)  // shows 12x8
        try s.picker.edit(photo)
        #expect(s.picker.navigation.stack.map(\.screen) == [
            .editor(EditorScreen(imageSize: PixelSize(width: 12, height: 8), cropRect: PixelRect(x: 2, y: 0, width: 8, height: 8)))
        ])
        #expect(s.presenter.style == "fullScreen")
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "picker: start edit 12x8",
            "presenter: present #1 editor(12x8 crop (2,0,8,8)) fullScreen animated",
            "user: choose on #1",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 8x8 from 12x8 crop (2,0,8,8)",
            "delegate: didFinish public.image edited 8x8 from 12x8 crop (2,0,8,8)",
        ])
        #expect(s.presenter.style == nil)
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func cancelOnAPresentedEditScreenEndsTheSessionWithoutAResult() throws {
        let s = PickerScenario()
        try s.picker.edit(try PickerScenario.photo(width: 5, height: 5))
        s.user.tapCancel()
        s.expect([
            "picker: start edit 5x5",
            "presenter: present #1 editor(5x5 crop (0,0,5,5)) fullScreen animated",
            "user: cancel on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(s.delegate.lastResult == nil, "cancel leaves the app's photo untouched")
    }

    @Test func actionsTheEditScreenDoesNotOfferAreIgnored() throws {
        let s = PickerScenario()
        s.exhaustivity = .off
        try s.picker.edit(try PickerScenario.photo(width: 5, height: 5))
        s.picker.send(.sourceChosen(.camera), from: Route.ID(1))
        s.picker.send(.itemPicked(PickedItem(id: "X")), from: Route.ID(1))
        s.picker.send(.chooseTapped, from: Route.ID(7))
        #expect(Array(s.transcript.lines.dropFirst(2)) == [
            "picker: ignored sourceChosen(camera) on #1: not offered here",
            "picker: ignored itemPicked(X (public.image)) on #1: not offered here",
            "picker: ignored chooseTapped on #7: not frontmost",
        ])
        #expect(s.picker.isSessionActive)
    }

    @Test func aSecondSessionCannotStartWhileOneRuns() throws {
        let s = PickerScenario()
        s.exhaustivity = .off
        try s.picker.edit(try PickerScenario.photo(width: 5, height: 5))
        #expect(throws: PickerError.sessionInProgress) { try s.picker.edit(try PickerScenario.photo(width: 2, height: 2)) }
        #expect(s.transcript.lines.last == "picker: start failed: a session is already in progress; start the next one after its callback")
        #expect(s.presenter.stack.count == 1)
    }

    @Test func thePickerCanRunOneSessionAfterAnother() async throws {
        let s = PickerScenario()
        s.exhaustivity = .off
        try s.picker.edit(try PickerScenario.photo(width: 5, height: 5))
        s.user.tapCancel()
        try s.picker.edit(try PickerScenario.photo(width: 6, height: 4))
        #expect(s.picker.navigation.stack.map(\.id) == [Route.ID(2)])
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.callbacks.count == 2)
        #expect(s.delegate.lastResult?.cropRect == PixelRect(x: 1, y: 0, width: 4, height: 4))
        #expect(s.transcript.unexpected.isEmpty)
    }
}

import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("pick(_:) beside the delegate")
struct AsyncPickTests {
    static func scenario(delegate: Bool = true) throws -> PickerScenario {
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 6, height: 4))])
        if !delegate { s.picker.delegate = nil }
        return s
    }

    @Test func returnsTheResultWithoutADelegate() async throws {
        let s = try Self.scenario(delegate: false)
        s.exhaustivity = .off
        let picking = Task { try await s.picker.pick(.source(.photoLibrary)) }
        await eventually("the browser shows") { s.presenter.stack.count == 1 }
        s.user.pickItem(at: 0)
        await eventually("the editor shows") { s.presenter.stack.count == 2 }
        s.user.tapChoose()
        await s.settle()
        let result = try #require(try await picking.value)
        #expect(result.cropRect == PixelRect(x: 1, y: 0, width: 4, height: 4))
        #expect(s.delegate.callbacks.isEmpty)
    }

    @Test func returnsNilWhenThePersonCancelsAndStillTellsTheDelegateOnce() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        let picking = Task { try await s.picker.pick(.sourceChooser(.actionSheet)) }
        await eventually("the chooser shows") { s.presenter.stack.count == 1 }
        s.user.tapCancel()
        #expect(try await picking.value == nil)
        #expect(s.delegate.callbacks.count == 1)
        #expect(s.transcript.lines.suffix(2) == ["picker: end cancelled (user)", "delegate: didCancel"])
    }

    @Test func cancellingTheTaskEndsTheSessionWithOneCancel() async throws {
        let s = try Self.scenario()
        let picking = Task { try await s.picker.pick(.source(.photoLibrary)) }
        await eventually("the browser shows") { s.presenter.stack.count == 1 }
        picking.cancel()
        await #expect(throws: CancellationError.self) { try await picking.value }
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "presenter: dismiss animated",
            "picker: end cancelled (task)",
            "delegate: didCancel",
        ])
        #expect(!s.picker.isSessionActive)
    }

    @Test func aTaskAlreadyCancelledStartsNothing() async throws {
        let s = try Self.scenario()
        let picking = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await s.picker.pick(.source(.photoLibrary))
        }
        await #expect(throws: CancellationError.self) { try await picking.value }
        #expect(s.transcript.lines.isEmpty)
    }

    @Test func startErrorsAreThrown() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        s.picker.configuration.mediaTypes = []
        await #expect(throws: PickerError.mediaTypesEmpty) { try await s.picker.pick(.source(.camera)) }
        await #expect(throws: PickerError.mediaTypesEmpty) { try await s.picker.pick(.sourceChooser(.menu)) }
        #expect(s.delegate.callbacks.isEmpty)
    }

    @Test func aFailureAfterStartIsThrown() async throws {
        let s = PickerScenario { $0.authorization[.camera] = .denied }
        s.exhaustivity = .off
        let picking = Task { try await s.picker.pick(.sourceChooser(.actionSheet)) }
        await eventually("the chooser shows") { s.presenter.stack.count == 1 }
        s.user.chooseSource(.camera)
        await #expect(throws: PickerError.authorizationDenied(.camera)) { try await picking.value }
        #expect(s.delegate.callbacks.count == 1)
    }

    @Test func aMenusEntryStartsItsSourceInATaskAndHandsAFailureOn() async throws {
        let s = PickerScenario { $0.authorization[.camera] = .denied }
        s.exhaustivity = .off
        var failures: [PickerError] = []
        await s.picker.selectInTask(from: .camera, anchor: nil) { failures.append($0) }.value
        #expect(failures == [.authorizationDenied(.camera)])
        await s.picker.selectInTask(from: .photoLibrary, anchor: nil) { failures.append($0) }.value
        #expect(failures == [.authorizationDenied(.camera)], "the library starts")
        #expect(s.picker.isSessionActive && s.presenter.stack.count == 1)
        await s.picker.selectInTask(from: .photoLibrary, anchor: nil) { failures.append($0) }.value
        #expect(failures.count == 2 && failures.last != .authorizationDenied(.camera), "a second start while one runs fails: \(failures)")
        // The task holds the picker weakly: a picker gone starts nothing and reports nothing.
        let other = PickerScenario()
        other.exhaustivity = .off
        var gone: ProfilePicker? = ProfilePicker(photoSource: other.source, presenter: other.presenter, delegate: other.delegate)
        let task = gone!.selectInTask(from: .photoLibrary, anchor: nil) { failures.append($0) }
        gone = nil
        await task.value
        #expect(failures.count == 2 && other.presenter.stack.isEmpty)
    }

    @Test func editingAnImageAwaitsItsResult() async throws {
        let s = try Self.scenario(delegate: false)
        s.exhaustivity = .off
        let photo = try PickerScenario.photo(width: 3, height: 9)
        let picking = Task { try await s.picker.pick(.edit(photo)) }
        await eventually("the editor shows") { s.presenter.stack.count == 1 }
        s.user.tapChoose()
        await s.settle()
        #expect(try await picking.value?.cropRect == PixelRect(x: 0, y: 3, width: 3, height: 3))
    }
}

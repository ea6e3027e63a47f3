import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// The edit screen opening framed on the person (``InitialFraming/subject``): the locator runs
/// while the screen waits, the screen opens on the portrait crop, and Undo's first step, Reset
/// and Choose keep to it; a restored session keeps its own crop.
@MainActor
@Suite("Opening the edit screen on the person")
struct SubjectFramingFlowTests {
    static let face = SubjectRegion(kind: .face, box: PixelRect(x: 260, y: 60, width: 60, height: 72), confidence: 0.9)

    static func scenario(_ locator: FakeSubjectLocator) -> PickerScenario {
        let s = PickerScenario()
        s.picker.configuration.editor.initialFraming = .subject
        s.picker.subjectLocator = locator
        return s
    }

    /// 72 / 0.4 = 180 pixels tall, centred across on x 290, the eyes (60 + 0.4 × 72) a third
    /// down: (200, 29, 180, 180).
    @Test func theScreenOpensFramedAndUndoAndResetGoBackToIt() async throws {
        let locator = FakeSubjectLocator(regions: [Self.face])
        let s = Self.scenario(locator)
        try s.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        // Until the locator answers, the screen waits: a gesture is not taken.
        #expect(s.picker.workflow.state.editing?.isFraming == true)
        s.user.drag(dx: 40, dy: 0)
        await s.settle()
        #expect(locator.requests == [PixelSize(width: 400, height: 300)])
        s.user.drag(dx: 40, dy: 0)
        s.user.tapUndo()
        s.user.tapUndo()
        s.user.drag(dx: -60, dy: 30)
        s.user.gesture(.reset)
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "picker: start edit 400x300",
            "presenter: present #1 editor(400x300 crop (50,0,300,300)) fullScreen animated",
            "user: pan(40,0) on #1",
            "picker: ignored editorGesture(pan(40,0)) on #1: busy",
            "user: ended on #1",
            "picker: ignored editorGesture(ended) on #1: busy",
            "picker: editor framed on face (260,60,60,72) 0.9: crop (200,29,180,180)",
            "user: pan(40,0) on #1",
            "picker: editor pan(40,0): crop (179,29,180,180)",
            "user: ended on #1",
            "picker: editor ended: crop (179,29,180,180)",
            // Undo's first step is the framing, and there is nothing before it.
            "user: undo on #1",
            "picker: editor undo: crop (200,29,180,180)",
            "user: undo on #1",
            "picker: ignored undoTapped on #1: nothing to undo or redo",
            "user: pan(-60,30) on #1",
            "picker: editor pan(-60,30): crop (220,13,180,180)",
            "user: ended on #1",
            "picker: editor ended: crop (220,13,180,180)",
            // Reset goes back to the framing, not to the centre.
            "user: reset on #1",
            "picker: editor reset: crop (200,29,180,180)",
            "user: choose on #1",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 180x180 from 400x300 crop (200,29,180,180)",
            "delegate: didFinish public.image edited 180x180 from 400x300 crop (200,29,180,180)",
        ])
        #expect(s.delegate.lastResult?.cropRect == PixelRect(x: 200, y: 29, width: 180, height: 180))
    }

    /// A restored session opens on its own crop: the locator is not asked.
    @Test func aRestoredSessionKeepsItsOwnCrop() async throws {
        let locator = FakeSubjectLocator(regions: [Self.face])
        let s = Self.scenario(locator)
        s.exhaustivity = .off
        let photo = try PickerScenario.photo(width: 400, height: 300)
        try s.picker.edit(photo)
        await s.settle()
        s.user.drag(dx: -30, dy: 0)
        s.user.tapChoose()
        await s.settle()
        let saved = try #require(s.delegate.lastResult?.editSession)
        #expect(saved.cropRect == PixelRect(x: 216, y: 29, width: 180, height: 180))
        try s.picker.edit(photo, restoring: saved)
        await s.settle()
        #expect(locator.requests.count == 1)
        #expect(s.picker.workflow.state.editing?.isFraming == false)
        #expect(s.picker.editorGeometry?.cropRect == saved.cropRect)
        // Its Reset still goes back to the framing it opened with, saved with it.
        s.user.gesture(.reset)
        #expect(s.picker.editorGeometry?.cropRect == PixelRect(x: 200, y: 29, width: 180, height: 180))
    }

    /// Nothing found, or a locator that fails: the screen opens centred, as without framing,
    /// and Reset centres.
    @Test(arguments: [FakeSubjectLocator(regions: []), FakeSubjectLocator(failing: CocoaError(.fileReadCorruptFile))])
    func withNoSubjectTheScreenOpensCentred(locator: FakeSubjectLocator) async throws {
        let s = Self.scenario(locator)
        try s.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        await s.settle()
        s.user.gesture(.reset)
        let answer = if case .success = locator.answer {
            "picker: editor framed on nothing: crop (50,0,300,300)"
        } else {
            "picker: subject location failed: \(ErrorCause(CocoaError(.fileReadCorruptFile)))"
        }
        s.expect([
            "picker: start edit 400x300",
            "presenter: present #1 editor(400x300 crop (50,0,300,300)) fullScreen animated",
            answer,
            "user: reset on #1",
            "picker: editor reset: crop (50,0,300,300)",
        ])
        #expect(s.picker.editorGeometry?.openingCrop == nil)
    }

    /// A photo picked from the library opens framed too.
    @Test func aPickedPhotoOpensFramed() async throws {
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 400, height: 300))])
        s.exhaustivity = .off
        s.picker.configuration.editor.initialFraming = .subject
        s.picker.subjectLocator = FakeSubjectLocator(regions: [Self.face])
        try await s.picker.select(from: .photoLibrary)
        await s.settle()
        s.user.pickItem(at: 0)
        await s.settle()
        #expect(s.picker.editorGeometry?.cropRect == PixelRect(x: 200, y: 29, width: 180, height: 180))
        #expect(s.transcript.lines.contains("picker: editor framed on face (260,60,60,72) 0.9: crop (200,29,180,180)"))
    }

    @Test func theConfigurationIsSavedAsBeforeWhenCentred() throws {
        var editor = EditorConfiguration()
        let centred = String(decoding: try JSONEncoder().encode(editor), as: UTF8.self)
        #expect(!centred.contains("initialFraming"))
        // A configuration saved before the setting decodes, opening centred.
        #expect(try JSONDecoder().decode(EditorConfiguration.self, from: Data(centred.utf8)) == editor)
        editor.initialFraming = .subject
        let framed = try JSONEncoder().encode(editor)
        #expect(String(decoding: framed, as: UTF8.self).contains("\"initialFraming\":\"subject\""))
        #expect(try JSONDecoder().decode(EditorConfiguration.self, from: framed) == editor)
        // A geometry keeps its opening crop through a save.
        var geometry = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        geometry.frame(on: [Self.face])
        let reopened = try JSONDecoder().decode(EditorGeometry.self, from: try JSONEncoder().encode(geometry))
        #expect(reopened == geometry)
        #expect(reopened.openingCrop == PixelRect(x: 200, y: 29, width: 180, height: 180))
    }

    /// The opening crop follows the geometry everywhere it goes: to the full-resolution
    /// original of a reduced photo, and through an aspect switch.
    @Test func theOpeningCropFollowsResolutionAndAspect() throws {
        var geometry = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        geometry.frame(on: [Self.face])
        let full = EditSession(geometry: geometry, output: AvatarOutput()).resized(for: try PixelBuffer(width: 800, height: 600)).geometry
        #expect(full.openingCrop == PixelRect(x: 400, y: 58, width: 360, height: 360))
        var reopened = full
        reopened.apply(.pan(CGPoint(x: 50, y: 0)))
        reopened.apply(.reset)
        #expect(reopened.cropRect == PixelRect(x: 400, y: 58, width: 360, height: 360))

        var configuration = EditorConfiguration()
        configuration.shape = .rectangle(aspectRatio: 1)
        var rectangle = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300), configuration: configuration)
        rectangle.frame(on: [Self.face])
        let opening = try #require(rectangle.openingCrop)
        rectangle.apply(.aspect(.ratio(4, 3)))
        #expect(rectangle.openingCrop == opening)
        rectangle.apply(.reset)
        // Back on the framing's centre, at the new aspect.
        let crop = rectangle.cropRect
        #expect(abs((crop.x * 2 + crop.width) - (opening.x * 2 + opening.width)) <= 2, "\(crop)")
        #expect(crop != PixelRect(x: 0, y: 0, width: 400, height: 300))
    }

    @Test func anUnknownFramingOpensCentred() throws {
        let saved = String(decoding: try JSONEncoder().encode(EditorConfiguration()), as: UTF8.self)
        let newer = saved.replacingOccurrences(of: "}", with: ",\"initialFraming\":\"pets\"}", options: .backwards, range: saved.range(of: "}", options: .backwards))
        #expect(newer.contains("pets"))
        #expect(try JSONDecoder().decode(EditorConfiguration.self, from: Data(newer.utf8)).initialFraming == .centre)
    }

    /// A host whose presenter holds its completions: the locator answers while the edit
    /// screen's presentation still animates, and the framing waits for nothing; then Cancel
    /// while a second screen waits to be framed ends the session once, after its dismissal,
    /// and the locator's late answer falls out.
    @Test func withAPresenterThatHoldsItsCompletions() async throws {
        let transcript = Transcript()
        let presenter = FakePresenter(transcript: transcript)
        presenter.transitionMode = .manual
        let delegate = RecordingDelegate(transcript: transcript)
        let clock = ManualClock()
        let picker = ProfilePicker(
            photoSource: FakePhotoSource(transcript: transcript), presenter: presenter, delegate: delegate,
            hostInfo: .allDeclared, clock: clock)
        picker.transitionClock = clock
        defer { clock.cancelSleepers() }
        picker.eventHandler = { event in
            transcript.record("picker", event.description)
            if case .sessionStarted = event { delegate.sessionStarted() }
        }
        picker.configuration.editor.initialFraming = .subject
        let locator = FakeSubjectLocator(regions: [Self.face], held: true)
        picker.subjectLocator = locator
        let photo = try PickerScenario.photo(width: 400, height: 300)

        try picker.edit(photo)
        try #require(await eventually("the locator is asked") { locator.requests.count == 1 })
        locator.release()
        try #require(await eventually("the screen is framed") { picker.editing?.isFraming == false })
        #expect(picker.editorGeometry?.cropRect == PixelRect(x: 200, y: 29, width: 180, height: 180))
        presenter.completeTransitions()
        picker.cancel()
        presenter.completeTransitions()
        try #require(await eventually("the first session ends") { delegate.callbacks.count == 1 })

        // The second screen is cancelled while it waits to be framed.
        let held = FakeSubjectLocator(regions: [Self.face], held: true)
        picker.subjectLocator = held
        try picker.edit(photo)
        try #require(await eventually("the locator is asked") { held.requests.count == 1 })
        presenter.completeTransitions()
        picker.send(.cancelTapped, from: try #require(picker.editing?.route.id))
        presenter.completeTransitions()
        try #require(await eventually("the second session ends") { delegate.callbacks.count == 2 })
        held.release()
        #expect(await picker.idle() == [])
        #expect(delegate.callbacks.count == 2)
        #expect(transcript.lines == [
            "picker: start edit 400x300",
            "presenter: present #1 editor(400x300 crop (50,0,300,300)) fullScreen animated",
            "picker: editor framed on face (260,60,60,72) 0.9: crop (200,29,180,180)",
            "presenter: transition finished",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "presenter: transition finished",
            "delegate: didCancel",
            "picker: start edit 400x300",
            "presenter: present #2 editor(400x300 crop (50,0,300,300)) fullScreen animated",
            "presenter: transition finished",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "presenter: transition finished",
            "delegate: didCancel",
        ])
    }
}


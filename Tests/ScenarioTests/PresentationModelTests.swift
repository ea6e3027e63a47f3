import Foundation
import Observation
import PickerImaging
import PickerKit
import PickerKitSwiftUI
import PickerKitTesting
import Testing

/// The SwiftUI path, tested without SwiftUI: the observable model a view binds to.
/// `PresentationModel` is `@Observable`: iOS 17 and macOS 14, above the package's minimums,
/// so each test and helper says so (a suite type cannot).
@MainActor
@Suite("The observable presentation model for SwiftUI (B2, B4, B23)")
struct PresentationModelTests {
    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    static func picker(
        _ model: PresentationModel, items: [FakePhotoSource.Item] = [], clock: any PickerClock = SystemPickerClock()
    ) -> (ProfilePicker, RecordingDelegate, Transcript) {
        let transcript = Transcript()
        let picker = ProfilePicker(
            photoSource: FakePhotoSource(transcript: transcript, items: items), hostInfo: .allDeclared, clock: clock)
        // The model's timeouts, like the picker's deadlines, run on the transition clock.
        picker.transitionClock = clock
        let delegate = RecordingDelegate(transcript: transcript)
        picker.delegate = delegate
        picker.eventHandler = { event in
            transcript.record("picker", event.description)
            if case .sessionStarted = event { delegate.sessionStarted() }
        }
        model.attach(to: picker)
        return (picker, delegate, transcript)
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func unsavedEditsRefuseASwipeAwayUntilUndone() async throws {
        let model = PresentationModel()
        let (picker, _, _) = Self.picker(model)
        try picker.edit(try PickerScenario.photo(width: 40, height: 30))
        #expect(!model.refusesInteractiveDismissal)
        let editor = try #require(picker.editing?.route.id)
        picker.send(.editorGesture(.transform(.turnRight)), from: editor)
        #expect(model.refusesInteractiveDismissal)
        picker.send(.undoTapped, from: editor)
        #expect(!model.refusesInteractiveDismissal)
        picker.send(.editorGesture(.pan(CGPoint(x: 5, y: 0))), from: editor)
        #expect(model.refusesInteractiveDismissal, "a gesture under way is an unsaved edit")
        picker.cancel()
        await picker.idle()
        #expect(!model.refusesInteractiveDismissal, "nothing is being edited")
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func aLibraryFlowDrivesTheBindings() async throws {
        let model = PresentationModel()
        let photo = try PickerScenario.photo(width: 4, height: 3)
        let (picker, delegate, _) = Self.picker(model, items: [.image("IMG_1", photo)])
        try await picker.selectFromPhotoLibrary()
        #expect(model.fullScreenRoute?.screen == .browser(source: .photoLibrary, mediaTypes: [.image]))
        #expect(model.sheetRoute == nil && model.popoverRoute == nil)
        picker.send(.itemPicked(PickedItem(id: "IMG_1")), from: try #require(model.presented).id)
        await picker.idle()
        #expect(model.path.map(\.screen.kind) == [.editor])
        #expect(model.isNavigationBarHidden)
        // The person swipes back: NavigationStack shortens the path.
        model.path = []
        #expect(picker.navigation.stack.map(\.screen.kind) == [.browser])
        #expect(!model.isNavigationBarHidden)
        // Then swipes the whole sheet away: one cancel.
        model.fullScreenRoute = nil
        #expect(model.presented == nil)
        #expect(!picker.isSessionActive)
        #expect(delegate.callbacks.count == 1)
        if case .cancelled? = delegate.callbacks.first {} else { Issue.record("\(delegate.callbacks)") }
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func theChooserIsADialogAndAPadsBrowserAPopover() async throws {
        let model = PresentationModel(idiom: .pad)
        let (picker, delegate, transcript) = Self.picker(model)
        let button = NSObjectBox()
        try picker.chooseSource(anchor: PopoverAnchor(sourceView: button, sourceRect: .zero))
        #expect(model.dialogRoute?.screen.kind == .sourceChooser)
        #expect(model.sheetRoute == nil && model.popoverRoute == nil && model.fullScreenRoute == nil)
        model.popoverRoute = nil  // not what is shown: nothing happens
        #expect(picker.isSessionActive)
        model.dialogRoute = nil  // a tap outside the dialog's popover: no button ran
        #expect(picker.isSessionActive, "decided a turn later, once a button's action would have run")
        #expect(await eventually("the dismissal is heard") { !picker.isSessionActive })
        #expect(delegate.callbacks.count == 1)
        #expect(transcript.lines.suffix(2) == ["picker: end cancelled (user)", "delegate: didCancel"])

        try await picker.selectFromPhotoLibrary(anchor: PopoverAnchor(sourceView: button, sourceRect: CGRect(x: 4, y: 5, width: 20, height: 10)))
        #expect(model.popoverRoute?.screen.kind == .browser)
        #expect(model.popoverSourceRect == CGRect(x: 4, y: 5, width: 20, height: 10))
        model.popoverRoute = nil  // a tap outside the popover
        #expect(!picker.isSessionActive)
        #expect(delegate.callbacks.count == 2)
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func aChoiceInTheDialogIsNotACancelWhicheverWaySwiftUICloses() async throws {
        for closesFirst in [true, false] {
            let model = PresentationModel()
            let (picker, delegate, _) = Self.picker(model)
            try picker.chooseSource()
            let chooser = try #require(model.dialogRoute)
            if closesFirst { model.dialogRoute = nil }
            picker.send(.sourceChosen(.photoLibrary), from: chooser.id)
            if !closesFirst { model.dialogRoute = nil }
            await picker.idle()
            for _ in 0..<20 { await Task.yield() }
            #expect(model.fullScreenRoute?.screen.kind == .browser, "closes first: \(closesFirst)")
            #expect(delegate.callbacks.isEmpty)
            picker.cancel()
        }
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func withSwiftUIReportingAPresentationWaitsForItsScreenToAppear() async throws {
        let model = PresentationModel()
        model.reportsTransitions = true
        let (picker, delegate, _) = Self.picker(model)
        try picker.edit(try PickerScenario.photo(width: 2, height: 2))
        let editor = try #require(model.fullScreenRoute)
        #expect(picker.pendingWork == ["the presentation of #1 (animating)"])
        model.presentationAppeared(editor.id)
        #expect(picker.pendingWork == [])
        picker.send(.chooseTapped, from: editor.id)
        #expect(await eventually("the render is back") { model.presented == nil })
        #expect(picker.pendingWork == ["a dismissal (animating)"])
        model.dismissalEnded()
        #expect(picker.pendingWork == [])
        #expect(delegate.callbacks.count == 1)
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func aScreenSwiftUINeverShowsEndsTheSessionInsteadOfWedgingIt() async throws {
        let model = PresentationModel()
        model.reportsTransitions = true
        model.transitionTimeout = .milliseconds(20)
        let (picker, delegate, transcript) = Self.picker(model)
        try picker.edit(try PickerScenario.photo(width: 2, height: 2))
        #expect(await eventually("the timeout") { !picker.isSessionActive })
        #expect(delegate.callbacks.count == 1)
        #expect(transcript.lines.last == "delegate: didFail the picker's screen could not be presented: the screen did not appear within 0.02 s (is the view presenting something else, or off screen?)")
        // The picker is free again.
        try picker.edit(try PickerScenario.photo(width: 2, height: 2))
        #expect(picker.isSessionActive)
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func anEarlierDismissalsTimeoutDoesNotFinishALaterOne() async throws {
        let model = PresentationModel()
        model.reportsTransitions = true
        // The timeouts run on the picker's transition clock: this test moves it.
        let clock = ManualClock()
        defer { clock.cancelSleepers() }
        let (picker, _, _) = Self.picker(model, clock: clock)
        let route = Route(id: Route.ID(1), screen: .browser(source: .photoLibrary, mediaTypes: [.image]))
        // A dismissal SwiftUI reports at once, whose 20 ms timeout is still to run.
        model.transitionTimeout = .milliseconds(20)
        model.present(route, style: .fullScreen, animated: true) {}
        model.presentationAppeared(route.id)
        model.dismiss(animated: true) {}
        model.dismissalEnded()
        // The next dismissal waits for its own onDismiss, for up to a minute.
        model.transitionTimeout = .seconds(60)
        model.present(route, style: .fullScreen, animated: true) {}
        model.presentationAppeared(route.id)
        let finished = Flag()
        model.dismiss(animated: true) { finished.set() }
        await eventually("every timeout waits on the clock") { clock.sleeperCount == 4 }
        clock.advance(by: .milliseconds(20))
        for _ in 0..<20 { await Task.yield() }
        #expect(!finished.isSet, "the first dismissal's timeout must not end the second")
        clock.advance(by: .seconds(60))
        await eventually("the second dismissal's own timeout ends it") { finished.isSet }
        withExtendedLifetime(picker) {}
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func changesAreObservable() async throws {
        let model = PresentationModel()
        let (picker, _, _) = Self.picker(model)
        let changed = Flag()
        withObservationTracking { _ = model.fullScreenRoute } onChange: { changed.set() }
        try picker.edit(try PickerScenario.photo(width: 2, height: 2))
        #expect(changed.isSet)
        #expect(model.fullScreenRoute?.screen.kind == .editor)
        picker.send(.chooseTapped, from: try #require(model.presented).id)
        await picker.idle()
        #expect(model.presented == nil)
    }

    @available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, visionOS 1, *)
    @Test func alertsAreState() async throws {
        let model = PresentationModel()
        let (picker, _, _) = Self.picker(model, items: [.failing("BAD", "offline")])
        try await picker.selectFromPhotoLibrary()
        picker.send(.itemPicked(PickedItem(id: "BAD")), from: try #require(model.presented).id)
        await picker.idle()
        #expect(model.alert == .itemLoadFailed(itemID: "BAD", cause: "offline"))
        model.alert = nil
        #expect(picker.isSessionActive, "the browser stays open")
    }
}

/// A stand-in for the button a popover points at.
final class NSObjectBox {}

/// A flag set from an observation's change handler.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// SwiftUI on iPad: the model knows the device, and an anchor needs no view object.
@MainActor
@Suite("PresentationModel on a pad")
struct PresentationModelPadTests {
    @Test func withoutAnIdiomItIsThisDevicesAndAPhoneHere() {
        #expect(PresentationModel().idiom == .phone, "Linux has no UIDevice: a phone")
        #expect(PresentationModel(idiom: .pad).idiom == .pad)
    }

    @Test func theModelsOwnAnchorOpensTheChooserAndTheLibraryOnAPad() async throws {
        let transcript = Transcript()
        let model = PresentationModel(idiom: .pad)
        let picker = ProfilePicker(photoSource: FakePhotoSource(transcript: transcript), presenter: model, hostInfo: .allDeclared)
        let delegate = RecordingDelegate(transcript: transcript)
        picker.delegate = delegate
        picker.eventHandler = { if case .sessionStarted = $0 { delegate.sessionStarted() } }
        #expect(throws: PickerError.popoverAnchorRequired(.sourceChooser)) { try picker.chooseSource(.actionSheet) }
        let button = CGRect(x: 20, y: 40, width: 120, height: 44)
        let anchor = model.anchor(at: button)
        #expect(anchor.isAttached && anchor.sourceView === model && anchor.name == "SwiftUI anchor")
        try picker.chooseSource(.actionSheet, anchor: anchor)
        #expect(model.dialogRoute != nil, "the chooser, as a confirmation dialog")
        picker.cancel()
        await picker.idle()
        try await picker.selectFromPhotoLibrary(anchor: model.anchor(at: button))
        #expect(model.popoverRoute != nil && model.popoverSourceRect == button, "the browser, a popover pointing at the button")
        picker.cancel()
        await picker.idle()
        #expect(delegate.callbacks.count == 2)
    }
}

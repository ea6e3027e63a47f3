import Foundation
import PickerImaging
import PickerKit
import PickerKitSwiftUI
import PickerKitTesting
import SurfaceDevice
@_spi(Surface) import SwiftUI
import Testing
@_spi(Surface) import UIKit

/// The app's view: its profile screen with the picker's presentations on it.
struct ProfileView: View {
    let model: PresentationModel
    var body: some View {
        Text("Profile")
            .profilePicker(model) { route in RouteView(route: route) }
    }
}

/// The app's own screen for a route.
struct RouteView: View {
    let route: Route
    var body: some View {
        Text("\(route.screen.kind) \(route.id)")
    }
}

/// The app's view, presenting a sheet of its own.
struct BusyView: View {
    struct Note: Identifiable { let id = 1 }
    let model: PresentationModel
    var body: some View {
        Text("Profile")
            .sheet(item: .constant(Note())) { _ in Text("the app's own sheet") }
            .profilePicker(model) { route in RouteView(route: route) }
    }
}

extension Binding {
    /// A binding that never changes, for a view that always shows something.
    static func constant(_ value: Value) -> Binding<Value> where Value: Sendable {
        Binding(get: { value }, set: { _ in })
    }
}

extension AppleSurfaceTests {
    /// The SwiftUI modifier: the picker's presentations as SwiftUI shows them.
    @MainActor
    @Suite("The profilePicker modifier")
    struct SwiftUITests {
        /// A SwiftUI app: the picker with a presentation model, shown by `ProfileView`.
        @MainActor
        final class App {
            let transcript = Transcript()
            let model: PresentationModel
            let source: FakePhotoSource
            let delegate: RecordingDelegate
            let picker: ProfilePicker
            var host: SurfaceHost!

            init(idiom: DeviceIdiom = .phone, items: [FakePhotoSource.Item] = [], busy: Bool = false) {
                Device.current.reset()
                Animations.reset()
                Device.current.idiom = idiom == .pad ? .pad : .phone
                model = PresentationModel(idiom: idiom)
                source = FakePhotoSource(transcript: transcript, items: items)
                delegate = RecordingDelegate(transcript: transcript)
                picker = ProfilePicker(photoSource: source, presenter: model, delegate: delegate, hostInfo: .allDeclared)
                picker.eventHandler = { [transcript, delegate] event in
                    transcript.record("picker", event.description)
                    if case .sessionStarted = event { delegate.sessionStarted() }
                }
                host = busy ? SurfaceHost(BusyView(model: model)) : SurfaceHost(ProfileView(model: model))
            }

            /// Lets SwiftUI and the picker run until nothing changes.
            func settle() async {
                for _ in 0..<6 {
                    host.update()
                    for _ in 0..<10 { await Task.yield() }
                    await picker.idle(timeout: .milliseconds(200))
                    let clock = ContinuousClock(), deadline = clock.now + .seconds(2)
                    while Animations.running > 0, clock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
                }
                host.update()
            }
        }

        @Test func aLibraryFlowIsShownAndTheTransitionsAreWaitedFor() async throws {
            let app = App(items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))])
            #expect(app.model.reportsTransitions, "the modifier appeared")
            try await app.picker.selectFromPhotoLibrary()
            #expect(app.picker.pendingWork == ["the presentation of #1 (animating)"], "waiting for SwiftUI")
            await app.settle()
            #expect(app.host.presentedKind == "fullScreenCover")
            #expect(app.host.presented?.texts == ["browser #1"])
            #expect(app.picker.pendingWork == [])
            app.picker.send(.itemPicked(PickedItem(id: "IMG_1")), from: Route.ID(1))
            await app.settle()
            #expect(app.host.navigationPath == [AnyHashable(app.picker.navigation.stack[1])])
            #expect(app.host.isNavigationBarHidden)
            #expect(app.host.presented?.texts == ["browser #1", "editor #2"])
            // The person swipes back: the picker follows.
            #expect(app.host.swipeBack())
            await app.settle()
            #expect(app.picker.navigation.stack.map(\.screen.kind) == [.browser])
            // And picks again, and chooses: the cover goes, and its dismissal is waited for.
            app.picker.send(.itemPicked(PickedItem(id: "IMG_1")), from: Route.ID(1))
            await app.settle()
            app.picker.send(.chooseTapped, from: Route.ID(3))
            await app.settle()
            #expect(app.host.presentedKind == nil)
            #expect(app.delegate.callbacks.count == 1)
            #expect(app.picker.pendingWork == [])
            #expect(Device.current.warnings == [])
        }

        @Test func theChooserIsAConfirmationDialogWhoseChoiceIsNotACancel() async throws {
            let app = App()
            try app.picker.chooseSource(.actionSheet)
            await app.settle()
            let dialog = try #require(app.host.dialog)
            #expect(dialog.kind == "confirmationDialog" && !dialog.titleVisible)
            #expect(dialog.buttons == ["Camera roll", "Photo library", "Cancel"], "no camera session: no camera")
            #expect(app.host.presentedKind == nil, "not a sheet")
            app.host.tap("Photo library")
            await app.settle()
            #expect(app.host.dialog == nil)
            #expect(app.host.presentedKind == "fullScreenCover")
            #expect(app.delegate.callbacks.isEmpty)
            app.host.tap("Cancel")
            #expect(Device.current.warnings == ["surface: no button Cancel"], "the browser is the app's screen")
        }

        @Test func cancelInTheDialogIsOneCancel() async throws {
            let app = App()
            try app.picker.chooseSource(.actionSheet)
            await app.settle()
            app.host.tap("Cancel")
            await app.settle()
            app.transcript.expect([
                "picker: start chooser actionSheet", "picker: chooser left out camera: \(PickerError.noCameraSession)",
                "picker: end cancelled (user)", "delegate: didCancel",
            ])
        }

        @Test func tappingOutsideTheDialogOnAPadIsOneCancel() async throws {
            let app = App(idiom: .pad)
            let button = NSObject()
            try app.picker.chooseSource(.actionSheet, anchor: PopoverAnchor(sourceView: button, sourceRect: .zero))
            await app.settle()
            #expect(app.host.tapOutside())
            await app.settle()
            app.transcript.expect([
                "picker: start chooser actionSheet", "picker: chooser left out camera: \(PickerError.noCameraSession)",
                "picker: end cancelled (user)", "delegate: didCancel",
            ])
            withExtendedLifetime(button) {}
        }

        @Test func aPopoverPointsAtTheAnchorsRectangleAndATapOutsideIsOneCancel() async throws {
            let app = App(idiom: .pad)
            let button = NSObject()
            let anchor = PopoverAnchor(sourceView: button, sourceRect: CGRect(x: 10, y: 20, width: 44, height: 30))
            try await app.picker.selectFromPhotoLibrary(anchor: anchor)
            await app.settle()
            #expect(app.host.presentedKind == "popover")
            #expect(app.host.popoverAnchor == CGRect(x: 10, y: 20, width: 44, height: 30))
            #expect(app.host.tapOutside())
            await app.settle()
            app.transcript.expect(["picker: start source photoLibrary", "picker: end cancelled (user)", "delegate: didCancel"])
            #expect(app.picker.pendingWork == [])
            try await app.picker.selectFromPhotoLibrary(anchor: PopoverAnchor(sourceView: button, sourceRect: .zero))
            await app.settle()
            #expect(app.host.popoverAnchor == nil, "no rectangle: the whole view")
            app.transcript.clear()
            withExtendedLifetime(button) {}
        }

        /// `onAppear` and `onDisappear` come as a transition starts: a presentation ends when the
        /// screen's view controller has appeared, a popover's dismissal when it has disappeared,
        /// so the picker's next call never lands on a transition still running.
        @Test func transitionsEndWhenSwiftUIsAnimationsDo() async throws {
            let app = App(idiom: .pad)
            let button = NSObject()
            Animations.isHolding = true
            try await app.picker.selectFromPhotoLibrary(anchor: PopoverAnchor(sourceView: button, sourceRect: .zero))
            app.host.update()
            for _ in 0..<20 { await Task.yield() }
            #expect(app.host.presentedKind == "popover" && app.host.presented?.texts == ["browser #1"], "the screen appeared")
            #expect(app.picker.pendingWork == ["the presentation of #1 (animating)"], "its transition has not ended")
            Animations.finishAll()
            #expect(app.picker.pendingWork == [])
            app.picker.cancel()
            app.host.update()
            for _ in 0..<20 { await Task.yield() }
            #expect(app.host.presentedKind == nil, "the popover went")
            #expect(app.picker.pendingWork == ["a dismissal (animating)"], "its dismissal has not ended")
            #expect(app.delegate.callbacks.isEmpty)
            Animations.finishAll()
            for _ in 0..<20 { await Task.yield() }
            #expect(app.delegate.callbacks.count == 1)
            Animations.isHolding = false
            app.transcript.expect(["picker: start source photoLibrary", "picker: end cancelled (host)", "delegate: didCancel"])
            withExtendedLifetime(button) {}
        }

        @Test func aScreenSwiftUICannotShowEndsTheSession() async throws {
            let app = App(busy: true)
            app.model.transitionTimeout = .milliseconds(50)
            try app.picker.edit(try PickerScenario.photo(width: 2, height: 2))
            await app.settle()
            #expect(app.host.presentedKind == "sheet" && app.host.presented?.texts == ["the app's own sheet"])
            #expect(Device.current.warnings.contains { $0.hasPrefix("Currently, only presenting a single sheet is supported.") })
            app.transcript.expect([
                "picker: start edit 2x2",
                "picker: end failed: the picker's screen could not be presented: the screen did not appear within 0.05 s (is the view presenting something else, or off screen?)",
                "delegate: didFail the picker's screen could not be presented: the screen did not appear within 0.05 s (is the view presenting something else, or off screen?)",
            ])
        }

        @Test func anItemThatFailsShowsAnAlert() async throws {
            let app = App(items: [.failing("BAD", "offline")])
            try await app.picker.selectFromPhotoLibrary()
            await app.settle()
            app.picker.send(.itemPicked(PickedItem(id: "BAD")), from: Route.ID(1))
            await app.settle()
            let alert = try #require(app.host.dialog)
            #expect(alert.kind == "alert" && alert.title == "Something went wrong" && alert.buttons == ["OK"])
            #expect(alert.message == ["The item could not be loaded. Try again or pick another."])
            app.host.tap("OK")
            await app.settle()
            #expect(app.host.dialog == nil && app.model.alert == nil)
            #expect(app.picker.isSessionActive, "the browser stays")
            app.transcript.clear()
        }
    }
}

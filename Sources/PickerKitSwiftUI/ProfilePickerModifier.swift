#if canImport(SwiftUI) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerKit
import PickerKitUIKit
import SwiftUI
import UIKit

@available(iOS 17, visionOS 1, *)
@MainActor
extension View {
    /// Shows a picker's screens as `model` says, with PickerKit's screens for every route
    /// (``ProfilePickerScreen``): the system's pickers for the browsers and the library picker,
    /// PickerKit's camera, edit screen and movie preview, the source chooser as a confirmation
    /// dialog, and alerts. An app that draws a screen itself uses
    /// ``profilePicker(_:strings:screen:)``. What the system pickers deliver is registered with
    /// `photos`, which must be the picker's photo source.
    ///
    /// ```swift
    /// Button("Change photo") { try? model.picker.chooseSource() }
    ///     .profilePicker(model.presentation, photos: model.photos)
    /// ```
    public func profilePicker(
        _ model: PresentationModel, photos: SystemPhotoSource, strings: PickerStrings = PickerStrings()
    ) -> some View {
        modifier(ProfilePickerModifier(model: model, strings: strings, drawsBrowsers: true) { route in
            if let picker = model.picker {
                // The system image picker is a navigation controller itself: the edit screen is
                // pushed on its own stack, as UIKitPresenter pushes it, not on a NavigationStack.
                ProfilePickerScreen(
                    route: route, picker: picker, photos: photos, strings: strings,
                    pushed: route.screen.kind == .browser ? model.path : [],
                    navigationBarHidden: route.screen.kind == .browser && model.isNavigationBarHidden)
            }
        })
    }

    /// Shows a picker's screens as `model` says: full screen, as a sheet or as a popover from
    /// this view (pointing at the anchor's rectangle in it), the source chooser as a
    /// confirmation dialog, the edit screen pushed on a `NavigationStack`, and alerts. What the
    /// person does (swiping a sheet down, tapping outside a popover or the chooser, going back,
    /// choosing a source) reaches the picker through the same bindings; `screen` draws every
    /// other route. While it shows the model, a presentation finishes when its transition has
    /// ended (UIKit's `viewDidAppear` of a view controller behind the screen) and a dismissal
    /// when SwiftUI calls `onDismiss` (a popover's, when that view controller has disappeared),
    /// so the picker waits for them as it waits for UIKit's.
    ///
    /// Here every navigation stack, the browsers' included, is a `NavigationStack`, for the
    /// screens `screen` draws. The system image picker is a navigation controller of its own and
    /// belongs in none: an app that shows PickerKit's browser uses ``profilePicker(_:photos:strings:)``,
    /// which pushes the edit screen on the image picker's own stack.
    ///
    /// ```swift
    /// AvatarButton()
    ///     .profilePicker(model) { route in ScreenView(route: route, picker: picker) }
    /// ```
    public func profilePicker<Screen: View>(
        _ model: PresentationModel, strings: PickerStrings = PickerStrings(),
        @ViewBuilder screen: @escaping (Route) -> Screen
    ) -> some View {
        modifier(ProfilePickerModifier(model: model, strings: strings, drawsBrowsers: false, screen: screen))
    }
}

/// The presentations of a ``PresentationModel``, bound to SwiftUI's.
@available(iOS 17, visionOS 1, *)
@MainActor
struct ProfilePickerModifier<Screen: View>: ViewModifier {
    @Bindable var model: PresentationModel
    let strings: PickerStrings
    /// Whether PickerKit draws the browsers: the system image picker, a navigation controller
    /// of its own, which no NavigationStack may hold.
    let drawsBrowsers: Bool
    let screen: (Route) -> Screen

    init(model: PresentationModel, strings: PickerStrings, drawsBrowsers: Bool, @ViewBuilder screen: @escaping (Route) -> Screen) {
        self.model = model
        self.strings = strings
        self.drawsBrowsers = drawsBrowsers
        self.screen = screen
    }

    func body(content: Content) -> some View {
        content
            .onAppear { model.reportsTransitions = true }
            .onDisappear { model.reportsTransitions = false }
            .fullScreenCover(item: $model.fullScreenRoute, onDismiss: { model.dismissalEnded() }) { route in presented(route) }
            .sheet(item: $model.sheetRoute, onDismiss: { model.dismissalEnded() }) { route in presented(route) }
            // A popover has no onDismiss: its screen's view controller having disappeared ends
            // the dismissal (`presented` reports it).
            .popover(item: $model.popoverRoute, attachmentAnchor: anchor) { route in presented(route) }
            .confirmationDialog(
                strings[.menuTitle], isPresented: isPresented($model.dialogRoute), titleVisibility: .hidden,
                presenting: model.dialogRoute
            ) { route in
                chooserButtons(route)
            } message: { _ in
                EmptyView()
            }
            .alert(strings[.alertTitle], isPresented: isPresented($model.alert), presenting: model.alert) { _ in
                Button(strings[.ok], role: .cancel) {}
            } message: { error in
                Text(error.message(in: strings))
            }
    }

    /// Where the popover points: the anchor's rectangle in this view, or all of it.
    private var anchor: PopoverAttachmentAnchor {
        model.popoverSourceRect.map { .rect(.rect($0)) } ?? .rect(.bounds)
    }

    /// Whether `item` is set; setting it to `false` clears it.
    private func isPresented<Item: Sendable>(_ item: Binding<Item?>) -> Binding<Bool> {
        Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
    }

    /// A presented route's screen, which is not swiped or tapped away while the edit screen has
    /// unsaved edits, and tells the model when its presentation has finished and, for a popover,
    /// when its dismissal has.
    ///
    /// Not `onAppear` and `onDisappear`: SwiftUI calls them as the transition starts, and a
    /// presentation asked for before the last one's transition ends can be lost. UIKit tells a
    /// view controller when its transition has ended (`viewDidAppear`, `viewDidDisappear`), so a
    /// view controller of no size behind the screen reports those.
    private func presented(_ route: Route) -> some View {
        // The probe's disappearance ends a dismissal that waits (a popover's, which has no
        // `onDismiss`; a sheet's comes with its `onDismiss`, and the second report is ignored).
        let model = self.model
        let probe = TransitionProbe(appeared: { model.presentationAppeared(route.id) }, disappeared: { model.dismissalEnded() })
        return stack(for: route)
            .interactiveDismissDisabled(model.refusesInteractiveDismissal)
            .background { probe.ignoresSafeArea() }
    }

    /// Each source the chooser offers, then Cancel.
    @ViewBuilder
    private func chooserButtons(_ route: Route) -> some View {
        if case let .sourceChooser(chooser) = route.screen {
            ForEach(chooser.options, id: \.sourceType) { option in
                Button(option.title) { model.picker?.send(.sourceChosen(option.sourceType), from: route.id) }
            }
            Button(chooser.cancelTitle ?? strings[.cancel], role: .cancel) { model.picker?.send(.cancelTapped, from: route.id) }
        }
    }

    @ViewBuilder
    private func stack(for route: Route) -> some View {
        if route.screen.kind == .browser && drawsBrowsers {
            screen(route)
        } else if route.screen.kind.isNavigationStack {
            NavigationStack(path: $model.path) {
                screen(route)
                    .navigationDestination(for: Route.self) { pushed in
                        screen(pushed)
                            .toolbar(model.isNavigationBarHidden ? .hidden : .visible, for: .navigationBar)
                    }
            }
        } else {
            screen(route)
        }
    }
}

/// A view controller of no size that reports when the transition that shows it, and the one
/// that hides it, have ended.
@available(iOS 17, visionOS 1, *)
@MainActor
struct TransitionProbe: UIViewControllerRepresentable {
    let appeared: @MainActor () -> Void
    let disappeared: @MainActor () -> Void

    func makeUIViewController(context: Context) -> ProbeController {
        ProbeController()
    }

    func updateUIViewController(_ controller: ProbeController, context: Context) {
        controller.appeared = appeared
        controller.disappeared = disappeared
    }

    final class ProbeController: UIViewController {
        var appeared: (@MainActor () -> Void)?
        var disappeared: (@MainActor () -> Void)?

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            appeared?()
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            disappeared?()
        }
    }
}
#endif

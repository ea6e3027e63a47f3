#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
import PickerKit
import SwiftUI

@available(iOS 17, visionOS 1, *)
extension View {
    /// Shows a picker's screens as `model` says: full screen, as a sheet or as a popover from
    /// this view, with the edit screen pushed on a `NavigationStack`, and alerts. What the
    /// person does (swiping a sheet down, going back) reaches the picker through the same
    /// bindings; `screen` draws each route.
    ///
    /// ```swift
    /// AvatarButton()
    ///     .profilePicker(model) { route in ScreenView(route: route, picker: picker) }
    /// ```
    public func profilePicker<Screen: View>(
        _ model: PresentationModel, strings: PickerStrings = PickerStrings(),
        @ViewBuilder screen: @escaping (Route) -> Screen
    ) -> some View {
        modifier(ProfilePickerModifier(model: model, strings: strings, screen: screen))
    }
}

/// The presentations of a ``PresentationModel``, bound to SwiftUI's.
@available(iOS 17, visionOS 1, *)
struct ProfilePickerModifier<Screen: View>: ViewModifier {
    @Bindable var model: PresentationModel
    let strings: PickerStrings
    let screen: (Route) -> Screen

    func body(content: Content) -> some View {
        content
            .fullScreenCover(item: $model.fullScreenRoute) { route in stack(for: route) }
            .sheet(item: $model.sheetRoute) { route in stack(for: route) }
            .popover(item: $model.popoverRoute) { route in stack(for: route) }
            .alert(
                strings[.alertTitle],
                isPresented: Binding(get: { model.alert != nil }, set: { if !$0 { model.alert = nil } }),
                presenting: model.alert
            ) { _ in
                Button(strings[.ok], role: .cancel) {}
            } message: { error in
                Text(error.message(in: strings))
            }
    }

    @ViewBuilder
    private func stack(for route: Route) -> some View {
        if route.screen.kind.isNavigationStack {
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
#endif

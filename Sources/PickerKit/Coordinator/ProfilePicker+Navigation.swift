extension ProfilePicker {
    /// The picker's navigation stack is about to show `route`.
    func navigationWillShow(_ route: Route) {}

    /// The picker's navigation stack shows `route`. When it is a route below the frontmost, the
    /// person went back by themselves (a swipe): the coordinator's stack follows, and leaving
    /// the edit screen this way is the same as its Cancel.
    func navigationDidShow(_ route: Route) {
        guard session != nil, let index = navigation.stack.firstIndex(where: { $0.id == route.id }) else {
            return emit(.unknownRouteShown(route.id))
        }
        // The camera screen is up: its shutter is ours, so start our capture session (B3).
        if route.screen.kind == .camera { prepareCamera() }
        guard index < navigation.stack.count - 1 else { return }
        navigation.stack.removeSubrange((index + 1)...)
        if navigation.top?.screen.kind != .editor { session?.editing = nil }
        if navigation.top?.screen.kind != .moviePreview { session?.movie = nil }
        emit(.navigationSynced(to: route.id))
        if navigation.isNavigationBarHidden {
            navigation.isNavigationBarHidden = false
            presenter?.setNavigationBarHidden(false, animated: false)
        }
    }
}

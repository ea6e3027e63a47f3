/// Receives the picker's navigation transitions.
///
/// The coordinator gives its presenter a proxy (``ProfilePicker/navigationProxy``) that follows
/// every will-show and did-show of the picker's navigation stack, so the host never implements
/// navigation delegate calls. The proxy forwards each transition to the coordinator and then to
/// the host's own observer (``ProfilePicker/navigationObserver``), if it set one. On a device
/// the adapter is the picker's `UINavigationControllerDelegate`.
///
/// ## Implementation requirements
/// - Report transitions in order, will-show before did-show, once each.
@MainActor
public protocol NavigationProxy: AnyObject {
    /// The navigation stack is about to show `route`.
    func navigation(willShow route: Route, animated: Bool)
    /// The navigation stack now shows `route`.
    func navigation(didShow route: Route, animated: Bool)
}

extension NavigationProxy {
    /// By default nothing happens before a route shows.
    public func navigation(willShow route: Route, animated: Bool) {}
}

/// The coordinator's proxy: forwards each transition to the coordinator, then to the host's
/// observer.
@MainActor
final class ForwardingNavigationProxy: NavigationProxy {
    weak var picker: ProfilePicker?

    init() {}

    func navigation(willShow route: Route, animated: Bool) {
        picker?.navigationObserver?.navigation(willShow: route, animated: animated)
    }

    func navigation(didShow route: Route, animated: Bool) {
        picker?.navigationDidShow(route)
        picker?.navigationObserver?.navigation(didShow: route, animated: animated)
    }
}

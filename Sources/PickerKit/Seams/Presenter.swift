import PickerImaging

/// The host's screen that shows PickerKit's screens: presents and dismisses them, and pushes
/// and pops on the picker's navigation stack.
///
/// The coordinator owns the navigation state (``ProfilePicker/navigation``) and tells the
/// presenter every change as it makes it; a presenter only reflects it. On a device this wraps
/// `present(_:animated:)`, `dismiss(animated:)`, `pushViewController(_:animated:)`,
/// `popViewController(animated:)`, `setNavigationBarHidden(_:animated:)` and the popover
/// presentation controller. The coordinator holds its presenter weakly.
///
/// ## Implementation requirements
/// - Calls arrive in a valid order: ``present(_:style:animated:)`` only when nothing is
///   presented, ``push(_:animated:)`` and ``pop(animated:)`` only on a presented stack,
///   ``pop(animated:)`` never below the presented screen.
/// - While a browser or the camera is presented, report every will-show and did-show of its
///   navigation stack to ``navigationProxy`` (held weakly), so the coordinator follows
///   navigation the person does by themselves, such as swiping back.
/// - Send the person's taps to the coordinator with ``ProfilePicker/send(_:from:)``, naming
///   the route they were made on.
@MainActor
public protocol Presenter: AnyObject {
    /// The device the screens show on; on ``DeviceIdiom/pad`` choosers and browsers need anchors.
    var idiom: DeviceIdiom { get }
    /// The proxy to report navigation transitions to; set by the coordinator before it presents.
    var navigationProxy: (any NavigationProxy)? { get set }
    /// Shows `route` over the presenter.
    func present(_ route: Route, style: PresentationStyle, animated: Bool)
    /// Removes everything presented.
    func dismiss(animated: Bool)
    /// Pushes `route` onto the presented navigation stack.
    func push(_ route: Route, animated: Bool)
    /// Pops the frontmost route off the presented navigation stack.
    func pop(animated: Bool)
    /// Hides or shows the presented navigation stack's bar.
    func setNavigationBarHidden(_ hidden: Bool, animated: Bool)
    /// Tells the person something went wrong while the session goes on (an item did not load).
    func showAlert(for error: PickerError)
}

extension Presenter {
    /// By default an alert is not shown; the error still reaches the session's event log.
    public func showAlert(for error: PickerError) {}
}

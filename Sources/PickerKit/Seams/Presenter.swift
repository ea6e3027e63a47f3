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
/// - Calls arrive in a valid order: a present only when nothing is presented, a dismiss only
///   when something is, ``push(_:animated:)`` and ``pop(animated:)`` only on a presented stack,
///   ``pop(animated:)`` never below the presented screen. The coordinator sends no call while a
///   presentation or dismissal is still animating: it waits for its completion.
/// - Call the completion of ``present(_:style:animated:completion:)`` and
///   ``dismiss(animated:completion:)`` exactly once, on the main actor, when the transition
///   has finished (UIKit's own completion); a presenter with nothing to animate calls it at
///   once.
/// - A completion that cannot come does not wedge the picker. One the presenter releases
///   without calling it (the presenter itself released mid-animation, or dropping it) ends the
///   transition on the main actor's next turn; one still not called after
///   ``PickerConfiguration/transitionDeadline`` (4 s by default, on the picker's
///   ``ProfilePicker/transitionClock``, real time unless a test sets another) is given up.
///   Either way the picker logs ``PickerEvent/transitionGivenUp(_:reason:)``, goes on (a
///   session's callback, the next start), and ignores the completion if it comes later. The rule
///   is the same for every presenter: UIKit's, SwiftUI's `PresentationModel` and the host's own.
/// - A presenter released while its transition animates does not end the transition: whatever
///   still holds the completion (UIKit's animation, which outlives the view controller) may call
///   it, and the picker waits for it (``ProfilePicker/idle(timeout:)`` lists it as animating).
///   When it comes, or is released, or the deadline passes, the session ends with a cancel and
///   the delegate hears it at once, with no call from the host needed. A presenter released
///   while nothing animates is noticed at the picker's next event (a load, a tap, a host call).
///
/// ## A fake presenter in your tests
/// A fake may finish each transition at once (calling the completion inside the call), or hold
/// the completion and call it later, when the test says (PickerKitTesting's `FakePresenter` with
/// `transitionMode = .manual`; with `animations` set, held by a `FakeAnimations` that outlives
/// the presenter, as UIKit's animations do). Either way it calls each completion once, or
/// releases it uncalled. A fake clock given as ``ProfilePicker/clock`` (one that skips the
/// camera's warm-up) changes nothing here: leave ``ProfilePicker/transitionClock`` as it comes,
/// or set a `ManualClock` there to test what a deadline does.
/// - When the person dismisses the presented screen themselves (swiping a sheet down, tapping
///   outside a popover), send ``UserAction/interactivelyDismissed`` from the presented route:
///   the session ends with one cancel, and no dismiss follows.
/// - While a browser or the camera is presented, report every will-show and did-show of its
///   navigation stack to ``navigationProxy`` (held weakly), so the coordinator follows
///   navigation the person does by themselves, such as swiping back.
/// - Send the person's taps to the coordinator with ``ProfilePicker/send(_:from:)``, naming
///   the route they were made on; the picker to send them to is ``picker``, which the picker
///   sets before its first presentation on this presenter.
/// - When a presentation cannot happen (the host is gone, off screen, or already presenting
///   something else), call its completion and report it with
///   ``ProfilePicker/presentationFailed(_:reason:)``: the session ends with
///   ``PickerError/presentationFailed(_:)`` instead of waiting for a screen that never shows.
@MainActor
public protocol Presenter: AnyObject {
    /// The device the screens show on; on ``DeviceIdiom/pad`` choosers and browsers need anchors.
    var idiom: DeviceIdiom { get }
    /// The proxy to report navigation transitions to; set by the coordinator before it presents.
    var navigationProxy: (any NavigationProxy)? { get set }
    /// The picker whose screens this presenter shows, where the person's taps, dismissals and
    /// refusals go; set by the picker before each presentation. Store it, weakly
    /// (`weak var picker: ProfilePicker?`): a requirement, not a default, so a presenter cannot
    /// forget it and silently drop what the person does.
    var picker: ProfilePicker? { get set }
    /// Pushes `route` onto the presented navigation stack.
    func push(_ route: Route, animated: Bool)
    /// Pops the frontmost route off the presented navigation stack.
    func pop(animated: Bool)
    /// Hides or shows the presented navigation stack's bar.
    func setNavigationBarHidden(_ hidden: Bool, animated: Bool)
    /// Tells the person something went wrong while the session goes on (an item did not load).
    func showAlert(for error: PickerError)
    /// Shows `route` over the presenter, then calls `completion` once the presentation has finished.
    func present(_ route: Route, style: PresentationStyle, animated: Bool, completion: @escaping @MainActor () -> Void)
    /// Removes everything presented, then calls `completion` once the dismissal has finished.
    func dismiss(animated: Bool, completion: @escaping @MainActor () -> Void)
}

extension Presenter {
    /// Makes this presenter the picker's: the picker holds it (weakly) and the presenter sends
    /// the person's actions to the picker. (Passing it as the picker's presenter does the same:
    /// the picker tells its presenter who it is before it presents.)
    public func attach(to picker: ProfilePicker) {
        self.picker = picker
        picker.presenter = self
    }

    /// By default an alert is not shown (the error still reaches the session's event log), so
    /// the person is told nothing: a presenter that leans on this default gets a deprecation
    /// warning where it conforms. Show `error.message(in:)` in an alert instead.
    @available(*, deprecated, message: "the person sees nothing: implement showAlert(for:), showing error.message(in:) in an alert")
    public func showAlert(for error: PickerError) {}
}

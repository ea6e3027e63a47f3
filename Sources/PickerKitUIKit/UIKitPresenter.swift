#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PhotosUI
import PickerKit
import UIKit

/// A `Presenter` over UIKit view-controller presentation.
///
/// It presents, pushes and pops what the picker says, calls each completion when UIKit's
/// transition ends, and sends the person's taps and dismissals to the picker that presented
/// (the picker tells its presenter who it is before each presentation, so passing the presenter
/// and its ``photos`` to `ProfilePicker(photoSource:presenter:)` is all the wiring there is):
///
/// - the photo library and camera roll browsers are the system's `UIImagePickerController`, whose
///   picks and Cancel become `itemPicked` and `cancelTapped`; the edit screen is pushed onto its
///   own navigation stack (B2);
/// - what the system pickers deliver is registered with ``photos``, which loads it: the picker's
///   photo source must be that one;
/// - the library picker is a `PHPickerViewController`, whose results become `itemsPicked`
///   (none: a cancel), on a navigation stack with no bar of its own;
/// - the source chooser is an action sheet (a popover on iPad, Mac and Vision);
/// - the edit screen, the camera and a movie's preview are PickerKit's
///   ``ProfileEditViewController``, ``ProfileCameraViewController`` and
///   ``ProfileMoviePreviewViewController``, unless ``makeViewController`` makes the app's own.
///
/// A presentation UIKit would refuse (the host released, not in a window, or already
/// presenting) or that could not deliver (a system picker for a picker whose photo source is not
/// ``photos``) is not attempted: the session ends with `PickerError.presentationFailed`. A
/// sheet swiped down or a popover tapped away ends it with one cancel.
///
/// The picker holds its presenter weakly: keep the presenter in a property of the screen that
/// owns the picker.
///
/// ```swift
/// final class ProfileViewController: UIViewController, ProfilePickerDelegate {
///     let photos = SystemPhotoSource()
///     lazy var presenter = UIKitPresenter(host: self, photos: photos)
///     lazy var picker = ProfilePicker(photoSource: photos, presenter: presenter, delegate: self)
/// }
/// ```
@MainActor
public final class UIKitPresenter: NSObject, Presenter, UIAdaptivePresentationControllerDelegate {
    /// The screen that presents the picker; held weakly, as the picker holds its presenter.
    public weak var host: UIViewController?
    /// Makes the view controller of a screen the app draws: its own edit screen, camera or
    /// movie preview; and a browser or the library picker when ``usesSystemPickers`` is off.
    /// Returning `nil` for the edit screen, the camera or a movie's preview shows PickerKit's;
    /// for a browser or the library picker it must draw, it ends the session with
    /// `PickerError.presentationFailed`.
    public var makeViewController: (Route) -> UIViewController?
    /// Whether browsers and the library picker are the system's pickers (the default), or the
    /// app's own view controllers from ``makeViewController``.
    public var usesSystemPickers = true
    /// The strings of alerts, of the source chooser's action sheet and of PickerKit's screens;
    /// the app's language by default.
    public var strings = PickerStrings()
    /// The coordinator's proxy, which hears the navigation stack's transitions.
    public weak var navigationProxy: (any NavigationProxy)? {
        didSet { relay.navigationProxy = navigationProxy }
    }
    /// The source the system pickers' picks are registered with, and that loads them: the
    /// picker's photo source, for browsers and the library picker drawn by the system.
    public var photos: SystemPhotoSource { relay.photos }
    /// The picker that presents on this presenter, where the person's actions go; set by the picker.
    public weak var picker: ProfilePicker? {
        didSet { relay.coordinator = picker }
    }

    /// What is presented now.
    private struct Shown {
        var route: Route
        var controller: UIViewController
        /// The navigation stack of a browser, camera or library picker.
        var stack: UINavigationController?
        /// Whether the stack's bar stays hidden at its root (the library picker has its own).
        var hidesBarAtRoot: Bool
    }

    private var shown: Shown?
    private let relay: PickerRelay

    /// Creates a presenter over `host`.
    ///
    /// - Parameters:
    ///   - host: the view controller that presents the picker; held weakly.
    ///   - photos: where the system pickers' picks go: the picker's photo source (it presents
    ///     the limited-library picker from `host`).
    ///   - makeViewController: the view controller of each screen the app draws; `nil` for
    ///     PickerKit's own.
    public init(
        host: UIViewController, photos: SystemPhotoSource,
        makeViewController: @escaping (Route) -> UIViewController? = { _ in nil }
    ) {
        self.host = host
        self.makeViewController = makeViewController
        relay = PickerRelay(photos: photos)
        super.init()
    }

    public var idiom: DeviceIdiom { .current }

    // MARK: Presenting

    public func present(_ route: Route, style: PresentationStyle, animated: Bool, completion: @escaping @MainActor () -> Void) {
        guard let host else { return refuse(route, .hostReleased, completion) }
        guard host.viewIfLoaded?.window != nil else {
            return refuse(route, .hostNotInWindow(host: "\(type(of: host))"), completion)
        }
        if let busy = host.presentedViewController {
            return refuse(route, .hostBusy(presenting: "\(type(of: busy))"), completion)
        }
        if usesSystemPickers, [.browser, .libraryPicker].contains(route.screen.kind), let picker, picker.photoSource !== photos {
            return refuse(route, .needsSystemPhotoSource(route.screen.kind), completion)
        }
        guard let made = screen(for: route) else {
            return refuse(route, .noScreen(route.screen.kind), completion)
        }
        if let problem = Self.style(made.controller, style) {
            return refuse(route, problem, completion)
        }
        // After the style, which decides the presentation controller it is the delegate of.
        if !(made.controller is UIAlertController) { made.controller.presentationController?.delegate = self }
        relay.root = route
        relay.routes = [:]
        shown = made
        // The limited-library picker is presented from the screen the picker shows on.
        photos.presentingViewController = host
        host.present(made.controller, animated: animated) { completion() }
    }

    /// Reports a presentation that is not made: its completion, then the failure, which ends the
    /// session (after the step that asked for it, so nothing is shown).
    private func refuse(_ route: Route, _ reason: PresentationProblem, _ completion: @escaping @MainActor () -> Void) {
        completion()
        picker?.presentationFailed(route.id, reason: reason)
    }

    /// The view controller to present for `route`, with its navigation stack.
    private func screen(for route: Route) -> Shown? {
        switch route.screen {
        case let .browser(source, mediaTypes) where usesSystemPickers:
            let browser = PickerScreens.browser(source: source, mediaTypes: mediaTypes, relay: relay)
            return Shown(route: route, controller: browser, stack: browser, hidesBarAtRoot: false)
        case let .libraryPicker(library) where usesSystemPickers:
            let phPicker = PickerScreens.libraryPicker(library, relay: relay)
            let stack = UINavigationController(rootViewController: phPicker)
            stack.setNavigationBarHidden(true, animated: false)
            stack.delegate = relay
            return Shown(route: route, controller: stack, stack: stack, hidesBarAtRoot: true)
        case let .sourceChooser(chooser):
            return Shown(route: route, controller: actionSheet(chooser, route: route), stack: nil, hidesBarAtRoot: false)
        default:
            guard let screen = viewController(for: route) else { return nil }
            guard route.screen.kind.isNavigationStack else { return Shown(route: route, controller: screen, stack: nil, hidesBarAtRoot: false) }
            let stack = screen as? UINavigationController ?? UINavigationController(rootViewController: screen)
            stack.delegate = relay
            return Shown(route: route, controller: stack, stack: stack, hidesBarAtRoot: false)
        }
    }

    /// The app's view controller for `route`, else PickerKit's edit screen, camera or movie preview.
    private func viewController(for route: Route) -> UIViewController? {
        if let made = makeViewController(route) { return made }
        guard let picker, [.editor, .camera, .moviePreview].contains(route.screen.kind) else { return nil }
        return PickerScreens.viewController(for: route, picker: picker, strings: strings, relay: relay)
    }

    /// The source chooser as an action sheet: each offered source, then Cancel.
    private func actionSheet(_ chooser: SourceChooser, route: Route) -> UIAlertController {
        let sheet = UIAlertController(title: chooser.title, message: nil, preferredStyle: .actionSheet)
        for option in chooser.options {
            let source = option.sourceType
            sheet.addAction(UIAlertAction(title: option.title, style: .default) { [weak self] _ in
                self?.picker?.send(.sourceChosen(source), from: route.id)
            })
        }
        sheet.addAction(UIAlertAction(title: chooser.cancelTitle ?? strings[.cancel], style: .cancel) { [weak self] _ in
            self?.picker?.send(.cancelTapped, from: route.id)
        })
        return sheet
    }

    /// Sets `controller`'s presentation style; returns why it cannot be presented so, if it cannot.
    private static func style(_ controller: UIViewController, _ style: PresentationStyle) -> PresentationProblem? {
        // An alert controller keeps its own style (an action sheet, a popover on iPad).
        if !(controller is UIAlertController) {
            controller.modalPresentationStyle = switch style {
            case .fullScreen: .fullScreen
            case .actionSheet, .menu: .automatic
            case .popover: .popover
            }
        }
        if case let .popover(anchor) = style {
            guard let popover = controller.popoverPresentationController else { return nil }
            if let item = anchor.sourceItem as? any UIPopoverPresentationControllerSourceItem {
                popover.sourceItem = item
            } else if let view = anchor.sourceView as? UIView {
                popover.sourceView = view
                popover.sourceRect = anchor.sourceRect(within: view.bounds)
            } else {
                return .unusableAnchor(name: anchor.name)
            }
            popover.permittedArrowDirections = arrows(anchor.permittedArrowDirections)
        }
        return nil
    }

    private static func arrows(_ directions: ArrowDirections) -> UIPopoverArrowDirection {
        var result: UIPopoverArrowDirection = []
        if directions.contains(.up) { result.insert(.up) }
        if directions.contains(.down) { result.insert(.down) }
        if directions.contains(.left) { result.insert(.left) }
        if directions.contains(.right) { result.insert(.right) }
        return result
    }

    // MARK: Dismissing

    /// Dismisses what this presenter presented, and only that: when it is already gone (the
    /// person dismissed it, or an action sheet dismissed itself), the completion is called at once.
    public func dismiss(animated: Bool, completion: @escaping @MainActor () -> Void) {
        guard let controller = shown?.controller else { return completion() }
        clear()
        guard let presenting = controller.presentingViewController, !controller.isBeingDismissed else { return completion() }
        presenting.dismiss(animated: animated) { completion() }
    }

    /// A sheet with unsaved edits on its edit screen stays when swiped down, as the system's
    /// editors do; everything else may go.
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        !(picker?.editing?.hasUnsavedEdits ?? false)
    }

    /// The person swiped the sheet down or tapped outside the popover: UIKit already dismissed it.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        guard let shown, presentationController.presentedViewController === shown.controller else { return }
        clear()
        picker?.send(.interactivelyDismissed, from: shown.route.id)
    }

    private func clear() {
        shown = nil
        relay.root = nil
        relay.routes = [:]
    }

    // MARK: The navigation stack

    public func push(_ route: Route, animated: Bool) {
        guard let shown, let stack = shown.stack else { return }
        guard let screen = viewController(for: route) else {
            picker?.presentationFailed(shown.route.id, reason: .noScreen(route.screen.kind))
            return
        }
        relay.routes[ObjectIdentifier(screen)] = route
        stack.pushViewController(screen, animated: animated)
    }

    public func pop(animated: Bool) {
        shown?.stack?.popViewController(animated: animated)
    }

    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard let shown, let stack = shown.stack else { return }
        // The library picker shows its own bar: its stack's stays hidden at the root.
        let atRoot = stack.viewControllers.count <= 1
        stack.setNavigationBarHidden(hidden || (shown.hidesBarAtRoot && atRoot), animated: animated)
    }

    public func showAlert(for error: PickerError) {
        let alert = UIAlertController(title: strings[.alertTitle], message: error.message(in: strings), preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: strings[.ok], style: .default))
        // Over what is presented, if nothing is over it already.
        guard let front = shown?.controller ?? host, front.canPresentNow else { return }
        front.present(alert, animated: true)
    }
}

extension UIViewController {
    /// Whether this view controller can present now: it is in a window and presents nothing
    /// (UIKit refuses a presentation otherwise).
    var canPresentNow: Bool { viewIfLoaded?.window != nil && presentedViewController == nil }
}
#endif

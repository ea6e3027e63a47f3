import SurfaceDevice

/// Apple: `@MainActor class UIAlertAction : NSObject`.
@MainActor
open class UIAlertAction: NSObject {
    /// Apple: `enum Style : Int`.
    public enum Style: Int, Sendable {
        case `default` = 0, cancel, destructive
    }

    /// Apple: `var title: String? { get }`.
    open private(set) var title: String?
    /// Apple: `var style: UIAlertAction.Style { get }`.
    open private(set) var style = Style.default
    /// Apple: `var isEnabled: Bool { get set }`.
    open var isEnabled = true
    private(set) var handler: ((UIAlertAction) -> Void)?

    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil)`.
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// Apple: `@MainActor class UIAlertController : UIViewController`.
///
/// Modelled as devices behave: an action sheet on iPad, Mac or Vision is a popover and raises
/// without a source view or item; tapping an action dismisses the alert and then calls the
/// action's handler; tapping outside an action sheet's popover is its Cancel action.
@MainActor
open class UIAlertController: UIViewController {
    /// Apple: `enum Style : Int`.
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert
    }

    /// Apple: `var actions: [UIAlertAction] { get }`.
    open private(set) var actions: [UIAlertAction] = []
    /// Apple: `var preferredStyle: UIAlertController.Style { get }`.
    open private(set) var preferredStyle = Style.alert
    /// Apple: `var message: String? { get set }`.
    open var message: String?

    /// Apple: `override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Apple: `convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style)`.
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    /// Apple: `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Apple: `func addAction(_ action: UIAlertAction)`.
    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
    }

    /// An action sheet is a popover where the device shows popovers; an alert never is.
    override var effectiveStyle: UIModalPresentationStyle {
        preferredStyle == .actionSheet && Device.current.idiom != .phone ? .popover : .custom
    }

    override func presentationProblem() -> String? {
        guard preferredStyle == .actionSheet, Device.current.idiom != .phone else { return nil }
        let popover = popoverPresentationController
        if popover?.sourceView == nil && popover?.sourceItem == nil && popover?.barButtonItem == nil {
            return "NSGenericException: Your application has presented a UIAlertController (\(surfaceName)) of style UIAlertControllerStyleActionSheet from \(presentingViewController?.surfaceName ?? "a view controller"). The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide location information for this popover through the alert controller's popoverPresentationController."
        }
        return nil
    }

    // MARK: What the person does

    /// The person taps the action titled `title`: the alert is dismissed, then its handler runs.
    @_spi(Surface) public func surfaceTap(_ title: String) {
        guard let action = actions.first(where: { $0.title == title }), action.isEnabled else {
            Device.current.warn("surface: no enabled action titled \(title)")
            return
        }
        let presenting = presentingViewController
        presenting?.dismiss(animated: true) { action.handler?(action) }
    }

    /// The person taps outside an action sheet's popover: it goes, and its Cancel action's
    /// handler runs (an alert, or an action sheet on a phone, ignores the tap).
    @_spi(Surface) public func surfaceTapOutside() {
        guard effectiveStyle == .popover else { return }
        let cancel = actions.first { $0.style == .cancel }
        presentingViewController?.dismiss(animated: true) { cancel.map { $0.handler?($0) } }
    }
}

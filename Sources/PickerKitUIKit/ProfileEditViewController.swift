#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerImaging
import PickerKit
import UIKit

/// PickerKit's move-and-scale edit screen: the photo under the mask with the outside dimmed,
/// moved and scaled by the person's fingers, with a toolbar below.
///
/// Everything it shows and does comes from the picker's edit (``ProfilePicker/editing``):
///
/// - the photo, mask, dimming, and the thirds grid while fingers move, are what
///   `EditorRenderer` draws for the geometry, at the screen's scale: the same pixels the
///   headless snapshot tests check (while fingers move, from a copy of the photo reduced to
///   the screen's size, `EditorPreview`);
/// - fingers become the geometry's gestures through `EditorTouchTracker` (one finger pans; two
///   pan, pinch and straighten; a double tap zooms), sent as `UserAction.editorGesture`;
/// - the toolbar is `EditingStep.controls(strings:presets:)`: Cancel, turn, flip, the aspect
///   menu for rectangular masks, undo, redo and Choose, each enabled as the edit allows, laid
///   out from the right when `strings` is in a right-to-left language (the photo does not
///   mirror);
/// - VoiceOver reads the photo as one adjustable element (swipe up and down zoom) whose value
///   and custom actions are `EditorGeometry.accessibility(in:)`;
/// - each layout (appearing, rotation, split view, a window resized) is sent as
///   `UserAction.editorLaidOut`, with the safe area and the toolbar kept clear of the mask;
/// - while there are unsaved edits, the screen refuses to be swiped away
///   (`isModalInPresentation`).
///
/// ``UIKitPresenter`` shows it for every edit route unless the app makes its own.
@MainActor
public final class ProfileEditViewController: UIViewController {
    /// The edit screen's route.
    public let route: Route
    /// The picker whose edit this shows; held weakly.
    public private(set) weak var picker: ProfilePicker?
    /// The titles of the toolbar and VoiceOver's values and actions.
    public var strings: PickerStrings {
        didSet {
            spokenActions = nil
            refresh()
        }
    }
    /// The aspect menu's entries, for rectangular masks.
    public var aspectPresets = AspectPreset.common {
        didSet { refresh() }
    }
    /// The colours of the background, dimming and mask outline; its scale follows the screen's.
    public var renderer = EditorRenderer() {
        didSet { refresh() }
    }

    /// The photo under the mask: what the fingers move and VoiceOver adjusts.
    public let canvas = EditorCanvasView(frame: .zero)
    /// The controls, below the photo in the safe area.
    public let toolbar = UIToolbar(frame: .zero)

    /// The toolbar's height, kept clear of the mask.
    public static let toolbarHeight: CGFloat = 44

    private var tracker = EditorTouchTracker()
    /// The original's pixels and their reduced copy for moving frames, made once.
    private var preview: EditorPreview?
    /// The layout last sent, so an unchanged one is not sent again.
    private var sentLayout: (viewport: CGSize, safeArea: EdgeInsets)?
    /// What the canvas shows now, so an unchanged edit is not drawn again.
    private var drawn: (geometry: EditorGeometry, renderer: EditorRenderer)?
    /// Whether a move's gestures are being sent: it is drawn once, after the last.
    private var isSendingGestures = false
    /// The controls and VoiceOver actions shown, so unchanged ones are not made again.
    private var shownControls: [EditorControl]?
    private var spokenActions: [EditorAccessibilityAction]?

    /// Creates the edit screen for `route` of `picker`.
    public init(route: Route, picker: ProfilePicker, strings: PickerStrings = PickerStrings()) {
        self.route = route
        self.picker = picker
        self.strings = strings
        super.init(nibName: nil, bundle: nil)
        // A render started or failed, a layout taken: whatever changed the edit, it shows.
        picker.observeState(self) { [weak self] _ in self?.refresh() }
    }

    public required init?(coder: NSCoder) {
        nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        // Dark whatever the system's appearance, as the system's photo editors are.
        overrideUserInterfaceStyle = .dark
        view.backgroundColor = .black
        canvas.screen = self
        view.addSubview(canvas)
        view.addSubview(toolbar)
        refresh()
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, safe = view.safeAreaInsets
        canvas.frame = bounds
        toolbar.frame = CGRect(
            x: 0, y: bounds.height - safe.bottom - Self.toolbarHeight, width: bounds.width, height: Self.toolbarHeight)
        let layout = EditorScreenLayout(
            viewport: bounds.size,
            safeArea: EdgeInsets(top: Double(safe.top), left: Double(safe.left), bottom: Double(safe.bottom), right: Double(safe.right)),
            toolbarHeight: Double(Self.toolbarHeight))
        if sentLayout?.viewport != layout.viewport || sentLayout?.safeArea != layout.safeArea {
            sentLayout = (layout.viewport, layout.safeArea)
            picker?.send(.editorLaidOut(viewport: layout.viewport, safeArea: layout.safeArea), from: route.id)
        }
        refresh()
    }

    /// The edit, while this screen's route is the edit screen shown. (Not `editing`: that is
    /// UIViewController's own Objective-C property, `isEditing` in Swift.)
    private var shownEdit: EditingStep? {
        guard let editing = picker?.editing, editing.route.id == route.id else { return nil }
        return editing
    }

    /// Sends what the person did; the state observer shows what it changed.
    func send(_ action: UserAction) {
        picker?.send(action, from: route.id)
    }

    // MARK: Touches

    func touches(_ phase: EditorTouchPhase, _ touches: Set<UITouch>) {
        let fingers = touches.map { touch in
            EditorTouchTracker.Touch(id: ObjectIdentifier(touch).hashValue, location: touch.location(in: canvas), tapCount: touch.tapCount)
        }
        let gestures: [EditorGesture]
        switch phase {
        case .began: gestures = tracker.began(fingers)
        case .moved: gestures = tracker.moved(fingers)
        case .ended: gestures = tracker.ended(fingers)
        case .cancelled: gestures = tracker.cancelled(fingers)
        }
        isSendingGestures = true
        for gesture in gestures { picker?.send(.editorGesture(gesture), from: route.id) }
        isSendingGestures = false
        // Drawn once for the move; the grid shows and goes with the gesture even when it moved nothing.
        refresh()
    }

    // MARK: Drawing

    /// Shows the edit as it is now: the photo, the toolbar, VoiceOver's element and whether
    /// the screen may be swiped away.
    private func refresh() {
        // Nothing is drawn before the first layout has told the edit its size.
        guard isViewLoaded, sentLayout != nil, !isSendingGestures, let editing = shownEdit else { return }
        isModalInPresentation = editing.hasUnsavedEdits
        // The bar's items are made again only when a control changed: an open menu, VoiceOver's
        // focus and a finger on a button survive the edit's other changes.
        view.semanticContentAttribute = strings.semanticContentAttribute
        toolbar.semanticContentAttribute = strings.semanticContentAttribute
        let controls = editing.controls(strings: strings, presets: aspectPresets)
        if controls != shownControls {
            shownControls = controls
            toolbar.setItems(PickerToolbar.items(controls, symbols: Self.symbols, strings: strings) { [weak self] in self?.send($0) }, animated: false)
        }
        let spoken = editing.geometry.accessibility(in: strings)
        canvas.accessibilityLabel = spoken.label
        canvas.accessibilityValue = spoken.value
        let actions = spoken.actions.filter { $0 != .zoomIn && $0 != .zoomOut }
        if actions != spokenActions {
            spokenActions = actions
            canvas.accessibilityCustomActions = actions.map { action in
                UIAccessibilityCustomAction(name: action.name(in: strings)) { [weak self] _ in
                    self?.send(.accessibilityAction(action))
                    return self != nil
                }
            }
        }
        draw(editing)
    }

    private func draw(_ editing: EditingStep) {
        if preview == nil {
            // Nothing can be shown without the photo's pixels: the session ends saying why,
            // rather than on a blank screen.
            let pixels: PixelBuffer?
            do {
                pixels = try editing.original.pixelBuffer()
                preview = if let pixels { try EditorPreview(pixels) } else { nil }
            } catch {
                picker?.screenFailed(route.id, reason: .photoNotDrawable("\(error)"))
                return
            }
            if pixels == nil {
                picker?.screenFailed(route.id, reason: .photoNotDrawable("\(type(of: editing.original)) gives no pixels"))
                return
            }
        }
        guard let preview else { return }
        var renderer = renderer
        renderer.scale = EditorPreview.scale(screen: Double(view.contentScaleFactor), moving: tracker.isGesturing)
        renderer.showsGrid = tracker.isGesturing
        if let drawn, drawn.geometry == editing.geometry, drawn.renderer == renderer { return }
        drawn = (editing.geometry, renderer)
        // A geometry the renderer refuses (a canvas past its largest side) keeps the last frame.
        // While fingers move, from the reduced copy: each frame follows the finger quickly.
        guard let drawn = try? preview.render(editing.geometry, renderer: renderer, moving: tracker.isGesturing),
            let image = try? CGImageBuffer.make(from: drawn)
        else { return }
        canvas.image = UIImage(cgImage: image.image, scale: CGFloat(renderer.scale), orientation: .up)
    }

    // MARK: The toolbar

    /// The SF Symbols of the controls shown as icons.
    static let symbols: [EditorControlKind: String] = [
        .turn: "rotate.right", .flip: "arrow.left.and.right.righttriangle.left.righttriangle.right", .aspect: "aspectratio",
        .undo: "arrow.uturn.backward", .redo: "arrow.uturn.forward",
    ]
}

/// The phases of touches the edit screen's canvas hands its screen.
enum EditorTouchPhase {
    case began, moved, ended, cancelled
}

/// The edit screen's photo: it draws what `EditorRenderer` draws, takes every finger (it has
/// multiple touch on), and is VoiceOver's one adjustable element for the photo.
@MainActor
public final class EditorCanvasView: UIImageView {
    weak var screen: ProfileEditViewController?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = true
        isMultipleTouchEnabled = true
        isAccessibilityElement = true
        accessibilityTraits = .adjustableImage
    }

    public required init?(coder: NSCoder) {
        nil
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        screen?.touches(.began, touches)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        screen?.touches(.moved, touches)
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        screen?.touches(.ended, touches)
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        screen?.touches(.cancelled, touches)
    }

    // VoiceOver calls these on the main thread. iOS 17's SDK and later declare them
    // `@MainActor`; iOS 16's declare them on NSObject, not isolated, so the overrides are
    // nonisolated and say where they run, which compiles against both.

    /// VoiceOver's swipe up: zoom in a step, as a pinch would.
    public nonisolated override func accessibilityIncrement() {
        MainActor.assumeIsolated { screen?.send(.accessibilityAction(.zoomIn)) }
    }

    /// VoiceOver's swipe down: zoom out a step.
    public nonisolated override func accessibilityDecrement() {
        MainActor.assumeIsolated { screen?.send(.accessibilityAction(.zoomOut)) }
    }
}
#endif

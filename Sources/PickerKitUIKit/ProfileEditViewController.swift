#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerImaging
import PickerKit
import UIKit

/// PickerKit's move-and-scale edit screen: the photo under the mask with the outside dimmed,
/// moved and scaled by the person's fingers, with a toolbar below.
///
/// Everything it shows and does comes from the picker's edit (``ProfilePicker/editing``):
///
/// - the photo is a layer whose contents are the photo upright, reduced once to about the
///   screen's size off the main thread (`EditorPreview.uprightCopy(of:)`), and whose transform
///   is the geometry's (`EditorGeometry.photoLayer`: zoom, position, turns, mirror and
///   straightening); the dimming, the mask's outline and, while fingers move, the thirds grid
///   and the straighten dial are shape layers (`EditorGeometry.overlay(lineWidth:)`). A touch
///   move sets the transform and nothing else: no pixels are drawn on the main thread, moving
///   or at rest, and each point of the photo lands where the headless `EditorRenderer` draws it;
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
    /// The colours of the background, dimming and mask outline, and the outline's width, drawn
    /// with layers at the screen's own scale (the headless `EditorRenderer` takes the same style).
    public var style = EditorStyle() {
        didSet { refresh() }
    }

    /// A renderer carrying ``style``: only its style was ever used.
    @available(*, deprecated, renamed: "style", message: "only the renderer's style is used: set style")
    public var renderer: EditorRenderer {
        get { EditorRenderer(style: style) }
        set { style = newValue.style }
    }

    /// The photo under the mask: what the fingers move and VoiceOver adjusts.
    public let canvas = EditorCanvasView(frame: .zero)
    /// The controls, below the photo in the safe area.
    public let toolbar = UIToolbar(frame: .zero)

    /// The toolbar's height, kept clear of the mask.
    public static let toolbarHeight: CGFloat = 44

    private var tracker = EditorTouchTracker()
    /// A trackpad's pinch and rotation and the scroll wheel, as the geometry's gestures.
    var pointer = EditorPointerTracker()
    /// Whether the photo layer's contents were asked for: they are made once, off the main thread.
    private var contentsRequested = false
    /// The photo's pixels and the longest side of the photo layer's contents, once made: what a
    /// sharper copy of the part on screen is drawn from, at rest.
    private var photo: (pixels: PixelBuffer, contentsSide: Int)?
    /// The geometry the sharper copy shows or is being drawn for: a new one hides it.
    private var detailGeometry: EditorGeometry?
    private var detailTask: Task<Void, Never>?
    /// The layout last sent, so an unchanged one is not sent again.
    private var sentLayout: (viewport: CGSize, safeArea: EdgeInsets)?
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
        #if canImport(ObjectiveC)
        installIndirectInput()
        #endif
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
    var shownEdit: EditingStep? {
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
        deliver(gestures)
    }

    /// Sends `gestures` (a finger's, a trackpad's, the scroll wheel's), then draws once.
    func deliver(_ gestures: [EditorGesture]) {
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

    /// Places the photo layer and shows the overlay (whose shapes are rebuilt only where they
    /// changed): no pixel is drawn here.
    private func draw(_ editing: EditingStep) {
        if !contentsRequested {
            contentsRequested = true
            makeContents(of: editing.original)
        }
        let geometry = editing.geometry
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        canvas.place(geometry.photoLayer)
        // Until it is framed the photo is not shown: it opens where the framing puts it.
        canvas.photo.isHidden = !editing.showsPhoto
        canvas.show(geometry.overlay(lineWidth: style.outlineWidth), style: style)
        canvas.showsGuides = tracker.isGesturing
        if detailGeometry != geometry || tracker.isGesturing {
            detailTask?.cancel()
            detailTask = nil
            detailGeometry = nil
            canvas.detail.isHidden = true
        }
        CATransaction.commit()
        if !tracker.isGesturing, detailGeometry == nil, editing.showsPhoto { drawDetail(for: geometry) }
    }

    /// How long the screen stays at rest before it draws a sharper copy.
    nonisolated static let restBeforeDetail = Duration.milliseconds(100)

    /// At rest, zoomed in past what the photo layer's contents hold: draws the part of the photo
    /// on screen at the screen's resolution off the main thread, and shows it over the photo
    /// layer if the geometry is still the same when it is ready.
    private func drawDetail(for geometry: EditorGeometry) {
        guard let photo,
            let detail = geometry.detail(contentsLongestSide: photo.contentsSide, screenScale: Double(view.contentScaleFactor))
        else { return }
        detailGeometry = geometry
        let pixels = photo.pixels
        detailTask = Task.detached(priority: .userInitiated) { [weak self] in
            // A moment at rest first: a finger coming straight back cancels it before any work.
            try? await Task.sleep(for: Self.restBeforeDetail)
            guard !Task.isCancelled, let image = try? EditorPreview.detail(detail, of: pixels), !Task.isCancelled,
                let made = try? CGImageBuffer.make(from: image), !Task.isCancelled
            else { return }
            await MainActor.run {
                guard let self, self.detailGeometry == geometry, !self.tracker.isGesturing else { return }
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                self.canvas.detail.contents = made.image
                self.canvas.place(geometry.photoLayer.showing(detail.region), on: self.canvas.detail)
                self.canvas.detail.isHidden = false
                CATransaction.commit()
            }
        }
    }

    /// Makes the photo layer's contents off the main thread and sets them when made. Nothing can
    /// be shown without the photo's pixels: then the session ends saying why, rather than on a
    /// blank screen.
    private func makeContents(of original: any ImageBuffer) {
        Task.detached(priority: .userInitiated) { [weak self] in
            let made = Self.contents(of: original)
            await MainActor.run {
                guard let self else { return }
                switch made {
                case let .made(contents, pixels):
                    self.canvas.photo.contents = contents.image
                    self.photo = (pixels, max(contents.image.width, contents.image.height))
                    self.refresh()
                case let .failed(reason): self.picker?.screenFailed(self.route.id, reason: reason)
                }
            }
        }
    }

    /// The photo layer's contents, or why there are none.
    private enum Contents: Sendable {
        /// The contents, and the photo's pixels they were made from.
        case made(CGImageBuffer, PixelBuffer)
        case failed(PresentationProblem)
    }

    /// The photo upright, reduced to about the screen's size, as a `CGImage`.
    nonisolated private static func contents(of original: any ImageBuffer) -> Contents {
        do {
            guard let pixels = try original.pixelBuffer() else {
                return .failed(.photoNotDrawable("\(type(of: original)) gives no pixels"))
            }
            guard let image = try CGImageBuffer.make(from: EditorPreview.uprightCopy(of: pixels)) else {
                return .failed(.photoNotDrawable("Core Graphics made no image of its \(pixels.displaySize) pixels"))
            }
            return .made(image, pixels)
        } catch {
            return .failed(.photoNotDrawable("\(error)"))
        }
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

/// The edit screen's photo under the mask, in layers: the photo, the dimming outside the mask,
/// the thirds grid, the mask's outline and the straighten dial. It takes every finger (it has
/// multiple touch on), and is VoiceOver's one adjustable element for the photo.
@MainActor
public final class EditorCanvasView: UIView {
    weak var screen: ProfileEditViewController?
    /// The photo: its contents the photo upright, its bounds and transform the geometry's
    /// (`EditorGeometry.photoLayer`), about its top-left corner.
    package let photo = CALayer()
    /// A sharper copy of the part of the photo on screen, over it, at rest when zoomed in past
    /// what the photo layer's contents hold (`EditorGeometry.detail(contentsLongestSide:screenScale:)`).
    package let detail = CALayer()
    /// The viewport less the mask, dimmed.
    package let dimming = CAShapeLayer()
    /// The thirds grid, while a gesture is under way.
    package let grid = CAShapeLayer()
    /// The mask's outline.
    package let outline = CAShapeLayer()
    /// The straighten dial's ticks (half as opaque), while a gesture is under way.
    package let ticks = CAShapeLayer()
    /// The dial's pointer and the mark for the photo's top, while a gesture is under way.
    package let marks = CAShapeLayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = true
        isMultipleTouchEnabled = true
        isAccessibilityElement = true
        accessibilityTraits = .adjustableImage
        for layer in [photo, detail] {
            layer.anchorPoint = .zero
            layer.position = .zero
        }
        detail.isHidden = true
        for layer in [photo, detail, dimming, grid, outline, ticks, marks] { self.layer.addSublayer(layer) }
        showGuides()
    }

    /// Whether the grid and the straighten dial show.
    var showsGuides = false {
        didSet { showGuides() }
    }

    /// Shows the grid (when there is an outline to draw it with) and the dial while
    /// ``showsGuides``, and hides them otherwise.
    private func showGuides() {
        grid.isHidden = !showsGuides || outline.lineWidth == 0
        ticks.isHidden = !showsGuides
        marks.isHidden = !showsGuides
    }

    /// Puts `layer` (the photo layer unless told) where `placement` says.
    func place(_ placement: EditorPhotoLayer, on layer: CALayer? = nil) {
        let layer = layer ?? photo
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat(placement.size.width), height: CGFloat(placement.size.height))
        let t = placement.transform
        layer.setAffineTransform(CGAffineTransform(
            a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty)))
    }

    /// The overlay and style the shape layers show.
    private var shown: (overlay: EditorOverlay, style: EditorStyle)?

    /// Shows `overlay` in the renderer's colours: what `EditorRenderer` draws over the photo, as
    /// shapes the GPU composites. Only what changed is rebuilt: the dimming, outline and grid
    /// with the layout, the mask or the style; the dial and the turn mark with the guides (a
    /// straightening moves the dial's pointer on every move).
    func show(_ overlay: EditorOverlay, style: EditorStyle) {
        let restyled = shown?.style != style
        let last = shown?.overlay
        shown = (overlay, style)
        if restyled || last?.viewport != overlay.viewport || last?.mask != overlay.mask || last?.isRound != overlay.isRound {
            showMask(overlay, style: style)
        }
        if restyled || last?.guides != overlay.guides {
            for (layer, opacity) in [(ticks, 0.5), (marks, 1.0)] {
                let shapes = CGMutablePath()
                for mark in overlay.guides where mark.opacity == opacity { shapes.addRect(mark.rect) }
                layer.path = shapes
                layer.fillColor = Self.color(style.outline, opacity: opacity).cgColor
            }
        }
        showGuides()
    }

    /// The dimming outside the mask, its outline and the thirds grid inside it.
    private func showMask(_ overlay: EditorOverlay, style: EditorStyle) {
        func addMask(to path: CGMutablePath) {
            if overlay.isRound { path.addEllipse(in: overlay.mask) } else { path.addRect(overlay.mask) }
        }
        backgroundColor = Self.color(style.background)
        let mask = CGMutablePath()
        addMask(to: mask)
        let outside = CGMutablePath()
        outside.addRect(CGRect(origin: .zero, size: overlay.viewport))
        addMask(to: outside)
        dimming.path = outside
        dimming.fillRule = .evenOdd
        dimming.fillColor = Self.color(RGBA(0, 0, 0), opacity: 1 - style.dimming).cgColor
        outline.path = mask
        outline.fillColor = nil
        outline.strokeColor = Self.color(style.outline).cgColor
        outline.lineWidth = CGFloat(style.outlineWidth)
        outline.isHidden = style.outlineWidth == 0
        let lines = CGMutablePath()
        for segment in overlay.grid {
            lines.move(to: segment.from)
            lines.addLine(to: segment.to)
        }
        grid.path = lines
        grid.fillColor = nil
        grid.strokeColor = Self.color(style.outline, opacity: 0.5).cgColor
        grid.lineWidth = CGFloat(style.outlineWidth)
    }

    /// `rgba` as a colour, at `opacity`.
    static func color(_ rgba: RGBA, opacity: Double = 1) -> UIColor {
        UIColor(red: CGFloat(rgba.r) / 255, green: CGFloat(rgba.g) / 255, blue: CGFloat(rgba.b) / 255, alpha: CGFloat(opacity))
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

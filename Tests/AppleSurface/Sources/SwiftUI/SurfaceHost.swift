import SurfaceDevice
@_spi(Surface) import UIKit

/// A drawn view: what the person would see of it.
@MainActor
public final class SurfaceNode {
    enum Kind {
        case group, text(String), image(Image), presented, navigationStack, pushed(AnyHashable), controller(SurfaceRepresented)
        case button(title: String, role: ButtonRole?, action: () -> Void)
    }

    let kind: Kind
    var children: [SurfaceNode] = []
    var presentations: [SurfacePresentation] = []
    var dialogs: [SurfaceDialog] = []
    var onAppear: (() -> Void)?
    var onDisappear: (() -> Void)?
    var navigationBar: Visibility?
    var destinations: [@MainActor (AnyHashable) -> SurfaceNode?] = []
    // A navigation stack's state.
    var pushed: [SurfaceNode] = []
    var unmatched: [AnyHashable] = []
    var path: [AnyHashable] = []
    var setPath: (@MainActor ([AnyHashable]) -> Void)?
    /// A menu's items, shown only when it is opened.
    var menuItems: SurfaceNode?
    /// `interactiveDismissDisabled(_:)`'s value here.
    var refusesInteractiveDismissal = false
    /// Whether `ignoresSafeArea(_:edges:)` applies here.
    var ignoresSafeArea = false

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// The nodes drawn inside this one, this one first (pushed screens after the root's).
    var all: [SurfaceNode] { [self] + (children + pushed).flatMap(\.all) }

    /// Every navigation destination declared inside this node.
    var allDestinations: [@MainActor (AnyHashable) -> SurfaceNode?] { all.flatMap(\.destinations) }

    /// The texts shown, in order.
    public var texts: [String] {
        all.compactMap { if case let .text(text) = $0.kind { text } else { nil } }
    }

    /// The images shown, in order.
    @_spi(Surface) public var images: [Image] {
        all.compactMap { if case let .image(image) = $0.kind { image } else { nil } }
    }

    /// The buttons, in order: title and role.
    var buttons: [(title: String, role: ButtonRole?, action: () -> Void)] {
        all.compactMap { if case let .button(title, role, action) = $0.kind { (title, role, action) } else { nil } }
    }

    /// The titles of the buttons, in order.
    public var buttonTitles: [String] { buttons.map(\.title) }

    /// The navigation stack drawn inside this node, if any.
    public var stack: SurfaceNode? {
        all.first { if case .navigationStack = $0.kind { true } else { false } }
    }
}

/// What SwiftUI shows of a view: the surface's stand-in for a window showing it, and for the
/// person using it. Not Apple's API.
///
/// Each ``update()`` evaluates the view again, as SwiftUI does when its state changes, and then
/// shows what it declares as SwiftUI would: one sheet, full-screen cover or popover at a time
/// (a second one declared meanwhile is not shown, with SwiftUI's console message); `onAppear`
/// when content appears and `onDisappear` when it goes, both as the transition that shows or
/// hides it starts (SwiftUI reports no end to a transition through them); a presentation's
/// hosted view controllers' `viewDidAppear` once its presentation transition has ended, and
/// `viewDidDisappear` and its `onDismiss` once its dismissal has ended; a confirmation dialog or
/// alert while its binding is true and its data is not `nil`.
@_spi(Surface)
@MainActor
public final class SurfaceHost {
    private let drawRoot: @MainActor (SurfaceNode) -> Void
    private var tree = SurfaceNode(.group)
    /// The presentation shown: its kind and identity, found again in each new tree.
    private var shown: (kind: SurfacePresentation.Kind, id: AnyHashable)?
    private var appeared: [String: () -> Void] = [:]

    /// The window the app's scene shows in: representables' view controllers show in it.
    public let window: UIWindow

    /// Shows `view`.
    public init<V: View>(_ view: V, size: CGSize = CGSize(width: 390, height: 844)) {
        drawRoot = { SwiftUI.draw(view, into: $0) }
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.makeKeyAndVisible()
        update()
    }

    /// Evaluates the view again and shows what it now declares.
    public func update() {
        let node = SurfaceNode(.group)
        drawRoot(node)
        tree = node
        let declared = tree.all.flatMap(\.presentations)
        var leaving: [UIViewController] = []
        var dismissed: (() -> Void)?
        if let current = shown, !declared.contains(where: { $0.kind == current.kind && $0.id == current.id }) {
            // Its binding went nil (or to another item): SwiftUI dismisses it, and says so when done.
            let gone = presentations(in: previous).first { $0.kind == current.kind && $0.id == current.id }
            leaving = controllers(under: Self.key(current.kind, current.id))
            shown = nil
            dismissed = gone?.onDismiss
        }
        let wanted = declared.filter { $0.id != nil }
        var arriving: String?
        if shown == nil, let first = wanted.first, let id = first.id {
            shown = (first.kind, id)
            arriving = Self.key(first.kind, id)
        }
        if wanted.count > 1 || (wanted.count == 1 && shown.map { $0.kind != wanted[0].kind || $0.id != wanted[0].id } == true) {
            Device.current.warn("Currently, only presenting a single sheet is supported. The next sheet will be presented when the currently presented sheet gets dismissed.")
        }
        previous = tree
        runLifecycle()
        runControllers()
        if !leaving.isEmpty || dismissed != nil {
            Animations.run {
                for controller in leaving { controller.viewDidDisappear(true) }
                dismissed?()
            }
        }
        if let arriving {
            let appearing = controllers(under: arriving)
            Animations.run {
                for controller in appearing { controller.viewDidAppear(true) }
            }
        }
    }

    /// The key of a presentation's content in ``hosted``.
    private static func key(_ kind: SurfacePresentation.Kind, _ id: AnyHashable) -> String {
        "\(kind.rawValue)-\(String(describing: id))"
    }

    /// The hosted view controllers of the content under `key`.
    private func controllers(under key: String) -> [UIViewController] {
        hosted.filter { $0.key == key || $0.key.hasPrefix(key + ".") }.sorted { $0.key < $1.key }.map(\.value.controller)
    }

    private struct Hosted {
        let type: ObjectIdentifier
        let controller: UIViewController
        let coordinator: Any
        var represented: SurfaceRepresented
    }

    private var hosted: [String: Hosted] = [:]

    /// Makes, updates and dismantles representables' view controllers as SwiftUI does: one per
    /// place in the tree while a representable of the same type stays there.
    private func runControllers() {
        var found: [String: SurfaceRepresented] = [:]
        func collect(_ node: SurfaceNode, _ key: String) {
            if case let .controller(represented) = node.kind { found[key] = represented }
            for (index, child) in (node.children + node.pushed).enumerated() { collect(child, "\(key).\(index)") }
        }
        collect(tree, "root")
        if let presented = shownPresentation, let content = presented.content, let id = presented.id {
            collect(content, Self.key(presented.kind, id))
        }
        for (key, old) in hosted.sorted(by: { $0.key < $1.key }) where found[key]?.type != old.type {
            hosted[key] = nil
            old.represented.dismantle(old.controller, old.coordinator)
            old.controller.surfaceShow(in: nil)
        }
        for (key, represented) in found.sorted(by: { $0.key < $1.key }) {
            if hosted[key] == nil {
                let made = represented.make()
                hosted[key] = Hosted(type: represented.type, controller: made.controller, coordinator: made.coordinator, represented: represented)
                made.controller.surfaceShow(in: window)
            }
            hosted[key]?.represented = represented
            if let current = hosted[key] { represented.update(current.controller, current.coordinator) }
        }
    }

    /// What the view itself shows now, under any presentation.
    public var screen: SurfaceNode { tree }

    /// The view controllers of the representables shown now, in tree order.
    public var controllers: [UIViewController] {
        hosted.sorted { $0.key < $1.key }.map(\.value.controller)
    }

    private var previous = SurfaceNode(.group)

    private func presentations(in node: SurfaceNode) -> [SurfacePresentation] { node.all.flatMap(\.presentations) }

    /// The presentation shown now, from the latest tree.
    private var shownPresentation: SurfacePresentation? {
        guard let shown else { return nil }
        return presentations(in: tree).first { $0.kind == shown.kind && $0.id == shown.id }
    }

    /// Runs `onAppear` for what is newly visible and `onDisappear` for what went.
    private func runLifecycle() {
        var visible: [String: SurfaceNode] = [:]
        func collect(_ node: SurfaceNode, _ key: String) {
            if node.onAppear != nil || node.onDisappear != nil { visible[key] = node }
            for (index, child) in (node.children + node.pushed).enumerated() { collect(child, "\(key).\(index)") }
        }
        collect(tree, "root")
        if let presented = shownPresentation, let content = presented.content {
            collect(content, "\(presented.kind.rawValue)-\(String(describing: presented.id))")
        }
        let appearing = visible.filter { appeared[$0.key] == nil }
        let disappearing = appeared.filter { visible[$0.key] == nil }
        appeared = visible.reduce(into: [:]) { $0[$1.key] = $1.value.onDisappear ?? {} }
        for (_, disappear) in disappearing.sorted(by: { $0.key < $1.key }) { disappear() }
        for (_, node) in appearing.sorted(by: { $0.key < $1.key }) { node.onAppear?() }
    }

    // MARK: What the person sees

    /// The kind of the presentation shown ("sheet", "fullScreenCover", "popover"); `nil` for none.
    public var presentedKind: String? { shownPresentation?.kind.rawValue }

    /// What the presentation shown shows.
    public var presented: SurfaceNode? { shownPresentation?.content }

    /// The rectangle the popover shown points at in its view; `nil` for its whole bounds.
    public var popoverAnchor: CGRect? { shownPresentation?.anchor }

    /// The confirmation dialog or alert shown: its kind, title and buttons.
    public var dialog: (kind: String, title: String, titleVisible: Bool, buttons: [String], message: [String])? {
        guard let dialog = tree.all.flatMap(\.dialogs).first(where: \.isShown) else { return nil }
        return (dialog.kind.rawValue, dialog.title, dialog.titleVisibility != .hidden, dialog.actions?.buttonTitles ?? [],
                dialog.message?.texts ?? [])
    }

    /// The routes pushed on the navigation stack the presentation shows.
    public var navigationPath: [AnyHashable] { presented?.stack?.path ?? [] }

    /// Whether the navigation bar of the screen on top of that stack is hidden.
    public var isNavigationBarHidden: Bool {
        guard let top = presented?.stack?.pushed.last else { return false }
        return top.all.contains { $0.navigationBar == .hidden }
    }

    // MARK: What the person does

    /// The person taps the button titled `title` in the dialog or alert shown (which SwiftUI
    /// dismisses first), or else in the presentation shown.
    public func tap(_ title: String) {
        if let dialog = tree.all.flatMap(\.dialogs).first(where: \.isShown) {
            guard let button = dialog.actions?.buttons.first(where: { $0.title == title }) else {
                return Device.current.warn("surface: no button \(title) in the \(dialog.kind.rawValue)")
            }
            dialog.isPresented.wrappedValue = false
            button.action()
            return
        }
        guard let button = (presented ?? tree).buttons.first(where: { $0.title == title }) else {
            return Device.current.warn("surface: no button \(title)")
        }
        button.action()
    }

    /// The items of the menu whose label reads `label`, as the person sees them on opening it;
    /// `nil` when there is no such menu on screen.
    public func menu(_ label: String) -> [String]? {
        menuNode(label)?.menuItems?.buttonTitles
    }

    /// The person opens the menu whose label reads `label` and chooses `title`.
    public func choose(_ title: String, inMenu label: String) {
        guard let button = menuNode(label)?.menuItems?.buttons.first(where: { $0.title == title }) else {
            return Device.current.warn("surface: no item \(title) in the menu \(label)")
        }
        button.action()
    }

    private func menuNode(_ label: String) -> SurfaceNode? {
        (presented ?? tree).all.first { $0.menuItems != nil && $0.texts.contains(label) }
    }

    /// Whether the content shown refuses to be swiped or tapped away (`interactiveDismissDisabled`).
    private var refusesDismissal: Bool {
        shownPresentation?.content?.all.contains { $0.refusesInteractiveDismissal } ?? false
    }

    /// Whether every representable shown ignores the safe area.
    public var controllersIgnoreSafeArea: Bool {
        func walk(_ node: SurfaceNode, _ ignoring: Bool) -> Bool {
            let here = ignoring || node.ignoresSafeArea
            if case .controller = node.kind { return here }
            return (node.children + node.pushed).allSatisfy { walk($0, here) }
        }
        return walk(tree, false) && (shownPresentation?.content.map { walk($0, false) } ?? true)
    }

    /// The person swipes the sheet shown down; returns whether it went (a full-screen cover
    /// does not, nor a sheet whose content refuses it).
    @discardableResult
    public func swipeDown() -> Bool {
        guard let presented = shownPresentation, presented.kind == .sheet, !refusesDismissal else { return false }
        presented.clear()
        return true
    }

    /// The person taps outside the popover shown, or outside a confirmation dialog shown as a
    /// popover (iPad, Mac, Vision): it goes, with no action run.
    @discardableResult
    public func tapOutside() -> Bool {
        if let dialog = tree.all.flatMap(\.dialogs).first(where: \.isShown), dialog.kind == .confirmationDialog, Device.current.idiom != .phone {
            dialog.isPresented.wrappedValue = false
            return true
        }
        guard let presented = shownPresentation, presented.kind == .popover, !refusesDismissal else { return false }
        presented.clear()
        return true
    }

    /// The person swipes back on the navigation stack the presentation shows.
    @discardableResult
    public func swipeBack() -> Bool {
        guard let stack = presented?.stack, !stack.path.isEmpty, let setPath = stack.setPath else { return false }
        setPath(Array(stack.path.dropLast()))
        return true
    }
}

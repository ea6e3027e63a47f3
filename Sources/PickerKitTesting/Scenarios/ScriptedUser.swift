#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerKit

/// Plays the person: taps on whatever the ``FakePresenter`` shows frontmost, and records each
/// tap in the transcript.
@MainActor
public final class ScriptedUser {
    private let picker: ProfilePicker
    private let presenter: FakePresenter
    private let source: FakePhotoSource
    private let transcript: Transcript

    /// Creates a user of `picker` who sees what `presenter` shows and picks from `source`.
    public init(picker: ProfilePicker, presenter: FakePresenter, source: FakePhotoSource, transcript: Transcript) {
        self.picker = picker
        self.presenter = presenter
        self.source = source
        self.transcript = transcript
    }

    /// Taps the chooser's option for `sourceType`.
    public func chooseSource(_ sourceType: SourceType) {
        tap("choose \(sourceType)", .sourceChosen(sourceType))
    }

    /// Picks the item at `index` of those the browser shows.
    public func pickItem(at index: Int) {
        let visible = source.visibleItems
        guard visible.indices.contains(index) else {
            return transcript.reportUnexpected("pick item \(index) of \(visible.count)")
        }
        let item = visible[index].item
        tap("pick \(item.id)", .itemPicked(item))
    }

    /// Picks the items at `indices` of those the library picker shows, in that order, and
    /// confirms; no indices is confirming an empty selection.
    public func pickItems(at indices: [Int]) {
        let visible = source.visibleItems
        guard indices.allSatisfy(visible.indices.contains) else {
            return transcript.reportUnexpected("pick items \(indices) of \(visible.count)")
        }
        let items = indices.map { visible[$0].item }
        tap("pick \(items.map(\.id).joined(separator: ", "))", .itemsPicked(items))
    }

    /// Taps "Select more photos" in a browser with limited access.
    public func tapSelectMore() {
        tap("select more", .selectMoreTapped)
    }

    /// Presses the camera's shutter.
    public func tapShutter() {
        tap("shutter", .shutterTapped)
    }

    /// Starts recording a movie.
    public func tapRecord() {
        tap("record", .recordTapped)
    }

    /// Stops recording.
    public func tapStop() {
        tap("stop", .stopTapped)
    }

    /// Switches between the rear and front cameras.
    public func switchCamera() {
        tap("switch camera", .cameraSwitched)
    }

    /// Sets the camera's flash.
    public func setFlash(_ mode: FlashMode) {
        tap("flash \(mode.rawValue)", .flashModeChanged(mode))
    }

    /// Taps Play on a movie's preview.
    public func tapPlay() {
        tap("play", .playTapped)
    }

    /// Moves a movie's trim handles.
    public func trim(from start: Duration, to end: Duration) {
        tap("trim \(start)–\(end)", .trimChanged(start: start, end: end))
    }

    /// Taps Cancel (or dismisses the menu or popover).
    public func tapCancel() {
        tap("cancel", .cancelTapped)
    }

    /// Taps Choose on the edit screen.
    public func tapChoose() {
        tap("choose", .chooseTapped)
    }

    /// Uses a VoiceOver action on the edit screen.
    public func accessibilityAction(_ action: EditorAccessibilityAction) {
        tap("VoiceOver \(action.name)", .accessibilityAction(action))
    }

    /// Taps Undo on the edit screen.
    public func tapUndo() {
        tap("undo", .undoTapped)
    }

    /// Taps Redo on the edit screen.
    public func tapRedo() {
        tap("redo", .redoTapped)
    }

    /// Makes a gesture on the edit screen.
    public func gesture(_ gesture: EditorGesture) {
        tap("\(gesture)", .editorGesture(gesture))
    }

    /// Turns the photo with two fingers by `degrees` (clockwise) and lifts them: a
    /// ``EditorGesture/rotate(degrees:)`` then ``EditorGesture/ended``.
    public func twoFingerRotate(by degrees: Double) {
        gesture(.rotate(degrees: degrees))
        gesture(.ended)
    }

    /// Twists two fingers by `degrees` (clockwise) and lifts them: ``twoFingerRotate(by:)``.
    public func twist(by degrees: Double) {
        twoFingerRotate(by: degrees)
    }

    /// Drags the photo by `dx`, `dy` points on the edit screen and lifts the finger: a
    /// ``EditorGesture/pan(_:)`` then ``EditorGesture/ended`` (the photo settles back to cover
    /// the mask). Points are the edit screen's viewport, `EditorConfiguration.viewport`: 375×667
    /// unless the configuration or ``layOutEditor(viewport:safeArea:)`` says otherwise.
    ///
    /// ```swift
    /// scenario.user.drag(dx: -40, dy: 0)
    /// // user: pan(-40,0) on #1
    /// // picker: editor pan(-40,0): crop (…)
    /// // user: ended on #1
    /// // picker: editor ended: crop (…)
    /// ```
    public func drag(dx: Double, dy: Double) {
        gesture(.pan(CGPoint(x: dx, y: dy)))
        gesture(.ended)
    }

    /// Pinches the photo by `scale` (2 zooms in twice as far) about `focus`, in the edit screen's
    /// points (the mask's centre when `nil`), and lifts the fingers: a
    /// ``EditorGesture/pinch(scale:focus:)`` then ``EditorGesture/ended``.
    public func pinch(by scale: Double, at focus: CGPoint? = nil) {
        let centre = picker.editorGeometry.map { CGPoint(x: $0.maskRect.midX, y: $0.maskRect.midY) } ?? .zero
        gesture(.pinch(scale: scale, focus: focus ?? centre))
        gesture(.ended)
    }

    /// Sets the straighten control to `degrees` (clockwise).
    public func straighten(to degrees: Double) {
        gesture(.straighten(degrees: degrees))
    }

    /// Lays the edit screen out anew, as a device turning or a window resizing does: its
    /// viewport and safe area, in points.
    public func layOutEditor(viewport: CGSize, safeArea: EdgeInsets = .zero) {
        tap("layout \(Self.points(viewport.width))x\(Self.points(viewport.height))", .editorLaidOut(viewport: viewport, safeArea: safeArea))
    }

    /// Swipes the presented sheet down (or taps outside the popover): the presenter reports it
    /// to the picker as ``UserAction/interactivelyDismissed``.
    public func dismissInteractively() {
        guard let root = presenter.dismissInteractively() else { return }
        picker.send(.interactivelyDismissed, from: root)
    }

    /// Swipes back on the picker's navigation stack.
    public func swipeBack() {
        presenter.swipeBack()
    }

    /// `390`, `412.5`.
    private static func points(_ value: CGFloat) -> String {
        let v = Double(value)
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// Presses keys on a hardware keyboard: on the edit screen its ``EditorShortcut``, on the
    /// camera its ``CameraShortcut``, each sending what its button, VoiceOver's action or a
    /// finger would. A press that is no shortcut there, or whose button is disabled, is recorded
    /// and does nothing, as on a device.
    public func press(_ keys: KeyPress) {
        guard let top = presenter.stack.last else {
            return transcript.reportUnexpected("press \(keys) with nothing shown")
        }
        transcript.record("user", "press \(keys) on \(top.id)")
        let actions: [UserAction]
        if let editing = picker.editing, editing.route.id == top.id {
            actions = editing.actions(for: keys)
        } else if let camera = picker.cameraScreen, camera.step.route.id == top.id, let shortcut = CameraShortcut(keys) {
            actions = shortcut.actions(on: camera)
        } else {
            actions = []
        }
        for action in actions { picker.send(action, from: top.id) }
    }

    private func tap(_ what: String, _ action: UserAction) {
        guard let top = presenter.stack.last else {
            return transcript.reportUnexpected("\(what) with nothing shown")
        }
        transcript.record("user", "\(what) on \(top.id)")
        picker.send(action, from: top.id)
    }
}

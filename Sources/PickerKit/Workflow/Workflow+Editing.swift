#if canImport(CoreGraphics)
import CoreGraphics
#endif
import Foundation
import PickerImaging

extension Workflow {
    /// Gestures move the image, undo and redo step through what they committed; Choose renders
    /// the crop, and while it renders (off the main actor) the edit stays as it is: gestures,
    /// undo, redo and a second Choose are busy. Cancel still goes back, and the render falls out.
    mutating func editorAction(_ action: UserAction, on id: Route.ID) -> [WorkflowEffect]? {
        guard let rendering = state.editing?.isBusy else { return nil }
        // A layout changes what is shown, not the edit being rendered: taken even while rendering.
        if case let .editorLaidOut(viewport, safeArea) = action {
            return updateEditing { _, editing in
                Self.layOut(&editing, viewport: viewport, safeArea: safeArea, action: action, on: id)
            } ?? []
        }
        if rendering {
            switch action {
            case .editorGesture, .accessibilityAction, .undoTapped, .redoTapped, .chooseTapped: return ignore(action, id, .busy)
            default: return nil
            }
        }
        switch action {
        case .editorGesture, .accessibilityAction, .undoTapped, .redoTapped:
            return updateEditing { _, editing in Self.editorChange(action, on: id, &editing) } ?? []
        case .chooseTapped:
            return updateEditing { session, editing in
                editing.isRendering = true
                let edit = EditSession(geometry: editing.geometry, output: session.configuration.output)
                return [.render(edit, original: editing.original, route: editing.route.id, session: session.id)]
            } ?? []
        default:
            return nil
        }
    }

    /// The edit and its undo steps on the screen's new layout.
    private static func layOut(
        _ editing: inout EditingStep, viewport: CGSize, safeArea: EdgeInsets, action: UserAction, on id: Route.ID
    ) -> [WorkflowEffect] {
        let before = editing.geometry
        guard let after = try? before.laidOut(viewport: viewport, safeArea: safeArea) else {
            return [.emit(.actionIgnored(action, route: id, reason: .noRoomForMask))]
        }
        guard after != before else { return [] }
        editing.geometry = after
        editing.history.relayout { ($0 == before ? after : try? $0.laidOut(viewport: viewport, safeArea: safeArea)) ?? $0 }
        return [.emit(.editorLaidOut(viewport: viewport, crop: after.cropRect))]
    }

    private static func editorChange(_ action: UserAction, on id: Route.ID, _ editing: inout EditingStep) -> [WorkflowEffect] {
        switch action {
        case let .editorGesture(gesture):
            editing.geometry.apply(gesture)
            if gesture.commitsStep { editing.history.commit(editing.geometry) }
            return [.emit(.editorChanged(gesture, crop: editing.geometry.cropRect))]
        case let .accessibilityAction(spoken):
            // The same gestures a finger would make, and the same log.
            var effects: [WorkflowEffect] = []
            for gesture in spoken.gestures(for: editing.geometry) {
                editing.geometry.apply(gesture)
                effects.append(.emit(.editorChanged(gesture, crop: editing.geometry.cropRect)))
            }
            editing.history.commit(editing.geometry)
            return effects
        default:
            let undoing = action == .undoTapped
            guard let geometry = undoing ? editing.history.undo(from: editing.geometry) : editing.history.redo() else {
                return [.emit(.actionIgnored(action, route: id, reason: .nothingToUndo))]
            }
            editing.geometry = geometry
            return [.emit(.editorHistory(undone: undoing, crop: geometry.cropRect))]
        }
    }

    /// The rendered edit finishes the session (B5); a failure to render ends it with that error.
    /// A render of an edit screen that is no longer rendering (the person went back) falls out.
    mutating func rendered(_ result: Result<any ImageBuffer, PickerError>, _ edit: EditSession, route: Route.ID) -> [WorkflowEffect] {
        guard case let .editing(editing) = state.step, editing.isRendering, editing.route.id == route else { return [] }
        switch result {
        case let .success(edited):
            // An image reduced at load reports its edit in the full-resolution original's pixels.
            let reported = edit.atFullResolution(of: editing.original)
            return end(.finished(ProfilePickerResult(
                mediaType: editing.mediaType, originalImage: editing.original, editedImage: edited,
                cropRect: reported.cropRect, editSession: reported)))
        case let .failure(error):
            return end(.failed(error))
        }
    }

    /// A picked or captured image goes to the edit screen, pushed on `root` without animation
    /// and with the bar hidden (B2), or straight back when editing is off.
    mutating func received(
        _ image: any ImageBuffer, mediaType: MediaType, _ session: WorkflowSession, on root: RootStep
    ) -> [WorkflowEffect] {
        guard session.configuration.allowsEditing else {
            return end(.finished(ProfilePickerResult(mediaType: mediaType, originalImage: image)))
        }
        let geometry: EditorGeometry
        switch Self.geometry(for: image, editor: session.configuration.editor, restoring: nil) {
        case let .success(value): geometry = value
        case let .failure(error): return end(.failed(error))
        }
        let route = makeRoute(.editor(EditorScreen(imageSize: image.displaySize, cropRect: geometry.cropRect)))
        var editing = EditingStep(root: root, route: route, original: image, mediaType: mediaType, geometry: geometry)
        let framing = Self.waitForFraming(&editing, session, restoring: false)
        state = .active(session, .editing(editing))
        return [.push(route, animated: false), .setNavigationBarHidden(true)] + framing
    }

    /// A new edit screen waits to be framed on the person when the configuration asks it
    /// (``InitialFraming/subject``) and it is not a restored session, which keeps its crop:
    /// the effect that asks the subject locator, or none.
    static func waitForFraming(_ editing: inout EditingStep, _ session: WorkflowSession, restoring: Bool) -> [WorkflowEffect] {
        editing.isFraming = !restoring && session.configuration.editor.initialFraming == .subject
        return editing.isFraming ? [.locateSubject(editing.original, route: editing.route.id, session: session.id)] : []
    }

    /// The subject locator's answer frames the edit screen that waits for it: the crop it
    /// opens with, where Undo's first step and Reset go back to. A failure, or nothing found,
    /// opens it centred. An answer for a screen that no longer waits falls out.
    mutating func subjectLocated(_ result: Result<[SubjectRegion], ErrorCause>, route: Route.ID) -> [WorkflowEffect] {
        guard let editing = state.editing, editing.isFraming, editing.route.id == route else { return [] }
        return updateEditing { _, editing in
            editing.isFraming = false
            switch result {
            case let .success(regions):
                editing.geometry.frame(on: regions)
                editing.history = EditHistory(start: editing.geometry)
                return [.emit(.editorFramed(subject: regions, crop: editing.geometry.cropRect))]
            case let .failure(error):
                return [.emit(.subjectLocationFailed(error))]
            }
        } ?? []
    }
}

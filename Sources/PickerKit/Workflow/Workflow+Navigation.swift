extension Workflow {
    /// The picker's navigation stack shows `route`. The camera screen shown starts our capture
    /// session (B3); a route below the frontmost means the person went back by themselves (a
    /// swipe), which is the same as Cancel on what was pushed.
    mutating func navigationShown(_ route: Route) -> [WorkflowEffect] {
        let stack = state.navigation.stack
        guard let session = state.session, let index = stack.firstIndex(where: { $0.id == route.id }) else {
            return [.emit(.unknownRouteShown(route.id))]
        }
        guard index < stack.count - 1 else { return prepareCameraIfShown() }
        var effects: [WorkflowEffect] = [.emit(.navigationSynced(to: route.id))]
        switch state.step {
        case let .editing(editing):
            guard let root = editing.root else { return [] }
            state = .active(session, root.shownAgain)
            effects.append(.setNavigationBarHidden(false))
        case let .previewing(preview):
            // Swiped back from a preview: its export stops and its movie is dropped, as Cancel
            // stops and drops them.
            state = .active(session, preview.root.shownAgain)
            if preview.exportProgress != nil { effects += [.cancelMovieExport, .emit(.movieExportCancelled)] }
            if let movie = preview.pickedMovie { effects.append(.discard(movie)) }
        default:
            return []
        }
        return effects + prepareCameraIfShown()
    }

    /// Starts the capture session once per camera screen, when it shows.
    private mutating func prepareCameraIfShown() -> [WorkflowEffect] {
        guard case .active(let session, .camera(var camera, let activity)) = state else { return [] }
        let effects = Self.prepare(&camera, session)
        state = .active(session, .camera(camera, activity))
        return effects
    }
}

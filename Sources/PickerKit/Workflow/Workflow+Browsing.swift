import PickerImaging

extension Workflow {
    /// A browser's pick loads the item; the library picker's selection is checked against its
    /// filter and limit. While something loads, picks are busy.
    mutating func browserAction(_ action: UserAction, on id: Route.ID) -> [WorkflowEffect]? {
        guard case let .active(session, step) = state else { return nil }
        switch (step, action) {
        case let (.browsing(route), .itemPicked(item)) where route.screen.kind == .browser:
            state = .active(session, .loading(route, item))
            return [.emit(.loadStarted(item)), .load(item, representation: nil, slot: nil, session: session.id)]
        case let (.browsing(route), .itemsPicked(items)):
            guard case let .libraryPicker(library) = route.screen else { return nil }
            return itemsPicked(items, library, session, route)
        case let (.browsing(route), .selectMoreTapped):
            guard let source = Self.inAppSource(route, session) else { return nil }
            return [.selectMoreItems(source, session: session.id)]
        case let (.loading(route, _), .selectMoreTapped), let (.loadingMany(route, _), .selectMoreTapped):
            return Self.inAppSource(route, session) == nil ? nil : ignore(action, id, .busy)
        case (.loading, .itemPicked), (.loadingMany, .itemPicked), (.loading, .itemsPicked), (.loadingMany, .itemsPicked):
            return ignore(action, id, .busy)
        default:
            return nil
        }
    }

    /// The source a browser or library picker browses in the app with limited access, which can
    /// offer more items; `nil` when it runs out of process or the person gave full access.
    static func inAppSource(_ route: Route, _ session: WorkflowSession) -> SourceType? {
        guard session.access == .limited else { return nil }
        return switch route.screen {
        case let .browser(source, _) where session.configuration.libraryAccess == .inApp: source
        case let .libraryPicker(library) where library.access == .inApp: .photoLibrary
        default: nil
        }
    }

    /// The library picker's selection: duplicates dropped, checked against the filter and the
    /// limit; none is a cancel, one with a limit of one goes on like a browser pick, more load
    /// together.
    private mutating func itemsPicked(
        _ items: [PickedItem], _ library: LibraryPickerConfiguration, _ session: WorkflowSession, _ route: Route
    ) -> [WorkflowEffect] {
        var seen = Set<PickedItem>()
        let picked = items.filter { seen.insert($0).inserted }
        let types = library.mediaTypes
        guard picked.allSatisfy({ types.contains($0.mediaType) }) else { return ignore(.itemsPicked(items), route.id, .notOffered) }
        guard library.selectionLimit == 0 || picked.count <= library.selectionLimit else {
            return ignore(.itemsPicked(items), route.id, .overLimit)
        }
        if picked.isEmpty { return end(.cancelled(.user)) }
        let representation = library.preferredRepresentation
        if picked.count == 1 && library.selectionLimit == 1 {
            state = .active(session, .loading(route, picked[0]))
            return [.emit(.loadStarted(picked[0])), .load(picked[0], representation: representation, slot: nil, session: session.id)]
        }
        state = .active(session, .loadingMany(route, picked.map { BatchEntry(item: $0, result: nil) }))
        var effects: [WorkflowEffect] = []
        for (slot, item) in picked.enumerated() {
            effects.append(.emit(.loadStarted(item)))
            effects.append(.load(item, representation: representation, slot: slot, session: session.id))
        }
        return effects
    }

    mutating func loadProgress(_ item: PickedItem, _ fraction: Double) -> [WorkflowEffect] {
        switch state.step {
        case let .loading(_, loading) where loading == item: break
        case let .loadingMany(_, batch) where batch.contains(where: { $0.item == item && $0.result == nil }): break
        default: return []
        }
        return fraction.isFinite ? [.emit(.loadProgress(item, min(1, max(0, fraction))))] : []
    }

    /// A load finished: a failure keeps the browser open with an alert; an image goes to the
    /// edit screen (or straight back with editing off); a movie opens its preview.
    mutating func loaded(_ item: PickedItem, slot: Int?, _ result: Result<PickedMedia, PickerError>) -> [WorkflowEffect] {
        switch state {
        case let .active(session, .loading(route, loading)) where loading == item && slot == nil:
            state = .active(session, .browsing(route))
            switch result {
            case let .failure(error):
                return [.emit(.loadFailed(item, error)), .showAlert(error)]
            case let .success(media):
                let effects: [WorkflowEffect] = [.emit(.loadSucceeded(item, summary: media.summary))]
                switch media {
                case let .movie(url, duration):
                    return effects + pushPreview(session, on: .browser(route), url: url, duration: duration, mediaType: item.mediaType)
                case let .image(image):
                    return effects + received(image, mediaType: item.mediaType, session, on: .browser(route))
                }
            }
        case .active(let session, .loadingMany(let route, var batch)):
            guard let slot, batch.indices.contains(slot), batch[slot].item == item, batch[slot].result == nil else { return [] }
            batch[slot].result = result
            state = .active(session, .loadingMany(route, batch))
            let logged: WorkflowEffect
            switch result {
            case let .success(media): logged = .emit(.loadSucceeded(item, summary: media.summary))
            case let .failure(error): logged = .emit(.loadFailed(item, error))
            }
            let done = batch.compactMap { entry in entry.result.map { PickedItemResult(item: entry.item, media: $0) } }
            guard done.count == batch.count else { return [logged] }
            var finished = ProfilePickerResult(mediaType: done.first?.item.mediaType ?? .image)
            finished.items = done
            return [logged] + end(.finished(finished))
        default:
            // A load the step no longer waits for (the person picked again, or went on).
            return Self.discarding(.loaded(item, slot: slot, result))
        }
    }
}

extension ProfilePicker {
    /// Loads several picked items at once, each on its own (B12): progress as the source
    /// reports it, a failure for one item does not stop the others, and the session finishes
    /// when all have loaded or failed, with the results in the order picked.
    func loadAll(_ items: [PickedItem], representation: LibraryPickerConfiguration.Representation) {
        guard let number = session?.number else { return }
        session?.phase = .loadingMany
        session?.batch = items.map { ($0, nil) }
        let source = photoSource
        for (index, item) in items.enumerated() {
            emit(.loadStarted(item))
            track(Task { [weak self] in
                let result: Result<PickedMedia, PickerError>
                do {
                    let media = try await source.loadMedia(for: item, representation: representation) { fraction in
                        guard self?.session?.number == number else { return }
                        self?.emit(.loadProgress(item, fraction))
                    }
                    result = .success(media)
                } catch {
                    result = .failure(.itemLoadFailed(itemID: item.id, reason: String(describing: error)))
                }
                self?.batchItemLoaded(index, result, session: number)
            })
        }
    }

    private func batchItemLoaded(_ index: Int, _ result: Result<PickedMedia, PickerError>, session number: Int) {
        guard var session, session.number == number, session.phase == .loadingMany, index < session.batch.count else { return }
        let item = session.batch[index].item
        switch result {
        case let .success(media): emit(.loadSucceeded(item, summary: media.summary))
        case let .failure(error): emit(.loadFailed(item, error))
        }
        session.batch[index].result = result
        self.session = session
        let done = session.batch.compactMap { entry in entry.result.map { PickedItemResult(item: entry.item, media: $0) } }
        guard done.count == session.batch.count else { return }
        var finished = ProfilePickerResult(mediaType: done.first?.item.mediaType ?? .image)
        finished.items = done
        end(.finished(finished))
    }
}

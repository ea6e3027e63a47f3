import PickerImaging

extension ProfilePicker {
    /// Acts on what the person did on the screen shown by `route`.
    ///
    /// An action is acted on only when a session is running, `route` is frontmost, and its
    /// screen offers the action; otherwise it is ignored and logged as
    /// ``PickerEvent/actionIgnored(_:route:reason:)``. So a late tap on a screen that is
    /// already gone changes nothing.
    ///
    /// | screen | actions |
    /// |---|---|
    /// | source chooser | `sourceChosen` (an offered source), `cancelTapped` |
    /// | browser, camera | `itemPicked`, `cancelTapped` |
    /// | edit screen | `chooseTapped`, `cancelTapped` (back one step, or end if it is alone) |
    public func send(_ action: UserAction, from route: Route.ID) {
        guard let session else { return ignore(action, route, .noSession) }
        guard presenter != nil else { return end(.cancelled(.presenterGone)) }
        guard session.phase != .starting else { return ignore(action, route, .starting) }
        guard let top = navigation.top, top.id == route else { return ignore(action, route, .notFrontmost) }
        switch (top.screen, action) {
        case (_, .cancelTapped):
            cancelTapped(on: top)
        case let (.sourceChooser(chooser), .sourceChosen(source))
        where chooser.options.contains { $0.sourceType == source }:
            sourceChosen(source)
        case (.browser, .itemPicked(let item)), (.camera, .itemPicked(let item)):
            if case .loading = session.phase { return ignore(action, route, .loading) }
            load(item)
        case (.editor, .chooseTapped):
            chooseTapped()
        default:
            ignore(action, route, .notOffered)
        }
    }

    private func ignore(_ action: UserAction, _ route: Route.ID, _ reason: PickerEvent.IgnoreReason) {
        emit(.actionIgnored(action, route: route, reason: reason))
    }

    /// Cancel goes back one step from a pushed edit screen (B4); anywhere else it ends the
    /// session with a cancel.
    private func cancelTapped(on top: Route) {
        if top.screen.kind == .editor, navigation.stack.count > 1 {
            popEditor()
        } else {
            end(.cancelled(.user))
        }
    }

    private func popEditor() {
        navigation.stack.removeLast()
        session?.editing = nil
        presenter?.pop(animated: false)
        showNavigationBar()
    }

    private func showNavigationBar() {
        guard navigation.isNavigationBarHidden else { return }
        navigation.isNavigationBarHidden = false
        presenter?.setNavigationBarHidden(false, animated: false)
    }

    /// The chooser closes; the chosen source is validated, asked for, and shown. A failure now
    /// ends the session with ``ProfilePickerDelegate/profilePicker(_:didFailWith:)``.
    private func sourceChosen(_ source: SourceType) {
        guard let number = session?.number else { return }
        navigation.stack = []
        presenter?.dismiss(animated: configuration.animated)
        session?.phase = .starting
        let plan: SourcePlan
        do {
            plan = try validate(source, anchor: session?.anchor)
        } catch {
            return end(.failed(error))
        }
        session?.pendingTask = Task { [weak self] in
            do throws(PickerError) {
                try await self?.authorize(source)
                guard let self, self.session?.number == number else { return }
                self.show(plan)
            } catch {
                guard let self, self.session?.number == number else { return }
                self.end(.failed(error))
            }
        }
    }

    /// Loads a picked item in the background; the browser stays up meanwhile.
    private func load(_ item: PickedItem) {
        guard let number = session?.number else { return }
        session?.phase = .loading(item)
        emit(.loadStarted(item))
        let source = photoSource
        session?.pendingTask = Task { [weak self] in
            let result: Result<PickedMedia, any Error>
            do { result = .success(try await source.loadMedia(for: item)) } catch { result = .failure(error) }
            self?.loaded(item, result, session: number)
        }
    }

    private func loaded(_ item: PickedItem, _ result: Result<PickedMedia, any Error>, session number: Int) {
        guard session?.number == number, session?.phase == .loading(item) else { return }
        session?.phase = .active
        switch result {
        case let .failure(error):
            let failure = PickerError.itemLoadFailed(itemID: item.id, reason: String(describing: error))
            emit(.loadFailed(item, failure))
            presenter?.showAlert(for: failure)
        case let .success(.movie(url)):
            emit(.loadSucceeded(item, summary: "movie \(url.lastPathComponent)"))
            end(.finished(ProfilePickerResult(mediaType: item.mediaType, mediaURL: url)))
        case let .success(.image(image)):
            emit(.loadSucceeded(item, summary: "image \(image.displaySize) \(image.orientation)"))
            guard configuration.allowsEditing else {
                return end(.finished(ProfilePickerResult(mediaType: item.mediaType, originalImage: image)))
            }
            pushEditor(for: image, mediaType: item.mediaType)
        }
    }

    /// Pushes the edit screen onto the picker's stack, not animated, with the bar hidden (B2).
    private func pushEditor(for image: any ImageBuffer, mediaType: MediaType) {
        let screen = EditorScreen.centredSquare(for: image.displaySize)
        session?.editing = .init(original: image, mediaType: mediaType, screen: screen)
        let route = makeRoute(.editor(screen))
        navigation.stack.append(route)
        navigation.isNavigationBarHidden = true
        presenter?.push(route, animated: false)
        presenter?.setNavigationBarHidden(true, animated: false)
    }

    /// Crops the original to the edit screen's rectangle and finishes (B5).
    private func chooseTapped() {
        guard let editing = session?.editing else { return }
        let crop = editing.screen.cropRect
        do {
            let edited = try editing.original.cropped(to: crop)
            end(.finished(ProfilePickerResult(
                mediaType: editing.mediaType, originalImage: editing.original, editedImage: edited, cropRect: crop)))
        } catch {
            end(.failed(.editFailed(reason: String(describing: error))))
        }
    }

    /// Ends the session once: dismisses what is shown, then tells the delegate and the
    /// awaiting ``pick(_:anchor:)``. A second call, or one with no session, does nothing.
    func end(_ outcome: Outcome) {
        guard let ending = session else { return }
        session = nil
        ending.pendingTask?.cancel()
        if !navigation.stack.isEmpty {
            navigation = NavigationState()
            presenter?.dismiss(animated: configuration.animated)
        }
        switch outcome {
        case let .finished(result): emit(.sessionEnded(.finished(result.summary)))
        case let .cancelled(reason): emit(.sessionEnded(.cancelled(reason)))
        case let .failed(error): emit(.sessionEnded(.failed(error)))
        }
        ending.outcome?.resolve(outcome)
        guard let delegate else { return }
        switch outcome {
        case let .finished(result): delegate.profilePicker(self, didFinishWith: result)
        case .cancelled: delegate.profilePickerDidCancel(self)
        case let .failed(error): delegate.profilePicker(self, didFailWith: error)
        }
    }

    /// Waits until work the picker started in the background (an access request after a
    /// source was chosen, an item loading) has finished.
    public func waitUntilIdle() async {
        while let task = session?.pendingTask {
            await task.value
            if session?.pendingTask == task { session?.pendingTask = nil }
        }
    }
}

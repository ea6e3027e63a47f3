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
    /// | browser | `itemPicked`, `cancelTapped` |
    /// | library picker | `itemsPicked` (within the limit and filter; none cancels), `cancelTapped` |
    /// | camera | `shutterTapped`, `recordTapped` and `stopTapped` (movies offered), `cameraSwitched`, `flashModeChanged`, `cancelTapped` |
    /// | edit screen | `editorGesture`, `chooseTapped`, `cancelTapped` (back one step, or end if it is alone) |
    /// | movie preview | `playTapped`, `trimChanged` (editing on), `chooseTapped`, `cancelTapped` (back to the browser) |
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
        case (.camera, .shutterTapped):
            if session.phase != .active { return ignore(action, route, .busy) }
            shutterTapped()
        case let (.camera(_, types), .recordTapped) where types.contains(.movie):
            if session.phase != .active { return ignore(action, route, .busy) }
            startRecording()
        case (.camera, .stopTapped) where session.phase == .recording:
            guard session.camera?.isRecording == true else { return ignore(action, route, .busy) }
            stopRecording(atMaximum: false)
        case (.camera, .cameraSwitched):
            if session.phase != .active { return ignore(action, route, .busy) }
            switchCamera(action, route)
        case let (.camera, .flashModeChanged(mode)):
            self.session?.camera?.flash = mode
            emit(.cameraChanged(device: session.camera?.device ?? configuration.camera.device, flash: mode))
        case (.browser, .itemPicked(let item)):
            if session.phase != .active { return ignore(action, route, .busy) }
            load(item)
        case let (.libraryPicker(library), .itemsPicked(items)):
            if session.phase != .active { return ignore(action, route, .busy) }
            itemsPicked(items, in: library, action: action, route: route)
        case (.editor, .chooseTapped):
            chooseTapped()
        case (.moviePreview, .chooseTapped):
            chooseMovie()
        case let (.moviePreview(preview), .playTapped):
            emit(.moviePlaying(preview.fileName))
        case let (.moviePreview(preview), .trimChanged(start, end)) where preview.trimmable:
            trim(start: start, end: end)
        case let (.editor, .editorGesture(gesture)):
            guard var editing = session.editing else { return ignore(action, route, .notOffered) }
            editing.geometry.apply(gesture)
            self.session?.editing = editing
            emit(.editorChanged(gesture, crop: editing.geometry.cropRect))
        default:
            ignore(action, route, .notOffered)
        }
    }

    /// The library picker's selection: duplicates dropped, checked against the filter and the
    /// limit; none is a cancel, one with a limit of one goes on like a browser pick, more load
    /// together.
    private func itemsPicked(_ items: [PickedItem], in library: LibraryPickerConfiguration, action: UserAction, route: Route.ID) {
        var seen = Set<PickedItem>()
        let picked = items.filter { seen.insert($0).inserted }
        guard picked.allSatisfy({ library.mediaTypes.contains($0.mediaType) }) else { return ignore(action, route, .notOffered) }
        guard library.selectionLimit == 0 || picked.count <= library.selectionLimit else { return ignore(action, route, .overLimit) }
        if picked.isEmpty { return end(.cancelled(.user)) }
        if picked.count == 1 && library.selectionLimit == 1 {
            load(picked[0], representation: library.preferredRepresentation)
        } else {
            loadAll(picked, representation: library.preferredRepresentation)
        }
    }

    private func ignore(_ action: UserAction, _ route: Route.ID, _ reason: PickerEvent.IgnoreReason) {
        emit(.actionIgnored(action, route: route, reason: reason))
    }

    /// Cancel goes back one step from a pushed edit screen (B4); anywhere else it ends the
    /// session with a cancel.
    private func cancelTapped(on top: Route) {
        if top.screen.kind == .editor || top.screen.kind == .moviePreview, navigation.stack.count > 1 {
            popTop()
        } else {
            end(.cancelled(.user))
        }
    }

    private func popTop() {
        let popped = navigation.stack.removeLast()
        session?.editing = nil
        session?.movie = nil
        presenter?.pop(animated: popped.screen.kind == .moviePreview)
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
        track(Task { [weak self] in
            do throws(PickerError) {
                try await self?.authorize(source)
                guard let self, self.session?.number == number else { return }
                self.show(plan)
            } catch {
                guard let self, self.session?.number == number else { return }
                self.end(.failed(error))
            }
        })
    }

    /// Loads a picked item in the background; the browser stays up meanwhile.
    private func load(_ item: PickedItem, representation: LibraryPickerConfiguration.Representation? = nil) {
        guard let number = session?.number else { return }
        session?.phase = .loading(item)
        emit(.loadStarted(item))
        let source = photoSource
        track(Task { [weak self] in
            let result: Result<PickedMedia, any Error>
            do {
                if let representation {
                    result = .success(try await source.loadMedia(for: item, representation: representation) { fraction in
                        guard self?.session?.number == number else { return }
                        self?.emit(.loadProgress(item, fraction))
                    })
                } else {
                    result = .success(try await source.loadMedia(for: item))
                }
            } catch {
                result = .failure(error)
            }
            self?.loaded(item, result, session: number)
        })
    }

    private func loaded(_ item: PickedItem, _ result: Result<PickedMedia, any Error>, session number: Int) {
        guard session?.number == number, session?.phase == .loading(item) else { return }
        session?.phase = .active
        switch result {
        case let .failure(error):
            let failure = PickerError.itemLoadFailed(itemID: item.id, reason: String(describing: error))
            emit(.loadFailed(item, failure))
            presenter?.showAlert(for: failure)
        case let .success(media):
            emit(.loadSucceeded(item, summary: media.summary))
            switch media {
            case let .movie(url, duration): pushPreview(url, duration: duration, mediaType: item.mediaType)
            case let .image(image): received(image, mediaType: item.mediaType)
            }
        }
    }

    /// A picked or captured image goes to the edit screen, or straight back when editing is off.
    func received(_ image: any ImageBuffer, mediaType: MediaType) {
        guard configuration.allowsEditing else {
            return end(.finished(ProfilePickerResult(mediaType: mediaType, originalImage: image)))
        }
        do {
            try pushEditor(for: image, mediaType: mediaType)
        } catch {
            end(.failed(error))
        }
    }

    /// Keeps `task` with the session, so ``waitUntilIdle()`` can wait for it and the session's
    /// end cancels it.
    func track(_ task: Task<Void, Never>) {
        session?.pendingTasks.append(task)
    }

    /// Pushes the edit screen onto the picker's stack, not animated, with the bar hidden (B2).
    private func pushEditor(for image: any ImageBuffer, mediaType: MediaType) throws(PickerError) {
        let editing = try makeEditing(image, mediaType: mediaType, restoring: nil)
        session?.editing = editing
        let route = makeRoute(.editor(EditorScreen(imageSize: image.displaySize, cropRect: editing.geometry.cropRect)))
        navigation.stack.append(route)
        navigation.isNavigationBarHidden = true
        presenter?.push(route, animated: false)
        presenter?.setNavigationBarHidden(true, animated: false)
    }

    /// Renders the crop through PickerImaging's pipeline and finishes (B5).
    private func chooseTapped() {
        guard let editing = session?.editing else { return }
        let edit = EditSession(geometry: editing.geometry, output: configuration.output)
        do {
            let edited = try edit.apply(to: editing.original)
            end(.finished(ProfilePickerResult(
                mediaType: editing.mediaType, originalImage: editing.original, editedImage: edited,
                cropRect: edit.cropRect, editSession: edit)))
        } catch {
            end(.failed(error))
        }
    }

    /// The edit screen's state for `image`: the configured editor, or a restored session's.
    func makeEditing(_ image: any ImageBuffer, mediaType: MediaType, restoring: EditSession?) throws(PickerError) -> Session.Editing {
        let geometry: EditorGeometry
        if let restoring {
            geometry = try EditorGeometry(
                imageSize: image.displaySize, orientation: image.orientation,
                configuration: restoring.geometry.configuration, restoring: restoring.cropRect)
        } else {
            geometry = try EditorGeometry(
                imageSize: image.displaySize, orientation: image.orientation, configuration: configuration.editor)
        }
        return Session.Editing(original: image, mediaType: mediaType, geometry: geometry)
    }

    /// The edit screen's current geometry, while it is shown.
    public var editorGeometry: EditorGeometry? {
        guard navigation.top?.screen.kind == .editor else { return nil }
        return session?.editing?.geometry
    }

    /// Ends the session once: dismisses what is shown, then tells the delegate and the
    /// awaiting ``pick(_:anchor:)``. A second call, or one with no session, does nothing.
    func end(_ outcome: Outcome) {
        guard let ending = session else { return }
        session = nil
        for task in ending.pendingTasks { task.cancel() }
        if ending.camera?.startedAt != nil { camera?.tearDown() }
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
        var awaited = 0
        while let session, session.pendingTasks.count > awaited {
            let tasks = session.pendingTasks
            for task in tasks[awaited...] { await task.value }
            awaited = tasks.count
        }
    }
}

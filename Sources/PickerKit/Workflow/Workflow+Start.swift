import PickerImaging

extension Workflow {
    /// Starts a session once the host's setup, the configuration and the request pass their
    /// checks; otherwise refuses the start with the first problem found.
    mutating func start(
        _ request: PickRequest, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts,
        requiresDelegate: Bool
    ) -> [WorkflowEffect] {
        do throws(PickerError) {
            guard state.session == nil else { throw .sessionInProgress }
            guard facts.hasPresenter else { throw .noPresenter }
            guard !requiresDelegate || facts.hasDelegate else { throw .noDelegate }
            try configuration.validate()
            switch request {
            case let .edit(image, mediaType, restoring):
                return try startEditing(image, mediaType: mediaType, restoring: restoring, configuration: configuration, facts: facts)
            case let .sourceChooser(style):
                return try startChooser(style, anchor: anchor, configuration: configuration, facts: facts)
            case let .source(source):
                return try startSource(source, library: nil, anchor: anchor, configuration: configuration, facts: facts)
            case let .library(options):
                return try startSource(.photoLibrary, library: options, anchor: anchor, configuration: configuration, facts: facts)
            }
        } catch {
            return [.emit(.startFailed(error)), .rejectStart(error)]
        }
    }

    private mutating func startEditing(
        _ image: any ImageBuffer, mediaType: MediaType, restoring: EditSession?, configuration: PickerConfiguration,
        facts: DeviceFacts
    ) throws(PickerError) -> [WorkflowEffect] {
        let geometry = try Self.geometry(for: image, editor: configuration.editor, restoring: restoring)
        let session = newSession(.edit(imageSize: image.displaySize), anchor: nil, configuration: configuration, facts: facts)
        let route = makeRoute(.editor(EditorScreen(imageSize: image.displaySize, cropRect: geometry.cropRect)))
        state = .editing(session, EditingStep(root: nil, route: route, original: image, mediaType: mediaType, geometry: geometry))
        return [.emit(.sessionStarted(session.entry)), .present(route, .fullScreen, animated: configuration.animated)]
    }

    /// The chooser offers exactly the sources that would pass the checks of starting them
    /// directly, with this anchor (B7).
    private mutating func startChooser(
        _ style: SourceChooser.Style, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts
    ) throws(PickerError) -> [WorkflowEffect] {
        guard !configuration.mediaTypes.isEmpty else { throw .mediaTypesEmpty }
        let available = Set(SourceType.allCases.filter { source in
            (try? Self.validate(source, anchor: anchor, library: nil, configuration: configuration, facts: facts)) != nil
        })
        let chooser = SourceChooser.offering(available, style: style, titles: configuration.chooserTitles)
        guard !chooser.options.isEmpty else { throw .noSourceAvailable }
        let presentation = try Self.presentationStyle(for: .sourceChooser(chooser), anchor: anchor, idiom: facts.idiom)
        let session = newSession(.sourceChooser(style), anchor: anchor, configuration: configuration, facts: facts)
        let route = makeRoute(.sourceChooser(chooser))
        state = .choosingSource(session, route)
        return [.emit(.sessionStarted(session.entry)), .present(route, presentation, animated: configuration.animated)]
    }

    private mutating func startSource(
        _ source: SourceType, library: LibraryPickerConfiguration?, anchor: PopoverAnchor?,
        configuration: PickerConfiguration, facts: DeviceFacts
    ) throws(PickerError) -> [WorkflowEffect] {
        let (screen, style) = try Self.validate(source, anchor: anchor, library: library, configuration: configuration, facts: facts)
        let session = newSession(library == nil ? .source(source) : .library, anchor: anchor, configuration: configuration, facts: facts)
        state = .askingAccess(session, AccessRequest(source: source, screen: screen, style: style, fromChooser: false))
        return [.emit(.sessionStarted(session.entry)), .checkAccess(source, session: session.id)]
    }

    /// A source picked in the chooser: the chooser closes, then the source is checked as a
    /// direct start would check it, and access is asked for.
    mutating func chooserAction(_ action: UserAction, _ session: WorkflowSession, _ route: Route) -> [WorkflowEffect]? {
        guard case let .sourceChosen(source) = action, case let .sourceChooser(chooser) = route.screen,
            chooser.options.contains(where: { $0.sourceType == source })
        else { return nil }
        let request: AccessRequest
        do throws(PickerError) {
            let (screen, style) = try Self.validate(
                source, anchor: session.anchor, library: nil, configuration: session.configuration, facts: session.facts)
            request = AccessRequest(source: source, screen: screen, style: style, fromChooser: true)
        } catch {
            return end(.failed(error))
        }
        state = .askingAccess(session, request)
        return [.dismiss(animated: session.configuration.animated), .checkAccess(source, session: session.id)]
    }

    /// The access answer: allowed shows the source; refused ends a session started from the
    /// chooser with a failure, and refuses a direct start.
    mutating func accessAnswered(_ source: SourceType, _ status: AuthorizationStatus, asked: Bool) -> [WorkflowEffect] {
        guard case let .askingAccess(session, request) = state, request.source == source else { return [] }
        var effects: [WorkflowEffect] = asked ? [.emit(.authorizationRequested(source, status))] : []
        let refusal: PickerError
        switch status {
        case .authorized, .limited:
            let route = makeRoute(request.screen)
            if case let .camera(device, _) = request.screen {
                state = .camera(session, CameraStep(route: route, device: device, flash: session.configuration.camera.flash))
            } else {
                state = .browsing(session, route)
            }
            effects.append(.present(route, request.style, animated: session.configuration.animated))
            return effects
        case .restricted: refusal = .authorizationRestricted(source)
        case .denied, .notDetermined: refusal = .authorizationDenied(source)
        }
        if request.fromChooser { return effects + end(.failed(refusal)) }
        state = .idle
        return effects + [.emit(.startFailed(refusal)), .rejectStart(refusal)]
    }

    // MARK: Checks

    /// Checks everything about `source` that needs no answer from the person (B9, B14, B15,
    /// B8), and returns the screen it shows and how; for the library picker, its filter stands
    /// for the configured media types.
    static func validate(
        _ source: SourceType, anchor: PopoverAnchor?, library: LibraryPickerConfiguration?,
        configuration: PickerConfiguration, facts: DeviceFacts
    ) throws(PickerError) -> (Screen, PresentationStyle) {
        let requested: [MediaType]
        if let library {
            guard !library.filter.isEmpty else { throw .mediaTypesEmpty }
            guard library.selectionLimit >= 0 else { throw .invalidSelectionLimit(library.selectionLimit) }
            requested = library.mediaTypes
        } else {
            guard !configuration.mediaTypes.isEmpty else { throw .mediaTypesEmpty }
            requested = configuration.mediaTypes
        }
        guard let available = facts.sources[source] else { throw .sourceUnavailable(source) }
        var types = requested.filter(available.contains)
        guard !types.isEmpty else { throw .mediaTypesUnavailable(requested: requested, source: source, available: available) }
        if source == .camera {
            guard let cameras = facts.cameras else { throw .noCameraSession }
            let device = configuration.camera.device
            guard cameras.contains(device) else { throw .cameraUnavailable(device) }
            // Movies from the camera only when our session records them.
            if !facts.canRecordMovies {
                types.removeAll { $0 == .movie }
                guard !types.isEmpty else {
                    throw .mediaTypesUnavailable(requested: requested, source: source, available: available.filter { $0 != .movie })
                }
            }
        }
        guard facts.hostInfo.declares(source.usageDescriptionKey) else { throw .missingUsageDescription(source.usageDescriptionKey) }
        if source == .camera, types.contains(.movie), !facts.hostInfo.declares(.microphone) {
            throw .missingUsageDescription(.microphone)
        }
        let screen: Screen
        if source == .camera {
            screen = .camera(device: configuration.camera.device, mediaTypes: types)
        } else if var library {
            library.filter = library.filter.filter { types.contains($0.mediaType) }
            screen = .libraryPicker(library)
        } else {
            screen = .browser(source: source, mediaTypes: types)
        }
        return (screen, try presentationStyle(for: screen, anchor: anchor, idiom: facts.idiom))
    }

    /// Full screen, an action sheet or menu, or on iPad a popover that needs an anchor (B8).
    static func presentationStyle(for screen: Screen, anchor: PopoverAnchor?, idiom: DeviceIdiom) throws(PickerError) -> PresentationStyle {
        switch screen {
        case let .sourceChooser(chooser) where chooser.style == .menu:
            return .menu
        case .sourceChooser, .browser, .libraryPicker:
            guard idiom == .pad else { return screen.kind == .sourceChooser ? .actionSheet : .fullScreen }
            guard let anchor else { throw .popoverAnchorRequired(screen.kind) }
            return .popover(anchor)
        case .camera, .editor, .moviePreview:
            return .fullScreen
        }
    }

    /// The edit screen's geometry for `image`: the configured editor, or a restored session's.
    static func geometry(for image: any ImageBuffer, editor: EditorConfiguration, restoring: EditSession?) throws(PickerError) -> EditorGeometry {
        if let restoring {
            return try EditorGeometry(
                imageSize: image.displaySize, orientation: image.orientation,
                configuration: restoring.geometry.configuration, restoring: restoring.cropRect)
        }
        return try EditorGeometry(imageSize: image.displaySize, orientation: image.orientation, configuration: editor)
    }
}

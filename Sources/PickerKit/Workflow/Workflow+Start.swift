import PickerImaging

extension Workflow {
    /// Starts a session once the host's setup, the configuration and the request pass their
    /// checks; otherwise refuses the start with the first problem found.
    ///
    /// Checks report problems as values, not thrown errors: a walk of a million steps starts
    /// and refuses sessions by the hundred thousand.
    mutating func start(
        _ request: PickRequest, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts,
        requiresDelegate: Bool
    ) -> [WorkflowEffect] {
        let refusal: PickerError
        // A chooser refused for want of sources says first which it left out and why.
        var leftOut: [WorkflowEffect] = []
        if state.session != nil {
            refusal = .sessionInProgress
        } else if !facts.hasPresenter {
            refusal = .noPresenter
        } else if requiresDelegate && !facts.hasDelegate {
            refusal = .noDelegate
        } else if let problem = configuration.problem {
            refusal = problem
        } else {
            let started: Result<[WorkflowEffect], PickerError>
            switch request {
            case let .edit(image, mediaType, restoring):
                started = startEditing(image, mediaType: mediaType, restoring: restoring, configuration: configuration, facts: facts)
            case let .sourceChooser(style):
                started = startChooser(style, anchor: anchor, configuration: configuration, facts: facts)
                if case .failure = started, !configuration.mediaTypes.isEmpty {
                    leftOut = Self.leftOut(of: style, anchor: anchor, configuration: configuration, facts: facts)
                        .map { .emit(.sourceLeftOut($0.source, reason: $0.reason)) }
                }
            case let .source(source):
                started = startSource(source, library: nil, anchor: anchor, configuration: configuration, facts: facts)
            case let .library(options):
                started = startSource(.photoLibrary, library: options, anchor: anchor, configuration: configuration, facts: facts)
            }
            switch started {
            case let .success(effects): return effects
            case let .failure(error): refusal = error
            }
        }
        return leftOut + [.emit(.startFailed(refusal)), .rejectStart(refusal)]
    }

    private mutating func startEditing(
        _ image: any ImageBuffer, mediaType: MediaType, restoring: EditSession?, configuration: PickerConfiguration,
        facts: DeviceFacts
    ) -> Result<[WorkflowEffect], PickerError> {
        let geometry: EditorGeometry
        switch Self.geometry(for: image, editor: configuration.editor, restoring: restoring) {
        case let .success(value): geometry = value
        case let .failure(error): return .failure(error)
        }
        let session = newSession(.edit(imageSize: image.displaySize), anchor: nil, configuration: configuration, facts: facts)
        let route = makeRoute(.editor(EditorScreen(imageSize: image.displaySize, cropRect: geometry.cropRect)))
        var editing = EditingStep(root: nil, route: route, original: image, mediaType: mediaType, geometry: geometry)
        let framing = Self.waitForFraming(&editing, session, restoring: restoring != nil)
        state = .active(session, .editing(editing))
        return .success([.emit(.sessionStarted(session.entry)), .present(route, .fullScreen, animated: configuration.animated)] + framing)
    }

    /// The chooser offers exactly the sources that would pass the checks of starting them
    /// directly, with this anchor (B7). Access is asked for, or found refused, once a source is
    /// picked: a denied or restricted source is offered and fails the session when picked.
    private mutating func startChooser(
        _ style: SourceChooser.Style, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts
    ) -> Result<[WorkflowEffect], PickerError> {
        guard !configuration.mediaTypes.isEmpty else { return .failure(.mediaTypesEmpty) }
        let chooser = Self.chooser(style, anchor: anchor, configuration: configuration, facts: facts)
        guard !chooser.options.isEmpty else {
            // On a pad with no anchor every source is left out for it: say so, not "no source".
            let reasons = Self.leftOut(of: style, anchor: anchor, configuration: configuration, facts: facts).map(\.reason)
            let anchorProblem = reasons.first { if case .popoverAnchorRequired = $0 { true } else if case .popoverAnchorReleased = $0 { true } else { false } }
            return .failure(anchorProblem.map { _ in anchor == nil ? .popoverAnchorRequired(.sourceChooser) : .popoverAnchorReleased(.sourceChooser) } ?? .noSourceAvailable)
        }
        let presentation: PresentationStyle
        switch Self.presentationStyle(for: .sourceChooser(chooser), anchor: anchor, idiom: facts.idiom) {
        case let .success(style): presentation = style
        case let .failure(error): return .failure(error)
        }
        let session = newSession(.sourceChooser(style), anchor: anchor, configuration: configuration, facts: facts)
        let route = makeRoute(.sourceChooser(chooser))
        state = .active(session, .choosingSource(route))
        let leftOut = Self.leftOut(of: style, anchor: anchor, configuration: configuration, facts: facts)
        return .success(
            [.emit(.sessionStarted(session.entry))] + leftOut.map { .emit(.sourceLeftOut($0.source, reason: $0.reason)) }
                + [.present(route, presentation, animated: configuration.animated)])
    }

    /// The sources a chooser of `style` would list but leaves out, each with the error that
    /// starting it directly would fail with, in the chooser's order: what a developer reads when
    /// "Take photo" is missing. A menu lists the camera roll only when the photo library is not
    /// offered, so it is left out only then.
    public static func leftOut(
        of style: SourceChooser.Style, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts
    ) -> [(source: SourceType, reason: PickerError)] {
        let refusals = [SourceType.camera, .savedPhotosAlbum, .photoLibrary].compactMap { source -> (SourceType, PickerError)? in
            guard case let .failure(error) = validate(source, anchor: anchor, library: nil, configuration: configuration, facts: facts)
            else { return nil }
            return (source, error)
        }
        let libraryOffered = !refusals.contains { $0.0 == .photoLibrary }
        return refusals.filter { style == .actionSheet || $0.0 != .savedPhotosAlbum || !libraryOffered }
            .map { (source: $0.0, reason: $0.1) }
    }

    /// The chooser of `style` offering exactly the sources that would pass the checks of
    /// starting them directly with `anchor`: no options when none would. Access is not
    /// checked here: a source the person denied is offered, and fails when picked.
    public static func chooser(
        _ style: SourceChooser.Style, anchor: PopoverAnchor?, configuration: PickerConfiguration, facts: DeviceFacts
    ) -> SourceChooser {
        var available = Set<SourceType>()
        for source in SourceType.allCases {
            if case .success = validate(source, anchor: anchor, library: nil, configuration: configuration, facts: facts) {
                available.insert(source)
            }
        }
        return SourceChooser.offering(
            available, style: style, titles: configuration.chooserTitles, strings: PickerStrings(language: facts.hostInfo.language))
    }

    private mutating func startSource(
        _ source: SourceType, library: LibraryPickerConfiguration?, anchor: PopoverAnchor?,
        configuration: PickerConfiguration, facts: DeviceFacts
    ) -> Result<[WorkflowEffect], PickerError> {
        let screen: Screen, style: PresentationStyle
        switch Self.validate(source, anchor: anchor, library: library, configuration: configuration, facts: facts) {
        case let .success(plan): (screen, style) = plan
        case let .failure(error): return .failure(error)
        }
        let session = newSession(library == nil ? .source(source) : .library, anchor: anchor, configuration: configuration, facts: facts)
        let request = AccessRequest(source: source, screen: screen, style: style, fromChooser: false)
        guard Self.needsAuthorization(source, library: library, configuration: configuration) else {
            return .success([.emit(.sessionStarted(session.entry))] + show(session, request))
        }
        state = .active(session, .askingAccess(request))
        return .success([.emit(.sessionStarted(session.entry)), .checkAccess(source, session: session.id)])
    }

    /// A source picked in the chooser: the chooser closes, then the source is checked as a
    /// direct start would check it, and access is asked for.
    mutating func chooserAction(_ action: UserAction, _ session: WorkflowSession, _ route: Route) -> [WorkflowEffect]? {
        guard case let .sourceChosen(source) = action, case let .sourceChooser(chooser) = route.screen,
            chooser.options.contains(where: { $0.sourceType == source })
        else { return nil }
        let request: AccessRequest
        switch Self.validate(source, anchor: session.anchor, library: nil, configuration: session.configuration, facts: session.facts) {
        case let .success((screen, style)): request = AccessRequest(source: source, screen: screen, style: style, fromChooser: true)
        case let .failure(error): return end(.failed(error))
        }
        let dismiss = WorkflowEffect.dismiss(animated: session.configuration.animated)
        guard Self.needsAuthorization(source, library: nil, configuration: session.configuration) else {
            return [dismiss] + show(session, request)
        }
        state = .active(session, .askingAccess(request))
        return [dismiss, .checkAccess(source, session: session.id)]
    }

    /// The access answer: allowed shows the source; refused ends a session started from the
    /// chooser with a failure, and refuses a direct start.
    mutating func accessAnswered(_ source: SourceType, _ status: AuthorizationStatus, asked: Bool) -> [WorkflowEffect] {
        guard case let .active(session, .askingAccess(request)) = state, request.source == source else { return [] }
        let effects: [WorkflowEffect] = asked ? [.emit(.authorizationRequested(source, status))] : []
        let refusal: PickerError
        switch status {
        case .authorized, .limited:
            return effects + show(session.answered(status), request)
        case .restricted: refusal = .authorizationRestricted(source)
        case .denied, .notDetermined: refusal = .authorizationDenied(source)
        }
        if request.fromChooser { return effects + end(.failed(refusal)) }
        state = .idle
        return effects + [.emit(.startFailed(refusal)), .rejectStart(refusal)]
    }

    /// Shows a source that passed its checks: its browser, library picker or camera.
    private mutating func show(_ session: WorkflowSession, _ request: AccessRequest) -> [WorkflowEffect] {
        let route = makeRoute(request.screen)
        if case let .camera(device, _) = request.screen {
            state = .active(session, .camera(CameraStep(route: route, device: device, flash: session.configuration.camera.flash), .idle))
        } else {
            state = .active(session, .browsing(route))
        }
        return [.present(route, request.style, animated: session.configuration.animated)]
    }

    // MARK: Checks

    /// Whether `source` needs a privacy key and the person's authorization: the camera always;
    /// the library only when browsed in the app (``LibraryAccess/inApp``).
    static func needsAuthorization(
        _ source: SourceType, library: LibraryPickerConfiguration?, configuration: PickerConfiguration
    ) -> Bool {
        source == .camera || (library?.access ?? configuration.libraryAccess) == .inApp
    }

    /// Checks everything about `source` that needs no answer from the person (B9, B14, B15,
    /// B8), and returns the screen it shows and how; for the library picker, its filter stands
    /// for the configured media types.
    static func validate(
        _ source: SourceType, anchor: PopoverAnchor?, library: LibraryPickerConfiguration?,
        configuration: PickerConfiguration, facts: DeviceFacts
    ) -> Result<(Screen, PresentationStyle), PickerError> {
        let requested: [MediaType]
        if let library {
            guard !library.filter.isEmpty else { return .failure(.mediaTypesEmpty) }
            guard library.selectionLimit >= 0 else { return .failure(.invalidSelectionLimit(library.selectionLimit)) }
            requested = library.mediaTypes
        } else {
            guard !configuration.mediaTypes.isEmpty else { return .failure(.mediaTypesEmpty) }
            requested = configuration.mediaTypes
        }
        guard let available = facts.sources[source] else { return .failure(.sourceUnavailable(source)) }
        var types = requested.filter(available.contains)
        guard !types.isEmpty else {
            return .failure(.mediaTypesUnavailable(requested: requested, source: source, available: available))
        }
        if source == .camera {
            guard let cameras = facts.cameras else { return .failure(.noCameraSession) }
            let device = configuration.camera.device
            guard cameras.contains(device) else { return .failure(.cameraUnavailable(device)) }
            // Movies from the camera only when our session records them.
            if !facts.canRecordMovies {
                types.removeAll { $0 == .movie }
                guard !types.isEmpty else {
                    return .failure(.mediaTypesUnavailable(
                        requested: requested, source: source, available: available.filter { $0 != .movie }))
                }
            }
        }
        if needsAuthorization(source, library: library, configuration: configuration), !facts.declares(source.usageDescriptionKey) {
            return .failure(.missingUsageDescription(source.usageDescriptionKey))
        }
        if source == .camera, types.contains(.movie), !facts.declares(.microphone) {
            return .failure(.missingUsageDescription(.microphone))
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
        return presentationStyle(for: screen, anchor: anchor, idiom: facts.idiom).map { (screen, $0) }
    }

    /// Full screen, an action sheet or menu, or on iPad, Mac and Vision a popover that needs
    /// an anchor whose view or bar button item is still there (B8).
    static func presentationStyle(for screen: Screen, anchor: PopoverAnchor?, idiom: DeviceIdiom) -> Result<PresentationStyle, PickerError> {
        switch screen {
        case let .sourceChooser(chooser) where chooser.style == .menu:
            return .success(.menu)
        case .sourceChooser, .browser, .libraryPicker:
            guard idiom.presentsPopovers else { return .success(screen.kind == .sourceChooser ? .actionSheet : .fullScreen) }
            guard let anchor else { return .failure(.popoverAnchorRequired(screen.kind)) }
            guard anchor.isAttached else { return .failure(.popoverAnchorReleased(screen.kind)) }
            return .success(.popover(anchor))
        case .camera, .editor, .moviePreview:
            return .success(.fullScreen)
        }
    }

    /// The edit screen's geometry for `image`: the configured editor, or a restored session's.
    static func geometry(for image: any ImageBuffer, editor: EditorConfiguration, restoring: EditSession?) -> Result<EditorGeometry, PickerError> {
        do throws(PickerError) {
            if let restoring {
                // Made on this image (or on the original it was reduced from): reopened as it was
                // left, turns, flips and straightening included, so Choose gives the same avatar.
                if let geometry = restoring.geometry(reopening: image) { return .success(geometry) }
                return .success(try EditorGeometry(
                    imageSize: image.displaySize, orientation: image.orientation,
                    configuration: restoring.geometry.configuration, restoring: restoring.cropRect))
            }
            return .success(try EditorGeometry(imageSize: image.displaySize, orientation: image.orientation, configuration: editor))
        } catch {
            return .failure(error)
        }
    }
}

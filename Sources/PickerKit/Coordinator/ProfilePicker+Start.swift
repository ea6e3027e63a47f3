import PickerImaging

extension ProfilePicker {
    /// Starts the flows that need no access request: edit and source chooser.
    func startSynchronously(
        _ request: PickRequest, anchor: PopoverAnchor?, requiresDelegate: Bool, outcome: OutcomeBox? = nil
    ) throws(PickerError) {
        do throws(PickerError) {
            try checkSetup(requiresDelegate: requiresDelegate)
            switch request {
            case let .edit(image, mediaType, restoring):
                let editing = try makeEditing(image, mediaType: mediaType, restoring: restoring)
                var session = newSession(.edit(imageSize: image.displaySize), anchor: nil, outcome: outcome)
                session.editing = editing
                let screen = EditorScreen(imageSize: image.displaySize, cropRect: editing.geometry.cropRect)
                begin(session, presenting: .editor(screen), style: .fullScreen)
            case let .sourceChooser(style):
                let types = try requestedMediaTypes()
                let available = Set(SourceType.allCases.filter { !offeredMediaTypes(of: $0, from: types).isEmpty })
                let chooser = SourceChooser.offering(available, style: style, titles: configuration.chooserTitles)
                guard !chooser.options.isEmpty else { throw .noSourceAvailable }
                let presentation = try presentationStyle(for: .sourceChooser(chooser), anchor: anchor)
                let session = newSession(.sourceChooser(style), anchor: anchor, outcome: outcome)
                begin(session, presenting: .sourceChooser(chooser), style: presentation)
            case .source, .library:
                preconditionFailure("sources start through start(_:anchor:requiresDelegate:outcome:)")
            }
        } catch {
            emit(.startFailed(error))
            throw error
        }
    }

    /// Starts any flow; a source is validated, then access is asked for when needed.
    func start(_ request: PickRequest, anchor: PopoverAnchor?, requiresDelegate: Bool, outcome: OutcomeBox?) async throws {
        let source: SourceType, library: LibraryPickerConfiguration?
        switch request {
        case let .source(type): (source, library) = (type, nil)
        case let .library(options): (source, library) = (.photoLibrary, options)
        case .edit, .sourceChooser:
            return try startSynchronously(request, anchor: anchor, requiresDelegate: requiresDelegate, outcome: outcome)
        }
        let plan: SourcePlan
        do throws(PickerError) {
            try checkSetup(requiresDelegate: requiresDelegate)
            plan = try validate(source, anchor: anchor, library: library)
        } catch {
            emit(.startFailed(error))
            throw error
        }
        let entry: SessionEntry = library == nil ? .source(source) : .library
        let session = newSession(entry, anchor: anchor, outcome: outcome)
        self.session = session
        emit(.sessionStarted(session.entry))
        do {
            try await authorize(source)
            guard self.session?.number == session.number else { throw CancellationError() }
            try Task.checkCancellation()
            guard presenter != nil else { throw PickerError.noPresenter }
        } catch {
            if self.session?.number == session.number { self.session = nil }
            if let error = error as? PickerError { emit(.startFailed(error)) }
            throw error
        }
        show(plan)
    }

    /// What a validated source will present.
    struct SourcePlan {
        var screen: Screen
        var style: PresentationStyle
    }

    func checkSetup(requiresDelegate: Bool) throws(PickerError) {
        guard session == nil else { throw .sessionInProgress }
        guard presenter != nil else { throw .noPresenter }
        guard !requiresDelegate || delegate != nil else { throw .noDelegate }
    }

    func requestedMediaTypes() throws(PickerError) -> [MediaType] {
        guard !configuration.mediaTypes.isEmpty else { throw .mediaTypesEmpty }
        return configuration.mediaTypes
    }

    /// The requested types `source` offers here, in the order requested; empty when the
    /// source is unavailable.
    func offeredMediaTypes(of source: SourceType, from requested: [MediaType]) -> [MediaType] {
        guard photoSource.isSourceTypeAvailable(source) else { return [] }
        let available = Set(photoSource.availableMediaTypes(for: source))
        return requested.filter(available.contains)
    }

    /// Checks everything about `source` that needs no answer from the person (B9, B14, B15, B8);
    /// for the library picker, its filter stands for the configured media types.
    func validate(_ source: SourceType, anchor: PopoverAnchor?, library: LibraryPickerConfiguration? = nil) throws(PickerError) -> SourcePlan {
        let requested: [MediaType]
        if let library {
            guard !library.filter.isEmpty else { throw .mediaTypesEmpty }
            guard library.selectionLimit >= 0 else { throw .invalidSelectionLimit(library.selectionLimit) }
            requested = library.mediaTypes
        } else {
            requested = try requestedMediaTypes()
        }
        guard photoSource.isSourceTypeAvailable(source) else { throw .sourceUnavailable(source) }
        var types = offeredMediaTypes(of: source, from: requested)
        guard !types.isEmpty else {
            throw .mediaTypesUnavailable(
                requested: requested, source: source, available: photoSource.availableMediaTypes(for: source))
        }
        if source == .camera {
            guard let camera else { throw .noCameraSession }
            guard camera.isAvailable(configuration.camera.device) else { throw .cameraUnavailable(configuration.camera.device) }
            // Movies from the camera only when our session records them.
            if !camera.canRecordMovies {
                types.removeAll { $0 == .movie }
                guard !types.isEmpty else {
                    throw .mediaTypesUnavailable(
                        requested: requested, source: source,
                        available: photoSource.availableMediaTypes(for: source).filter { $0 != .movie })
                }
            }
        }
        guard hostInfo.declares(source.usageDescriptionKey) else {
            throw .missingUsageDescription(source.usageDescriptionKey)
        }
        if source == .camera, types.contains(.movie), !hostInfo.declares(.microphone) {
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
        return SourcePlan(screen: screen, style: try presentationStyle(for: screen, anchor: anchor))
    }

    /// Asks for access when not yet asked; throws unless access is authorized or limited.
    func authorize(_ source: SourceType) async throws(PickerError) {
        var status = photoSource.authorizationStatus(for: source)
        if status == .notDetermined {
            status = await photoSource.requestAuthorization(for: source)
            emit(.authorizationRequested(source, status))
        }
        switch status {
        case .authorized, .limited: return
        case .restricted: throw .authorizationRestricted(source)
        case .denied, .notDetermined: throw .authorizationDenied(source)
        }
    }

    /// Full screen, an action sheet or menu, or on iPad a popover that needs an anchor (B8).
    func presentationStyle(for screen: Screen, anchor: PopoverAnchor?) throws(PickerError) -> PresentationStyle {
        let idiom = presenter?.idiom ?? .phone
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

    private func newSession(_ entry: SessionEntry, anchor: PopoverAnchor?, outcome: OutcomeBox?) -> Session {
        sessionsStarted += 1
        return Session(number: sessionsStarted, entry: entry, anchor: anchor, outcome: outcome)
    }

    private func begin(_ session: Session, presenting screen: Screen, style: PresentationStyle) {
        self.session = session
        emit(.sessionStarted(session.entry))
        present(screen, style: style)
        self.session?.phase = .active
    }

    /// Presents a validated source's browser or camera.
    func show(_ plan: SourcePlan) {
        if case let .camera(device, _) = plan.screen {
            session?.camera = Session.Camera(device: device, flash: configuration.camera.flash)
        }
        present(plan.screen, style: plan.style)
        session?.phase = .active
    }

    private func present(_ screen: Screen, style: PresentationStyle) {
        let route = makeRoute(screen)
        navigation.stack = [route]
        navigation.isNavigationBarHidden = false
        if screen.kind.isNavigationStack { presenter?.navigationProxy = proxy }
        presenter?.present(route, style: style, animated: configuration.animated)
    }
}

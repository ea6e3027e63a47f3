import Foundation

extension SourceChooserTitles {
    /// The chooser's titles from `strings`.
    public init(_ strings: PickerStrings) {
        self.init()
        takePhoto = strings[.takePhoto]
        cameraRoll = strings[.cameraRoll]
        photoLibrary = strings[.photoLibrary]
        cancel = strings[.cancel]
        menuTitle = strings[.menuTitle]
        menuCamera = strings[.menuCamera]
        menuGallery = strings[.menuGallery]
    }
}

extension SourceType {
    /// What a person calls the source, in `strings`.
    public func name(in strings: PickerStrings) -> String {
        switch self {
        case .camera: strings[.menuCamera]
        case .photoLibrary: strings[.photoLibrary]
        case .savedPhotosAlbum: strings[.cameraRoll]
        }
    }

    /// What a person calls the source in the middle of a sentence, in `strings`: "camera",
    /// where a title says "Camera".
    public func nameInSentence(in strings: PickerStrings) -> String {
        switch self {
        case .camera: strings[.cameraInSentence]
        case .photoLibrary: strings[.photoLibraryInSentence]
        case .savedPhotosAlbum: strings[.cameraRollInSentence]
        }
    }
}

extension PickerError: LocalizedError {
    /// What to tell a person, in `strings`: what happened and what they can do. Setup mistakes,
    /// which only the app's developer can fix, read as one sentence; ``description`` has the
    /// details for the developer.
    public func message(in strings: PickerStrings) -> String {
        switch self {
        case let .authorizationDenied(source): strings.format(.accessDenied, source.nameInSentence(in: strings))
        case let .authorizationRestricted(source): strings.format(.accessRestricted, source.nameInSentence(in: strings))
        case let .sourceUnavailable(source): strings.format(.sourceUnavailable, source.nameInSentence(in: strings))
        case .itemLoadFailed: strings[.loadFailed]
        case .captureFailed: strings[.captureFailed]
        case .movieExportFailed: strings[.exportFailed]
        case .cameraSessionFailed, .cameraUnavailable, .noCameraSession: strings[.cameraFailed]
        case .editFailed, .imageMismatch: strings[.editFailed]
        default: strings[.setupError]
        }
    }

    /// The message for a person, in the language they prefer (see ``message(in:)``).
    public var errorDescription: String? { message(in: PickerStrings()) }
}

import Foundation

/// Every string PickerKit shows a person, in one table: English and Simplified Chinese ship,
/// and the host can override any entry (or supply a whole language of its own through
/// ``overrides``).
///
/// ```swift
/// var strings = PickerStrings(language: .simplifiedChinese)
/// strings[.choose]                              // "选取"
/// strings.overrides[.choose] = "使用照片"
/// configuration.chooserTitles = SourceChooserTitles(strings)
/// error.message(in: strings)                    // for an alert
/// ```
public struct PickerStrings: Sendable, Equatable {
    /// A language PickerKit ships.
    public enum Language: String, Sendable, Equatable, CaseIterable {
        /// English.
        case english = "en"
        /// Simplified Chinese.
        case simplifiedChinese = "zh-Hans"

        /// The first shipped language among `preferred` (BCP 47 tags, most preferred first) that
        /// the app is localized in, or English: as UIKit picks an app's language, a person
        /// who prefers Chinese sees an English-only app's picker in English.
        ///
        /// - Parameters:
        ///   - preferred: the person's languages, most preferred first (`Locale.preferredLanguages`).
        ///   - appLocalizations: the languages the app ships (`Bundle.main.localizations`;
        ///     `"Base"` is ignored); `nil` counts every language PickerKit ships. An app that
        ///     lists none is taken to be English.
        public static func best(for preferred: [String], appLocalizations: [String]? = nil) -> Language {
            let allowed: Set<Language>
            if let appLocalizations {
                let declared = Set(appLocalizations.compactMap(Language.matching))
                allowed = declared.isEmpty ? [.english] : declared
            } else {
                allowed = Set(allCases)
            }
            for tag in preferred {
                if let language = Language.matching(tag), allowed.contains(language) { return language }
            }
            return allowed.contains(.english) ? .english : allowed.sorted { $0.rawValue < $1.rawValue }[0]
        }

        /// The language of the app: the person's preferred languages matched against the main
        /// bundle's localizations.
        public static var forApp: Language {
            best(for: Locale.preferredLanguages, appLocalizations: Bundle.main.localizations)
        }

        /// The shipped language a BCP 47 tag (or a bundle's `zh_CN`-style name) asks for.
        static func matching(_ tag: String) -> Language? {
            let lower = tag.lowercased().replacingOccurrences(of: "_", with: "-")
            if lower.hasPrefix("zh-hans") || lower == "zh" || lower.hasPrefix("zh-cn") || lower.hasPrefix("zh-sg") {
                return .simplifiedChinese
            }
            if lower == "en" || lower.hasPrefix("en-") { return .english }
            return nil
        }
    }

    /// The entries. Formats mark their values with `{0}`, `{1}`.
    public enum Key: String, Sendable, Equatable, CaseIterable {
        case takePhoto, cameraRoll, photoLibrary, cancel, menuTitle, menuCamera, menuGallery
        case choose, ok, alertTitle
        case photo, listSeparator, zoomed, showingWhole, showingCentre, showingPart, turned, mirrored
        case upper, middle, lower, left, centre, right, position
        case cameraInSentence, cameraRollInSentence, photoLibraryInSentence
        case zoomIn, zoomOut, moveUp, moveDown, moveLeft, moveRight, rotate, reset
        case straightenedClockwise, straightenedCounterclockwise, straightenClockwise, straightenCounterclockwise
        case accessDenied, accessRestricted, sourceUnavailable, loadFailed, captureFailed
        case cameraFailed, editFailed, setupError
        case undo, redo, flip, aspectRatio, aspectOriginal, aspectSquare
        case flash, flashAuto, flashOn, flashOff, switchCamera, record, stopRecording, startingCamera, retake
    }

    /// The language of the entries not overridden.
    public var language: Language
    /// Entries that replace the language's.
    public var overrides: [Key: String] = [:]

    /// A table in `language`; by default the app's language (``Language/forApp``): the first
    /// the person prefers among those the app is localized in.
    public init(language: Language = .forApp) {
        self.language = language
    }

    /// The entry for `key`.
    public subscript(key: Key) -> String {
        overrides[key] ?? Self.table[language]?[key] ?? Self.english[key] ?? key.rawValue
    }

    /// Whether the language ships an entry for `key` (without overrides).
    public func ships(_ key: Key) -> Bool { Self.table[language]?[key] != nil }

    /// The entry for `key` with its `{0}`, `{1}`… replaced by `values`.
    public func format(_ key: Key, _ values: String...) -> String {
        var text = self[key]
        for (index, value) in values.enumerated() { text = text.replacingOccurrences(of: "{\(index)}", with: value) }
        return text
    }

    private static let table: [Language: [Key: String]] = [.english: english, .simplifiedChinese: simplifiedChinese]

    private static let english: [Key: String] = [
        .takePhoto: "Take photo", .cameraRoll: "Camera roll", .photoLibrary: "Photo library", .cancel: "Cancel",
        .menuTitle: "Select source", .menuCamera: "Camera", .menuGallery: "Gallery",
        .choose: "Choose", .ok: "OK", .alertTitle: "Something went wrong",
        .photo: "Photo", .listSeparator: ", ", .zoomed: "zoomed {0}%", .showingWhole: "showing the whole photo", .showingCentre: "showing the centre",
        .showingPart: "showing the {0}", .turned: "turned {0}°", .mirrored: "mirrored",
        .upper: "upper", .middle: "middle", .lower: "lower", .left: "left", .centre: "centre", .right: "right",
        .position: "{0} {1}",
        .cameraInSentence: "camera", .cameraRollInSentence: "camera roll", .photoLibraryInSentence: "photo library",
        .zoomIn: "Zoom in", .zoomOut: "Zoom out", .moveUp: "Move up", .moveDown: "Move down", .moveLeft: "Move left",
        .moveRight: "Move right", .rotate: "Rotate", .reset: "Reset",
        .straightenedClockwise: "straightened {0}° clockwise", .straightenedCounterclockwise: "straightened {0}° counterclockwise",
        .straightenClockwise: "Straighten clockwise", .straightenCounterclockwise: "Straighten counterclockwise",
        .accessDenied: "You have not allowed access to your {0}. You can allow it in Settings.",
        .accessRestricted: "Access to your {0} is restricted on this device.",
        .sourceUnavailable: "This device has no {0}.",
        .loadFailed: "The item could not be loaded. Try again or pick another.",
        .captureFailed: "The photo could not be taken. Try again.",
        .cameraFailed: "The camera could not start.",
        .editFailed: "The edited photo could not be made.",
        .setupError: "The photo picker is not set up correctly.",
        .undo: "Undo", .redo: "Redo", .flip: "Flip", .aspectRatio: "Aspect ratio", .aspectOriginal: "Original",
        .aspectSquare: "Square",
        .flash: "Flash", .flashAuto: "Auto", .flashOn: "On", .flashOff: "Off", .switchCamera: "Switch camera",
        .record: "Record", .stopRecording: "Stop", .startingCamera: "Starting the camera…", .retake: "Retake",
    ]

    private static let simplifiedChinese: [Key: String] = [
        .takePhoto: "拍照", .cameraRoll: "相机胶卷", .photoLibrary: "照片图库", .cancel: "取消",
        .menuTitle: "选择来源", .menuCamera: "相机", .menuGallery: "图库",
        .choose: "选取", .ok: "好", .alertTitle: "出了点问题",
        .photo: "照片", .listSeparator: "，", .zoomed: "已缩放至 {0}%", .showingWhole: "显示整张照片", .showingCentre: "显示中间",
        .showingPart: "显示{0}部分", .turned: "已旋转 {0}°", .mirrored: "已镜像",
        .upper: "上", .middle: "中", .lower: "下", .left: "左", .centre: "中", .right: "右",
        .position: "{1}{0}",
        .cameraInSentence: "相机", .cameraRollInSentence: "相机胶卷", .photoLibraryInSentence: "照片图库",
        .zoomIn: "放大", .zoomOut: "缩小", .moveUp: "上移", .moveDown: "下移", .moveLeft: "左移",
        .moveRight: "右移", .rotate: "旋转", .reset: "复原",
        .straightenedClockwise: "已顺时针拉直 {0}°", .straightenedCounterclockwise: "已逆时针拉直 {0}°",
        .straightenClockwise: "顺时针拉直", .straightenCounterclockwise: "逆时针拉直",
        .accessDenied: "你尚未允许访问{0}。可以在“设置”中允许。",
        .accessRestricted: "此设备限制访问{0}。",
        .sourceUnavailable: "此设备没有{0}。",
        .loadFailed: "无法载入此项目。请重试或选取其他项目。",
        .captureFailed: "无法拍摄照片。请重试。",
        .cameraFailed: "无法启动相机。",
        .editFailed: "无法生成编辑后的照片。",
        .setupError: "照片选择器的设置不正确。",
        .undo: "撤销", .redo: "重做", .flip: "翻转", .aspectRatio: "比例", .aspectOriginal: "原始比例",
        .aspectSquare: "正方形",
        .flash: "闪光灯", .flashAuto: "自动", .flashOn: "打开", .flashOff: "关闭", .switchCamera: "切换相机",
        .record: "录制", .stopRecording: "停止", .startingCamera: "正在启动相机…", .retake: "重拍",
    ]
}

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
        case .cameraSessionFailed, .cameraUnavailable, .noCameraSession: strings[.cameraFailed]
        case .editFailed, .imageMismatch: strings[.editFailed]
        default: strings[.setupError]
        }
    }

    /// The message for a person, in the language they prefer (see ``message(in:)``).
    public var errorDescription: String? { message(in: PickerStrings()) }
}

import Foundation

/// What PickerKit needs to know of the host app and the person using it: the privacy usage
/// descriptions the app declares in its Info.plist, the languages the app is localized in, and
/// the languages the person prefers.
///
/// On a device use ``main``; in tests give the keys you want to check, or ``allDeclared``, and
/// the languages to run in.
///
/// ```swift
/// let info = HostInfo(usageDescriptions: [.photoLibrary: "Choose your profile photo"])
/// info.declares(.camera)   // false
///
/// let german = HostInfo(usageDescriptions: [:], preferredLanguages: ["de-DE"], appLocalizations: ["en", "de"])
/// german.language          // de: the chooser offers "Foto aufnehmen"
/// ```
public struct HostInfo: Sendable, Equatable {
    /// The declared usage descriptions, by key.
    public var usageDescriptions: [UsageDescriptionKey: String]
    /// The person's languages, most preferred first, as BCP 47 tags (`Locale.preferredLanguages`).
    public var preferredLanguages: [String]
    /// The languages the app is localized in (`Bundle.main.localizations`); `nil` counts every
    /// language PickerKit ships. See ``PickerStrings/Language/best(for:appLocalizations:)``.
    public var appLocalizations: [String]?

    /// Creates host info from the usage descriptions the app declares and the languages.
    ///
    /// - Parameters:
    ///   - usageDescriptions: the declared usage descriptions, by key.
    ///   - preferredLanguages: the person's languages; by default this process's
    ///     (`Locale.preferredLanguages`).
    ///   - appLocalizations: the app's languages; by default the main bundle's.
    public init(
        usageDescriptions: [UsageDescriptionKey: String], preferredLanguages: [String] = Locale.preferredLanguages,
        appLocalizations: [String]? = Bundle.main.localizations
    ) {
        self.usageDescriptions = usageDescriptions
        self.preferredLanguages = preferredLanguages
        self.appLocalizations = appLocalizations
    }

    /// Creates host info from an Info.plist-style dictionary (values that are not strings count
    /// as missing) and this process's languages.
    public init(infoDictionary: [String: Any]) {
        var found: [UsageDescriptionKey: String] = [:]
        for key in UsageDescriptionKey.allCases {
            if let value = infoDictionary[key.rawValue] as? String { found[key] = value }
        }
        self.init(usageDescriptions: found)
    }

    /// The running app's Info.plist and languages, and the person's.
    public static var main: HostInfo { HostInfo(infoDictionary: Bundle.main.infoDictionary ?? [:]) }

    /// The language the picker speaks to the person: the first they prefer among those the app
    /// is localized in, as UIKit picks the app's (``PickerStrings/Language/forApp`` on a
    /// device). The source chooser's and menu's titles are in it unless the app sets them
    /// (``PickerConfiguration/chooserTitles``).
    public var language: PickerStrings.Language {
        .best(for: preferredLanguages, appLocalizations: appLocalizations)
    }

    /// Every key declared, for tests and tools that run outside an app bundle.
    public static let allDeclared = HostInfo(
        usageDescriptions: Dictionary(
            uniqueKeysWithValues: UsageDescriptionKey.allCases.map { ($0, "Used for your profile photo.") }))

    /// `true` when `key` is declared with a non-blank description. The system rejects blank ones.
    public func declares(_ key: UsageDescriptionKey) -> Bool {
        guard let text = usageDescriptions[key] else { return false }
        return !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}

import Foundation

/// Every string PickerKit shows a person, in the app's language: the tables ship as package
/// resources (`Localizable.strings`, and `Localizable.stringsdict` for the phrases a number
/// changes) in 40 languages, and the host can override any entry.
///
/// ```swift
/// var strings = PickerStrings(language: "de")
/// strings[.choose]                                   // "Auswählen"
/// strings.overrides[.choose] = "Verwenden"
/// strings.format(.turned, number: 90)                // "um 90° gedreht": the form for 90
/// configuration.chooserTitles = SourceChooserTitles(strings)
/// error.message(in: strings)                         // for an alert
/// ```
///
/// Entries are printf-style: `%@` (or `%1$@`, `%2$@` where a language reorders them) for text,
/// `%d` for a number, `%%` for a percent sign. A number is written in the digits of
/// ``locale`` (Arabic-Indic for a person in Saudi Arabia reading Arabic, Persian in Persian) and
/// picks its plural form by CLDR's rules (``PluralRules``).
public struct PickerStrings: Sendable, Equatable {
    /// A language PickerKit ships: the name of its `.lproj` folder (`"en"`, `"pt-BR"`,
    /// `"zh-Hans"`). Any shipped folder is a language; ``shipped`` lists them.
    public struct Language: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The `.lproj` name.
        public let rawValue: String

        /// The language of the `.lproj` folder `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.init(rawValue: value) }

        public var description: String { rawValue }

        /// English, PickerKit's development language: what an entry missing elsewhere reads.
        public static let english: Language = "en"
        /// Simplified Chinese.
        public static let simplifiedChinese: Language = "zh-Hans"

        /// Every language PickerKit ships, sorted by name.
        public static var shipped: [Language] { StringTables.shared.languages }

        /// Whether it is written right to left (Arabic, Hebrew, Persian, Urdu): screens lay out
        /// their controls from the right. Positions in the photo ("upper left") do not mirror.
        public var isRightToLeft: Bool { ["ar", "he", "fa", "ur"].contains(PluralRules.family(rawValue)) }

        /// The language's own locale: its numbers as CLDR writes them without a region (Latin
        /// digits for `ar`, Persian digits for `fa`).
        public var locale: Locale { Locale(identifier: rawValue) }

        /// The locale to write this language's numbers in for the person: theirs
        /// (`Locale.current`) when it speaks this language, so their region's digits (Arabic-Indic
        /// in Saudi Arabia, Latin in Morocco) and any digits they chose in Settings hold; else
        /// the language's own.
        public var personsLocale: Locale {
            let current = Locale.current
            return Self.family(current.identifier) == Self.family(rawValue) ? current : locale
        }

        /// The first shipped language among `preferred` (BCP 47 tags, most preferred first) that
        /// the app is localized in, or English: as UIKit picks an app's language, a person who
        /// prefers Chinese sees an English-only app's picker in English. A tag finds the
        /// language it asks for through its script and region: `zh-TW` is Traditional Chinese,
        /// `es-MX` Latin American Spanish, `pt` Brazilian Portuguese, `en-IN` British English.
        ///
        /// - Parameters:
        ///   - preferred: the person's languages, most preferred first (`Locale.preferredLanguages`).
        ///   - appLocalizations: the languages the app ships (`Bundle.main.localizations`;
        ///     `"Base"` is ignored); `nil` counts every language PickerKit ships. An app that
        ///     lists none is taken to be English. A shipped language is the app's when the app
        ///     has its language (and, for Chinese, its script): an English app's British reader
        ///     gets British English.
        public static func best(for preferred: [String], appLocalizations: [String]? = nil) -> Language {
            let shipped = Self.shipped
            var allowed = shipped
            if let appLocalizations {
                let families = Set(appLocalizations.filter { $0 != "Base" }.map(Self.family))
                allowed = shipped.filter { families.contains(Self.family($0.rawValue)) }
                if allowed.isEmpty { allowed = [.english] }
            }
            for tag in preferred {
                if let language = matching(tag, among: allowed) { return language }
            }
            return allowed.contains(.english) ? .english : allowed[0]
        }

        /// The language of the app: the person's preferred languages matched against the main
        /// bundle's localizations.
        public static var forApp: Language {
            best(for: Locale.preferredLanguages, appLocalizations: Bundle.main.localizations)
        }

        /// The shipped language a BCP 47 tag (or a bundle's `zh_CN`-style name) asks for, found
        /// as ``best(for:appLocalizations:)`` finds it: `"de-AT"` is German, `"zh-TW"`
        /// Traditional Chinese, `"es-MX"` Latin American Spanish; `nil` for a language PickerKit
        /// does not ship.
        public static func shipped(matching tag: String) -> Language? {
            matching(tag, among: shipped)
        }

        /// The language among `candidates` a BCP 47 tag (or a bundle's `zh_CN`-style name) asks
        /// for: the same name, else its region's or script's variant, else the bare language.
        static func matching(_ tag: String, among candidates: [Language]) -> Language? {
            let parts = tag.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
            guard let language = parts.first else { return nil }
            func find(_ name: String) -> Language? { candidates.first { $0.rawValue.lowercased() == name } }
            if let exact = find(parts.joined(separator: "-")) { return exact }
            let rest = Set(parts.dropFirst())
            let latinAmerica: Set<String> = ["419", "mx", "ar", "co", "cl", "pe", "ve", "ec", "gt", "cu", "bo", "do", "hn", "py", "sv", "ni", "cr", "pa", "uy", "pr", "us"]
            let names: [String] = switch language {
            case "zh":
                rest.contains("hk") || rest.contains("mo") ? ["zh-hk", "zh-hant"]
                    : rest.contains("hant") || rest.contains("tw") ? ["zh-hant", "zh-hk"] : ["zh-hans"]
            case "es": rest.isDisjoint(with: latinAmerica) ? ["es", "es-419"] : ["es-419", "es"]
            case "pt": rest.isEmpty || rest.contains("br") ? ["pt-br", "pt-pt"] : ["pt-pt", "pt-br"]
            case "en":
                rest.isDisjoint(with: ["gb", "ie", "in", "nz", "za", "sg", "hk"]) ? (rest.contains("au") ? ["en-au", "en", "en-gb"] : ["en", "en-gb"])
                    : ["en-gb", "en"]
            case "fr": rest.contains("ca") ? ["fr-ca", "fr"] : ["fr", "fr-ca"]
            case "no", "nn", "nb": ["nb"]
            case "iw": ["he"]
            case "in": ["id"]
            default: [language]
            }
            return names.lazy.compactMap(find).first
        }

        /// What an app localization and a shipped language share to count as the same: the
        /// language, and for Chinese the script.
        static func family(_ name: String) -> String {
            let lower = name.lowercased().replacingOccurrences(of: "_", with: "-")
            let language = PluralRules.family(lower)
            guard language == "zh" else { return ["no", "nn"].contains(language) ? "nb" : language == "iw" ? "he" : language }
            let traditional = ["hant", "tw", "hk", "mo"].contains { lower.split(separator: "-").map(String.init).contains($0) }
            return traditional ? "zh-hant" : "zh-hans"
        }
    }

    /// The entries.
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

        /// The entries a number changes, which ship as plural rules (`Localizable.stringsdict`).
        public static let plural: Set<Key> = [.zoomed, .turned, .straightenedClockwise, .straightenedCounterclockwise]
    }

    /// The language of the entries not overridden.
    public var language: Language
    /// The locale numbers are written in (its digits; no grouping).
    public var locale: Locale
    /// Entries that replace the language's (for a plural entry, in every plural form).
    public var overrides: [Key: String] = [:]

    /// A table in `language`; by default the app's language (``Language/forApp``): the first
    /// the person prefers among those the app is localized in.
    ///
    /// - Parameters:
    ///   - language: the language of the entries.
    ///   - locale: the locale numbers are written in; by default the person's when it speaks
    ///     `language` (``Language/personsLocale``). `Locale(identifier: "ar-SA")` writes
    ///     Arabic-Indic digits, `Locale(identifier: "ar")` Latin ones.
    public init(language: Language = .forApp, locale: Locale? = nil) {
        self.language = language
        self.locale = locale ?? language.personsLocale
    }

    /// The entry for `key`: the language's, else its base language's (`fr` for `fr-CA`), else
    /// English's; for a plural entry, its `other` form.
    public subscript(key: Key) -> String {
        if let override = overrides[key] { return override }
        return StringTables.shared.entry(key.rawValue, category: .other, language: language.rawValue) ?? key.rawValue
    }

    /// Whether the language ships an entry for `key` itself (without overrides or fallbacks).
    public func ships(_ key: Key) -> Bool {
        StringTables.shared.table(language.rawValue)?.has(key.rawValue) ?? false
    }

    /// The entry for `key` with its `%@` (or `%1$@`, `%2$@`…) replaced by `values` in order;
    /// `%%` is a percent sign. (An override in the older `{0}`, `{1}` style is read too.)
    public func format(_ key: Key, _ values: String...) -> String {
        Self.substitute(self[key], values: values, number: nil)
    }

    /// The plural entry `key` for the whole number `number`: its form for the number's CLDR
    /// category in the language, with `%d` the number in the language's digits.
    public func format(_ key: Key, number: Int) -> String {
        let template = overrides[key]
            ?? StringTables.shared.entry(key.rawValue, category: PluralRules.category(of: number, in: language.rawValue), language: language.rawValue)
            ?? key.rawValue
        return Self.substitute(template, values: [], number: Self.digits(number, in: locale))
    }

    /// The forms the language ships for the plural entry `key`, by CLDR category (empty for an
    /// entry that is not plural or a language that does not ship it).
    package func shippedForms(_ key: Key) -> [PluralCategory: String] {
        StringTables.shared.table(language.rawValue)?.plurals[key.rawValue] ?? [:]
    }

    /// `number` in `locale`'s digits, without grouping: what `%d` shows.
    package static func digits(_ number: Int, in locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .none
        formatter.usesGroupingSeparator = false
        return formatter.string(from: NSNumber(value: number)) ?? String(number)
    }

    /// `template` with its specifiers replaced: `%@` by the next value, `%n$@` by value n,
    /// `%d` and `%n$d` by `number`, `%%` by a percent sign; `{n}` by value n.
    static func substitute(_ template: String, values: [String], number: String?) -> String {
        var out = "", next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                out += "%"
                rest = rest.dropFirst()
                continue
            }
            // An optional position, `n$`.
            var position: Int?
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits)
                rest = rest.dropFirst(digits.count + 1)
            }
            switch rest.first {
            case "@":
                let index = (position ?? next + 1) - 1
                if position == nil { next += 1 }
                out += values.indices.contains(index) ? values[index] : ""
                rest = rest.dropFirst()
            case "d":
                out += number ?? ""
                rest = rest.dropFirst()
            default:
                // Not a specifier PickerKit writes: kept as it is.
                out += "%"
            }
        }
        out += rest
        for (index, value) in values.enumerated() { out = out.replacingOccurrences(of: "{\(index)}", with: value) }
        return out
    }
}

/// The shipped tables, read from the package's resources once per language and kept.
final class StringTables: @unchecked Sendable {
    static let shared = StringTables()

    /// One language's entries: its `Localizable.strings`, and the plural forms of its
    /// `Localizable.stringsdict`.
    struct Table {
        var strings: [String: String] = [:]
        var plurals: [String: [PluralCategory: String]] = [:]

        func has(_ key: String) -> Bool { strings[key] != nil || plurals[key] != nil }
    }

    private let lock = NSLock()
    private var tables: [String: Table?] = [:]
    /// The `.lproj` folders, by lower-case name (SwiftPM lower-cases them on some platforms).
    private let folders: [String: URL]
    /// Their names as the files' own `language` says, sorted.
    let languages: [PickerStrings.Language]

    private init() {
        var folders: [String: URL] = [:]
        var names: [String] = []
        let root = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        for url in (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? []
        where url.pathExtension == "lproj" {
            let name = url.deletingPathExtension().lastPathComponent
            folders[name.lowercased()] = url
            names.append(Self.canonical(name))
        }
        self.folders = folders
        languages = names.sorted().map(PickerStrings.Language.init(rawValue:))
    }

    /// `zh-hans` as Apple names it, `zh-Hans`: a lower-cased folder's name restored (script
    /// subtags capitalized, regions upper-case).
    static func canonical(_ name: String) -> String {
        let parts = name.split(separator: "-").map(String.init)
        guard let first = parts.first else { return name }
        return ([first.lowercased()] + parts.dropFirst().map { $0.count == 4 ? $0.capitalized : $0.uppercased() })
            .joined(separator: "-")
    }

    /// The table of `language`, read the first time it is asked for; `nil` when none ships.
    func table(_ language: String) -> Table? {
        let key = language.lowercased()
        if let known = lock.withLock({ tables[key] }) { return known }
        let loaded = folders[key].map(Self.read)
        lock.withLock { tables[key] = loaded }
        return loaded
    }

    /// `key`'s entry in `language` (its `category` form when it is plural), else in the base
    /// language (`fr` for `fr-CA`, `zh-Hant` for `zh-HK`), else in English.
    func entry(_ key: String, category: PluralCategory, language: String) -> String? {
        let base = PluralRules.family(language)
        var chain = [language]
        if language.lowercased() == "zh-hk" { chain.append("zh-Hant") }
        if base != language.lowercased() { chain.append(base) }
        chain.append("en")
        for name in chain {
            guard let table = table(name) else { continue }
            if let forms = table.plurals[key] { return forms[category] ?? forms[.other] }
            if let text = table.strings[key] { return text }
        }
        return nil
    }

    private static func read(_ folder: URL) -> Table {
        var table = Table()
        if let data = try? Data(contentsOf: folder.appendingPathComponent("Localizable.strings")),
            let strings = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String] {
            table.strings = strings
        }
        if let data = try? Data(contentsOf: folder.appendingPathComponent("Localizable.stringsdict")),
            let entries = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] {
            for (key, value) in entries {
                // `NSStringLocalizedFormatKey` is `%#@value@`: the one variable's rule holds the forms.
                guard let entry = value as? [String: Any],
                    let rule = entry.first(where: { $0.key != "NSStringLocalizedFormatKey" })?.value as? [String: Any]
                else { continue }
                var forms: [PluralCategory: String] = [:]
                for category in PluralCategory.allCases { if let text = rule[category.rawValue] as? String { forms[category] = text } }
                table.plurals[key] = forms
            }
        }
        return table
    }
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

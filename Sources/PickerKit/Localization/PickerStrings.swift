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
/// picks its plural form by CLDR's rules.
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

        /// Whether it is written right to left (Arabic, Hebrew, Persian): screens lay out
        /// their controls from the right. Positions in the photo ("upper left") do not mirror.
        public var isRightToLeft: Bool { ["ar", "he", "fa"].contains(PluralRules.family(rawValue)) }

        /// The language's own locale: its numbers as CLDR writes them without a region (Persian
        /// digits for `fa`; for `ar`, Latin digits since CLDR 46, Arabic-Indic before).
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
            return allowed.contains(.english) || allowed.isEmpty ? .english : allowed[0]
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
        /// for: the same name, else its script's or region's variant, else the bare language.
        static func matching(_ tag: String, among candidates: [Language]) -> Language? {
            let tag = Subtags(tag)
            guard !tag.language.isEmpty else { return nil }
            func find(_ name: String) -> Language? { candidates.first { $0.rawValue.lowercased() == name } }
            if let exact = find(tag.name) { return exact }
            let region = tag.region ?? ""
            // CLDR's parent locales: Spanish of the Americas reads Latin American Spanish (es-419);
            // Portuguese everywhere but Portugal's and the lusophone countries of Africa and Asia
            // (pt-PT's children) reads Brazilian.
            let latinAmerica: Set<String> = [
                "419", "mx", "ar", "co", "cl", "pe", "ve", "ec", "gt", "cu", "bo", "do", "hn", "py", "sv", "ni", "cr", "pa", "uy", "pr", "us",
                "br", "bz",
            ]
            let europeanPortuguese: Set<String> = ["pt", "ao", "ch", "cv", "fr", "gq", "gw", "lu", "mo", "mz", "st", "tl"]
            // English's American regions read American English; Australia and New Zealand read
            // Australian, then British; every other region British (CLDR's en-001), as UIKit picks.
            let american: Set<String> = ["", "us", "as", "gu", "mh", "mp", "pr", "um", "vi"]
            let names: [String] = switch tag.language {
            case "zh": Self.chineseScript(tag) == "hans" ? ["zh-hans"] : Self.traditionalOrder(region)
            case "es": latinAmerica.contains(region) ? ["es-419", "es"] : ["es", "es-419"]
            case "pt": europeanPortuguese.contains(region) ? ["pt-pt", "pt-br"] : ["pt-br", "pt-pt"]
            case "en": ["au", "nz"].contains(region) ? ["en-au", "en-gb", "en"] : american.contains(region) ? ["en", "en-gb"] : ["en-gb", "en"]
            case "fr": region == "ca" ? ["fr-ca", "fr"] : ["fr", "fr-ca"]
            default: [tag.language]
            }
            return names.lazy.compactMap(find).first
        }

        /// Chinese's script for a tag: its own script subtag, else its region's (Traditional in
        /// Taiwan, Hong Kong and Macau), else Simplified.
        private static func chineseScript(_ tag: Subtags) -> String {
            if let script = tag.script, ["hans", "hant"].contains(script) { return script }
            return ["tw", "hk", "mo"].contains(tag.region ?? "") ? "hant" : "hans"
        }

        /// Traditional Chinese's two tables, the region's first: Hong Kong's for Hong Kong and
        /// Macau, Taiwan's otherwise.
        private static func traditionalOrder(_ region: String) -> [String] {
            ["hk", "mo"].contains(region) ? ["zh-hk", "zh-hant"] : ["zh-hant", "zh-hk"]
        }

        /// What an app localization and a shipped language share to count as the same: the
        /// language, and for Chinese the script.
        static func family(_ name: String) -> String {
            let tag = Subtags(name)
            return tag.language == "zh" ? "zh-" + chineseScript(tag) : tag.language
        }

        /// A tag's subtags, lower case: the language (its old codes read as today's: `iw` is
        /// `he`), a script (four letters) and a region (two letters or three digits); variants,
        /// extensions (`-u-nu-arab`) and ICU keywords (`@numbers=arab`) are ignored.
        struct Subtags {
            var language = "", script: String?, region: String?

            init(_ tag: String) {
                let bare = tag.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "@").first ?? ""
                var parts = bare.split(separator: "-").map(String.init)[...]
                language = PluralRules.family(parts.popFirst() ?? "")
                for part in parts {
                    if part.count == 1 { break }
                    if script == nil, region == nil, part.count == 4, part.allSatisfy(\.isLetter) {
                        script = part
                    } else if region == nil, (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                        region = part
                    }
                }
            }

            /// The tag as language, script and region.
            var name: String { ([language] + [script, region].compactMap { $0 }).joined(separator: "-") }
        }
    }

    /// The entries.
    ///
    /// A minor version may add keys, with the screens that show them: give a `switch` over them
    /// a `default:`.
    public enum Key: String, Sendable, Equatable, CaseIterable {
        case takePhoto, cameraRoll, photoLibrary, cancel, menuTitle, menuCamera, menuGallery
        case choose, ok, alertTitle
        case photo, listSeparator, zoomed, showingWhole, showingCentre, showingPart, turned, mirrored
        case upper, middle, lower, left, centre, right, position
        case cameraInSentence, cameraRollInSentence, photoLibraryInSentence
        case zoomIn, zoomOut, moveUp, moveDown, moveLeft, moveRight, rotate, reset
        case straightenedClockwise, straightenedCounterclockwise, straightenClockwise, straightenCounterclockwise
        case accessDenied, accessRestricted, sourceUnavailable, loadFailed, captureFailed, exportFailed
        case cameraFailed, editFailed, setupError
        case undo, redo, flip, aspectRatio, aspectOriginal, aspectSquare
        case flash, flashAuto, flashOn, flashOff, switchCamera, record, stopRecording, startingCamera, retake
        case play, pause, trimStart, trimEnd
        case moveFurther

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
    ///     `language` (``Language/personsLocale``). `Locale(identifier: "ar-EG")` writes
    ///     Arabic-Indic digits, `Locale(identifier: "ar-MA")` Latin ones; a `-u-nu-` extension
    ///     chooses (`"ar-u-nu-arab"`).
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
    /// `%%` is a percent sign. (An override in the older `{0}`, `{1}` style is read too.) A
    /// plural entry's `%d` takes a value given here as text, in its `other` form: give it the
    /// number with ``format(_:number:)`` instead, which picks the form.
    public func format(_ key: Key, _ values: String...) -> String {
        Self.substitute(self[key], values: values, number: nil)
    }

    /// The plural entry `key` for the whole number `number`: its form for the number's CLDR
    /// category in the language, with `%d` (or `%ld`, `%1$d`; `{0}` in an override) the number
    /// in ``locale``'s digits.
    public func format(_ key: Key, number: Int) -> String {
        let template = overrides[key]
            ?? StringTables.shared.entry(key.rawValue, category: PluralRules.category(of: number, in: language.rawValue), language: language.rawValue)
            ?? key.rawValue
        let digits = Self.digits(number, in: locale)
        return Self.substitute(template, values: [digits], number: digits)
    }

    /// The forms the language ships for the plural entry `key`, by CLDR category (empty for an
    /// entry that is not plural or a language that does not ship it).
    package func shippedForms(_ key: Key) -> [PluralCategory: String] {
        StringTables.shared.table(language.rawValue)?.plurals[key.rawValue] ?? [:]
    }

    /// A `.stringsdict` entry's whole text for each CLDR category, as PickerKit reads it.
    package static func pluralForms(stringsdictEntry entry: [String: Any]) -> [PluralCategory: String]? {
        StringTables.plural(entry)
    }

    /// The English compiled in, for an executable copied without its resources.
    package static var compiledEnglish: (strings: [String: String], plurals: [String: [PluralCategory: String]]) {
        (EnglishStrings.table.strings, EnglishStrings.table.plurals)
    }

    /// `number` in `locale`'s digits, without grouping: what `%d` shows.
    package static func digits(_ number: Int, in locale: Locale) -> String {
        DigitFormatters.shared.string(number, in: locale)
    }

    /// `template` with its specifiers replaced: `%@` by the next value, `%n$@` by value n; `%d`
    /// (`%i`, `%u`, with a length such as `%ld` or `%lld`, or a position, `%1$d`) by `number`,
    /// or without one by the next value; `%%` by a percent sign; `{n}` by value n. A specifier
    /// PickerKit does not write stays as it is; one with no value to take is dropped.
    package static func substitute(_ template: String, values: [String], number: String?) -> String {
        var out = "", next = 0
        var rest = Substring(template)
        func value(at position: Int?) -> String {
            let index = (position ?? next + 1) - 1
            if position == nil { next += 1 }
            return values.indices.contains(index) ? values[index] : ""
        }
        while let special = rest.firstIndex(where: { $0 == "%" || $0 == "{" }) {
            out += rest[..<special]
            let start = special
            rest = rest[rest.index(after: special)...]
            if template[start] == "{" {
                // `{n}`: value n.
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty, rest.dropFirst(digits.count).first == "}", let n = Int(digits), values.indices.contains(n) {
                    out += values[n]
                    rest = rest.dropFirst(digits.count + 1)
                } else {
                    out += "{"
                }
                continue
            }
            if rest.first == "%" {
                out += "%"
                rest = rest.dropFirst()
                continue
            }
            // An optional position, `n$`, then an optional length, then the conversion.
            var spec = rest
            var position: Int?
            let digits = spec.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, spec.dropFirst(digits.count).first == "$" {
                position = Int(digits)
                spec = spec.dropFirst(digits.count + 1)
            }
            let length = spec.prefix { "lqzhjt".contains($0) }
            spec = spec.dropFirst(length.count)
            switch spec.first {
            case "@" where length.isEmpty:
                out += value(at: position)
            case "d", "i", "u":
                out += number ?? value(at: position)
            default:
                // Not a specifier PickerKit writes: kept whole.
                out += template[start..<spec.startIndex]
                rest = spec
                continue
            }
            rest = spec.dropFirst()
        }
        out += rest
        return out
    }
}

/// Number formatters by locale, made once each: a formatter is costly to make, and VoiceOver's
/// value is written on every gesture.
private final class DigitFormatters: @unchecked Sendable {
    static let shared = DigitFormatters()
    private let lock = NSLock()
    private var formatters: [String: NumberFormatter] = [:]

    func string(_ number: Int, in locale: Locale) -> String {
        lock.lock()
        defer { lock.unlock() }
        let formatter: NumberFormatter
        if let made = formatters[locale.identifier] {
            formatter = made
        } else {
            formatter = NumberFormatter()
            formatter.locale = Self.formattable(locale)
            formatter.numberStyle = .none
            formatter.usesGroupingSeparator = false
            formatters[locale.identifier] = formatter
        }
        return formatter.string(from: NSNumber(value: number)) ?? String(number)
    }

    /// `locale` as a number formatter can take it everywhere: a BCP 47 Unicode extension
    /// (`ar-EG-u-nu-arab`), which Foundation's formatter on Linux stops the process on, written as
    /// ICU's keyword instead (`ar-EG@numbers=arab`); other extensions are dropped.
    static func formattable(_ locale: Locale) -> Locale {
        let identifier = locale.identifier
        guard let range = identifier.range(of: "-u-", options: .caseInsensitive) else { return locale }
        let keys = identifier[range.upperBound...].lowercased().split(separator: "-").map(String.init)
        let numbers = keys.firstIndex(of: "nu").flatMap { keys.indices.contains($0 + 1) ? keys[$0 + 1] : nil }
        let base = String(identifier[..<range.lowerBound])
        return Locale(identifier: numbers.map { base + "@numbers=" + $0 } ?? base)
    }
}

/// The shipped tables, read from the package's resources once per language and kept.
final class StringTables: @unchecked Sendable {
    static let shared = StringTables()

    /// One language's entries: its `Localizable.strings`, and the plural forms of its
    /// `Localizable.stringsdict`, each the entry's whole text for a CLDR category.
    struct Table {
        var strings: [String: String] = [:]
        var plurals: [String: [PluralCategory: String]] = [:]

        func has(_ key: String) -> Bool { strings[key] != nil || plurals[key] != nil }
    }

    private let lock = NSLock()
    private var tables: [String: Table?] = [:]
    /// The `.lproj` folders, by lower-case name (SwiftPM lower-cases them on some platforms).
    private let folders: [String: URL]
    /// Their names as Apple writes them, sorted.
    let languages: [PickerStrings.Language]

    private init() {
        var folders: [String: URL] = [:]
        var names: [String] = []
        let root = Self.resources()
        for url in root.flatMap({ try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }) ?? []
        where url.pathExtension == "lproj" {
            let name = url.deletingPathExtension().lastPathComponent
            folders[name.lowercased()] = url
            names.append(Self.canonical(name))
        }
        self.folders = folders
        // English is always read: from its folder, else compiled in.
        if !names.contains("en") { names.append("en") }
        languages = names.sorted().map(PickerStrings.Language.init(rawValue:))
    }

    /// The folder holding the `.lproj` tables: the package's resource bundle, `Bundle.module`, on
    /// Apple's platforms (where Xcode and SwiftPM always build it); elsewhere the
    /// `PickerKit_PickerKit.resources` folder SwiftPM puts beside the executable (named after
    /// the package that builds PickerKit), looked for without trapping (`Bundle.module` stops the process when it is missing: an executable
    /// copied without it). Without it only English is read, from ``EnglishStrings``.
    private static func resources() -> URL? {
        #if canImport(Darwin)
        return Bundle.module.resourceURL ?? Bundle.module.bundleURL
        #else
        // SwiftPM names it `<package>_PickerKit.resources`: PickerKit's own package first.
        let folder = Bundle.main.bundleURL
        let own = folder.appendingPathComponent("PickerKit_PickerKit.resources")
        if FileManager.default.fileExists(atPath: own.path) { return own }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("_PickerKit.resources") }.sorted().first.map { folder.appendingPathComponent($0) }
        #endif
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
    /// English is always there: compiled in when the resources are missing.
    func table(_ language: String) -> Table? {
        let key = language.lowercased()
        if let known = lock.withLock({ tables[key] }) { return known }
        let loaded = folders[key].map(Self.read) ?? (key == "en" ? EnglishStrings.table : nil)
        lock.withLock { tables[key] = loaded }
        return loaded
    }

    /// `key`'s entry in `language` (its `category` form when it is plural): the language's own,
    /// else the shipped language its name asks for (`pt` reads `pt-BR`, `zh-TW` `zh-Hant`),
    /// else its base language's (`fr` for `fr-CA`, `zh-Hant` for `zh-HK`), else English's.
    func entry(_ key: String, category: PluralCategory, language: String) -> String? {
        for name in chain(language) {
            guard let table = table(name) else { continue }
            if let forms = table.plurals[key] { return forms[category] ?? forms[.other] }
            if let text = table.strings[key] { return text }
        }
        return nil
    }

    /// The tables `language` reads, in order.
    private func chain(_ language: String) -> [String] {
        var chain = [language.lowercased()]
        if let asked = PickerStrings.Language.matching(language, among: languages)?.rawValue.lowercased() { chain.append(asked) }
        if chain.last == "zh-hk" { chain.append("zh-hant") }
        chain.append(PluralRules.family(language))
        chain.append("en")
        var seen = Set<String>()
        return chain.filter { seen.insert($0).inserted }
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
                if let entry = value as? [String: Any], let forms = plural(entry) { table.plurals[key] = forms }
            }
        }
        return table
    }

    /// A `.stringsdict` entry's whole text for each category: its `NSStringLocalizedFormatKey`
    /// (`"um %#@degrees@ gedreht"`) with each variable (`%#@degrees@`) replaced by that
    /// variable's form for the category (else its `other`), as Foundation reads it.
    static func plural(_ entry: [String: Any]) -> [PluralCategory: String]? {
        guard let format = entry["NSStringLocalizedFormatKey"] as? String else { return nil }
        var variables: [String: [PluralCategory: String]] = [:]
        for (name, value) in entry where name != "NSStringLocalizedFormatKey" {
            guard let rule = value as? [String: Any] else { continue }
            var forms: [PluralCategory: String] = [:]
            for category in PluralCategory.allCases { if let text = rule[category.rawValue] as? String { forms[category] = text } }
            variables[name] = forms
        }
        let categories = Set(variables.values.flatMap(\.keys))
        guard !categories.isEmpty else { return nil }
        var whole: [PluralCategory: String] = [:]
        for category in categories {
            var text = format
            for (name, forms) in variables {
                text = text.replacingOccurrences(of: "%#@\(name)@", with: forms[category] ?? forms[.other] ?? "")
            }
            whole[category] = text
        }
        return whole
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
        case .movieExportFailed: strings[.exportFailed]
        case .cameraSessionFailed, .cameraUnavailable, .noCameraSession: strings[.cameraFailed]
        case .editFailed, .imageMismatch: strings[.editFailed]
        default: strings[.setupError]
        }
    }

    /// The message for a person, in the language they prefer (see ``message(in:)``).
    public var errorDescription: String? { message(in: PickerStrings()) }
}

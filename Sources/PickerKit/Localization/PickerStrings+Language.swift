import Foundation

extension PickerStrings {
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
}

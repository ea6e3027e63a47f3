/// A CLDR plural category: which form of a phrase a number takes in a language.
package enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other
}

/// The CLDR cardinal plural rules of the languages PickerKit ships, for whole numbers (every
/// number PickerKit puts in a phrase is one: a percentage, degrees).
///
/// ```swift
/// PluralRules.category(of: 3, in: "ru")     // .few
/// PluralRules.categories(of: "ar")          // zero, one, two, few, many, other
/// ```
package enum PluralRules {
    /// The categories a language's plural phrases must give, CLDR's (an unknown language: only
    /// `other`).
    package static func categories(of language: String) -> [PluralCategory] {
        switch family(language) {
        case "ar": [.zero, .one, .two, .few, .many, .other]
        case "ca", "es", "it", "fr", "pt": [.one, .many, .other]
        case "cs", "sk", "pl", "ru", "uk": [.one, .few, .many, .other]
        case "hr", "ro": [.one, .few, .other]
        case "he": [.one, .two, .other]
        case "ja", "ko", "zh", "th", "vi", "id", "ms": [.other]
        case "da", "de", "el", "en", "fa", "fi", "hi", "hu", "nb", "nl", "sv", "tr": [.one, .other]
        default: [.other]
        }
    }

    /// The category of the whole number `n` in `language` (a BCP 47 tag or an `.lproj` name).
    package static func category(of n: Int, in language: String) -> PluralCategory {
        let i = n.magnitude, tens = i % 100, units = i % 10
        let millions = i != 0 && i % 1_000_000 == 0
        switch family(language) {
        case "ar":
            if i == 0 { return .zero }
            if i == 1 { return .one }
            if i == 2 { return .two }
            if (3...10).contains(tens) { return .few }
            if (11...99).contains(tens) { return .many }
            return .other
        case "ca", "es", "it":
            return i == 1 ? .one : millions ? .many : .other
        case "fr":
            return i <= 1 ? .one : millions ? .many : .other
        case "pt":
            // Brazilian Portuguese counts 0 and 1 as one; European Portuguese only 1.
            let european = language.lowercased().hasPrefix("pt-pt") || language.lowercased().hasPrefix("pt_pt")
            return (european ? i == 1 : i <= 1) ? .one : millions ? .many : .other
        case "cs", "sk":
            return i == 1 ? .one : (2...4).contains(i) ? .few : .other
        case "pl":
            if i == 1 { return .one }
            if (2...4).contains(units) && !(12...14).contains(tens) { return .few }
            return .many
        case "ru", "uk":
            if units == 1 && tens != 11 { return .one }
            if (2...4).contains(units) && !(12...14).contains(tens) { return .few }
            return .many
        case "hr":
            if units == 1 && tens != 11 { return .one }
            if (2...4).contains(units) && !(12...14).contains(tens) { return .few }
            return .other
        case "ro":
            if i == 1 { return .one }
            if i == 0 || (1...19).contains(tens) { return .few }
            return .other
        case "he":
            return i == 1 ? .one : i == 2 ? .two : .other
        case "hi", "fa":
            return i <= 1 ? .one : .other
        case "da", "de", "el", "en", "fi", "hu", "nb", "nl", "sv", "tr":
            return i == 1 ? .one : .other
        default:
            return .other
        }
    }

    /// The language a tag belongs to for plurals: its first subtag, lower case, with the old
    /// codes Apple's platforms still give read as today's (`iw` Hebrew, `in` Indonesian, `no`
    /// and `nn` Norwegian Bokmål, whose rules Nynorsk shares).
    package static func family(_ language: String) -> String {
        let first = String(language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "@" }).first ?? "")
        return ["iw": "he", "in": "id", "no": "nb", "nn": "nb"][first] ?? first
    }
}

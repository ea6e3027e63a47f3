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

import Foundation

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

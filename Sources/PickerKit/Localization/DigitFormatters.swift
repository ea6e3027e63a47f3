import Foundation

/// Number formatters by locale, made once each: a formatter is costly to make, and VoiceOver's
/// value is written on every gesture.
final class DigitFormatters: @unchecked Sendable {
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

import Foundation

/// What the host app declares in its Info.plist, as PickerKit needs it: the privacy usage
/// descriptions.
///
/// On a device use ``main``; in tests give the keys you want to check, or ``allDeclared``.
///
/// ```swift
/// let info = HostInfo(usageDescriptions: [.photoLibrary: "Choose your profile photo"])
/// info.declares(.camera)   // false
/// ```
public struct HostInfo: Sendable, Equatable {
    /// The declared usage descriptions, by key.
    public var usageDescriptions: [UsageDescriptionKey: String]

    /// Creates host info from the usage descriptions the app declares.
    public init(usageDescriptions: [UsageDescriptionKey: String]) {
        self.usageDescriptions = usageDescriptions
    }

    /// Creates host info from an Info.plist-style dictionary; values that are not strings
    /// count as missing.
    public init(infoDictionary: [String: Any]) {
        var found: [UsageDescriptionKey: String] = [:]
        for key in UsageDescriptionKey.allCases {
            if let value = infoDictionary[key.rawValue] as? String { found[key] = value }
        }
        self.init(usageDescriptions: found)
    }

    /// The running app's Info.plist.
    public static var main: HostInfo { HostInfo(infoDictionary: Bundle.main.infoDictionary ?? [:]) }

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

import Foundation

/// Apple: `@MainActor class UIApplication : UIResponder`.
///
/// Modelled: the shared application, the Settings URL string (`UIApplicationOpenSettingsURLString`,
/// iOS 8) with the value devices give it, and opening a URL, which the surface records (and
/// answers `true`). What opening shows (the Settings app, another app) only a device can show.
@MainActor
open class UIApplication: UIResponder {
    /// Apple: `struct UIApplication.OpenExternalURLOptionsKey : Hashable, Equatable, RawRepresentable`.
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    private static let app = UIApplication()

    /// Apple: `class var shared: UIApplication { get }`.
    open class var shared: UIApplication { app }

    /// Apple: `class let openSettingsURLString: String`.
    public static let openSettingsURLString = "app-settings:"

    /// The URLs opened, in order.
    @_spi(Surface) public private(set) var surfaceOpened: [URL] = []

    /// Apple: `func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey : Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil)` (iOS 10).
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        surfaceOpened.append(url)
        completion?(true)
    }
}

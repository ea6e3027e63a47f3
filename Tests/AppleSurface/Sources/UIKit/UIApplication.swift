/// Apple: `@MainActor class UIApplication : UIResponder`.
///
/// Modelled: the Settings URL string only (`UIApplicationOpenSettingsURLString`, iOS 8), with
/// the value devices give it. Opening it is what only a device can show.
@MainActor
open class UIApplication: UIResponder {
    /// Apple: `class let openSettingsURLString: String`.
    public static let openSettingsURLString = "app-settings:"
}

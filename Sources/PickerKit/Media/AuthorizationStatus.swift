/// Whether the person has allowed the app to use a source.
public enum AuthorizationStatus: String, CaseIterable, Sendable, Codable {
    /// Not asked yet: PickerKit asks through ``PhotoSource/requestAuthorization(for:)`` first.
    case notDetermined
    /// Full access.
    case authorized
    /// Access to the part of the library the person chose; picking still works on it.
    case limited
    /// The person said no. Only the Settings app can change it.
    case denied
    /// A policy (parental controls, device management) forbids access.
    case restricted
}

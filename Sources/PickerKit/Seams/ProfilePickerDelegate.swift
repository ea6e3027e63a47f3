/// Receives the end of a session: exactly one callback per session, never more.
///
/// The coordinator holds its delegate weakly. When a callback arrives the picker has already
/// dismissed its screens. A cancelled session leaves the app's current photo as it was.
///
/// ```swift
/// extension ProfileScreen: ProfilePickerDelegate {
///     func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
///         avatar = result.image
///     }
///     func profilePickerDidCancel(_ picker: ProfilePicker) {}
/// }
/// ```
@MainActor
public protocol ProfilePickerDelegate: AnyObject {
    /// The person chose a photo or movie.
    func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult)
    /// The person cancelled, or the session was cancelled for them.
    func profilePickerDidCancel(_ picker: ProfilePicker)
    /// The session stopped on an error after it started (the person chose a source they have
    /// denied, say). By default this calls ``profilePickerDidCancel(_:)``; either way it is the
    /// session's one callback.
    func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError)
}

extension ProfilePickerDelegate {
    /// Reports the failure as a cancel.
    public func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError) {
        profilePickerDidCancel(picker)
    }
}

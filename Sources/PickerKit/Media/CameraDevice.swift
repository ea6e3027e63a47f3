/// Which camera captures a photo.
public enum CameraDevice: String, CaseIterable, Sendable, Codable {
    /// The camera on the back of the device; the default.
    case rear
    /// The camera on the screen's side.
    case front
}

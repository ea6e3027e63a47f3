/// The privacy usage-description keys a host app's Info.plist must declare.
public enum UsageDescriptionKey: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// `NSCameraUsageDescription`: needed before the camera is shown.
    case camera = "NSCameraUsageDescription"
    /// `NSPhotoLibraryUsageDescription`: needed before the app browses the photo library itself
    /// (``LibraryAccess/inApp``); the out-of-process pickers need none.
    case photoLibrary = "NSPhotoLibraryUsageDescription"
    /// `NSMicrophoneUsageDescription`: needed before the camera records movies with sound.
    case microphone = "NSMicrophoneUsageDescription"

    /// The Info.plist key.
    public var description: String { rawValue }
}

@_exported import AppleFoundation
import SurfaceDevice

/// Apple: `enum PHAuthorizationStatus : Int`.
public enum PHAuthorizationStatus: Int, Sendable {
    case notDetermined = 0, restricted, denied, authorized
    /// Apple: iOS 14.
    @available(iOS 14, *)
    case limited = 4
}

/// Apple: `enum PHAccessLevel : Int` (iOS 14).
@available(iOS 14, *)
public enum PHAccessLevel: Int, Sendable {
    case addOnly = 1, readWrite = 2
}

/// Apple: `class PHPhotoLibrary : NSObject` (not `Sendable`: the iOS 16.5 header does not mark it).
///
/// Modelled as documented: the status is what the person allowed; asking shows a prompt only
/// while it is not determined, and the answer becomes the status.
open class PHPhotoLibrary: NSObject {
    nonisolated(unsafe) private static let library = PHPhotoLibrary()

    /// Apple: `class func shared() -> PHPhotoLibrary`.
    open class func shared() -> PHPhotoLibrary { library }

    /// Apple: `class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus` (iOS 14).
    @available(iOS 14, *)
    open class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus {
        PHAuthorizationStatus(rawValue: Device.current.photoAccess.rawValue) ?? .notDetermined
    }

    /// Apple: `class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus` (iOS 14).
    @available(iOS 14, *)
    open class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus {
        // The prompt is answered a moment later.
        await Task.yield()
        return PHAuthorizationStatus(rawValue: Device.current.ask(photos: true).rawValue) ?? .notDetermined
    }
}

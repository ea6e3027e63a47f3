import SurfaceDevice

/// Apple: `enum UIUserInterfaceIdiom : Int`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad, tv, carPlay
    case mac = 5
    /// Apple: iOS 17, visionOS 1.
    @available(iOS 17.0, *)
    case vision = 6
}

/// Apple: `enum UIDeviceOrientation : Int`.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
}

/// Apple: `@MainActor class UIDevice : NSObject`.
///
/// Modelled as documented: `orientation` is `.unknown` until orientation notifications are
/// turned on with `beginGeneratingDeviceOrientationNotifications()` (calls nest), and
/// `orientationDidChangeNotification` is posted only while they are on.
@MainActor
open class UIDevice: NSObject {
    private static let shared = UIDevice()
    private var generating = 0

    /// Apple: `class var current: UIDevice { get }`.
    open class var current: UIDevice { shared }

    /// Apple: `var userInterfaceIdiom: UIUserInterfaceIdiom { get }`.
    open var userInterfaceIdiom: UIUserInterfaceIdiom {
        switch Device.current.idiom {
        case .phone: .phone
        case .pad: .pad
        case .mac: .mac
        case .vision: .vision
        }
    }

    /// Apple: `var orientation: UIDeviceOrientation { get }` (not on tvOS or visionOS).
    open var orientation: UIDeviceOrientation {
        generating > 0 ? UIDeviceOrientation(rawValue: Device.current.orientation.rawValue) ?? .unknown : .unknown
    }

    /// Apple: `var isGeneratingDeviceOrientationNotifications: Bool { get }`.
    open var isGeneratingDeviceOrientationNotifications: Bool { generating > 0 }

    /// Apple: `func beginGeneratingDeviceOrientationNotifications()`.
    open func beginGeneratingDeviceOrientationNotifications() {
        generating += 1
    }

    /// Apple: `func endGeneratingDeviceOrientationNotifications()`.
    open func endGeneratingDeviceOrientationNotifications() {
        guard generating > 0 else {
            Device.current.warn("endGeneratingDeviceOrientationNotifications called more often than begin")
            return
        }
        generating -= 1
    }

    /// Apple: `class let orientationDidChangeNotification: NSNotification.Name`.
    nonisolated public static let orientationDidChangeNotification = NSNotification.Name("UIDeviceOrientationDidChangeNotification")

    // MARK: What the person does

    /// The person turns the device: the orientation changes, and while notifications are on
    /// the change is posted.
    @_spi(Surface) public func surfaceTurn(to orientation: UIDeviceOrientation) {
        Device.current.orientation = Device.Orientation(rawValue: orientation.rawValue) ?? .unknown
        guard generating > 0 else { return }
        NotificationCenter.default.post(name: Self.orientationDidChangeNotification, object: self)
    }

    /// Back to no orientation notifications, as the app launched.
    @_spi(Surface) public func surfaceReset() {
        generating = 0
    }
}

import SurfaceDevice
@_spi(Surface) import AppleFoundation

/// Apple: `class AVCaptureDevice : NSObject`.
open class AVCaptureDevice: NSObject {
    /// Apple: `enum Position : Int`.
    public enum Position: Int, Sendable {
        case unspecified = 0, back, front
    }

    /// Apple: `struct DeviceType : Hashable, Equatable, RawRepresentable`.
    public struct DeviceType: Hashable, Equatable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Apple: `static let builtInWideAngleCamera: AVCaptureDevice.DeviceType`.
        public static let builtInWideAngleCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInWideAngleCamera")
    }

    /// Apple: `enum FlashMode : Int`.
    public enum FlashMode: Int, Sendable {
        case off = 0, on, auto
    }

    /// Apple: `var position: AVCaptureDevice.Position { get }`.
    public let position: Position
    /// Apple: `var uniqueID: String { get }`.
    public let uniqueID: String
    let flashModes: [FlashMode]

    init(camera: Device.Camera) {
        position = Position(rawValue: camera.position.rawValue) ?? .unspecified
        uniqueID = "surface-camera-\(camera.position)"
        flashModes = camera.flashModes.compactMap(FlashMode.init(rawValue:))
        super.init()
    }

    /// Apple: `class func \`default\`(_ deviceType: AVCaptureDevice.DeviceType, for mediaType: AVMediaType?,
    /// position: AVCaptureDevice.Position) -> AVCaptureDevice?`.
    open class func `default`(_ deviceType: AVCaptureDevice.DeviceType, for mediaType: AVMediaType?, position: AVCaptureDevice.Position) -> AVCaptureDevice? {
        guard deviceType == .builtInWideAngleCamera, mediaType == nil || mediaType == .video,
            let camera = Device.current.cameras.first(where: { $0.position.rawValue == position.rawValue })
        else { return nil }
        return AVCaptureDevice(camera: camera)
    }

    /// Apple: `class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus`.
    open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus {
        AVAuthorizationStatus(rawValue: Device.current.cameraAccess.rawValue) ?? .notDetermined
    }

    /// Apple: `class func requestAccess(for mediaType: AVMediaType, completionHandler handler: @escaping @Sendable (Bool) -> Void)`.
    open class func requestAccess(for mediaType: AVMediaType, completionHandler handler: @escaping @Sendable (Bool) -> Void) {
        DispatchQueue.global().async { handler(Device.current.ask(photos: false) == .authorized) }
    }

    /// Apple: `class func requestAccess(for mediaType: AVMediaType) async -> Bool`.
    open class func requestAccess(for mediaType: AVMediaType) async -> Bool {
        await Task.yield()
        return Device.current.ask(photos: false) == .authorized
    }

    /// Apple: `class RotationCoordinator : NSObject` (iOS 17): the angles that keep preview and
    /// captures level with the horizon as the device turns. Its angles are key-value observable;
    /// it follows the device's orientation by itself (no orientation notifications needed).
    @available(iOS 17.0, *)
    open class RotationCoordinator: NSObject {
        private let lock = NSLock()
        private var preview: CGFloat
        private var capture: CGFloat
        /// Apple: `weak var device: AVCaptureDevice? { get }`.
        public private(set) weak var device: AVCaptureDevice?
        /// Apple: `weak var previewLayer: CALayer? { get }`.
        public private(set) weak var previewLayer: CALayer?

        /// Apple: `init(device: AVCaptureDevice, previewLayer: CALayer?)`.
        public init(device: AVCaptureDevice, previewLayer: CALayer?) {
            self.device = device
            self.previewLayer = previewLayer
            let angle = Self.angle(for: Device.current.orientation, front: device.position == .front) ?? 90
            preview = angle
            capture = angle
            super.init()
            let coordinator = WeakCoordinator(self)
            Device.current.listenToOrientation { orientation in coordinator.value?.turned(to: orientation) }
        }

        /// Apple: `var videoRotationAngleForHorizonLevelPreview: CGFloat { get }`.
        open var videoRotationAngleForHorizonLevelPreview: CGFloat { lock.withLock { preview } }
        /// Apple: `var videoRotationAngleForHorizonLevelCapture: CGFloat { get }`.
        open var videoRotationAngleForHorizonLevelCapture: CGFloat { lock.withLock { capture } }

        private func turned(to orientation: Device.Orientation) {
            guard let angle = Self.angle(for: orientation, front: device?.position == .front) else { return }
            lock.withLock {
                preview = angle
                capture = angle
            }
            KeyValueChanges.didChange(self)
        }

        /// The sensor's angle that is level for a device held `orientation`; `nil` face up or down.
        static func angle(for orientation: Device.Orientation, front: Bool) -> CGFloat? {
            switch orientation {
            case .portrait: 90
            case .portraitUpsideDown: 270
            case .landscapeLeft: front ? 180 : 0
            case .landscapeRight: front ? 0 : 180
            case .unknown, .faceUp, .faceDown: nil
            }
        }
    }
}

/// A coordinator the device's orientation sensor tells, held weakly.
@available(iOS 17.0, *)
private final class WeakCoordinator: @unchecked Sendable {
    weak var value: AVCaptureDevice.RotationCoordinator?
    init(_ value: AVCaptureDevice.RotationCoordinator) { self.value = value }
}

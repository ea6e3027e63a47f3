// AVFoundation API newer than iOS 16's SDK that PickerKit uses, behind `#available`.
// Used by scripts/check-ios-sdk.sh only, when the SDK is older than iOS 17's.
import AVFoundation

extension AVCaptureDevice {
    /// Apple: `class RotationCoordinator : NSObject` (iOS 17).
    /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator
    @available(iOS 17.0, *)
    open class RotationCoordinator: NSObject {
        /// Apple: `init(device: AVCaptureDevice, previewLayer: CALayer?)`.
        /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator/init(device:previewlayer:)
        public init(device: AVCaptureDevice, previewLayer: CALayer?) { fatalError("declaration only") }
        /// Apple: `weak var device: AVCaptureDevice? { get }`.
        /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator/device
        open var device: AVCaptureDevice? { fatalError("declaration only") }
        /// Apple: `weak var previewLayer: CALayer? { get }`.
        /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator/previewlayer
        open var previewLayer: CALayer? { fatalError("declaration only") }
        /// Apple: `var videoRotationAngleForHorizonLevelPreview: CGFloat { get }` (key-value observable).
        /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator/videorotationangleforhorizonlevelpreview
        @objc open dynamic var videoRotationAngleForHorizonLevelPreview: CGFloat { fatalError("declaration only") }
        /// Apple: `var videoRotationAngleForHorizonLevelCapture: CGFloat { get }` (key-value observable).
        /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator/videorotationangleforhorizonlevelcapture
        @objc open dynamic var videoRotationAngleForHorizonLevelCapture: CGFloat { fatalError("declaration only") }
    }
}

extension AVCaptureConnection {
    /// Apple: `var videoRotationAngle: CGFloat { get set }` (iOS 17).
    /// https://developer.apple.com/documentation/avfoundation/avcaptureconnection/videorotationangle
    @available(iOS 17.0, *)
    public var videoRotationAngle: CGFloat {
        get { fatalError("declaration only") }
        set { fatalError("declaration only") }
    }

    /// Apple: `func isVideoRotationAngleSupported(_ videoRotationAngle: CGFloat) -> Bool` (iOS 17).
    /// https://developer.apple.com/documentation/avfoundation/avcaptureconnection/isvideorotationanglesupported(_:)
    @available(iOS 17.0, *)
    public func isVideoRotationAngleSupported(_ videoRotationAngle: CGFloat) -> Bool { fatalError("declaration only") }
}

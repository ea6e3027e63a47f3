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

extension AVAssetExportSession {
    /// Apple: `enum State` (iOS 18), `Sendable`.
    /// https://developer.apple.com/documentation/avfoundation/avassetexportsession/state
    @available(iOS 18.0, *)
    public enum State: @unchecked Sendable {
        /// Apple: `case pending`.
        /// https://developer.apple.com/documentation/avfoundation/avassetexportsession/state/pending
        case pending
        /// Apple: `case waiting`.
        /// https://developer.apple.com/documentation/avfoundation/avassetexportsession/state/waiting
        case waiting
        /// Apple: `case exporting(progress: Progress)`.
        /// https://developer.apple.com/documentation/avfoundation/avassetexportsession/state/exporting(progress:)
        case exporting(progress: Progress)
    }

    /// Apple: `func states(updateInterval: TimeInterval = .infinity) -> some Sendable & AsyncSequence<AVAssetExportSession.State, Never>` (iOS 18).
    /// https://developer.apple.com/documentation/avfoundation/avassetexportsession/states(updateinterval:)
    /// Declared here with a concrete sequence: iOS 16's Swift 5.8 library has no primary
    /// associated types for `AsyncSequence`, and an opaque result needs a body to name one.
    @available(iOS 18.0, *)
    public func states(updateInterval: TimeInterval = .infinity) -> AsyncStream<AVAssetExportSession.State> {
        fatalError("declaration only")
    }

    /// Apple: `final func export(to url: URL, as fileType: AVFileType, isolation: isolated (any Actor)? = #isolation) async throws` (iOS 18; later SDKs back-deploy it to iOS 13).
    /// https://developer.apple.com/documentation/avfoundation/avassetexportsession/export(to:as:isolation:)
    /// Declared here with `MainActor.shared` for `#isolation`, which iOS 16's Swift 5.8 library
    /// cannot expand: the same isolation for PickerKit's one caller, on the main actor.
    @available(iOS 18.0, *)
    public final func export(to url: URL, as fileType: AVFileType, isolation: isolated (any Actor)? = MainActor.shared) async throws {
        fatalError("declaration only")
    }
}

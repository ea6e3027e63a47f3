@_exported import AppleFoundation
@_exported import CoreMedia
@_exported import QuartzCore
import SurfaceDevice

/// Apple: `struct AVMediaType : Hashable, Equatable, RawRepresentable`.
public struct AVMediaType: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Apple: `static let video: AVMediaType`.
    public static let video = AVMediaType("vide")
    /// Apple: `static let audio: AVMediaType`.
    public static let audio = AVMediaType("soun")
}

/// Apple: `enum AVAuthorizationStatus : Int`.
public enum AVAuthorizationStatus: Int, Sendable {
    case notDetermined = 0, restricted, denied, authorized
}

/// Apple: `struct AVError` (`AVError.Code`), the errors AVFoundation reports.
public struct AVError: Error, Equatable, Sendable {
    /// Apple: `enum Code : Int`.
    public enum Code: Int, Sendable {
        case unknown = -11800
        case sessionNotRunning = -11803
        case deviceNotConnected = -11814
        case mediaServicesWereReset = -11819
        case sessionWasInterrupted = -11818
        case applicationIsNotAuthorizedToUseDevice = -11852
        case fileAlreadyExists = -11823
        case operationCancelled = -11878
    }

    /// Apple: `var code: AVError.Code { get }`.
    public let code: Code

    /// Apple: `init(_ code: AVError.Code, userInfo: [String : Any] = [:])`.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
    }
}

/// Apple: `let AVCaptureSessionErrorKey: String`.
public let AVCaptureSessionErrorKey = "AVCaptureSessionErrorKey"
/// Apple: `let AVCaptureSessionInterruptionReasonKey: String`.
public let AVCaptureSessionInterruptionReasonKey = "AVCaptureSessionInterruptionReasonKey"

// The session's notification names: the iOS 18 SDK spells them `AVCaptureSession.…Notification`
// and keeps the older `NSNotification.Name.AVCaptureSession…` spellings, deprecated in iOS 18.
// The iOS 16.5 SDK has only the older ones, which the adapters use. The newer spellings carry
// no `@available(iOS 18.0, *)`: Apple declares them available from iOS 4.0 (the constants are
// that old), so what is new is the SDK that spells them, not the iOS that runs them.
extension NSNotification.Name {
    /// Apple: `static var AVCaptureSessionRuntimeError: NSNotification.Name { get }` (deprecated in iOS 18).
    @available(iOS, introduced: 4.0, deprecated: 18.0, renamed: "AVCaptureSession.runtimeErrorNotification")
    public static let AVCaptureSessionRuntimeError = AVCaptureSession.runtimeErrorNotification
    /// Apple: `static var AVCaptureSessionWasInterrupted: NSNotification.Name { get }` (deprecated in iOS 18).
    @available(iOS, introduced: 4.0, deprecated: 18.0, renamed: "AVCaptureSession.wasInterruptedNotification")
    public static let AVCaptureSessionWasInterrupted = AVCaptureSession.wasInterruptedNotification
    /// Apple: `static var AVCaptureSessionInterruptionEnded: NSNotification.Name { get }` (deprecated in iOS 18).
    @available(iOS, introduced: 4.0, deprecated: 18.0, renamed: "AVCaptureSession.interruptionEndedNotification")
    public static let AVCaptureSessionInterruptionEnded = AVCaptureSession.interruptionEndedNotification
    /// Apple: `static var AVCaptureSessionDidStartRunning: NSNotification.Name { get }` (deprecated in iOS 18).
    @available(iOS, introduced: 4.0, deprecated: 18.0, renamed: "AVCaptureSession.didStartRunningNotification")
    public static let AVCaptureSessionDidStartRunning = AVCaptureSession.didStartRunningNotification
    /// Apple: `static var AVCaptureSessionDidStopRunning: NSNotification.Name { get }` (deprecated in iOS 18).
    @available(iOS, introduced: 4.0, deprecated: 18.0, renamed: "AVCaptureSession.didStopRunningNotification")
    public static let AVCaptureSessionDidStopRunning = AVCaptureSession.didStopRunningNotification
}

/// Apple: `class AVCaptureSession : NSObject`.
///
/// Modelled as documented: configuration between `beginConfiguration()` and
/// `commitConfiguration()`; `startRunning()` blocks and belongs off the main thread (on it, the
/// thread performance checker's warning is recorded); starting without camera access fails with
/// a runtime error; interruptions and runtime errors are posted as notifications, from a queue
/// of the session's, and take the connections' activity with them; after an interruption
/// ends the session runs again by itself.
open class AVCaptureSession: NSObject {
    /// Apple: `class let runtimeErrorNotification: NSNotification.Name` (spelled so from the iOS 18 SDK).
    public static let runtimeErrorNotification = NSNotification.Name("AVCaptureSessionRuntimeErrorNotification")
    /// Apple: `class let wasInterruptedNotification: NSNotification.Name` (spelled so from the iOS 18 SDK).
    public static let wasInterruptedNotification = NSNotification.Name("AVCaptureSessionWasInterruptedNotification")
    /// Apple: `class let interruptionEndedNotification: NSNotification.Name` (spelled so from the iOS 18 SDK).
    public static let interruptionEndedNotification = NSNotification.Name("AVCaptureSessionInterruptionEndedNotification")
    /// Apple: `class let didStartRunningNotification: NSNotification.Name` (spelled so from the iOS 18 SDK).
    public static let didStartRunningNotification = NSNotification.Name("AVCaptureSessionDidStartRunningNotification")
    /// Apple: `class let didStopRunningNotification: NSNotification.Name` (spelled so from the iOS 18 SDK).
    public static let didStopRunningNotification = NSNotification.Name("AVCaptureSessionDidStopRunningNotification")

    /// Apple: `struct Preset : Hashable, Equatable, RawRepresentable`.
    public struct Preset: Hashable, Equatable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Apple: `static let photo: AVCaptureSession.Preset`.
        public static let photo = Preset(rawValue: "AVCaptureSessionPresetPhoto")
        /// Apple: `static let high: AVCaptureSession.Preset`.
        public static let high = Preset(rawValue: "AVCaptureSessionPresetHigh")
    }

    /// Apple: `enum InterruptionReason : Int`.
    public enum InterruptionReason: Int, Sendable {
        case videoDeviceNotAvailableInBackground = 1, audioDeviceInUseByAnotherClient, videoDeviceInUseByAnotherClient
        case videoDeviceNotAvailableWithMultipleForegroundApps, videoDeviceNotAvailableDueToSystemPressure
    }

    let lock = NSLock()
    private var configuring = 0
    private var running = false
    private var interrupted = false
    private var attachedInputs: [AVCaptureInput] = []
    private var attachedOutputs: [AVCaptureOutput] = []
    private var preset = Preset.high
    /// How many times `startRunning()` ran on the main thread.
    @_spi(Surface) public private(set) var surfaceStartsOnMainThread = 0

    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `var sessionPreset: AVCaptureSession.Preset { get set }`.
    open var sessionPreset: Preset {
        get { lock.withLock { preset } }
        set { lock.withLock { preset = newValue } }
    }

    /// Apple: `func canSetSessionPreset(_ preset: AVCaptureSession.Preset) -> Bool`.
    open func canSetSessionPreset(_ preset: AVCaptureSession.Preset) -> Bool { true }

    /// Apple: `var inputs: [AVCaptureInput] { get }`.
    open var inputs: [AVCaptureInput] { lock.withLock { attachedInputs } }
    /// Apple: `var outputs: [AVCaptureOutput] { get }`.
    open var outputs: [AVCaptureOutput] { lock.withLock { attachedOutputs } }
    /// Apple: `var isRunning: Bool { get }`.
    open var isRunning: Bool { lock.withLock { running } }
    /// Apple: `var isInterrupted: Bool { get }`.
    open var isInterrupted: Bool { lock.withLock { interrupted } }

    /// Apple: `func beginConfiguration()`.
    open func beginConfiguration() { lock.withLock { configuring += 1 } }

    /// Apple: `func commitConfiguration()`.
    open func commitConfiguration() {
        lock.withLock { configuring = max(0, configuring - 1) }
    }

    /// Apple: `func canAddInput(_ input: AVCaptureInput) -> Bool`: one video input at a time.
    open func canAddInput(_ input: AVCaptureInput) -> Bool {
        lock.withLock { !attachedInputs.contains { $0 === input } && attachedInputs.isEmpty }
    }

    /// Apple: `func addInput(_ input: AVCaptureInput)`: raises when it cannot be added.
    open func addInput(_ input: AVCaptureInput) {
        guard canAddInput(input) else {
            return Device.current.raise("NSInvalidArgumentException: -[AVCaptureSession addInput:] Can't add \(input) to the session")
        }
        lock.withLock { attachedInputs.append(input) }
    }

    /// Apple: `func removeInput(_ input: AVCaptureInput)`.
    open func removeInput(_ input: AVCaptureInput) {
        lock.withLock { attachedInputs.removeAll { $0 === input } }
    }

    /// Apple: `func canAddOutput(_ output: AVCaptureOutput) -> Bool`.
    open func canAddOutput(_ output: AVCaptureOutput) -> Bool {
        lock.withLock { !attachedOutputs.contains { $0 === output } } && output.session == nil
    }

    /// Apple: `func addOutput(_ output: AVCaptureOutput)`: raises when it cannot be added.
    open func addOutput(_ output: AVCaptureOutput) {
        guard canAddOutput(output) else {
            return Device.current.raise("NSInvalidArgumentException: -[AVCaptureSession addOutput:] Can't add \(output) to the session")
        }
        lock.withLock { attachedOutputs.append(output) }
        output.session = self
    }

    /// Apple: `func removeOutput(_ output: AVCaptureOutput)`.
    open func removeOutput(_ output: AVCaptureOutput) {
        lock.withLock { attachedOutputs.removeAll { $0 === output } }
        output.session = nil
    }

    /// The camera the session's input reads.
    var camera: AVCaptureDevice? { (inputs.first as? AVCaptureDeviceInput)?.device }

    /// Whether frames flow: running, not interrupted, with a camera.
    var isActive: Bool { lock.withLock { running && !interrupted && !attachedInputs.isEmpty } }

    /// Apple: `func startRunning()`: blocks until the session runs (or fails to).
    open func startRunning() {
        if Thread.isMainThread {
            lock.withLock { surfaceStartsOnMainThread += 1 }
            Device.current.warn("-[AVCaptureSession startRunning] should be called from background thread. Calling it on the main thread can lead to UI unresponsiveness")
        }
        guard !isRunning else { return }
        guard Device.current.cameraAccess == .authorized else {
            post(Self.runtimeErrorNotification, [AVCaptureSessionErrorKey: AVError(.applicationIsNotAuthorizedToUseDevice)])
            return
        }
        lock.withLock { running = true }
        post(Self.didStartRunningNotification, [:])
    }

    /// Apple: `func stopRunning()`.
    open func stopRunning() {
        guard isRunning else { return }
        lock.withLock { running = false }
        post(Self.didStopRunningNotification, [:])
    }

    private func post(_ name: NSNotification.Name, _ userInfo: [String: any Sendable]) {
        NotificationCenter.default.post(name: name, object: self, userInfo: userInfo)
    }

    /// Posts from a queue of the session's, as AVFoundation does for what happens to the device.
    private func postLater(_ name: NSNotification.Name, _ userInfo: [String: any Sendable]) {
        let session = Unchecked(self)
        DispatchQueue.global().async { session.value.post(name, userInfo) }
    }

    // MARK: What happens to the device

    /// Another app, a call or the system takes the camera: frames stop, and the session says why.
    @_spi(Surface) public func surfaceInterrupt(_ reason: InterruptionReason) {
        lock.withLock { interrupted = true }
        postLater(Self.wasInterruptedNotification, [AVCaptureSessionInterruptionReasonKey: NSNumber(value: reason.rawValue)])
    }

    /// The camera is back: frames flow again (the session restarts by itself).
    @_spi(Surface) public func surfaceEndInterruption() {
        lock.withLock { interrupted = false }
        postLater(Self.interruptionEndedNotification, [:])
    }

    /// The media server fails: the session stops and reports `code`.
    @_spi(Surface) public func surfaceRuntimeError(_ code: AVError.Code) {
        lock.withLock { running = false }
        postLater(Self.runtimeErrorNotification, [AVCaptureSessionErrorKey: AVError(code)])
    }
}

/// Apple: `class AVCaptureInput : NSObject` (made by its subclasses only).
open class AVCaptureInput: NSObject {
    override init() {
        super.init()
    }
}

/// Apple: `class AVCaptureDeviceInput : AVCaptureInput`.
open class AVCaptureDeviceInput: AVCaptureInput {
    /// Apple: `var device: AVCaptureDevice { get }`.
    public let device: AVCaptureDevice

    /// Apple: `init(device: AVCaptureDevice) throws`: throws without camera access.
    public init(device: AVCaptureDevice) throws {
        guard Device.current.cameraAccess == .authorized else { throw AVError(.applicationIsNotAuthorizedToUseDevice) }
        self.device = device
        super.init()
    }
}

/// Apple: `class AVCaptureOutput : NSObject` (made by its subclasses only).
open class AVCaptureOutput: NSObject {
    override init() {
        super.init()
    }

    private let lock = NSLock()
    private weak var attached: AVCaptureSession?
    var session: AVCaptureSession? {
        get { lock.withLock { attached } }
        set { lock.withLock { attached = newValue } }
    }
    private lazy var videoConnection = AVCaptureConnection(output: self)

    /// Apple: `func connection(with mediaType: AVMediaType) -> AVCaptureConnection?`: the video
    /// connection exists while the output and a camera input share a session.
    open func connection(with mediaType: AVMediaType) -> AVCaptureConnection? {
        guard mediaType == .video, session?.camera != nil else { return nil }
        return lock.withLock { videoConnection }
    }
}

/// Apple: `enum AVCaptureVideoOrientation : Int` (the connection's `videoOrientation` that takes
/// it is deprecated in iOS 17 for rotation angles).
public enum AVCaptureVideoOrientation: Int, Sendable {
    case portrait = 1, portraitUpsideDown, landscapeRight, landscapeLeft
}

/// Apple: `class AVCaptureConnection : NSObject`.
open class AVCaptureConnection: NSObject {
    private let lock = NSLock()
    private weak var output: AVCaptureOutput?
    private weak var previewLayer: AVCaptureVideoPreviewLayer?
    private var angle: CGFloat = 90
    private var enabled = true

    init(output: AVCaptureOutput) {
        self.output = output
        super.init()
    }

    init(previewLayer: AVCaptureVideoPreviewLayer) {
        self.previewLayer = previewLayer
        super.init()
    }

    private var session: AVCaptureSession? { output?.session ?? previewLayer?.session }

    /// Apple: `var isEnabled: Bool { get set }`.
    open var isEnabled: Bool {
        get { lock.withLock { enabled } }
        set { lock.withLock { enabled = newValue } }
    }

    /// Apple: `var isActive: Bool { get }`: frames flow through it.
    open var isActive: Bool { session?.isActive ?? false }

    /// Apple: `func isVideoRotationAngleSupported(_ videoRotationAngle: CGFloat) -> Bool` (iOS 17): multiples of 90°.
    @available(iOS 17.0, *)
    open func isVideoRotationAngleSupported(_ videoRotationAngle: CGFloat) -> Bool {
        [0, 90, 180, 270].contains(videoRotationAngle)
    }

    /// Apple: `var videoRotationAngle: CGFloat { get set }` (iOS 17): an unsupported angle raises.
    @available(iOS 17.0, *)
    open var videoRotationAngle: CGFloat {
        get { lock.withLock { angle } }
        set {
            guard isVideoRotationAngleSupported(newValue) else {
                return Device.current.raise("NSInvalidArgumentException: videoRotationAngle \(newValue) is not supported")
            }
            lock.withLock { angle = newValue }
        }
    }

    /// Apple: `var isVideoOrientationSupported: Bool { get }` (deprecated in iOS 17).
    @available(iOS, introduced: 4.0, deprecated: 17.0, message: "Use isVideoRotationAngleSupported(_:) instead")
    open var isVideoOrientationSupported: Bool { true }

    /// Apple: `var videoOrientation: AVCaptureVideoOrientation { get set }` (deprecated in iOS 17).
    @available(iOS, introduced: 4.0, deprecated: 17.0, message: "Use videoRotationAngle instead")
    open var videoOrientation: AVCaptureVideoOrientation {
        get {
            switch lock.withLock({ angle }) {
            case 0: .landscapeRight
            case 180: .landscapeLeft
            case 270: .portraitUpsideDown
            default: .portrait
            }
        }
        set {
            let angles: [AVCaptureVideoOrientation: CGFloat] = [.portrait: 90, .landscapeRight: 0, .landscapeLeft: 180, .portraitUpsideDown: 270]
            lock.withLock { angle = angles[newValue] ?? 90 }
        }
    }

    /// The rotation the output's photos get, in degrees.
    var rotation: CGFloat { lock.withLock { angle } }
}

/// Apple: `class AVCaptureVideoPreviewLayer : CALayer`.
open class AVCaptureVideoPreviewLayer: CALayer {
    private let lock = NSLock()
    private var shownSession: AVCaptureSession?
    private lazy var previewConnection = AVCaptureConnection(previewLayer: self)

    /// Apple: `init(session: AVCaptureSession)`.
    public init(session: AVCaptureSession) {
        shownSession = session
        super.init()
    }

    /// Apple: `override init()`.
    public override init() {
        super.init()
    }

    /// Apple: `var session: AVCaptureSession? { get set }`.
    open var session: AVCaptureSession? {
        get { lock.withLock { shownSession } }
        set { lock.withLock { shownSession = newValue } }
    }

    /// Apple: `var connection: AVCaptureConnection? { get }`: while the session has a camera.
    open var connection: AVCaptureConnection? {
        guard session?.camera != nil else { return nil }
        return lock.withLock { previewConnection }
    }
}

/// A value handed to another thread by the surface's own model, which guards it with locks.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

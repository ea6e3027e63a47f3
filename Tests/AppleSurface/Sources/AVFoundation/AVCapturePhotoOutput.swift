import SurfaceDevice

/// Apple: `class AVCapturePhotoSettings : NSObject`.
open class AVCapturePhotoSettings: NSObject {
    /// Apple: `var flashMode: AVCaptureDevice.FlashMode { get set }`.
    open var flashMode = AVCaptureDevice.FlashMode.off

    /// Apple: `init()`.
    public override init() {
        super.init()
    }
}

/// Apple: `class AVCapturePhoto : NSObject`.
open class AVCapturePhoto: NSObject {
    private let file: Data?
    /// Apple: `var metadata: [String : Any] { get }`.
    public let metadata: [String: Any]

    init(file: Data?, orientation: Int) {
        self.file = file
        metadata = ["Orientation": orientation]
        super.init()
    }

    /// Apple: `func fileDataRepresentation() -> Data?`.
    open func fileDataRepresentation() -> Data? { file }
}

/// Apple: `protocol AVCapturePhotoCaptureDelegate : NSObjectProtocol`. Its methods are optional
/// in Objective-C; here each has an empty default.
public protocol AVCapturePhotoCaptureDelegate: NSObjectProtocol {
    /// Apple: `optional func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?)`.
    func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?)
}

extension AVCapturePhotoCaptureDelegate {
    public func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?) {}
}

/// Apple: `class AVCapturePhotoOutput : AVCaptureOutput`.
///
/// Modelled as documented and as devices behave: capturing without an active, enabled video
/// connection, or with a flash mode the device does not support, raises; the delegate is held
/// weakly (an app keeps it until it reports) and hears the photo on a queue of the output's;
/// the photo's orientation follows the connection's rotation angle; a capture under way when
/// the session is interrupted or stops finishes with an error.
open class AVCapturePhotoOutput: AVCaptureOutput {
    private let lock = NSLock()
    private var holding = false
    private var held: [() -> Void] = []
    /// Captures started and not yet reported.
    @_spi(Surface) public private(set) var surfaceCapturesInFlight = 0
    /// The output's methods called on the main thread (not a behaviour: a count for tests).
    /// Apple asks that session, input and output calls run on the session's own queue (AVCam:
    /// "Communicate with the session and other session objects on this queue"); the photo output
    /// itself does not complain.
    @_spi(Surface) public var surfaceCallsOnMainThread: [String] { lock.withLock { mainThreadCalls } }
    private var mainThreadCalls: [String] = []

    func noteThread(_ call: String) {
        if Thread.isMainThread { lock.withLock { mainThreadCalls.append(call) } }
    }

    /// Apple: `override init()`.
    public override init() {
        super.init()
    }

    /// Apple: `var supportedFlashModes: [AVCaptureDevice.FlashMode] { get }`.
    public var supportedFlashModes: [AVCaptureDevice.FlashMode] {
        noteThread("supportedFlashModes")
        return session?.camera?.flashModes ?? []
    }

    /// Apple: `func capturePhoto(with settings: AVCapturePhotoSettings, delegate: any AVCapturePhotoCaptureDelegate)`.
    open func capturePhoto(with settings: AVCapturePhotoSettings, delegate: any AVCapturePhotoCaptureDelegate) {
        noteThread("capturePhoto(with:delegate:)")
        guard let connection = connection(with: .video), connection.isEnabled, connection.isActive else {
            return Device.current.raise(
                "NSInvalidArgumentException: *** -[AVCapturePhotoOutput capturePhotoWithSettings:delegate:] No active and enabled video connection")
        }
        guard supportedFlashModes.contains(settings.flashMode) else {
            return Device.current.raise(
                "NSInvalidArgumentException: *** -[AVCapturePhotoOutput capturePhotoWithSettings:delegate:] settings.flashMode must be set to a value present in the supportedFlashModes array")
        }
        let orientation: Int
        switch connection.rotation {
        case 0: orientation = 1
        case 180: orientation = 3
        case 270: orientation = 8
        default: orientation = 6
        }
        // Held weakly, as the photo output holds its delegate.
        let target = WeakDelegate(delegate)
        lock.withLock { surfaceCapturesInFlight += 1 }
        let output = WeakOutput(self)
        let finish: () -> Void = {
            DispatchQueue.global().async {
                guard let self = output.value else { return }
                let stillActive = self.connection(with: .video)?.isActive ?? false
                let file = stillActive ? Device.current.nextPhoto() : nil
                let error: (any Error)? = stillActive
                    ? (file == nil ? AVError(.unknown) : nil) : AVError(.sessionWasInterrupted)
                self.lock.withLock { self.surfaceCapturesInFlight -= 1 }
                target.delegate?.photoOutput(self, didFinishProcessingPhoto: AVCapturePhoto(file: file, orientation: orientation), error: error)
            }
        }
        let now = lock.withLock {
            if holding { held.append(finish) }
            return !holding
        }
        if now { finish() }
    }

    /// Keeps captures under way until ``surfaceFinishCaptures()``.
    @_spi(Surface) public func surfaceHoldCaptures() { lock.withLock { holding = true } }

    /// Lets the held captures finish.
    @_spi(Surface) public func surfaceFinishCaptures() {
        let waiting = lock.withLock {
            holding = false
            defer { held = [] }
            return held
        }
        for finish in waiting { finish() }
    }
}

/// A capture's delegate, held weakly across the output's queue.
private final class WeakDelegate: @unchecked Sendable {
    weak var delegate: (any AVCapturePhotoCaptureDelegate)?
    init(_ delegate: any AVCapturePhotoCaptureDelegate) { self.delegate = delegate }
}

/// The photo output, held weakly across its queue.
private final class WeakOutput: @unchecked Sendable {
    weak var value: AVCapturePhotoOutput?
    init(_ value: AVCapturePhotoOutput) { self.value = value }
}

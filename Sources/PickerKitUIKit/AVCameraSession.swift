#if canImport(UIKit) && canImport(AVFoundation) && os(iOS)
import AVFoundation
import PickerImaging
import PickerKit
import UIKit

/// A `CameraSession` over AVFoundation: one `AVCaptureSession` per prepared camera with that
/// device's input and a new photo output. The coordinator waits out the warm-up before
/// `captureStill`; the decisions (which flash mode to ask) are PickerKit's, tested on Linux.
@MainActor
public final class AVCameraSession: CameraSession {
    /// The running capture session, for a preview (see ``makePreviewLayer()``).
    public private(set) var session: AVCaptureSession?
    private var output: AVCapturePhotoOutput?
    private var device: AVCaptureDevice?
    /// Each capture's delegate, kept until it reports: AVFoundation holds it weakly.
    private var inFlight: [ObjectIdentifier: PhotoDelegate] = [:]
    /// `startRunning()` and `stopRunning()` block: they run here, off the main actor.
    private let queue = DispatchQueue(label: "PickerKit.AVCameraSession")

    public init() {}

    public func isAvailable(_ device: CameraDevice) -> Bool {
        Self.device(device) != nil
    }

    public func prepare(_ device: CameraDevice) async throws {
        guard let camera = Self.device(device) else { throw CocoaError(.featureUnsupported) }
        let session = AVCaptureSession()
        let output = AVCapturePhotoOutput()
        session.beginConfiguration()
        session.sessionPreset = .photo
        let input = try AVCaptureDeviceInput(device: camera)
        guard session.canAddInput(input), session.canAddOutput(output) else {
            session.commitConfiguration()
            throw CocoaError(.featureUnsupported)
        }
        session.addInput(input)
        session.addOutput(output)
        session.commitConfiguration()
        let running = RunningSession(session)
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            queue.async {
                running.session.startRunning()
                started.resume()
            }
        }
        self.session = session
        self.output = output
        self.device = camera
    }

    /// A layer showing what the camera sees, for the app's camera screen.
    public func makePreviewLayer() -> AVCaptureVideoPreviewLayer? {
        session.map { AVCaptureVideoPreviewLayer(session: $0) }
    }

    public func captureStill(flash: FlashMode) async throws -> any ImageBuffer {
        guard let output, let device else { throw CocoaError(.featureUnsupported) }
        let supported = output.supportedFlashModes.compactMap(Self.flashMode)
        let settings = AVCapturePhotoSettings()
        settings.flashMode = Self.avFlashMode(flash.resolved(supported: supported))
        if let connection = output.connection(with: .video) { Self.level(connection, device: device) }
        let delegate = PhotoDelegate()
        let key = ObjectIdentifier(delegate)
        inFlight[key] = delegate
        defer { inFlight[key] = nil }
        return try await withCheckedThrowingContinuation { continuation in
            delegate.continuation = continuation
            output.capturePhoto(with: settings, delegate: delegate)
        }
    }

    public func tearDown() {
        guard let session else { return }
        let running = RunningSession(session)
        queue.async { running.session.stopRunning() }
        self.session = nil
        output = nil
        device = nil
    }

    /// Turns the capture to the device's orientation, so the photo's EXIF orientation follows it.
    private static func level(_ connection: AVCaptureConnection, device: AVCaptureDevice) {
        if #available(iOS 17, macCatalyst 17, *) {
            let angle = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: nil).videoRotationAngleForHorizonLevelCapture
            if connection.isVideoRotationAngleSupported(angle) { connection.videoRotationAngle = angle }
        } else if connection.isVideoOrientationSupported {
            switch UIDevice.current.orientation {
            case .portraitUpsideDown: connection.videoOrientation = .portraitUpsideDown
            case .landscapeLeft: connection.videoOrientation = .landscapeRight
            case .landscapeRight: connection.videoOrientation = .landscapeLeft
            default: connection.videoOrientation = .portrait
            }
        }
    }

    private static func device(_ device: CameraDevice) -> AVCaptureDevice? {
        AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: device == .rear ? .back : .front)
    }

    private static func flashMode(_ mode: AVCaptureDevice.FlashMode) -> FlashMode? {
        switch mode {
        case .auto: .auto
        case .on: .on
        case .off: .off
        @unknown default: nil
        }
    }

    private static func avFlashMode(_ mode: FlashMode) -> AVCaptureDevice.FlashMode {
        switch mode {
        case .auto: .auto
        case .on: .on
        case .off: .off
        }
    }
}

/// A capture session handed to the session queue.
private struct RunningSession: @unchecked Sendable {
    let session: AVCaptureSession
    init(_ session: AVCaptureSession) { self.session = session }
}

/// Receives one captured photo and resumes the waiting capture.
private final class PhotoDelegate: NSObject, AVCapturePhotoCaptureDelegate, @unchecked Sendable {
    var continuation: CheckedContinuation<any ImageBuffer, any Error>?

    func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?) {
        guard let continuation else { return }
        self.continuation = nil
        if let error {
            continuation.resume(throwing: error)
        } else if let image = photo.cgImageRepresentation() {
            let exif = photo.metadata[kCGImagePropertyOrientation as String] as? Int ?? 1
            continuation.resume(returning: CGImageBuffer(image: image, orientation: ImageOrientation(rawValue: exif) ?? .up))
        } else {
            continuation.resume(throwing: CocoaError(.fileReadCorruptFile))
        }
    }
}
#endif

#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import PickerImaging
import PickerKit
import UIKit

/// A `CameraSession` over AVFoundation: one `AVCaptureSession` with the chosen device's input
/// and a photo output. The coordinator waits out the warm-up before `captureStill`.
@MainActor
public final class AVCameraSession: CameraSession {
    private var session: AVCaptureSession?
    private let output = AVCapturePhotoOutput()

    public init() {}

    public func isAvailable(_ device: CameraDevice) -> Bool {
        Self.device(device) != nil
    }

    public func prepare(_ device: CameraDevice) async throws {
        guard let camera = Self.device(device) else { throw CocoaError(.featureUnsupported) }
        let session = AVCaptureSession()
        session.sessionPreset = .photo
        let input = try AVCaptureDeviceInput(device: camera)
        guard session.canAddInput(input), session.canAddOutput(output) else { throw CocoaError(.featureUnsupported) }
        session.addInput(input)
        session.addOutput(output)
        session.startRunning()
        self.session = session
    }

    public func captureStill(flash: FlashMode) async throws -> any ImageBuffer {
        let settings = AVCapturePhotoSettings()
        settings.flashMode = switch flash {
        case .auto: .auto
        case .on: .on
        case .off: .off
        }
        let delegate = PhotoDelegate()
        return try await withCheckedThrowingContinuation { continuation in
            delegate.continuation = continuation
            output.capturePhoto(with: settings, delegate: delegate)
        }
    }

    public func tearDown() {
        session?.stopRunning()
        session = nil
    }

    private static func device(_ device: CameraDevice) -> AVCaptureDevice? {
        AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: device == .rear ? .back : .front)
    }
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

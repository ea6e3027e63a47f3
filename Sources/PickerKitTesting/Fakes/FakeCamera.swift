import Foundation
import PickerImaging
import PickerKit

/// A camera with scripted devices, session start and captures, recording every call.
///
/// Captures complete at once by default; with ``captureMode`` set to ``FakePhotoSource/LoadMode/manual``
/// they wait for ``completePendingCapture()``. Calls no valid flow makes (capturing on a session
/// that is not prepared, two captures at once, tearing down twice) fail the test.
@MainActor
public final class FakeCamera: CameraSession {
    /// The cameras this device has.
    public var devices: Set<CameraDevice>
    /// The error preparing throws, if any.
    public var prepareFailure: String?
    /// What each capture gives, in order. When empty, captures give ``defaultPhoto``.
    public var captures: [Result<any ImageBuffer, FakePhotoSource.LoadError>] = []
    /// The photo captured when no capture is scripted; with none, a capture fails.
    public var defaultPhoto: (any ImageBuffer)?
    /// When captures complete.
    public var captureMode: FakePhotoSource.LoadMode = .immediate
    /// Whether a capture session runs.
    public private(set) var isRunning = false
    /// Whether it records movies; `true` by default.
    public var canRecordMovies = true
    /// What stopping a recording gives: a file and its length, or a failure message.
    public var recording: Result<Duration, FakePhotoSource.LoadError> = .success(.seconds(5))
    /// Whether a movie is being recorded.
    public private(set) var isRecording = false
    /// The configuration each capture was asked with (``captureStill(flash:configuration:)``), in
    /// order; `nil` for a capture asked without one (``captureStill(flash:)``).
    public private(set) var captureConfigurations: [PickerConfiguration?] = []

    private let transcript: Transcript
    private var capturing = false
    private var pending: CheckedContinuation<Void, Never>?

    /// Creates a camera with both devices that captures `defaultPhoto`.
    public init(transcript: Transcript, devices: Set<CameraDevice> = [.rear, .front], defaultPhoto: (any ImageBuffer)? = nil) {
        self.transcript = transcript
        self.devices = devices
        self.defaultPhoto = defaultPhoto
    }

    public func isAvailable(_ device: CameraDevice) -> Bool {
        devices.contains(device)
    }

    public func prepare(_ device: CameraDevice) async throws {
        transcript.record("camera", "prepare \(device.rawValue)")
        if isRunning { transcript.reportUnexpected("prepare while a session runs") }
        if let prepareFailure { throw FakePhotoSource.LoadError(description: prepareFailure) }
        isRunning = true
    }

    public func captureStill(flash: FlashMode) async throws -> any ImageBuffer {
        try await capture(flash: flash, configuration: nil)
    }

    public func captureStill(flash: FlashMode, configuration: PickerConfiguration) async throws -> any ImageBuffer {
        try await capture(flash: flash, configuration: configuration)
    }

    private func capture(flash: FlashMode, configuration: PickerConfiguration?) async throws -> any ImageBuffer {
        captureConfigurations.append(configuration)
        transcript.record("camera", "capture, flash \(flash.rawValue)")
        if !isRunning { transcript.reportUnexpected("capture without a running session") }
        if capturing { transcript.reportUnexpected("a second capture while one is in flight") }
        capturing = true
        defer { capturing = false }
        if captureMode == .manual {
            await withTaskCancellationHandler {
                await withCheckedContinuation { pending = $0 }
            } onCancel: {
                Task { @MainActor [weak self] in self?.completePendingCapture() }
            }
            try Task.checkCancellation()
            // Torn down while it waited: the capture ends without a photo.
            guard isRunning else { throw FakePhotoSource.LoadError(description: "the camera was torn down during the capture") }
        }
        guard !captures.isEmpty else {
            guard let defaultPhoto else { throw FakePhotoSource.LoadError(description: "no photo scripted") }
            return defaultPhoto
        }
        return try captures.removeFirst().get()
    }

    public func startRecording() async throws {
        transcript.record("camera", "start recording")
        if !isRunning || isRecording { transcript.reportUnexpected("start recording while \(isRecording ? "recording" : "not running")") }
        isRecording = true
    }

    public func stopRecording() async throws -> (url: URL, duration: Duration) {
        transcript.record("camera", "stop recording")
        if !isRecording { transcript.reportUnexpected("stop recording while not recording") }
        isRecording = false
        return (URL(fileURLWithPath: "/tmp/recording.mov"), try recording.get())
    }

    public func tearDown() {
        transcript.record("camera", "tear down")
        if !isRunning { transcript.reportUnexpected("tear down with no session") }
        isRunning = false
        isRecording = false
        // A capture still waiting ends now, as a real camera's does when its session stops.
        completePendingCapture()
    }

    /// Whether a manual capture waits.
    public var hasPendingCapture: Bool { pending != nil }

    /// Lets a waiting manual capture complete.
    public func completePendingCapture() {
        pending?.resume()
        pending = nil
    }
}

import Foundation
import PickerImaging

/// The camera, as the coordinator drives it: prepare a capture session on a device, capture
/// stills, tear it down. On a device this wraps `AVCaptureSession` and a photo output; in tests,
/// `FakeCamera` from PickerKitTesting scripts it.
///
/// The coordinator replaces the system camera's own shutter and edit screen: when the camera
/// screen shows, it prepares this session; on the shutter it waits out the warm-up delay
/// (``CameraSettings/warmUp``) and captures, then pushes its own edit screen.
///
/// ## Implementation requirements
/// - ``prepare(_:)`` starts a session on the device or throws; calling it again after
///   ``tearDown()`` starts a new one.
/// - ``captureStill(flash:configuration:)`` is called only on a prepared session, never twice at
///   once. The picker captures through it, passing the session's configuration (the picker's
///   when the session started), whose ``PickerConfiguration/largestUsefulSide(for:)`` says how
///   large a capture is worth decoding; by default it calls ``captureStill(flash:)``, which
///   decodes the whole photo.
///   (A class that conforms and is subclassed declares it in the base class, for a subclass's
///   override to be the one called.)
/// - ``startRecording()`` and ``stopRecording()`` are called in pairs on a prepared session,
///   and only when ``canRecordMovies`` is `true`; the defaults record nothing.
/// - ``tearDown()`` stops the session (and any recording); it is called once per prepared session.
@MainActor
public protocol CameraSession: AnyObject {
    /// Whether this device has the camera.
    func isAvailable(_ device: CameraDevice) -> Bool
    /// Starts a capture session on `device`.
    func prepare(_ device: CameraDevice) async throws
    /// Captures a still image.
    func captureStill(flash: FlashMode) async throws -> any ImageBuffer
    /// Captures a still image for a picker with `configuration`: decoded no larger than
    /// `configuration.largestUsefulSide(for:)` asks, reporting its full size in
    /// `ImageBuffer.fullResolutionPixelSize` when it is reduced. This is the call the picker makes.
    func captureStill(flash: FlashMode, configuration: PickerConfiguration) async throws -> any ImageBuffer
    /// Whether this session records movies; the camera offers `public.movie` only if it does.
    var canRecordMovies: Bool { get }
    /// Starts recording a movie.
    func startRecording() async throws
    /// Stops recording and returns the movie's file and length.
    func stopRecording() async throws -> (url: URL, duration: Duration)
    /// Stops the session.
    func tearDown()
    /// The flash modes the camera in use supports, for the camera screen's flash menu (a front
    /// camera usually has only `.off`).
    func supportedFlashModes() -> [FlashMode]
}

extension CameraSession {
    /// By default the configuration is not needed: ``captureStill(flash:)``.
    public func captureStill(flash: FlashMode, configuration: PickerConfiguration) async throws -> any ImageBuffer {
        try await captureStill(flash: flash)
    }

    /// By default every mode: the session resolves the one it is asked for
    /// (``FlashMode/resolved(supported:)``).
    public func supportedFlashModes() -> [FlashMode] { FlashMode.allCases }

    /// By default a camera session takes stills only.
    public var canRecordMovies: Bool { false }

    /// By default recording is not supported.
    public func startRecording() async throws {
        throw PickerError.captureFailed("this camera session does not record movies")
    }

    /// By default recording is not supported.
    public func stopRecording() async throws -> (url: URL, duration: Duration) {
        throw PickerError.captureFailed("this camera session does not record movies")
    }
}

/// The camera's flash setting.
public enum FlashMode: String, CaseIterable, Sendable, Codable {
    /// The camera decides.
    case auto
    /// Always fire.
    case on
    /// Never fire.
    case off
}

extension FlashMode {
    /// The mode to ask of a camera that supports `supported`: this one when it is supported,
    /// else off, else the first supported (a camera with no flash, such as most front cameras,
    /// supports only off). Asking an unsupported mode raises in AVFoundation.
    ///
    /// ```swift
    /// FlashMode.on.resolved(supported: [.off])          // .off
    /// FlashMode.auto.resolved(supported: [.off, .auto]) // .auto
    /// ```
    public func resolved(supported: [FlashMode]) -> FlashMode {
        if supported.contains(self) { return self }
        if supported.contains(.off) || supported.isEmpty { return .off }
        return supported[0]
    }
}

/// The camera's settings.
public struct CameraSettings: Sendable, Equatable {
    /// The camera the session starts with; the rear one by default.
    public var device: CameraDevice = .rear
    /// The flash setting the session starts with.
    public var flash: FlashMode = .auto
    /// How long after the capture session starts the first still may be taken: without it,
    /// some devices return a dark frame. 0.75 s by default.
    public var warmUp: Duration = .milliseconds(750)

    /// The defaults: rear camera, automatic flash, 0.75 s warm-up.
    public init() {}
}

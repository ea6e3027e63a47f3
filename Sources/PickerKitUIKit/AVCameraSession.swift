#if canImport(AVFoundation) && canImport(UIKit) && !os(tvOS) && !os(watchOS) && !os(visionOS)
import AVFoundation
import ImageIO
import PickerImaging
import PickerKit
import UIKit

/// A `CameraSession` over AVFoundation: one `AVCaptureSession` for the camera's life, whose
/// input is the camera in use and whose output takes photos.
///
/// - The session is configured, started and stopped on a queue of its own, never on the main
///   thread (starting blocks).
/// - Switching cameras swaps the input of the same session, so every preview layer from
///   ``makePreviewLayer()`` shows the camera in use, turned level with the horizon as the device
///   turns (AVFoundation's rotation coordinator on iOS 17; before it, the device's orientation
///   with its notifications turned on while the camera runs).
/// - A capture checks for an active video connection first (after an interruption there is none,
///   and AVFoundation would raise), finishes exactly once (with the photo, an error, or a
///   cancellation when its task is cancelled or the camera is torn down), and is reduced while it
///   is decoded to what the edit needs, as a picked photo is, reporting its full size.
/// - Interruptions (a call, another app) and runtime errors are observed: a capture under way
///   fails with the reason, and a session reset by the media server is started again.
///
/// The decisions (which flash to ask, which angle is level) are PickerKit's, tested on Linux.
@MainActor
public final class AVCameraSession: CameraSession {
    /// The capture session, for previews (see ``makePreviewLayer()``).
    public let session = AVCaptureSession()
    /// How large a capture made with ``captureStill(flash:)`` is worth decoding. The picker
    /// passes its own configuration with each capture (``captureStill(flash:configuration:)``).
    public var configuration = PickerConfiguration()

    private let output = AVCapturePhotoOutput()
    /// Where the session is configured, started and stopped.
    private let queue = DispatchQueue(label: "PickerKit.AVCameraSession")
    private var input: AVCaptureDeviceInput?
    private var device: CameraDevice?
    private var previews: [WeakPreview] = []
    /// AVFoundation's rotation coordinator (iOS 17), and its observations.
    private var coordinator: AnyObject?
    private var rotationObservations: [NSKeyValueObservation] = []
    /// The device's orientation followed before iOS 17, while its notifications are on.
    private var orientationObservation: OrientationObservation?
    /// The session's interruptions and errors, observed while the camera lives.
    private let sessionObservers = ObserverTokens()
    /// How previews and captures are turned now: the rotation coordinator's angle from iOS 17,
    /// the device's orientation before it.
    private var rotation = Rotation.orientation(.portrait)
    /// Why the camera cannot capture now: interrupted, or failed.
    private var unavailability: String?
    private var capture: PendingCapture?
    private var captures = 0
    /// The camera in use's flash modes, read on the session's queue when it was prepared.
    private var flashModes: [FlashMode] = []

    /// How frames are turned level: by an angle (iOS 17's rotation coordinator), or by a video
    /// orientation (before it, from the device's orientation).
    private enum Rotation {
        case angle(Double)
        case orientation(CaptureVideoOrientation)
    }

    /// The capture in flight: it finishes once, by whichever comes first.
    private struct PendingCapture {
        var id: Int
        var continuation: CheckedContinuation<any ImageBuffer, any Error>
        /// Held until it reports: the photo output holds its delegate weakly.
        var delegate: PhotoCaptureDelegate
    }

    /// Creates a camera; nothing starts until the picker prepares it.
    public init() {}

    // Not `isolated deinit`, which needs iOS 18.4's runtime: a capture under way fails (a
    // continuation resumes from any thread), and the observers end with their holders.
    deinit {
        capture?.continuation.resume(throwing: CameraError.tornDown)
    }

    public func isAvailable(_ device: CameraDevice) -> Bool {
        Self.camera(device) != nil
    }

    // MARK: Preparing

    public func prepare(_ device: CameraDevice) async throws {
        guard let camera = Self.camera(device) else { throw CameraError.unavailable(device) }
        let input = try AVCaptureDeviceInput(device: camera)
        let parts = Unchecked((session, output, input, self.input))
        let flashModes = Box<[FlashMode]>([])
        try await onSessionQueue {
            let (session, output, input, previous) = parts.value
            session.beginConfiguration()
            if let previous { session.removeInput(previous) }
            guard session.canAddInput(input) else {
                if let previous, session.canAddInput(previous) { session.addInput(previous) }
                session.commitConfiguration()
                throw CameraError.configurationFailed("the \(device.rawValue) camera's input cannot be added")
            }
            session.addInput(input)
            if !session.outputs.contains(where: { $0 === output }) {
                guard session.canAddOutput(output) else {
                    session.commitConfiguration()
                    throw CameraError.configurationFailed("the photo output cannot be added")
                }
                session.addOutput(output)
            }
            if session.canSetSessionPreset(.photo) { session.sessionPreset = .photo }
            session.commitConfiguration()
            if !session.isRunning { session.startRunning() }
            guard session.isRunning else { throw CameraError.notRunning }
            flashModes.value = output.supportedFlashModes.compactMap(Self.flashMode)
        }
        self.flashModes = flashModes.value
        self.input = input
        self.device = device
        unavailability = nil
        observeSession()
        follow(camera)
    }

    /// Runs `work` on the session's queue and waits for it.
    private func onSessionQueue(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            queue.async { done.resume(with: Result { try work() }) }
        }
    }

    // MARK: Previews and rotation

    /// A layer showing what the camera sees, for the app's camera screen: it follows camera
    /// switches and stays level with the horizon as the device turns.
    public func makePreviewLayer() -> AVCaptureVideoPreviewLayer {
        let layer = AVCaptureVideoPreviewLayer(session: session)
        previews.removeAll { $0.layer == nil }
        previews.append(WeakPreview(layer: layer))
        if let camera = input?.device, !coordinatorHasPreview { follow(camera) }
        level(layer)
        return layer
    }

    private var coordinatorHasPreview: Bool {
        if #available(iOS 17, macCatalyst 17, *) {
            return (coordinator as? AVCaptureDevice.RotationCoordinator)?.previewLayer != nil
        }
        return true
    }

    /// Keeps the previews, and the angle captures are taken at, level for `camera`.
    private func follow(_ camera: AVCaptureDevice) {
        rotationObservations = []
        if #available(iOS 17, macCatalyst 17, *) {
            let rotation = AVCaptureDevice.RotationCoordinator(device: camera, previewLayer: previews.first { $0.layer != nil }?.layer)
            coordinator = rotation
            rotationObservations = [
                rotation.observe(\.videoRotationAngleForHorizonLevelPreview, options: [.initial, .new]) { [weak self] rotation, _ in
                    let angle = Double(rotation.videoRotationAngleForHorizonLevelPreview)
                    Task { @MainActor in self?.turnPreviews(to: .angle(angle)) }
                }
            ]
        } else if orientationObservation == nil {
            orientationObservation = OrientationObservation { [weak self] in self?.deviceTurned() }
            deviceTurned()
        }
    }

    /// Before iOS 17: the device turned, and with it the video orientation of both cameras.
    private func deviceTurned() {
        let held = DeviceOrientation(rawValue: UIDevice.current.orientation.rawValue) ?? .unknown
        guard let orientation = held.captureVideoOrientation else { return }
        turnPreviews(to: .orientation(orientation))
    }

    private func turnPreviews(to rotation: Rotation) {
        self.rotation = rotation
        for preview in previews { preview.layer.map(level) }
    }

    private func level(_ layer: AVCaptureVideoPreviewLayer) {
        guard let connection = layer.connection else { return }
        Self.turn(connection, to: rotation)
    }

    /// How a capture now is turned level.
    private var captureRotation: Rotation {
        if #available(iOS 17, macCatalyst 17, *), let rotation = coordinator as? AVCaptureDevice.RotationCoordinator {
            return .angle(Double(rotation.videoRotationAngleForHorizonLevelCapture))
        }
        return rotation
    }

    nonisolated private static func turn(_ connection: AVCaptureConnection, to rotation: Rotation) {
        switch rotation {
        case let .angle(angle):
            guard #available(iOS 17, macCatalyst 17, *) else { return }
            if connection.isVideoRotationAngleSupported(CGFloat(angle)) { connection.videoRotationAngle = CGFloat(angle) }
        case let .orientation(orientation):
            // Deprecated from iOS 17, where the angle above takes over; no warning below it.
            if connection.isVideoOrientationSupported, let video = AVCaptureVideoOrientation(rawValue: orientation.rawValue) {
                connection.videoOrientation = video
            }
        }
    }

    // MARK: Capturing

    /// Takes a photo. The connection is checked, the flash chosen, the frame turned level and the
    /// photo asked for on the session's queue, as AVFoundation asks of every session, input and
    /// output call; the photo is decoded off the main actor.
    public func captureStill(flash: FlashMode) async throws -> any ImageBuffer {
        try await captureStill(flash: flash, configuration: configuration)
    }

    /// Takes a photo, as ``captureStill(flash:)`` does, decoded no larger than
    /// `configuration.largestUsefulSide(for:)` asks for the edit; a reduced photo reports its
    /// full size in `fullResolutionPixelSize`. The picker captures through this call.
    public func captureStill(flash: FlashMode, configuration: PickerConfiguration) async throws -> any ImageBuffer {
        guard device != nil else { throw CameraError.notPrepared }
        if let unavailability { throw CameraError.unavailableNow(unavailability) }
        guard capture == nil else { throw CameraError.busy }
        let rotation = captureRotation
        captures += 1
        let id = captures
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let finish: @Sendable (Result<any ImageBuffer, any Error>) -> Void = { [weak self] result in
                    Task { @MainActor in self?.finishCapture(id, result) }
                }
                let delegate = PhotoCaptureDelegate(limit: { configuration.largestUsefulSide(for: $0) }, finish: finish)
                capture = PendingCapture(id: id, continuation: continuation, delegate: delegate)
                let output = Unchecked(output)
                queue.async {
                    let output = output.value
                    guard let connection = output.connection(with: .video), connection.isEnabled, connection.isActive else {
                        return finish(.failure(CameraError.noActiveConnection))
                    }
                    let settings = AVCapturePhotoSettings()
                    settings.flashMode = Self.avFlashMode(flash.resolved(supported: output.supportedFlashModes.compactMap(Self.flashMode)))
                    Self.turn(connection, to: rotation)
                    output.capturePhoto(with: settings, delegate: delegate)
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.finishCapture(id, .failure(CancellationError())) }
        }
    }

    /// Finishes the capture `id` with `result`, if it is the one in flight: whichever of the
    /// photo, a cancellation, an interruption or a teardown comes first.
    private func finishCapture(_ id: Int, _ result: Result<any ImageBuffer, any Error>) {
        guard let pending = capture, pending.id == id else { return }
        capture = nil
        pending.continuation.resume(with: result)
    }

    /// Fails the capture in flight, if any, with `error`.
    private func failCapture(_ error: any Error) {
        if let capture { finishCapture(capture.id, .failure(error)) }
    }

    /// Stops following the device's orientation, if it was followed.
    private func stopFollowingOrientation() {
        orientationObservation?.end()
        orientationObservation = nil
    }

    public func tearDown() {
        failCapture(CameraError.tornDown)
        let running = Unchecked(session)
        queue.async { running.value.stopRunning() }
        device = nil
        rotationObservations = []
        coordinator = nil
        stopFollowingOrientation()
    }

    // MARK: What happens to the session

    private func observeSession() {
        guard sessionObservers.tokens.isEmpty else { return }
        let center = NotificationCenter.default
        sessionObservers.tokens = [
            center.addObserver(forName: .AVCaptureSessionWasInterrupted, object: session, queue: .main) { [weak self] note in
                let code = note.userInfo?[AVCaptureSessionInterruptionReasonKey] as? Int
                MainActor.assumeIsolated { self?.interrupted(code.flatMap(AVCaptureSession.InterruptionReason.init(rawValue:))) }
            },
            center.addObserver(forName: .AVCaptureSessionInterruptionEnded, object: session, queue: .main) { [weak self] _ in
                MainActor.assumeIsolated { self?.unavailability = nil }
            },
            center.addObserver(forName: .AVCaptureSessionRuntimeError, object: session, queue: .main) { [weak self] note in
                let error = note.userInfo?[AVCaptureSessionErrorKey] as? AVError
                MainActor.assumeIsolated { self?.failed(error) }
            },
        ]
    }

    private func interrupted(_ reason: AVCaptureSession.InterruptionReason?) {
        let why = reason.map(Self.describe) ?? "the camera was interrupted"
        unavailability = why
        failCapture(CameraError.unavailableNow(why))
    }

    /// Why the camera stopped, for the person. The reasons are not frozen: iOS 26 added
    /// `sensitiveContentMitigationActivated`, and later systems may add more.
    private static func describe(_ reason: AVCaptureSession.InterruptionReason) -> String {
        switch reason {
        case .videoDeviceNotAvailableInBackground: "the app went to the background"
        case .audioDeviceInUseByAnotherClient, .videoDeviceInUseByAnotherClient: "another app is using the camera"
        case .videoDeviceNotAvailableWithMultipleForegroundApps: "the camera is unavailable with several apps on screen"
        case .videoDeviceNotAvailableDueToSystemPressure: "the device is too hot"
        @unknown default: "the camera was interrupted"
        }
    }

    private func failed(_ error: AVError?) {
        let why = error.map { "the camera failed (AVError \($0.code.rawValue))" } ?? "the camera failed"
        failCapture(CameraError.unavailableNow(why))
        guard error?.code == .mediaServicesWereReset, device != nil else {
            unavailability = why
            return
        }
        // The media server restarted: so does the session.
        let running = Unchecked(session)
        Task { @MainActor [weak self] in
            do {
                try await self?.onSessionQueue {
                    running.value.startRunning()
                    guard running.value.isRunning else { throw CameraError.notRunning }
                }
            } catch {
                self?.unavailability = why
            }
        }
    }

    // MARK: Devices and flash

    /// The flash modes the camera in use supports, for the camera screen's flash menu: none
    /// until the session has a camera. (Read from the photo output on the session's queue when
    /// the camera is prepared.)
    public func supportedFlashModes() -> [FlashMode] {
        device == nil ? [] : flashModes
    }

    private static func camera(_ device: CameraDevice) -> AVCaptureDevice? {
        AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: device == .rear ? .back : .front)
    }

    nonisolated private static func flashMode(_ mode: AVCaptureDevice.FlashMode) -> FlashMode? {
        switch mode {
        case .auto: .auto
        case .on: .on
        case .off: .off
        @unknown default: nil
        }
    }

    nonisolated private static func avFlashMode(_ mode: FlashMode) -> AVCaptureDevice.FlashMode {
        switch mode {
        case .auto: .auto
        case .on: .on
        case .off: .off
        }
    }
}

/// Why an ``AVCameraSession`` could not start or capture.
public enum CameraError: Error, Equatable, Sendable, CustomStringConvertible {
    /// This device has no such camera.
    case unavailable(CameraDevice)
    /// The session could not be configured, for the reason given.
    case configurationFailed(String)
    /// The session did not start (camera access refused, or the camera in use elsewhere).
    case notRunning
    /// A capture was asked of a camera that is not prepared.
    case notPrepared
    /// A capture was asked while one is under way.
    case busy
    /// The camera cannot capture now, for the reason given: an interruption or a failure.
    case unavailableNow(String)
    /// No active video connection: the session is not delivering frames.
    case noActiveConnection
    /// The photo came back without its file.
    case noPhotoData
    /// The camera was torn down while the capture was under way.
    case tornDown

    public var description: String {
        switch self {
        case let .unavailable(device): "this device has no \(device.rawValue) camera"
        case let .configurationFailed(reason): "the capture session could not be configured: \(reason)"
        case .notRunning: "the capture session did not start"
        case .notPrepared: "the camera is not prepared"
        case .busy: "a capture is already under way"
        case let .unavailableNow(reason): reason
        case .noActiveConnection: "the camera is not delivering frames"
        case .noPhotoData: "the photo came back without its data"
        case .tornDown: "the camera was closed during the capture"
        }
    }
}

/// Notification observers, removed when their holder goes (NotificationCenter removes them from
/// any thread).
private final class ObserverTokens: @unchecked Sendable {
    /// Set on the main actor only.
    var tokens: [any NSObjectProtocol] = []

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
    }
}

/// The device's orientation notifications, on while this lives: each change is handed to
/// `turned` on the main actor. Ended by ``end()``, or when released, on the main actor.
private final class OrientationObservation: @unchecked Sendable {
    private let token: any NSObjectProtocol
    /// Read and written on the main actor only (and in deinit, when nothing else holds it).
    private var ended = false

    @MainActor
    init(turned: @escaping @MainActor () -> Void) {
        UIDevice.current.beginGeneratingDeviceOrientationNotifications()
        token = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { turned() }
        }
    }

    @MainActor
    func end() {
        guard !ended else { return }
        ended = true
        NotificationCenter.default.removeObserver(token)
        UIDevice.current.endGeneratingDeviceOrientationNotifications()
    }

    deinit {
        guard !ended else { return }
        NotificationCenter.default.removeObserver(token)
        Task { @MainActor in UIDevice.current.endGeneratingDeviceOrientationNotifications() }
    }
}

/// A preview layer, held weakly: the app's camera screen owns it.
private struct WeakPreview {
    weak var layer: AVCaptureVideoPreviewLayer?
}

/// A value the session's queue sets for the main actor, which reads it once the queue's work
/// has returned.
private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Values handed to the session queue, which only it touches meanwhile.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Receives one captured photo, decodes it off the main actor, and reports it.
private final class PhotoCaptureDelegate: NSObject, AVCapturePhotoCaptureDelegate, @unchecked Sendable {
    let limit: @Sendable (PixelSize) -> Int?
    let finish: @Sendable (Result<any ImageBuffer, any Error>) -> Void

    init(limit: @escaping @Sendable (PixelSize) -> Int?, finish: @escaping @Sendable (Result<any ImageBuffer, any Error>) -> Void) {
        self.limit = limit
        self.finish = finish
    }

    func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?) {
        if let error { return finish(.failure(error)) }
        guard let data = photo.fileDataRepresentation() else { return finish(.failure(CameraError.noPhotoData)) }
        let orientation = (photo.metadata[kCGImagePropertyOrientation as String] as? Int).flatMap(ImageOrientation.init(rawValue:))
        finish(Result { try ImageFileReader.read(data, orientation: orientation, limit: limit) as any ImageBuffer })
    }
}
#endif

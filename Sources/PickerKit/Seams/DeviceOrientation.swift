/// How the device is held, with `UIDeviceOrientation`'s raw values: what the camera turns its
/// captures and preview by, decided here so it is tested on any platform.
///
/// ```swift
/// DeviceOrientation.portrait.captureRotationAngle(for: .rear)        // 90
/// DeviceOrientation.landscapeLeft.captureRotationAngle(for: .front)  // 180
/// DeviceOrientation.faceUp.captureRotationAngle(for: .rear)          // nil: keep the last angle
/// ```
public enum DeviceOrientation: Int, Sendable, CaseIterable {
    /// Not known (orientation notifications are off, or the device has just started).
    case unknown = 0
    /// Upright, the top of the device up.
    case portrait
    /// Upside down.
    case portraitUpsideDown
    /// Turned so that its top is on the left (the side button or home button on the right).
    case landscapeLeft
    /// Turned so that its top is on the right.
    case landscapeRight
    /// Flat, the screen up.
    case faceUp
    /// Flat, the screen down.
    case faceDown

    /// The clockwise angle, in degrees, that turns what `camera`'s sensor sees level with the
    /// horizon for a device held this way (AVFoundation's `videoRotationAngle`); `nil` when the
    /// device lies flat or its orientation is unknown, where the last angle should stay.
    ///
    /// The sensors are mounted landscape: the rear one is level with the device turned left, the
    /// front one, facing the other way, with the device turned right.
    public func captureRotationAngle(for camera: CameraDevice) -> Double? {
        switch self {
        case .portrait: 90
        case .portraitUpsideDown: 270
        case .landscapeLeft: camera == .front ? 180 : 0
        case .landscapeRight: camera == .front ? 0 : 180
        case .unknown, .faceUp, .faceDown: nil
        }
    }
}

extension DeviceOrientation {
    /// How a capture connection turns frames for a device held this way before iOS 17
    /// (AVFoundation's `videoOrientation`, which ``captureRotationAngle(for:)`` replaces from
    /// iOS 17 on); `nil` when the device lies flat or its orientation is unknown, where the last
    /// one should stay.
    ///
    /// It is the same for both cameras: a video orientation names how the device is held, and
    /// AVFoundation accounts for the front sensor's mounting itself. The device turned left (its
    /// top on the left) is the video's `landscapeRight`, as in Apple's AVCam sample.
    ///
    /// ```swift
    /// DeviceOrientation.landscapeLeft.captureVideoOrientation  // .landscapeRight, either camera
    /// ```
    public var captureVideoOrientation: CaptureVideoOrientation? {
        switch self {
        case .portrait: .portrait
        case .portraitUpsideDown: .portraitUpsideDown
        case .landscapeLeft: .landscapeRight
        case .landscapeRight: .landscapeLeft
        case .unknown, .faceUp, .faceDown: nil
        }
    }
}

/// How a capture connection turns its frames before iOS 17, with `AVCaptureVideoOrientation`'s
/// raw values: named for the side the device's home button or bottom edge is on.
public enum CaptureVideoOrientation: Int, Sendable, CaseIterable {
    /// Upright.
    case portrait = 1
    /// Upside down.
    case portraitUpsideDown
    /// Landscape, the bottom edge on the right (the device turned left).
    case landscapeRight
    /// Landscape, the bottom edge on the left (the device turned right).
    case landscapeLeft
}

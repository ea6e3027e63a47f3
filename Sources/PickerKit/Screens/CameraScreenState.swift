/// The camera screen as it is now: the camera in use, what it is doing, and the controls it
/// offers. PickerKit's camera screens draw it; an app's own camera screen can too.
///
/// ```swift
/// if let camera = picker.cameraScreen {
///     status.isHidden = !camera.isStarting
///     for control in camera.controls(flashModes: session.supportedFlashModes()) { … }
/// }
/// ```
public struct CameraScreenState: Sendable, Equatable {
    /// The camera's step: its route, the camera in use, the flash setting, the capture
    /// session's readiness.
    public var step: CameraStep
    /// What it is doing: waiting, taking a photo, recording.
    public var activity: CameraActivity
    /// The cameras the device has.
    public var cameras: Set<CameraDevice>

    /// Creates the state of a camera screen.
    public init(step: CameraStep, activity: CameraActivity, cameras: Set<CameraDevice>) {
        self.step = step
        self.activity = activity
        self.cameras = cameras
    }

    /// Whether the camera offers movies (Record).
    public var offersMovies: Bool { Workflow.offersMovies(step) }

    /// Whether the camera is starting or warming up, so the screen says so: the capture
    /// session is not ready yet, or the shutter waits out the warm-up.
    public var isStarting: Bool {
        switch activity {
        case .capturing(.waitingForCamera), .capturing(.warmingUp), .recording(.waitingForCamera): true
        default: step.readiness == .preparing
        }
    }

    /// The camera screen's controls, leading to trailing: Cancel, the flash menu (only the modes
    /// `flashModes` lists, and only when there is a choice), switching cameras (when the device
    /// has both), the shutter, and Record or Stop when movies are offered.
    ///
    /// While a photo is taken or a movie records, only Cancel (and Stop) can be used; switching
    /// waits for a capture session that is starting.
    ///
    /// - Parameters:
    ///   - flashModes: the modes the camera in use supports (`CameraSession.supportedFlashModes()`).
    ///   - strings: the titles' language.
    public func controls(flashModes: [FlashMode], strings: PickerStrings = PickerStrings()) -> [CameraControl] {
        let idle = activity == .idle
        var controls = [CameraControl(kind: .cancel, title: strings[.cancel], isEnabled: true, action: .cancelTapped, menu: [])]
        let supported = FlashMode.allCases.filter(flashModes.contains)
        if supported.count > 1 {
            let current = step.flash.resolved(supported: supported)
            controls.append(CameraControl(
                kind: .flash, title: strings[.flash], isEnabled: idle, action: nil,
                menu: supported.map { CameraFlashEntry(mode: $0, title: $0.title(in: strings), isSelected: $0 == current) }))
        }
        if cameras.count > 1 {
            controls.append(CameraControl(
                kind: .switchCamera, title: strings[.switchCamera], isEnabled: idle && step.readiness != .preparing,
                action: .cameraSwitched, menu: []))
        }
        controls.append(CameraControl(kind: .shutter, title: strings[.takePhoto], isEnabled: idle, action: .shutterTapped, menu: []))
        if offersMovies {
            if case .recording = activity {
                controls.append(CameraControl(
                    kind: .stop, title: strings[.stopRecording], isEnabled: activity == .recording(.recording), action: .stopTapped, menu: []))
            } else {
                controls.append(CameraControl(kind: .record, title: strings[.record], isEnabled: idle, action: .recordTapped, menu: []))
            }
        }
        return controls
    }
}

/// A control of the camera screen's toolbar (``CameraScreenState/controls(flashModes:strings:)``).
public typealias CameraControl = ToolbarControl<CameraControlKind, CameraFlashEntry>

/// The camera screen's controls, in the order a toolbar shows them.
public enum CameraControlKind: String, Sendable, Equatable, CaseIterable {
    case cancel, flash, switchCamera, shutter, record, stop
}

/// An entry of the camera screen's flash menu.
public struct CameraFlashEntry: ToolbarMenuEntry, Identifiable {
    /// The mode it sets.
    public var mode: FlashMode
    /// Its title: "Auto", "On", "Off".
    public var title: String
    /// Whether the camera uses this mode now (a check mark).
    public var isSelected: Bool
    /// What choosing it sends.
    public var action: UserAction { .flashModeChanged(mode) }
    /// The mode: `"auto"`, `"on"`, `"off"`.
    public var name: String { mode.rawValue }

    public var id: FlashMode { mode }
}

extension FlashMode {
    /// The mode's name in a menu: "Auto", "On", "Off".
    public func title(in strings: PickerStrings) -> String {
        switch self {
        case .auto: strings[.flashAuto]
        case .on: strings[.flashOn]
        case .off: strings[.flashOff]
        }
    }
}

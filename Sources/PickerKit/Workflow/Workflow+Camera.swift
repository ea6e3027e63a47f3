import Foundation
import PickerImaging

extension Workflow {
    /// The camera's controls: the shutter and Record (movies offered) when idle, Stop while
    /// recording, switching cameras when no capture session is starting, the flash at any time.
    mutating func cameraAction(_ action: UserAction, on id: Route.ID, at time: Duration) -> [WorkflowEffect]? {
        guard case let .active(session, .camera(camera, activity)) = state else { return nil }
        switch (activity, action) {
        case (.idle, .shutterTapped):
            return shutter(session, camera, at: time)
        case (.idle, .recordTapped) where Self.offersMovies(camera):
            return record(session, camera)
        case (.idle, .cameraSwitched) where camera.readiness != .preparing:
            return switchCamera(action, on: id, session, camera)
        case (.recording(.recording), .stopTapped):
            state = .active(session, .camera(camera, .recording(.stopping(atMaximum: false))))
            return [.cancelTimer(.recordingLimit), .stopRecording(session: session.id)]
        case (.recording, .stopTapped), (.capturing, .shutterTapped), (.recording, .shutterTapped), (_, .cameraSwitched):
            return ignore(action, id, .busy)
        case (.capturing, .recordTapped), (.recording, .recordTapped):
            return Self.offersMovies(camera) ? ignore(action, id, .busy) : nil
        case let (_, .flashModeChanged(mode)):
            var changed = camera
            changed.flash = mode
            state = .active(session, .camera(changed, activity))
            return [.emit(.cameraChanged(device: camera.device, flash: mode))]
        default:
            return nil
        }
    }

    static func offersMovies(_ camera: CameraStep) -> Bool {
        if case let .camera(_, types) = camera.route.screen { types.contains(.movie) } else { false }
    }

    /// The shutter: the capture session starts if it has not, the rest of the warm-up is
    /// waited out on the picker's clock, then the photo is taken (B3).
    private mutating func shutter(_ session: WorkflowSession, _ camera: CameraStep, at time: Duration) -> [WorkflowEffect] {
        if case let .ready(started) = camera.readiness { return warmUp(session, camera, started: started, now: time) }
        var camera = camera
        let effects = Self.prepare(&camera, session)
        state = .active(session, .camera(camera, .capturing(.waitingForCamera)))
        return effects
    }

    /// Starts the capture session if nothing has started it yet.
    static func prepare(_ camera: inout CameraStep, _ session: WorkflowSession) -> [WorkflowEffect] {
        guard camera.readiness == .idle else { return [] }
        camera.readiness = .preparing
        return [.prepareCamera(camera.device, session: session.id)]
    }

    private mutating func warmUp(_ session: WorkflowSession, _ camera: CameraStep, started: Duration, now: Duration) -> [WorkflowEffect] {
        let remaining = max(.zero, session.configuration.camera.warmUp - (now - started))
        let logged = WorkflowEffect.emit(.captureStarted(warmUp: remaining))
        guard remaining > .zero else {
            state = .active(session, .camera(camera, .capturing(.capturing)))
            return [logged, .captureStill(camera.flash, session: session.id)]
        }
        state = .active(session, .camera(camera, .capturing(.warmingUp)))
        return [logged, .startTimer(.warmUp, remaining, session: session.id)]
    }

    private mutating func record(_ session: WorkflowSession, _ camera: CameraStep) -> [WorkflowEffect] {
        if case .ready = camera.readiness {
            state = .active(session, .camera(camera, .recording(.starting)))
            return [.startRecording(session: session.id)]
        }
        var camera = camera
        let effects = Self.prepare(&camera, session)
        state = .active(session, .camera(camera, .recording(.waitingForCamera)))
        return effects
    }

    /// Switches between the rear and front cameras, restarting the capture session if it ran.
    private mutating func switchCamera(
        _ action: UserAction, on id: Route.ID, _ session: WorkflowSession, _ camera: CameraStep
    ) -> [WorkflowEffect] {
        let other: CameraDevice = camera.device == .rear ? .front : .rear
        guard session.facts.cameras?.contains(other) == true else { return ignore(action, id, .notOffered) }
        var switched = CameraStep(route: camera.route, device: other, flash: camera.flash)
        var effects: [WorkflowEffect] = []
        if case .ready = camera.readiness { effects.append(.tearDownCamera) }
        effects.append(.emit(.cameraChanged(device: other, flash: camera.flash)))
        if camera.readiness != .idle {
            switched.readiness = .preparing
            effects.append(.prepareCamera(other, session: session.id))
        }
        state = .active(session, .camera(switched, .idle))
        return effects
    }

    // MARK: Responses

    /// The capture session started: a shutter or Record waiting for it goes on.
    mutating func cameraReady(_ device: CameraDevice, at time: Duration) -> [WorkflowEffect] {
        guard case .active(let session, .camera(var camera, let activity)) = state,
            camera.device == device, camera.readiness == .preparing
        else { return [] }
        camera.readiness = .ready(at: time)
        let logged = WorkflowEffect.emit(.cameraReady(device))
        switch activity {
        case .capturing(.waitingForCamera):
            return [logged] + warmUp(session, camera, started: time, now: time)
        case .recording(.waitingForCamera):
            state = .active(session, .camera(camera, .recording(.starting)))
            return [logged, .startRecording(session: session.id)]
        default:
            state = .active(session, .camera(camera, activity))
            return [logged]
        }
    }

    /// The capture session could not start: the session ends with that failure.
    mutating func cameraFailed(_ cause: ErrorCause) -> [WorkflowEffect] {
        guard state.cameraBelow?.readiness == .preparing else { return [] }
        return end(.failed(.cameraSessionFailed(cause)))
    }

    mutating func deadline(_ timer: WorkflowTimer) -> [WorkflowEffect] {
        guard case let .active(session, .camera(camera, activity)) = state else { return [] }
        switch (activity, timer) {
        case (.capturing(.warmingUp), .warmUp):
            state = .active(session, .camera(camera, .capturing(.capturing)))
            return [.captureStill(camera.flash, session: session.id)]
        case (.recording(.recording), .recordingLimit):
            state = .active(session, .camera(camera, .recording(.stopping(atMaximum: true))))
            return [.stopRecording(session: session.id)]
        default:
            return []
        }
    }

    /// A photo was taken and goes to the edit screen; a failure keeps the camera open (B3).
    mutating func captured(_ result: Result<any ImageBuffer, PickerError>) -> [WorkflowEffect] {
        guard case let .active(session, .camera(camera, .capturing(.capturing))) = state else { return [] }
        state = .active(session, .camera(camera, .idle))
        switch result {
        case let .success(image):
            return [.emit(.captured(summary: "\(image.displaySize) \(image.orientation)"))]
                + received(image, mediaType: .image, session, on: .camera(camera))
        case let .failure(error):
            return [.emit(.captureFailed(error)), .showAlert(error)]
        }
    }

    mutating func recordingStarted(_ result: Result<Void, PickerError>) -> [WorkflowEffect] {
        guard case let .active(session, .camera(camera, .recording(.starting))) = state else { return [] }
        switch result {
        case .success:
            let maximum = session.configuration.movie.maximumDuration
            state = .active(session, .camera(camera, .recording(.recording)))
            return [.emit(.recordingStarted(maximum: maximum)), .startTimer(.recordingLimit, maximum, session: session.id)]
        case let .failure(error):
            state = .active(session, .camera(camera, .idle))
            return [.emit(.captureFailed(error)), .showAlert(error)]
        }
    }

    /// The recording stopped: its preview opens, with the trim step when editing is on. A
    /// failure leaves the camera open to try again.
    mutating func recordingStopped(_ result: Result<RecordedMovie, PickerError>) -> [WorkflowEffect] {
        guard case let .active(session, .camera(camera, .recording(.stopping(atMaximum)))) = state else { return [] }
        state = .active(session, .camera(camera, .idle))
        switch result {
        case let .success(movie):
            let duration = max(.zero, movie.duration)
            return [.emit(.recordingStopped(file: movie.url.lastPathComponent, duration: duration, atMaximum: atMaximum))]
                + pushPreview(session, on: .camera(camera), url: movie.url, duration: duration, mediaType: .movie)
        case let .failure(error):
            return [.emit(.captureFailed(error)), .showAlert(error)]
        }
    }
}

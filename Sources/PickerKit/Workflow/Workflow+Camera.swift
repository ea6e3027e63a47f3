import PickerImaging

extension Workflow {
    /// The camera's controls: the shutter and Record (movies offered) when idle, Stop while
    /// recording, switching cameras when no capture session is starting, the flash at any time.
    mutating func cameraAction(_ action: UserAction, on id: Route.ID, at time: Duration) -> [WorkflowEffect]? {
        switch (state, action) {
        case let (.camera(session, camera), .shutterTapped):
            return shutter(session, camera, at: time)
        case let (.camera(session, camera), .recordTapped) where Self.offersMovies(camera):
            return record(session, camera)
        case let (.camera(session, camera), .cameraSwitched) where camera.readiness != .preparing:
            return switchCamera(action, on: id, session, camera)
        case let (.recording(session, camera, .recording), .stopTapped):
            state = .recording(session, camera, .stopping(atMaximum: false))
            return [.cancelTimer(.recordingLimit), .stopRecording(session: session.id)]
        case (.recording, .stopTapped), (.capturing, .shutterTapped), (.recording, .shutterTapped),
            (.camera, .cameraSwitched), (.capturing, .cameraSwitched), (.recording, .cameraSwitched):
            return ignore(action, id, .busy)
        case let (.capturing(_, camera, _), .recordTapped), let (.recording(_, camera, _), .recordTapped):
            return Self.offersMovies(camera) ? ignore(action, id, .busy) : nil
        case let (_, .flashModeChanged(mode)):
            return setFlash(mode)
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
        state = .capturing(session, camera, .waitingForCamera)
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
            state = .capturing(session, camera, .capturing)
            return [logged, .captureStill(camera.flash, session: session.id)]
        }
        state = .capturing(session, camera, .warmingUp)
        return [logged, .startTimer(.warmUp, remaining, session: session.id)]
    }

    private mutating func record(_ session: WorkflowSession, _ camera: CameraStep) -> [WorkflowEffect] {
        if case .ready = camera.readiness {
            state = .recording(session, camera, .starting)
            return [.startRecording(session: session.id)]
        }
        var camera = camera
        let effects = Self.prepare(&camera, session)
        state = .recording(session, camera, .waitingForCamera)
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
        state = .camera(session, switched)
        return effects
    }

    private mutating func setFlash(_ mode: FlashMode) -> [WorkflowEffect]? {
        switch state {
        case .camera(let session, var camera):
            camera.flash = mode
            state = .camera(session, camera)
            return [.emit(.cameraChanged(device: camera.device, flash: mode))]
        case .capturing(let session, var camera, let phase):
            camera.flash = mode
            state = .capturing(session, camera, phase)
            return [.emit(.cameraChanged(device: camera.device, flash: mode))]
        case .recording(let session, var camera, let phase):
            camera.flash = mode
            state = .recording(session, camera, phase)
            return [.emit(.cameraChanged(device: camera.device, flash: mode))]
        default:
            return nil
        }
    }

    // MARK: Responses

    /// The capture session started: a shutter or Record waiting for it goes on.
    mutating func cameraReady(_ device: CameraDevice, at time: Duration) -> [WorkflowEffect] {
        let logged = WorkflowEffect.emit(.cameraReady(device))
        switch state {
        case .camera(let session, var camera) where camera.device == device && camera.readiness == .preparing:
            camera.readiness = .ready(at: time)
            state = .camera(session, camera)
            return [logged]
        case .capturing(let session, var camera, .waitingForCamera) where camera.device == device && camera.readiness == .preparing:
            camera.readiness = .ready(at: time)
            return [logged] + warmUp(session, camera, started: time, now: time)
        case .recording(let session, var camera, .waitingForCamera) where camera.device == device && camera.readiness == .preparing:
            camera.readiness = .ready(at: time)
            state = .recording(session, camera, .starting)
            return [logged, .startRecording(session: session.id)]
        default:
            return []
        }
    }

    /// The capture session could not start: the session ends with that failure.
    mutating func cameraFailed(_ reason: String) -> [WorkflowEffect] {
        guard state.cameraBelow?.readiness == .preparing else { return [] }
        return end(.failed(.cameraSessionFailed(reason: reason)))
    }

    mutating func deadline(_ timer: WorkflowTimer) -> [WorkflowEffect] {
        switch (state, timer) {
        case let (.capturing(session, camera, .warmingUp), .warmUp):
            state = .capturing(session, camera, .capturing)
            return [.captureStill(camera.flash, session: session.id)]
        case let (.recording(session, camera, .recording), .recordingLimit):
            state = .recording(session, camera, .stopping(atMaximum: true))
            return [.stopRecording(session: session.id)]
        default:
            return []
        }
    }

    /// A photo was taken and goes to the edit screen; a failure keeps the camera open (B3).
    mutating func captured(_ result: Result<any ImageBuffer, PickerError>) -> [WorkflowEffect] {
        guard case let .capturing(session, camera, .capturing) = state else { return [] }
        state = .camera(session, camera)
        switch result {
        case let .success(image):
            return [.emit(.captured(summary: "\(image.displaySize) \(image.orientation)"))]
                + received(image, mediaType: .image, session, on: .camera(camera))
        case let .failure(error):
            return [.emit(.captureFailed(error)), .showAlert(error)]
        }
    }

    mutating func recordingStarted(_ result: Result<Void, PickerError>) -> [WorkflowEffect] {
        guard case let .recording(session, camera, .starting) = state else { return [] }
        switch result {
        case .success:
            let maximum = session.configuration.movie.maximumDuration
            state = .recording(session, camera, .recording)
            return [.emit(.recordingStarted(maximum: maximum)), .startTimer(.recordingLimit, maximum, session: session.id)]
        case let .failure(error):
            state = .camera(session, camera)
            return [.emit(.captureFailed(error)), .showAlert(error)]
        }
    }

    /// The recording stopped: its preview opens, with the trim step when editing is on. A
    /// failure leaves the camera open to try again.
    mutating func recordingStopped(_ result: Result<RecordedMovie, PickerError>) -> [WorkflowEffect] {
        guard case let .recording(session, camera, .stopping(atMaximum)) = state else { return [] }
        state = .camera(session, camera)
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

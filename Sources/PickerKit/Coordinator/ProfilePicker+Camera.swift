import PickerImaging

extension ProfilePicker {
    /// Starts the capture session once per camera screen: when the navigation proxy reports
    /// the camera shown, or at the shutter if it never did. Its task is the session's to wait on.
    @discardableResult
    func prepareCamera() -> Task<Void, any Error>? {
        guard let number = session?.number, let state = session?.camera, let camera else { return nil }
        if let preparation = state.preparation { return preparation }
        let device = state.device
        let preparation = Task { [weak self] in
            do {
                try await camera.prepare(device)
            } catch {
                guard let self, self.session?.number == number else { throw error }
                self.end(.failed(.cameraSessionFailed(reason: String(describing: error))))
                throw error
            }
            guard let self, self.session?.number == number, self.session?.camera?.device == device else {
                camera.tearDown()  // the session ended, or switched camera, while this one started
                throw CancellationError()
            }
            self.session?.camera?.startedAt = self.clock.now
            self.emit(.cameraReady(device))
        }
        session?.camera?.preparation = preparation
        track(Task { _ = try? await preparation.value })
        return preparation
    }

    /// Takes a photo: waits for the session and the rest of its warm-up, captures, and hands
    /// the image on as a pick. A failure keeps the camera open (B3).
    func shutterTapped() {
        guard let number = session?.number, let camera, let preparation = prepareCamera() else { return }
        session?.phase = .capturing
        let warmUp = configuration.camera.warmUp, clock = self.clock
        track(Task { [weak self] in
            do {
                try await preparation.value
                guard let state = self?.session?.camera, let started = state.startedAt else { return }
                let remaining = max(.zero, warmUp - (clock.now - started))
                self?.emit(.captureStarted(warmUp: remaining))
                if remaining > .zero { try await clock.sleep(for: remaining) }
                guard self?.session?.number == number else { return }
                let image = try await camera.captureStill(flash: state.flash)
                guard let self, self.session?.number == number, self.session?.phase == .capturing else { return }
                self.session?.phase = .active
                self.emit(.captured(summary: "\(image.displaySize) \(image.orientation)"))
                self.received(image, mediaType: .image)
            } catch {
                guard let self, self.session?.number == number, self.session?.phase == .capturing else { return }
                self.session?.phase = .active
                let failure = PickerError.captureFailed(reason: String(describing: error))
                self.emit(.captureFailed(failure))
                self.presenter?.showAlert(for: failure)
            }
        })
    }

    /// Switches between the rear and front cameras, restarting the capture session if it ran.
    func switchCamera(_ action: UserAction, _ route: Route.ID) {
        guard let state = session?.camera, let camera else { return }
        let other: CameraDevice = state.device == .rear ? .front : .rear
        guard camera.isAvailable(other) else {
            return emit(.actionIgnored(action, route: route, reason: .notOffered))
        }
        if state.startedAt != nil { camera.tearDown() }
        session?.camera = Session.Camera(device: other, flash: state.flash)
        emit(.cameraChanged(device: other, flash: state.flash))
        if state.preparation != nil { prepareCamera() }
    }
}

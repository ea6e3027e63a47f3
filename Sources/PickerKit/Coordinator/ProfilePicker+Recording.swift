extension ProfilePicker {
    /// Starts recording a movie; the recording stops by itself at the maximum duration,
    /// measured on the picker's clock.
    func startRecording() {
        guard let number = session?.number, let camera, let preparation = prepareCamera() else { return }
        session?.phase = .recording
        let maximum = configuration.movie.maximumDuration, clock = self.clock
        let recording = Task { [weak self] in
            do {
                try await preparation.value
                guard self?.session?.number == number else { return }
                try await camera.startRecording()
                guard self?.session?.number == number, self?.session?.phase == .recording else { return }
                self?.session?.camera?.isRecording = true
                self?.emit(.recordingStarted(maximum: maximum))
                // Held weakly while it waits: a recording left running does not keep the picker.
                try await clock.sleep(for: maximum)
                guard self?.session?.number == number, self?.session?.camera?.isRecording == true else { return }
                self?.stopRecording(atMaximum: true)
            } catch {
                self?.recordingFailed(error, session: number)
            }
        }
        session?.camera?.recording = recording
        track(recording)
    }

    /// Stops recording and opens the movie's preview, with the trim step when editing is on.
    func stopRecording(atMaximum: Bool) {
        guard let number = session?.number, let camera else { return }
        session?.phase = .capturing
        session?.camera?.isRecording = false
        if !atMaximum { session?.camera?.recording?.cancel() }
        session?.camera?.recording = nil
        track(Task { [weak self] in
            do {
                let (url, duration) = try await camera.stopRecording()
                guard let self, self.session?.number == number, self.session?.phase == .capturing else { return }
                self.session?.phase = .active
                self.emit(.recordingStopped(file: url.lastPathComponent, duration: duration, atMaximum: atMaximum))
                self.pushPreview(url, duration: duration, mediaType: .movie)
            } catch {
                self?.recordingFailed(error, session: number)
            }
        })
    }

    /// A recording that failed leaves the camera open to try again.
    private func recordingFailed(_ error: any Error, session number: Int) {
        // A cancelled recording task was stopped or ended on purpose: not a failure.
        guard !(error is CancellationError), session?.number == number, session?.phase == .recording || session?.phase == .capturing else { return }
        session?.phase = .active
        let failure = error as? PickerError ?? .captureFailed(reason: String(describing: error))
        emit(.captureFailed(failure))
        presenter?.showAlert(for: failure)
    }
}

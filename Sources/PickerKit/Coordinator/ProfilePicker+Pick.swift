extension ProfilePicker {
    /// Runs a whole session and returns its result, or `nil` when the person cancels.
    ///
    /// Needs no delegate; if one is set it still receives the session's one callback.
    /// Cancelling the awaiting task ends the session with a single cancel (the delegate, if
    /// any, hears it; also while access is being asked for) and throws `CancellationError`;
    /// ``cancel()`` makes it return `nil`. A session that stops on an error after it started throws that
    /// ``PickerError``.
    ///
    /// ```swift
    /// if let result = try await picker.pick(.source(.photoLibrary)) {
    ///     avatar = result.image
    /// }
    /// ```
    ///
    /// - Throws: the start errors of the matching entry point, ``PickerError`` after start,
    ///   or `CancellationError`.
    public func pick(_ request: PickRequest, anchor: PopoverAnchor? = nil) async throws -> ProfilePickerResult? {
        try Task.checkCancellation()
        let box = Once<SessionEnd>()
        let session = try await start(request, anchor: anchor, requiresDelegate: false, outcome: box)
        let outcome = await withTaskCancellationHandler {
            await box.value
        } onCancel: {
            Task { @MainActor [weak self] in self?.respond(session, .taskCancelled) }
        }
        switch outcome {
        case let .finished(result): return result
        case .cancelled(.task): throw CancellationError()
        case .cancelled: return nil
        case let .failed(error): throw error
        }
    }
}

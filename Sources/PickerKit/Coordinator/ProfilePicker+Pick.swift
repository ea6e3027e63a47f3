extension ProfilePicker {
    /// Runs a whole session and returns its result, or `nil` when the person cancels.
    ///
    /// Needs no delegate; if one is set it still receives the session's one callback.
    /// Cancelling the awaiting task ends the session with a single cancel and throws
    /// `CancellationError`. A session that stops on an error after it started throws that
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
        let box = OutcomeBox()
        try await start(request, anchor: anchor, requiresDelegate: false, outcome: box)
        guard let number = session?.number else { return try Self.unwrap(await box.value) }
        let outcome = await withTaskCancellationHandler {
            await box.value
        } onCancel: {
            Task { @MainActor [weak self] in
                guard let self, self.session?.number == number else { return }
                self.end(.cancelled(.task))
            }
        }
        return try Self.unwrap(outcome)
    }

    private static func unwrap(_ outcome: Outcome) throws -> ProfilePickerResult? {
        switch outcome {
        case let .finished(result): return result
        case .cancelled(.task): throw CancellationError()
        case .cancelled: return nil
        case let .failed(error): throw error
        }
    }
}

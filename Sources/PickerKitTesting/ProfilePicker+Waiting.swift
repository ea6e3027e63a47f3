import PickerKit

extension ProfilePicker {
    /// What the picker is still doing in the background, for a test to assert on:
    /// `"load of IMG_0003"`, `"the warmUp timer (0.75s)"`, `"a dismissal (animating)"`.
    ///
    /// ```swift
    /// #expect(picker.pendingWork == ["the presentation of #1 (animating)"])
    /// ```
    public var pendingWork: [String] { backgroundWork }

    /// `ProfilePicker.idle(timeout:)`, under the name PickerKitTesting's scenarios use: waits
    /// until the work the picker started in the background has finished, for at most `timeout`
    /// of real time (and at least 2,000 turns of the main actor).
    ///
    /// - Returns: the work still pending when the time ran out (see ``pendingWork``); empty
    ///   when the picker became idle.
    @discardableResult
    public func waitUntilIdle(timeout: Duration = .seconds(5)) async -> [String] {
        await idle(timeout: timeout)
    }
}

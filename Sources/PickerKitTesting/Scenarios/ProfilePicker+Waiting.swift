import PickerKit

extension ProfilePicker {
    /// What the picker is still doing in the background, for a test to assert on:
    /// `"load of IMG_0003"`, `"the warmUp timer (0.75s)"`, `"a dismissal (animating)"`.
    ///
    /// ```swift
    /// #expect(picker.pendingWork == ["the presentation of #1 (animating)"])
    /// ```
    public var pendingWork: [String] { backgroundWork }
}

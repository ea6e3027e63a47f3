import PickerImaging

extension AvatarOutput {
    /// Checks that ``size`` and ``maximumDimension`` are within 1...``largestSide``.
    ///
    /// - Throws: ``PickerError/invalidConfiguration(_:)`` naming the setting.
    public func validate() throws(PickerError) {
        if let problem { throw problem }
    }

    /// The first setting out of range, as ``validate()`` reports it; `nil` when both are in range.
    public var problem: PickerError? {
        if let size, !(1...Self.largestSide).contains(size) {
            return .invalidConfiguration(.outputSize(size))
        }
        guard (1...Self.largestSide).contains(maximumDimension) else {
            return .invalidConfiguration(.outputMaximumDimension(maximumDimension))
        }
        return nil
    }
}

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
        switch sideOutOfRange {
        case nil: nil
        case let (.size, size)?: .invalidConfiguration(.outputSize(size))
        case let (.maximumDimension, side)?: .invalidConfiguration(.outputMaximumDimension(side))
        }
    }
}

/// The error underneath a ``PickerError``: what the photo source or the camera threw, kept
/// whole so the app can inspect it (`cause.error as? MyError`), and compared by what it says
/// so `PickerError` stays `Equatable`.
///
/// ```swift
/// case let .itemLoadFailed(id, cause):
///     if let cloud = cause.error as? CloudError, cloud.isOffline { showOfflineBanner() }
/// ```
public struct ErrorCause: Error, Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The underlying error.
    public let error: any Error

    /// Keeps `error` as a cause. A ``PickerError`` is kept as it is.
    public init(_ error: any Error) {
        self.error = error
    }

    /// A cause that is only a message: for fakes, tests and sources with no error of their own.
    public init(stringLiteral message: String) {
        error = Message(description: message)
    }

    /// What the error says: its own description.
    public var description: String { String(describing: error) }

    /// Two causes are equal when they are errors of the same type that say the same: errors are
    /// not `Equatable` in general, so a cause is compared by its type and as a person reads it.
    /// (Two errors of different types with the same text are different causes.)
    public static func == (a: ErrorCause, b: ErrorCause) -> Bool {
        ObjectIdentifier(type(of: a.error)) == ObjectIdentifier(type(of: b.error)) && a.description == b.description
    }

    /// An error that is only a message.
    public struct Message: Error, Sendable, CustomStringConvertible {
        /// The message.
        public var description: String

        /// An error saying `description`.
        public init(description: String) { self.description = description }
    }
}

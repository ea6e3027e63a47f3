/// A screen on the navigation stack, with an identity that stays the same while it is shown.
///
/// Ids count up from 1 for each picker, so tests can predict them. User actions name the route
/// they came from; an action from a route that is no longer frontmost is ignored.
public struct Route: Identifiable, Sendable, Hashable, CustomStringConvertible {
    /// A route's identity.
    public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The number, from 1.
        public let rawValue: Int
        /// Creates an id from its number.
        public init(_ rawValue: Int) { self.rawValue = rawValue }
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
        /// `"#3"`.
        public var description: String { "#\(rawValue)" }
    }

    /// The route's identity.
    public let id: ID
    /// The screen shown.
    public let screen: Screen

    /// Creates a route.
    public init(id: ID, screen: Screen) {
        self.id = id
        self.screen = screen
    }

    /// `"#2 editor(4032x3024 crop (504,0,3024,3024))"`.
    public var description: String { "\(id) \(screen)" }

    /// Hashes the id, which alone tells routes apart: a `NavigationStack(path:)` of routes needs it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

/// The coordinator's navigation: what is presented and what is pushed on it. Presenters only
/// reflect this value.
public struct NavigationState: Sendable, Equatable {
    /// The presented screen first, then every screen pushed on it; empty when nothing is shown.
    public internal(set) var stack: [Route] = []
    /// Whether the picker's navigation bar is hidden (it is while the edit screen is pushed).
    public internal(set) var isNavigationBarHidden = false

    /// Creates an empty navigation state: nothing presented.
    public init() {}

    /// The frontmost route.
    public var top: Route? { stack.last }
}

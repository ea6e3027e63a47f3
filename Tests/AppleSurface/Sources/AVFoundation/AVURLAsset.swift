import SurfaceDevice

/// Apple (iOS 16.5 SDK): `class AVAnyAsyncProperty : CustomStringConvertible` (iOS 15); later
/// SDKs: `class AVAnyAsyncProperty : Sendable, CustomStringConvertible`.
public class AVAnyAsyncProperty: CustomStringConvertible {
    let name: String
    init(name: String) { self.name = name }
    /// Apple: `var description: String { get }`.
    public var description: String { name }
}

/// Apple: `class AVPartialAsyncProperty<Root> : AVAnyAsyncProperty` (not `Sendable` in the iOS
/// 16.5 SDK; later SDKs inherit `Sendable`).
public class AVPartialAsyncProperty<Root>: AVAnyAsyncProperty {}

/// Apple: `class AVAsyncProperty<Root, Value> : AVPartialAsyncProperty<Root>` (not `Sendable` in
/// the iOS 16.5 SDK; later SDKs inherit `Sendable`).
public class AVAsyncProperty<Root, Value>: AVPartialAsyncProperty<Root> {}

extension AVPartialAsyncProperty where Root: AVAsset {
    /// Apple: `static var duration: AVAsyncProperty<Root, CMTime> { get }`.
    public static var duration: AVAsyncProperty<Root, CMTime> { AVAsyncProperty(name: "duration") }
}

/// Apple: `protocol AVAsynchronousKeyValueLoading`.
public protocol AVAsynchronousKeyValueLoading {}

extension AVAsynchronousKeyValueLoading {
    /// Apple (iOS 16.5 SDK): `func load<T>(_ property: AVAsyncProperty<Self, T>) async throws -> T`
    /// (iOS 15; nonisolated); later SDKs: `func load<T>(_ property: AVAsyncProperty<Self, T>,
    /// isolation: isolated (any Actor)? = #isolation) async throws -> T`.
    public func load<T>(_ property: AVAsyncProperty<Self, T>) async throws -> T {
        guard let asset = self as? AVAsset, property.name == "duration", let value = try asset.readDuration() as? T else {
            throw AVError(.unknown)
        }
        return value
    }
}

/// Apple: `class AVAsset : NSObject` (not `Sendable`: no iOS 16.5 header marks it).
///
/// The surface's movies are text files, `SURFACE-MOVIE <seconds>`: loading the duration of
/// anything else throws, as loading a file that is not a movie does.
open class AVAsset: NSObject, AVAsynchronousKeyValueLoading {
    let file: URL?

    init(file: URL?) {
        self.file = file
        super.init()
    }

    func readDuration() throws -> CMTime {
        guard let url = file, let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix("SURFACE-MOVIE "),
            let seconds = Double(text.dropFirst("SURFACE-MOVIE ".count).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw AVError(.unknown) }
        return CMTime(seconds: seconds, preferredTimescale: 600)
    }
}

/// Apple: `class AVURLAsset : AVAsset` (not `Sendable` in the iOS 16.5 SDK).
open class AVURLAsset: AVAsset {
    /// Apple: `var url: URL { get }`.
    public let url: URL

    /// Apple: `init(url URL: URL, options: [String : Any]? = nil)`.
    public init(url URL: URL, options: [String: Any]? = nil) {
        url = URL
        super.init(file: URL)
    }
}

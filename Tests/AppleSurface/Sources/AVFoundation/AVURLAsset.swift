import SurfaceDevice

/// Apple: `class AVAnyAsyncProperty : Sendable, CustomStringConvertible`.
open class AVAnyAsyncProperty: @unchecked Sendable, CustomStringConvertible {
    let name: String
    init(name: String) { self.name = name }
    /// Apple: `var description: String { get }`.
    public var description: String { name }
}

/// Apple: `class AVPartialAsyncProperty<Root> : AVAnyAsyncProperty`.
open class AVPartialAsyncProperty<Root>: AVAnyAsyncProperty, @unchecked Sendable {}

/// Apple: `class AVAsyncProperty<Root, Value> : AVPartialAsyncProperty<Root>`.
open class AVAsyncProperty<Root, Value>: AVPartialAsyncProperty<Root>, @unchecked Sendable {}

extension AVPartialAsyncProperty where Root: AVAsset {
    /// Apple: `static var duration: AVAsyncProperty<Root, CMTime> { get }`.
    public static var duration: AVAsyncProperty<Root, CMTime> { AVAsyncProperty(name: "duration") }
}

/// Apple: `protocol AVAsynchronousKeyValueLoading`.
public protocol AVAsynchronousKeyValueLoading {}

extension AVAsynchronousKeyValueLoading {
    /// Apple: `func load<T>(_ property: AVAsyncProperty<Self, T>, isolation: isolated (any Actor)? = #isolation) async throws -> T`.
    public func load<T>(_ property: AVAsyncProperty<Self, T>, isolation: isolated (any Actor)? = #isolation) async throws -> T {
        guard let asset = self as? AVAsset, property.name == "duration", let value = try asset.readDuration() as? T else {
            throw AVError(.unknown)
        }
        return value
    }
}

/// Apple: `class AVAsset : NSObject`.
///
/// The surface's movies are text files, `SURFACE-MOVIE <seconds>`: loading the duration of
/// anything else throws, as loading a file that is not a movie does.
open class AVAsset: NSObject, AVAsynchronousKeyValueLoading, @unchecked Sendable {
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

/// Apple: `class AVURLAsset : AVAsset`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// Apple: `var url: URL { get }`.
    public let url: URL

    /// Apple: `init(url URL: URL, options: [String : Any]? = nil)`.
    public init(url URL: URL, options: [String: Any]? = nil) {
        url = URL
        super.init(file: URL)
    }
}

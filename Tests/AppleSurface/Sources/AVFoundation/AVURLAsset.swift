import SurfaceDevice

/// Apple: `class AVPartialAsyncProperty<Root> : NSObject`.
open class AVPartialAsyncProperty<Root>: NSObject, @unchecked Sendable {}

/// Apple: `class AVAsyncProperty<Root, Value> : AVPartialAsyncProperty<Root>`.
open class AVAsyncProperty<Root, Value>: AVPartialAsyncProperty<Root>, @unchecked Sendable {
    let name: String
    init(name: String) {
        self.name = name
        super.init()
    }
}

extension AVPartialAsyncProperty where Root: AVAsset {
    /// Apple: `static var duration: AVAsyncProperty<Root, CMTime> { get }`.
    public static var duration: AVAsyncProperty<Root, CMTime> { AVAsyncProperty(name: "duration") }
}

/// Apple: `protocol AVAsynchronousKeyValueLoading`.
public protocol AVAsynchronousKeyValueLoading {}

extension AVAsynchronousKeyValueLoading {
    /// Apple: `func load<T>(_ property: AVAsyncProperty<Self, T>) async throws -> T`.
    public func load<T>(_ property: AVAsyncProperty<Self, T>) async throws -> T {
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
    let url: URL?

    init(url: URL?) {
        self.url = url
        super.init()
    }

    func readDuration() throws -> CMTime {
        guard let url, let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix("SURFACE-MOVIE "),
            let seconds = Double(text.dropFirst("SURFACE-MOVIE ".count).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw AVError(.unknown) }
        return CMTime(seconds: seconds, preferredTimescale: 600)
    }
}

/// Apple: `class AVURLAsset : AVAsset`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// Apple: `var url: URL { get }`.
    public var assetURL: URL { url ?? URL(fileURLWithPath: "/") }

    /// Apple: `init(url URL: URL, options: [String : Any]? = nil)`.
    public init(url URL: URL, options: [String: Any]? = nil) {
        super.init(url: URL)
    }
}

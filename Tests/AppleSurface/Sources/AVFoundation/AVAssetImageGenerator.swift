import CoreGraphics
import SurfaceDevice

/// Apple: `class AVAssetImageGenerator : NSObject` (not `Sendable` in the iOS 16.4 SDK).
///
/// The surface's movies are text files (``AVAsset``) with no pictures: a frame is a grey image
/// whose level is how far into the movie it is (black at the start, white at the end), 16 by 9
/// within ``maximumSize`` (160 by 90 when that is zero), made off the calling thread as a
/// device makes it. A time past the movie's end gives its last frame. What frames look like,
/// the actual time a device picks within its tolerance, and how long it takes, only a device
/// shows.
open class AVAssetImageGenerator: NSObject {
    /// Apple: `var asset: AVAsset { get }`.
    open var asset: AVAsset { movie }
    /// Apple: `var appliesPreferredTrackTransform: Bool`.
    open var appliesPreferredTrackTransform = false
    /// Apple: `var maximumSize: CGSize`.
    open var maximumSize = CGSize.zero

    private let movie: AVAsset
    private let lock = NSLock()
    private var generation = 0

    /// Apple: `init(asset: AVAsset)`.
    public init(asset: AVAsset) {
        movie = asset
        super.init()
    }

    /// Apple: `func generateCGImageAsynchronously(for requestedTime: CMTime, completionHandler
    /// handler: @escaping @Sendable (CGImage?, CMTime, (any Error)?) -> Void)` (iOS 16; the iOS
    /// 16.4 SDK's handler is not `@Sendable`: the surface takes the stricter one, and the SDK
    /// check the other).
    open func generateCGImageAsynchronously(
        for requestedTime: CMTime, completionHandler handler: @escaping @Sendable (CGImage?, CMTime, (any Error)?) -> Void
    ) {
        let request = Unchecked((asset: movie, size: maximumSize, generation: lock.withLock { generation }, handler: handler, generator: self))
        DispatchQueue.global().async {
            let (asset, size, generation, handler, generator) = request.value
            guard generator.lock.withLock({ generator.generation == generation }) else {
                // Apple: a cancelled request's handler is called with no image; which error, only a device shows.
                return handler(nil, CMTime(value: 0, timescale: 0), AVError(.operationCancelled))
            }
            guard let duration = try? asset.readDuration().seconds else {
                return handler(nil, CMTime(value: 0, timescale: 0), AVError(.unknown))
            }
            let seconds = min(max(0, requestedTime.seconds.isNaN ? 0 : requestedTime.seconds), duration)
            let level = UInt8((duration > 0 ? seconds / duration : 0) * 255)
            let image = Self.frame(level: level, within: size)
            handler(image, CMTime(seconds: seconds, preferredTimescale: 600), image == nil ? AVError(.unknown) : nil)
        }
    }

    /// Apple: `func cancelAllCGImageGeneration()`: requests not yet made end with no image.
    open func cancelAllCGImageGeneration() {
        lock.withLock { generation += 1 }
    }

    /// A grey 16:9 frame within `size`.
    private static func frame(level: UInt8, within size: CGSize) -> CGImage? {
        let box = size.width > 0 && size.height > 0 ? size : CGSize(width: 160, height: 90)
        let scale = min(box.width / 16, box.height / 9)
        let width = max(1, Int(16 * scale)), height = max(1, Int(9 * scale))
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
            let provider = CGDataProvider(data: Data(repeating: level, count: width * height * 3) as NSData)
        else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 24, bytesPerRow: width * 3, space: space,
            bitmapInfo: CGBitmapInfo(rawValue: 0), provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}

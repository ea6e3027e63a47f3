@_spi(Surface) import AppleFoundation
import QuartzCore
import SurfaceDevice

/// Apple: `class AVPlayerItem : NSObject` (not `Sendable` in the iOS 16.4 SDK; later SDKs
/// mark it `@MainActor`, which the surface leaves out so that it type-checks as 16.4 does).
///
/// Where the item is in its movie is the surface's own count, moved by its player's
/// ``AVPlayer/seek(to:)`` and by the surface's ``AVPlayer/surfacePlay(for:)``; frames, buffering
/// and real time only a device shows.
open class AVPlayerItem: NSObject {
    let asset: AVAsset
    fileprivate let lock = NSLock()
    fileprivate var time = CMTime(value: 0, timescale: 600)
    private var endTime = CMTime(value: 0, timescale: 0)

    /// Apple: `convenience init(url URL: URL)`.
    public convenience init(url URL: URL) {
        self.init(asset: AVURLAsset(url: URL))
    }

    /// Apple: `convenience init(asset: AVAsset)`.
    public convenience init(asset: AVAsset) {
        self.init(holding: asset)
    }

    /// Apple's designated initializer is `init(asset:automaticallyLoadedAssetKeys:)`, which
    /// PickerKit does not use.
    init(holding asset: AVAsset) {
        self.asset = asset
        super.init()
    }

    /// Apple: `func currentTime() -> CMTime`.
    open func currentTime() -> CMTime {
        lock.withLock { time }
    }

    /// Apple: `var forwardPlaybackEndTime: CMTime`: where playing forwards stops, or an invalid
    /// time (the default, a timescale of zero) for the item's end.
    open var forwardPlaybackEndTime: CMTime {
        get { lock.withLock { endTime } }
        set { lock.withLock { endTime = newValue } }
    }
}

/// Apple: `class AVPlayer : NSObject` (not `Sendable` in the iOS 16.4 SDK; later SDKs mark it
/// `@MainActor`, which the surface leaves out so that it type-checks as 16.4 does).
///
/// ``play()`` and ``pause()`` set ``rate`` and ``timeControlStatus`` and announce the change to
/// key-value observers, as a device does (a device passes through
/// ``TimeControlStatus/waitingToPlayAtSpecifiedRate`` while it buffers; a local file on the
/// surface plays at once). Time passes only when the surface says so, ``surfacePlay(for:)``:
/// playing stops at the item's ``AVPlayerItem/forwardPlaybackEndTime`` or its end, as on a device.
open class AVPlayer: NSObject {
    /// Apple: `enum TimeControlStatus : Int` (`AVPlayerTimeControlStatus`).
    public enum TimeControlStatus: Int, Sendable {
        case paused = 0, waitingToPlayAtSpecifiedRate, playing
    }

    private let lock = NSLock()
    private let item: AVPlayerItem?
    private var playingRate: Float = 0

    /// Apple: `init(url URL: URL)`.
    public init(url URL: URL) {
        item = AVPlayerItem(url: URL)
        super.init()
    }

    /// Apple: `init(playerItem item: AVPlayerItem?)`.
    public init(playerItem item: AVPlayerItem?) {
        self.item = item
        super.init()
    }

    /// Apple: `var currentItem: AVPlayerItem? { get }`.
    open var currentItem: AVPlayerItem? { item }

    /// Apple: `var rate: Float`.
    open var rate: Float {
        get { lock.withLock { playingRate } }
        set {
            lock.withLock { playingRate = newValue }
            KeyValueChanges.didChange(self)
        }
    }

    /// Apple: `var timeControlStatus: AVPlayer.TimeControlStatus { get }` (key-value observable):
    /// paused at a rate of zero; asked to play with no item, waiting
    /// (`reasonForWaitingToPlay` is `noItemToPlay` on a device); otherwise playing.
    open var timeControlStatus: TimeControlStatus {
        if rate == 0 { return .paused }
        return item == nil ? .waitingToPlayAtSpecifiedRate : .playing
    }

    /// Apple: `func play()`.
    open func play() {
        rate = 1
    }

    /// Apple: `func pause()`.
    open func pause() {
        rate = 0
    }

    /// Apple: `func currentTime() -> CMTime`: its item's.
    open func currentTime() -> CMTime {
        item?.currentTime() ?? CMTime(value: 0, timescale: 0)
    }

    /// Apple: `func seek(to time: CMTime)`: to a time near `time`, which Apple lets the player
    /// choose "for efficiency". The surface's movies have a keyframe every second, and this seek
    /// lands on the one at or before `time`, clamped to the movie.
    open func seek(to time: CMTime) {
        move(to: (time.seconds.isNaN ? 0 : time.seconds).rounded(.down))
    }

    /// Apple: `func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime)`: with
    /// both tolerances zero, exactly to `time`, clamped to the movie; with more, as
    /// ``seek(to:)`` when its keyframe is within them.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) {
        let seconds = time.seconds.isNaN ? 0 : time.seconds
        let keyframe = seconds.rounded(.down)
        move(to: seconds - keyframe <= max(0, toleranceBefore.seconds) ? keyframe : seconds)
    }

    private func move(to seconds: Double) {
        guard let item else { return }
        let duration = (try? item.asset.readDuration().seconds) ?? 0
        item.lock.withLock { item.time = CMTime(seconds: min(max(0, seconds), duration), preferredTimescale: 600) }
    }

    /// Lets `seconds` of playing pass: while it plays, the item's time moves on at ``rate``, and
    /// at the forward end time or the movie's end the player stops there and pauses, which its
    /// observers hear. Not Apple's.
    @_spi(Surface) public func surfacePlay(for seconds: Double) {
        guard let item, rate != 0 else { return }
        let duration = (try? item.asset.readDuration().seconds) ?? 0
        let limit = item.forwardPlaybackEndTime
        let end = limit.timescale == 0 ? duration : min(duration, limit.seconds)
        let reached = item.lock.withLock {
            let next = item.time.seconds + seconds * Double(rate)
            item.time = CMTime(seconds: min(next, end), preferredTimescale: 600)
            return next >= end
        }
        if reached { pause() }
    }
}

/// Apple: `struct AVLayerVideoGravity : Hashable, Equatable, RawRepresentable, Sendable` (a
/// string enum, which Swift imports as `Sendable`).
public struct AVLayerVideoGravity: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    /// Apple: `init(rawValue: String)`.
    public init(rawValue: String) { self.rawValue = rawValue }
    // Not Apple's: a string enum (not an extensible one) has no unlabelled initializer.
    fileprivate init(_ rawValue: String) { self.rawValue = rawValue }
    /// Apple: `static let resize: AVLayerVideoGravity`.
    public static let resize = AVLayerVideoGravity("AVLayerVideoGravityResize")
    /// Apple: `static let resizeAspect: AVLayerVideoGravity`.
    public static let resizeAspect = AVLayerVideoGravity("AVLayerVideoGravityResizeAspect")
    /// Apple: `static let resizeAspectFill: AVLayerVideoGravity`.
    public static let resizeAspectFill = AVLayerVideoGravity("AVLayerVideoGravityResizeAspectFill")
}

/// Apple: `class AVPlayerLayer : CALayer`. What it draws only a device shows.
open class AVPlayerLayer: CALayer {
    /// Apple: `init(player: AVPlayer?)`, imported from the class factory
    /// `playerLayerWithPlayer:`, which a subclass does not inherit; Swift spells such an
    /// initializer `convenience` here.
    public convenience init(player: AVPlayer?) {
        self.init()
        self.player = player
    }

    /// Apple: `override init()`.
    public override init() {
        super.init()
    }

    /// Apple: `var player: AVPlayer?`.
    open var player: AVPlayer?
    /// Apple: `var videoGravity: AVLayerVideoGravity`: `.resizeAspect` by default.
    open var videoGravity = AVLayerVideoGravity.resizeAspect
}

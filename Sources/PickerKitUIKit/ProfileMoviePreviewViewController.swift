#if canImport(AVFoundation) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import AVFoundation
import PickerKit
import UIKit

/// PickerKit's movie preview: the picked or recorded movie, played under the person's control,
/// with a trim bar when editing is on and the toolbar below.
///
/// Everything it shows and does comes from the picker's preview (``PickerKit/ProfilePicker/moviePreview``):
///
/// - the movie plays in an `AVPlayerLayer`; Play plays only the part kept, from its start once
///   it has played through, and shows and reads Pause while it plays (`MoviePlayback`);
/// - with editing on, the trim bar (``MovieTrimBarView``) shows frames of the movie from
///   `AVAssetImageGenerator` under two handles, which a finger drags and VoiceOver adjusts
///   (`MovieTrimBar.accessibilityStep`: a second, less in a short movie), each read as its time;
///   the workflow keeps them at most the maximum duration apart. A handle that moves stops the
///   movie at that handle's frame (an exact seek, not the nearest keyframe). The time kept
///   shows above the bar;
/// - the toolbar is `PreviewStep.controls(strings:isPlaying:)`: Cancel (Retake over the
///   camera), Play and Choose;
/// - while Choose's export runs (``PickerKit/ProfilePicker/movieExporter``), a progress bar shows
///   how far it has come, Choose and the handles are busy, and Cancel stops it;
/// - right to left, the bars lay out from the right and the movie's start is at the trim bar's
///   right end; the movie itself never mirrors.
///
/// It redraws whenever the picker's state changes. ``UIKitPresenter`` and the SwiftUI screens
/// show it for every movie preview unless the app makes its own.
@MainActor
public final class ProfileMoviePreviewViewController: UIViewController {
    /// The preview's route.
    public let route: Route
    /// The picker whose preview this shows; held weakly.
    public private(set) weak var picker: ProfilePicker?
    /// The titles of the controls and VoiceOver's labels and values.
    public var strings: PickerStrings {
        didSet {
            refresh()
            // Right to left, the frames run the other way.
            showThumbnails()
        }
    }

    /// Holds the movie's player layer.
    public let movieView = UIView(frame: .zero)
    /// The trim bar, with editing on.
    public let trimBar = MovieTrimBarView(frame: .zero)
    /// How long the part kept is, above the trim bar.
    public let keptLabel = UILabel(frame: .zero)
    /// How far the export has come, while it runs.
    public let progressView = UIProgressView(progressViewStyle: .default)
    /// The controls, at the bottom of the safe area.
    public let toolbar = UIToolbar(frame: .zero)
    /// The player of the movie shown; made when the view loads.
    public private(set) var player: AVPlayer?

    /// The trim bar's height.
    public static let trimBarHeight: CGFloat = 56

    private let playerLayer = AVPlayerLayer()
    /// Hears the player start and stop.
    private var playing: NSKeyValueObservation?
    /// Whether the movie plays (or waits to), as the player says now.
    private var isPlaying: Bool { player.map { $0.timeControlStatus != .paused } ?? false }
    /// The controls and part kept shown, so unchanged ones are not made again.
    private var shownControls: [MoviePreviewControl]?
    private var shownTrim: ClosedRange<Duration>?
    /// The frames under the track, for the track's width and height last laid out.
    private var thumbnails: (width: CGFloat, height: CGFloat, rightToLeft: Bool, generator: AVAssetImageGenerator)?
    /// Counts the sets of frames asked for: a frame of an earlier set falls out.
    private var thumbnailSets = 0

    /// Creates the preview screen for `route` of `picker`.
    public init(route: Route, picker: ProfilePicker, strings: PickerStrings = PickerStrings()) {
        self.route = route
        self.picker = picker
        self.strings = strings
        super.init(nibName: nil, bundle: nil)
        picker.observeState(self) { [weak self] _ in self?.refresh() }
    }

    public required init?(coder: NSCoder) {
        nil
    }

    /// Off screen, the movie stops.
    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        player?.pause()
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        // Dark whatever the system's appearance, as the system's movie editors are.
        overrideUserInterfaceStyle = .dark
        view.backgroundColor = .black
        keptLabel.font = .preferredFont(forTextStyle: .subheadline)
        keptLabel.adjustsFontForContentSizeCategory = true
        keptLabel.textColor = .white
        keptLabel.textAlignment = .center
        if let preview = shownPreview {
            let player = AVPlayer(url: preview.url)
            self.player = player
            playerLayer.player = player
            playerLayer.videoGravity = .resizeAspect
            playing = Self.observePlaying(player) { [weak self] in
                Task { @MainActor in self?.playingChanged() }
            }
        }
        movieView.layer.addSublayer(playerLayer)
        trimBar.screen = self
        for view in [movieView, keptLabel, trimBar, progressView, toolbar] as [UIView] { self.view.addSubview(view) }
        refresh()
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, safe = view.safeAreaInsets
        let toolbarHeight = ProfileEditViewController.toolbarHeight
        let toolbarTop = bounds.height - safe.bottom - toolbarHeight
        toolbar.frame = CGRect(x: 0, y: toolbarTop, width: bounds.width, height: toolbarHeight)
        let inset = safe.left + 16, width = max(0, bounds.width - safe.left - safe.right - 32)
        let trims = shownPreview?.trim != nil
        let barTop = toolbarTop - (trims ? Self.trimBarHeight + 8 : 0)
        trimBar.frame = CGRect(x: inset, y: barTop, width: width, height: trims ? Self.trimBarHeight : 0)
        // With editing off there is no bar, and no handles for VoiceOver to find.
        trimBar.isHidden = !trims
        keptLabel.isHidden = !trims
        let labelHeight: CGFloat = trims ? 28 : 0
        keptLabel.frame = CGRect(x: inset, y: barTop - labelHeight, width: width, height: labelHeight)
        // In the gap between the trim bar and the toolbar.
        progressView.frame = CGRect(x: inset, y: toolbarTop - 6, width: width, height: 4)
        movieView.frame = CGRect(x: safe.left, y: safe.top, width: bounds.width - safe.left - safe.right, height: max(0, barTop - labelHeight - safe.top))
        playerLayer.frame = movieView.bounds
        refresh()
        showThumbnails()
    }

    /// The preview, while this screen's route is the one shown.
    private var shownPreview: PickerKit.PreviewStep? {
        guard let preview = picker?.moviePreview, preview.route.id == route.id else { return nil }
        return preview
    }

    /// The trim bar for `preview` on the track laid out.
    private func bar(_ preview: PickerKit.PreviewStep) -> MovieTrimBar? {
        guard preview.trim != nil, let picker else { return nil }
        return MovieTrimBar(
            preview, maximum: picker.configuration.movie.maximumDuration, trackWidth: Double(trimBar.trackWidth),
            rightToLeft: strings.language.isRightToLeft)
    }

    // MARK: What the person does

    /// Sends what the person did; Play also plays or pauses the movie.
    func send(_ action: UserAction) {
        if action == .playTapped { play() }
        picker?.send(action, from: route.id)
    }

    /// A finger on the trim bar took hold of `handle` or moved it to `x` on the track.
    func drag(_ handle: MovieTrimBar.Handle, toX x: CGFloat) {
        guard let preview = shownPreview, let bar = bar(preview) else { return }
        send(bar.dragging(handle, toX: Double(x)))
    }

    /// The handle a finger at `x` on the track takes hold of.
    func handle(nearestX x: CGFloat) -> MovieTrimBar.Handle? {
        guard let preview = shownPreview, let bar = bar(preview) else { return nil }
        return bar.handle(nearestX: Double(x))
    }

    /// VoiceOver's increment (`steps` 1) or decrement (-1) on `handle`.
    func adjust(_ handle: MovieTrimBar.Handle, by steps: Int) {
        guard let preview = shownPreview, let bar = bar(preview) else { return }
        send(bar.adjusting(handle, by: steps))
    }

    private func play() {
        guard let player, let preview = shownPreview else { return }
        switch MoviePlayback.play(kept: preview.kept, now: player.currentTime().duration, isPlaying: isPlaying) {
        case .pause:
            player.pause()
        case let .play(from, until):
            player.currentItem?.forwardPlaybackEndTime = CMTime(until)
            if let from { Self.seekExactly(player, to: from) }
            player.play()
        }
    }

    /// The player started or stopped: the toolbar reads Play or Pause as it is now (the
    /// announcements come from other threads, in no promised order, so none is trusted).
    private func playingChanged() {
        refresh()
    }

    /// Calls `changed` whenever `player` starts or stops, on whatever thread the player says so.
    nonisolated private static func observePlaying(
        _ player: AVPlayer, _ changed: @escaping @Sendable () -> Void
    ) -> NSKeyValueObservation {
        player.observe(\.timeControlStatus) { _, _ in changed() }
    }

    // MARK: Drawing

    /// Shows the preview as it is now: the controls, the trim bar, the time kept and the export's
    /// progress.
    private func refresh() {
        guard isViewLoaded, let preview = shownPreview else { return }
        let direction = strings.semanticContentAttribute
        for view in [view, toolbar, keptLabel, trimBar, progressView] as [UIView?] { view?.semanticContentAttribute = direction }
        let controls = preview.controls(strings: strings, isPlaying: isPlaying)
        if controls != shownControls {
            shownControls = controls
            let symbols = [MoviePreviewControlKind.play: isPlaying ? "pause.fill" : "play.fill"]
            toolbar.setItems(PickerToolbar.items(controls, symbols: symbols, strings: strings) { [weak self] in self?.send($0) }, animated: false)
        }
        let exporting = preview.exportProgress != nil
        progressView.isHidden = !exporting
        progressView.setProgress(Float(preview.exportProgress ?? 0), animated: false)
        if let bar = bar(preview) {
            trimBar.show(bar, strings: strings, isBusy: exporting)
            keptLabel.text = bar.kept(strings: strings)
            keptLabel.accessibilityLabel = strings[.trimStart] + " " + bar.accessibilityValue(of: .start, strings: strings)
                + ", " + strings[.trimEnd] + " " + bar.accessibilityValue(of: .end, strings: strings)
            trimmed(to: bar.trim)
        }
    }

    /// The part kept changed: the player stops and shows the frame at the handle that moved, and
    /// will play no further than the part's end.
    private func trimmed(to trim: ClosedRange<Duration>) {
        defer { shownTrim = trim }
        guard let player, let old = shownTrim, let time = MoviePlayback.seek(from: old, to: trim) else { return }
        player.pause()
        player.currentItem?.forwardPlaybackEndTime = CMTime(trim.upperBound)
        Self.seekExactly(player, to: time)
    }

    /// Puts `player` at `time` exactly, not at a keyframe near it (which `seek(to:)` may choose):
    /// the frame at a handle is the frame the part kept starts or ends with.
    private static func seekExactly(_ player: AVPlayer, to time: Duration) {
        player.seek(to: CMTime(time), toleranceBefore: .zero, toleranceAfter: .zero)
    }

    /// Fills the track with frames of the movie, made off the main thread, when its size changed.
    private func showThumbnails() {
        guard let preview = shownPreview, let bar = bar(preview) else { return }
        let width = trimBar.trackWidth, height = trimBar.bounds.height, rightToLeft = bar.isRightToLeft
        guard width > 0, height > 0,
            thumbnails?.width != width || thumbnails?.height != height || thumbnails?.rightToLeft != rightToLeft
        else { return }
        thumbnails?.generator.cancelAllCGImageGeneration()
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: preview.url))
        generator.appliesPreferredTrackTransform = true
        let scale = view.contentScaleFactor
        generator.maximumSize = CGSize(width: height * scale * 2, height: height * scale * 2)
        thumbnails = (width, height, rightToLeft, generator)
        thumbnailSets += 1
        let set = thumbnailSets
        let frames = bar.thumbnails(height: Double(height))
        trimBar.showFrames(frames)
        for (index, frame) in frames.enumerated() {
            Self.generate(generator, at: CMTime(frame.time)) { [weak self] image in
                Task { @MainActor in
                    guard let self, self.thumbnailSets == set, let image else { return }
                    self.trimBar.setFrame(index, image: image.image)
                }
            }
        }
    }

    /// Asks `generator` for the frame at `time`, and hands it (or `nil`) to `made` on whatever
    /// thread AVFoundation calls back on.
    nonisolated private static func generate(
        _ generator: AVAssetImageGenerator, at time: CMTime, _ made: @escaping @Sendable (CGImageBuffer?) -> Void
    ) {
        generator.generateCGImageAsynchronously(for: time) { image, _, _ in
            made(image.map { CGImageBuffer(image: $0, orientation: .up) })
        }
    }
}

/// A movie preview's trim bar: frames of the movie along the track, the parts not kept dimmed,
/// and a handle at each end of the part kept. A finger takes the nearer handle; each handle is
/// an adjustable element for VoiceOver.
@MainActor
public final class MovieTrimBarView: UIView {
    weak var screen: ProfileMoviePreviewViewController?
    /// The handles' width; the track runs between their middles at the bar's ends.
    public static let handleWidth: CGFloat = 16
    /// The start of the part kept.
    public let startHandle = TrimHandleView(.start)
    /// The end of the part kept.
    public let endHandle = TrimHandleView(.end)
    /// The frames of the movie, in track order.
    package private(set) var frameLayers: [CALayer] = []
    /// The parts of the track not kept, dimmed: left and right of the part kept.
    private let dimmedLeft = UIView(frame: .zero), dimmedRight = UIView(frame: .zero)
    private let frames = UIView(frame: .zero)
    private var shown: MovieTrimBar?
    /// The handle a finger holds.
    private var held: MovieTrimBar.Handle?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = true
        frames.isUserInteractionEnabled = false
        for dim in [dimmedLeft, dimmedRight] {
            dim.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 0.6)
            dim.isUserInteractionEnabled = false
        }
        for handle in [startHandle, endHandle] {
            handle.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)
            handle.bar = self
        }
        for view in [frames, dimmedLeft, dimmedRight, startHandle, endHandle] { addSubview(view) }
    }

    public required init?(coder: NSCoder) {
        nil
    }

    /// The track's width: the bar's, less a handle's.
    var trackWidth: CGFloat { max(0, bounds.width - Self.handleWidth) }

    /// Shows `bar`: the handles where it puts them, the parts outside them dimmed, VoiceOver's
    /// labels and values; while an export runs (`isBusy`) fingers do nothing (the workflow
    /// ignores VoiceOver's adjustments then, as busy).
    func show(_ bar: MovieTrimBar, strings: PickerStrings, isBusy: Bool) {
        shown = bar
        let origin = Self.handleWidth / 2, height = bounds.height
        frames.frame = CGRect(x: origin, y: 0, width: trackWidth, height: height)
        for handle in [startHandle, endHandle] {
            let x = origin + CGFloat(bar.x(of: handle.handle))
            handle.frame = CGRect(x: x - Self.handleWidth / 2, y: 0, width: Self.handleWidth, height: height)
            handle.accessibilityLabel = bar.accessibilityLabel(of: handle.handle, strings: strings)
            handle.accessibilityValue = bar.accessibilityValue(of: handle.handle, strings: strings)
        }
        let left = origin + CGFloat(min(bar.x(of: .start), bar.x(of: .end)))
        let right = origin + CGFloat(max(bar.x(of: .start), bar.x(of: .end)))
        dimmedLeft.frame = CGRect(x: origin, y: 0, width: max(0, left - origin), height: height)
        dimmedRight.frame = CGRect(x: right, y: 0, width: max(0, origin + trackWidth - right), height: height)
        isUserInteractionEnabled = !isBusy
    }

    /// Lays out a layer for each of `thumbnails`, its contents to come.
    func showFrames(_ thumbnails: [MovieTrimBar.Thumbnail]) {
        for layer in frameLayers { layer.removeFromSuperlayer() }
        frameLayers = thumbnails.map { thumbnail in
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(thumbnail.x), y: 0, width: CGFloat(thumbnail.width), height: bounds.height)
            layer.contentsGravity = .resizeAspectFill
            layer.masksToBounds = true
            frames.layer.addSublayer(layer)
            return layer
        }
    }

    /// Shows `image` as frame `index`.
    func setFrame(_ index: Int, image: CGImage) {
        guard frameLayers.indices.contains(index) else { return }
        frameLayers[index].contents = image
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let x = trackX(touches) else { return }
        held = screen?.handle(nearestX: x)
        if let held { screen?.drag(held, toX: x) }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let held, let x = trackX(touches) else { return }
        screen?.drag(held, toX: x)
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        held = nil
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        held = nil
    }

    /// Where a touch is on the track, from its left end.
    private func trackX(_ touches: Set<UITouch>) -> CGFloat? {
        touches.first.map { $0.location(in: self).x - Self.handleWidth / 2 }
    }
}

/// One of the trim bar's handles: VoiceOver's adjustable element for its end of the part kept,
/// read as its label ("Trim start") and its time ("0:05"); swiping up moves it later into the
/// movie, down earlier, by `MovieTrimBar.accessibilityStep`.
@MainActor
public final class TrimHandleView: UIView {
    /// Which end it is.
    public let handle: MovieTrimBar.Handle
    weak var bar: MovieTrimBarView?

    init(_ handle: MovieTrimBar.Handle) {
        self.handle = handle
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        isAccessibilityElement = true
        accessibilityTraits = .adjustableHandle
    }

    public required init?(coder: NSCoder) {
        nil
    }

    // VoiceOver calls these on the main thread; see `EditorCanvasView` for why they are nonisolated.

    /// VoiceOver's swipe up: later in the movie.
    public nonisolated override func accessibilityIncrement() {
        MainActor.assumeIsolated { bar?.screen?.adjust(handle, by: 1) }
    }

    /// VoiceOver's swipe down: earlier in the movie.
    public nonisolated override func accessibilityDecrement() {
        MainActor.assumeIsolated { bar?.screen?.adjust(handle, by: -1) }
    }
}

extension CMTime {
    /// `duration` on a timescale of 600 (which frame rates of 24, 25, 30 and 60 divide).
    init(_ duration: Duration) {
        self.init(seconds: duration.timeInterval, preferredTimescale: 600)
    }

    /// The time as a `Duration` in whole milliseconds; zero when it is not a number.
    var duration: Duration {
        seconds.isFinite ? .milliseconds(Int64((seconds * 1000).rounded())) : .zero
    }
}
#endif

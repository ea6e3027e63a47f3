import Foundation

/// The trim bar of a movie's preview, as a screen lays it out: where each handle sits on the
/// track, the action a drag or a VoiceOver adjustment sends, and what VoiceOver reads. A screen
/// draws ``ProfilePicker/moviePreview``'s bar and sends its actions through
/// ``ProfilePicker/send(_:from:)``; the workflow keeps the kept part inside the movie and at most
/// the maximum duration long: the start pushed past the end brings the end along, and the end
/// stops at the maximum after the start.
///
/// Right to left, the movie's start is at the track's right end, as a right-to-left timeline
/// reads.
///
/// ```swift
/// let bar = MovieTrimBar(preview, maximum: picker.configuration.movie.maximumDuration,
///                        trackWidth: 320, rightToLeft: strings.language.isRightToLeft)
/// picker.send(bar.dragging(.start, toX: touchX), from: preview.route.id)
/// ```
public struct MovieTrimBar: Sendable, Equatable {
    /// One of the two handles.
    public enum Handle: Sendable, Equatable, CaseIterable {
        /// The start of the kept part.
        case start
        /// The end of the kept part.
        case end
    }

    /// The movie's length.
    public var duration: Duration
    /// The part kept.
    public var trim: ClosedRange<Duration>
    /// The longest part that may be kept.
    public var maximum: Duration
    /// The track's width, in points; negative or not finite reads as zero.
    public var trackWidth: Double
    /// Whether the track runs right to left.
    public var isRightToLeft: Bool

    /// The bar of `preview` (its trim, or the whole movie when it has none).
    public init(_ preview: PreviewStep, maximum: Duration, trackWidth: Double, rightToLeft: Bool = false) {
        self.init(duration: preview.duration, trim: preview.kept, maximum: maximum, trackWidth: trackWidth, rightToLeft: rightToLeft)
    }

    /// A bar for a movie of `duration` keeping `trim`.
    public init(duration: Duration, trim: ClosedRange<Duration>, maximum: Duration, trackWidth: Double, rightToLeft: Bool = false) {
        self.duration = max(.zero, duration)
        self.trim = trim
        self.maximum = maximum
        self.trackWidth = trackWidth.isFinite ? max(0, trackWidth) : 0
        isRightToLeft = rightToLeft
    }

    /// Where `handle` sits on the track, from its left end, in points.
    public func x(of handle: Handle) -> Double {
        let time = handle == .start ? trim.lowerBound : trim.upperBound
        guard duration > .zero else { return isRightToLeft ? trackWidth : 0 }
        let fraction = min(1, max(0, time / duration))
        return (isRightToLeft ? 1 - fraction : fraction) * trackWidth
    }

    /// The time at `x` points from the track's left end, clamped to the movie; whole
    /// milliseconds.
    public func time(atX x: Double) -> Duration {
        guard trackWidth > 0, x.isFinite, duration > .zero else { return .zero }
        let fraction = min(1, max(0, x / trackWidth))
        let seconds = (isRightToLeft ? 1 - fraction : fraction) * duration.inSeconds
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// What dragging `handle` to `x` sends: the other handle stays where it is (the workflow
    /// then keeps the part inside the movie and the maximum).
    public func dragging(_ handle: Handle, toX x: Double) -> UserAction {
        moving(handle, to: time(atX: x))
    }

    /// The step one VoiceOver increment or decrement moves a handle: a second, or a
    /// twentieth of a movie shorter than 20 s.
    public var accessibilityStep: Duration {
        min(.seconds(1), duration / 20)
    }

    /// What VoiceOver's increment (`steps` 1) or decrement (`steps` -1) on `handle` sends: later
    /// or earlier in the movie, whichever way the track runs.
    public func adjusting(_ handle: Handle, by steps: Int) -> UserAction {
        let time = handle == .start ? trim.lowerBound : trim.upperBound
        return moving(handle, to: min(duration, max(.zero, time + accessibilityStep * steps)))
    }

    /// VoiceOver's value for `handle`: its time, `"0:05"`, in `strings`' digits.
    public func accessibilityValue(of handle: Handle, strings: PickerStrings) -> String {
        Self.clock(handle == .start ? trim.lowerBound : trim.upperBound, strings: strings)
    }

    /// How long the kept part is, as the bar shows it: `"0:20"`.
    public func kept(strings: PickerStrings) -> String {
        Self.clock(trim.upperBound - trim.lowerBound, strings: strings)
    }

    /// `time` as minutes and seconds, `"12:05"`, whole seconds rounded down, in `strings`' digits.
    public static func clock(_ time: Duration, strings: PickerStrings) -> String {
        let seconds = max(0, time.components.seconds)
        let digits = { (number: Int64) in PickerStrings.digits(Int(number), in: strings.locale) }
        return digits(seconds / 60) + ":" + digits(seconds % 60 / 10) + digits(seconds % 10)
    }

    private func moving(_ handle: Handle, to time: Duration) -> UserAction {
        handle == .start ? .trimChanged(start: time, end: trim.upperBound) : .trimChanged(start: trim.lowerBound, end: time)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension MovieTrimBar {
    /// VoiceOver's label for `handle`: "Trim start", "Trim end", in `strings`' language.
    public func accessibilityLabel(of handle: Handle, strings: PickerStrings) -> String {
        strings[handle == .start ? .trimStart : .trimEnd]
    }
}

/// A movie preview's control.
public typealias MoviePreviewControl = ToolbarControl<MoviePreviewControlKind, NoMenuEntry>

/// A movie preview's controls, in the order a toolbar shows them, leading to trailing.
public enum MoviePreviewControlKind: String, Sendable, Equatable, CaseIterable {
    case cancel, play, choose
}

/// The menu entry of a toolbar whose controls have no menus: it has no values.
public enum NoMenuEntry: ToolbarMenuEntry {
    public var title: String { switch self {} }
    public var isSelected: Bool { switch self {} }
    public var action: UserAction { switch self {} }
    public var name: String { switch self {} }
}

extension PreviewStep {
    /// The preview's toolbar: Cancel (Retake over the camera, and Cancel again while an export
    /// runs, which it stops), Play (Pause while the movie plays), and Choose, which is busy
    /// while an export runs.
    public func controls(strings: PickerStrings = PickerStrings(), isPlaying: Bool = false) -> [MoviePreviewControl] {
        let exporting = exportProgress != nil
        let overCamera = !exporting && { if case .camera = root { true } else { false } }()
        return [
            MoviePreviewControl(kind: .cancel, title: strings[overCamera ? .retake : .cancel], isEnabled: true, action: .cancelTapped),
            MoviePreviewControl(kind: .play, title: strings[isPlaying ? .pause : .play], isEnabled: true, action: .playTapped),
            MoviePreviewControl(kind: .choose, title: strings[.choose], isEnabled: !exporting, action: .chooseTapped),
        ]
    }
}

extension MovieTrimBar {
    /// The handle a touch at `x` points from the track's left end takes hold of: the nearer one,
    /// and when both sit at the same place (a kept part too short to tell apart), the one that
    /// can move towards the touch, so a finger can always pull the handles apart.
    public func handle(nearestX x: Double) -> Handle {
        let start = self.x(of: .start), end = self.x(of: .end)
        guard x.isFinite else { return .start }
        if abs(start - end) < 0.5 {
            // Later in the movie is rightwards, or leftwards right to left.
            let later = isRightToLeft ? x < start : x > start
            return later ? .end : .start
        }
        return abs(x - start) <= abs(x - end) ? .start : .end
    }

    /// One frame shown under the track: where it sits and the moment of the movie it shows.
    public struct Thumbnail: Sendable, Equatable {
        /// Its left edge, from the track's left end, in points.
        public var x: Double
        /// Its width, in points.
        public var width: Double
        /// The moment it shows: the movie's time under its middle.
        public var time: Duration
    }

    /// The frames that fill the track, each about `height` points wide (the frames are shown
    /// square, cropped to fill): as many as fit, the last one narrower if the track is not a
    /// whole number of frames, each showing the moment under its middle (so right to left the
    /// first frame of the movie is at the right). None for an empty track, a movie of no length
    /// or a height that is not positive; at most 64, however wide the track.
    public func thumbnails(height: Double) -> [Thumbnail] {
        guard trackWidth > 0, duration > .zero, height.isFinite, height > 0 else { return [] }
        let side = max(height, trackWidth / 64)
        let count = Int((trackWidth / side).rounded(.up))
        return (0..<count).map { index in
            let x = Double(index) * side
            let width = min(side, trackWidth - x)
            return Thumbnail(x: x, width: width, time: time(atX: x + width / 2))
        }
    }
}

/// What a movie preview's player does, decided from the preview's trim: play only the part
/// kept, from its start again once it has played to its end, and show the frame at a handle
/// that moves.
public enum MoviePlayback {
    /// What Play does, with the player at `now` and playing or not.
    public enum Command: Sendable, Equatable {
        /// Pause where it is.
        case pause
        /// Play from where it is, or first go to `from`; stop at `until`.
        case play(from: Duration?, until: Duration)
    }

    /// How near the part's end a stopped player counts as played through: a player may stop a
    /// frame short of the end it was given (a frame at 24 frames a second is 42 ms).
    public static let endTolerance = Duration.milliseconds(50)

    /// Play's command: pause while playing; otherwise play the part kept, from where the player
    /// is when that is inside it and short of its end (by more than ``endTolerance``), or else
    /// from its start.
    public static func play(kept: ClosedRange<Duration>, now: Duration, isPlaying: Bool) -> Command {
        if isPlaying { return .pause }
        let inside = now >= kept.lowerBound && now < kept.upperBound - endTolerance
        return .play(from: inside ? nil : kept.lowerBound, until: kept.upperBound)
    }

    /// Where the player goes when the part kept changes from `old` to `new`: to the handle that
    /// moved (the start when both did), so the person sees the frame they trim at; `nil` when
    /// nothing moved.
    public static func seek(from old: ClosedRange<Duration>, to new: ClosedRange<Duration>) -> Duration? {
        if new.lowerBound != old.lowerBound { return new.lowerBound }
        if new.upperBound != old.upperBound { return new.upperBound }
        return nil
    }
}

import PickerKit

/// The animation system, as UIKit's is: it holds the completion of each presentation and
/// dismissal it runs and calls it when the animation ends, whether or not the presenter that
/// started it is still there. Give one to a ``FakePresenter`` (``FakePresenter/animations``) to
/// test what a host sees when it releases its presenter mid-animation.
///
/// ```swift
/// let animations = FakeAnimations()
/// presenter.animations = animations
/// try picker.edit(photo)          // the presentation animates
/// presenter = nil                 // the host lets go of its screen
/// animations.finish()             // the animation ends: the picker goes on
/// ```
@MainActor
public final class FakeAnimations {
    private var running: [@MainActor () -> Void] = []

    /// Creates an animation system with nothing running.
    public init() {}

    /// How many animations are running: completions held, not yet called.
    public var count: Int { running.count }

    /// Holds `completion` until the animation ends.
    public func run(_ completion: @escaping @MainActor () -> Void) {
        running.append(completion)
    }

    /// Ends every running animation, in the order they started, calling each completion once.
    public func finish() {
        let ended = running
        running = []
        for completion in ended { completion() }
    }

    /// Drops every running animation without calling its completion, as a window torn down
    /// mid-animation does: the picker hears each completion released uncalled.
    public func drop() {
        running = []
    }
}

import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting

/// How long Choose holds the main actor on a 12 MP photo (4032x3024, the default crop of its
/// full height to a 1024² circle). A heartbeat on the main actor notes, between two of its
/// turns, the wall-clock gap and the main thread's own CPU time (what the main actor computed,
/// without the time the system gave other threads): rendering on the main actor, as Choose did
/// before it moved off it, the longest gap is the render; off it, the longest other step.
@MainActor
enum ChooseBench {
    static let rounds = 15

    /// The longest gap between the heartbeat's turns: in wall time, and in main-thread CPU time.
    struct Span {
        var wall = Duration.zero
        var cpu = Duration.zero
    }

    static func run() async throws -> [String] {
        var photo = try PixelBuffer(width: 4032, height: 3024)
        for y in 0..<3024 {
            for x in 0..<4032 { photo[x, y] = RGBA(UInt8(x & 255), UInt8(y & 255), UInt8((x + y) & 255)) }
        }
        var configuration = PickerConfiguration()
        configuration.output.size = 1024
        configuration.output.mask = .circle
        configuration.animated = false
        var before: [Span] = [], after: [Span] = []
        for _ in 0..<rounds {
            // Before: the render as one job of the main actor, as the runner performed it.
            let edit = EditSession(geometry: try EditorGeometry(imageSize: photo.displaySize), output: configuration.output)
            before.append(try await longestSpan { _ = try? edit.apply(to: photo) })
            // Now: the real picker, Choose tapped, until the delegate has the avatar.
            let scenario = PickerScenario(configuration: configuration, exhaustivity: .off)
            try scenario.picker.edit(photo)
            after.append(try await longestSpan { scenario.user.tapChoose() } until: { scenario.delegate.lastResult != nil })
        }
        func median(_ values: [Duration]) -> String {
            let ms = values.sorted()[values.count / 2] / .milliseconds(1)
            return String(format: "%.2f ms", ms)
        }
        return [
            "Choose on a 12 MP photo (4032x3024, its full height to a 1024x1024 circle), median of \(rounds):",
            "  rendering on the main actor: the main actor is held \(median(before.map(\.wall))) (main thread CPU \(median(before.map(\.cpu))))",
            "  rendering off it (PickerKit): the longest gap is \(median(after.map(\.wall))), main thread CPU \(median(after.map(\.cpu)))",
        ]
    }

    /// The main thread's CPU time so far.
    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Runs `work` on the main actor while a heartbeat there notes the longest gap between its
    /// turns, until `done` holds (at once by default).
    static func longestSpan(_ work: @escaping @MainActor () -> Void, until done: @escaping @MainActor () -> Bool = { true }) async throws -> Span {
        let clock = ContinuousClock()
        let state = Heartbeat()
        let heartbeat = Task { @MainActor in
            var last = (clock.now, threadCPUTime())
            while !state.finished {
                await Task.yield()
                let now = (clock.now, threadCPUTime())
                state.longest.wall = max(state.longest.wall, now.0 - last.0)
                state.longest.cpu = max(state.longest.cpu, now.1 - last.1)
                last = now
            }
        }
        await Task.yield()
        work()
        while !done() { try await Task.sleep(for: .microseconds(200)) }
        // One more beat, so the job that finished the work is counted.
        await Task.yield()
        await Task.yield()
        state.finished = true
        await heartbeat.value
        return state.longest
    }

    @MainActor
    final class Heartbeat {
        var finished = false
        var longest = Span()
    }
}

@testable import PickerKit
import Testing

/// The runner's record of its background tasks, as a value: ids in order, what a session's end
/// stops, and what cancelling a timer touches.
@MainActor
@Suite("The runner's background work")
struct SessionWorkTests {
    /// A task that runs until it is cancelled, and a flag that says when it was.
    final class Probe {
        var cancelled = false
    }

    static func waitingTask(_ probe: Probe) -> Task<Void, Never> {
        Task { @MainActor in
            while !Task.isCancelled { await Task.yield() }
            probe.cancelled = true
        }
    }

    /// Lets the probes' tasks notice a cancellation.
    static func settle() async {
        for _ in 0..<50 { await Task.yield() }
    }

    @Test("a session's end cancels and forgets its tasks and timers, and only its own")
    func stoppingASessionStopsOnlyItsWork() async {
        var work = SessionWork()
        let probes = (0..<4).map { _ in Probe() }
        let plan: [(session: Int, what: String, timer: WorkflowTimer?)] = [
            (1, "load of IMG_1", nil), (2, "load of IMG_2", nil), (1, "the warmUp timer (0.75s)", .warmUp),
            (2, "the recordingLimit timer (600s)", .recordingLimit),
        ]
        for (probe, step) in zip(probes, plan) {
            let id = work.nextID()
            work.add(id, session: step.session, what: step.what, task: Self.waitingTask(probe), timer: step.timer)
        }
        #expect(work.items.map(\.id) == [1, 2, 3, 4])
        #expect(work.timers == [.warmUp: 3, .recordingLimit: 4])
        work.stop(1)
        #expect(work.descriptions == ["load of IMG_2", "the recordingLimit timer (600s)"])
        #expect(work.timers == [.recordingLimit: 4])
        await Self.settle()
        #expect(probes.map(\.cancelled) == [true, false, true, false])
        work.stop(2)
        #expect(work.isEmpty && work.timers.isEmpty)
        await Self.settle()
        #expect(probes.map(\.cancelled) == [true, true, true, true])
        // Ids go on from the last, so an old task's end never forgets a new one.
        #expect(work.nextID() == 5)
    }

    @Test("cancelling a timer cancels its task alone, which is forgotten when it ends")
    func cancellingATimer() async {
        var work = SessionWork()
        let load = Probe(), timer = Probe()
        work.add(work.nextID(), session: 1, what: "load of IMG_1", task: Self.waitingTask(load))
        work.add(work.nextID(), session: 1, what: "the warmUp timer (0.75s)", task: Self.waitingTask(timer), timer: .warmUp)
        work.cancel(.recordingLimit)  // not running: nothing happens
        work.cancel(.warmUp)
        #expect(work.timers.isEmpty)
        #expect(work.descriptions == ["load of IMG_1", "the warmUp timer (0.75s)"])
        await Self.settle()
        #expect((load.cancelled, timer.cancelled) == (false, true))
        work.remove(2)
        #expect(work.descriptions == ["load of IMG_1"])
        work.remove(7)  // unknown: nothing happens
        #expect(work.items.map(\.id) == [1])
        work.stop(1)
        await Self.settle()
        #expect(load.cancelled)
    }

    @Test("actions sent while effects are performed wait for the outermost dispatch, in order")
    func heldActions() {
        var dispatches = HeldActions()
        #expect(dispatches.isSettled)
        #expect(dispatches.dueNow(.hostCancelled) == .hostCancelled, "nothing in progress: now")
        dispatches.enter()
        dispatches.enter()
        #expect(dispatches.dueNow(.presenterGone) == nil)
        #expect(dispatches.dueNow(.delegateGone) == nil)
        #expect(dispatches.held == [.presenterGone, .delegateGone])
        dispatches.leave()
        #expect(dispatches.next() == nil, "the outer dispatch is still performing its effects")
        #expect(!dispatches.isSettled)
        dispatches.leave()
        #expect(dispatches.next() == .presenterGone)
        // The held action's own dispatch holds what it sends, behind what was held before.
        dispatches.enter()
        #expect(dispatches.dueNow(.hostCancelled) == nil)
        dispatches.leave()
        #expect(dispatches.next() == .delegateGone)
        #expect(dispatches.next() == .hostCancelled)
        #expect(dispatches.next() == nil)
        #expect(dispatches.isSettled && dispatches.depth == 0)
    }
}

import Foundation

/// The tasks the runner has started for its sessions, in the order started, and which of them
/// are the workflow's timers: what stops when a session ends, and what
/// ``ProfilePicker/idle(timeout:)`` waits for.
@MainActor
struct SessionWork {
    /// One task: its id, the session it belongs to, and what it is, as ``descriptions`` says it.
    struct Item {
        var id: Int
        var session: Int
        var what: String
        var task: Task<Void, Never>
    }

    /// The running tasks, oldest first.
    private(set) var items: [Item] = []
    /// The id the last task took.
    private var lastID = 0
    /// The running timers' task ids.
    private(set) var timers: [WorkflowTimer: Int] = [:]
    /// The same tasks, where the picker's deinit can cancel them.
    let running: RunningWork

    /// Work with nothing running; its tasks are also held by `running`.
    init(running: RunningWork = RunningWork()) {
        self.running = running
    }

    /// Whether no task is running.
    var isEmpty: Bool { items.isEmpty }

    /// What each running task is, oldest first (`"load of IMG_0003"`).
    var descriptions: [String] { items.map(\.what) }

    /// A fresh id for a task about to start, which its ``add(_:session:what:task:)`` gives.
    mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }

    /// Records a started task of `session`'s; as `timer`, when it is one.
    mutating func add(_ id: Int, session: Int, what: String, task: Task<Void, Never>, timer: WorkflowTimer? = nil) {
        items.append(Item(id: id, session: session, what: what, task: task))
        running.hold(id, task)
        if let timer { timers[timer] = id }
    }

    /// Forgets a task that has ended.
    mutating func remove(_ id: Int) {
        items.removeAll { $0.id == id }
        running.release(id)
    }

    /// Cancels `timer`'s task, if it runs; it is forgotten when it ends.
    mutating func cancel(_ timer: WorkflowTimer) {
        guard let id = timers.removeValue(forKey: timer) else { return }
        items.first { $0.id == id }?.task.cancel()
    }

    /// Cancels and forgets every task of `session`'s, its timers among them.
    mutating func stop(_ session: Int) {
        let stopped = Set(items.filter { $0.session == session }.map(\.id))
        for item in items where stopped.contains(item.id) { item.task.cancel() }
        items.removeAll { stopped.contains($0.id) }
        for id in stopped { running.release(id) }
        timers = timers.filter { !stopped.contains($0.value) }
    }
}

/// The task of the movie export running, held where the picker's deinit, which runs off the
/// main actor, can cancel it.
final class RunningExport: @unchecked Sendable {
    // Guards `task`: set on the main actor, cancelled there or from the picker's deinit.
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    /// Holds `task`, the export just started (an earlier one has ended or been cancelled).
    func hold(_ task: Task<Void, Never>) {
        lock.withLock { self.task = task }
    }

    /// Cancels the export held, if it still runs.
    func cancel() {
        lock.withLock { task }?.cancel()
    }
}

/// The tasks running for the picker's sessions, held where the picker's deinit, which runs off
/// the main actor, can cancel them: a task waiting on a clock the app also lets go of (a timer on
/// a test's `ManualClock`) would otherwise wait, and be kept, for ever.
final class RunningWork: @unchecked Sendable {
    // Guards `tasks`: added and removed on the main actor, cancelled from the picker's deinit.
    private let lock = NSLock()
    private var tasks: [Int: Task<Void, Never>] = [:]

    /// Holds `task`, whose id is `id`, while it runs.
    func hold(_ id: Int, _ task: Task<Void, Never>) {
        lock.withLock { tasks[id] = task }
    }

    /// Forgets the task `id`, which has ended.
    func release(_ id: Int) {
        _ = lock.withLock { tasks.removeValue(forKey: id) }
    }

    /// Cancels every task still running.
    func cancelAll() {
        for task in lock.withLock({ Array(tasks.values) }) { task.cancel() }
    }
}

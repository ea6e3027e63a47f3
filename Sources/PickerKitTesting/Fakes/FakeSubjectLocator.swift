import Foundation
import PickerImaging
import PickerKit

/// A subject locator that answers what the test says: these regions, or this failure, for
/// any photo. It counts the photos it was asked about and, held, answers only once released,
/// so a test sees the edit screen waiting to be framed.
///
/// ```swift
/// let face = SubjectRegion(kind: .face, box: PixelRect(x: 2600, y: 700, width: 600, height: 760), confidence: 0.9)
/// scenario.picker.subjectLocator = FakeSubjectLocator(regions: [face])
/// scenario.picker.configuration.editor.initialFraming = .subject
/// ```
public final class FakeSubjectLocator: SubjectLocator, @unchecked Sendable {
    /// What every question is answered with.
    public let answer: Result<[SubjectRegion], ErrorCause>
    // Guarded by `lock`.
    private var asked: [PixelSize] = []
    private var held: Bool
    private var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]
    private let lock = NSLock()

    /// A locator that finds `regions` in every photo; `held`, only once ``release()`` is called.
    public init(regions: [SubjectRegion], held: Bool = false) {
        answer = .success(regions)
        self.held = held
    }

    /// A locator that fails with `error` for every photo.
    public init(failing error: any Error) {
        answer = .failure(ErrorCause(error))
        held = false
    }

    /// The sizes of the photos asked about (display orientation), in order.
    public var requests: [PixelSize] { lock.withLock { asked } }

    /// Lets the questions waiting (and those to come) be answered.
    public func release() {
        let released = lock.withLock {
            held = false
            defer { waiting = [:] }
            return Array(waiting.values)
        }
        for continuation in released { continuation.resume() }
    }

    /// The regions (or the failure); a held locator waits for ``release()`` or the task's
    /// cancellation first.
    ///
    /// - Throws: `CancellationError` when the task is cancelled; the failure it was made with.
    public func regions(in image: any ImageBuffer) async throws -> [SubjectRegion] {
        lock.withLock { asked.append(image.displaySize) }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = lock.withLock {
                    guard held, !Task.isCancelled else { return true }
                    waiting[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { waiting.removeValue(forKey: id) }?.resume()
        }
        try Task.checkCancellation()
        return try answer.get()
    }
}

import Foundation
import PickerImaging
import PickerKit

/// A subject locator that answers what the test says: these regions, or this failure, for
/// any photo. It counts the photos it was asked about.
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
    private let lock = NSLock()

    /// A locator that finds `regions` in every photo.
    public init(regions: [SubjectRegion]) {
        answer = .success(regions)
    }

    /// A locator that fails with `error` for every photo.
    public init(failing error: any Error) {
        answer = .failure(ErrorCause(error))
    }

    /// The sizes of the photos asked about (display orientation), in order.
    public var requests: [PixelSize] { lock.withLock { asked } }

    public func regions(in image: any ImageBuffer) async throws -> [SubjectRegion] {
        lock.withLock { asked.append(image.displaySize) }
        try Task.checkCancellation()
        return try answer.get()
    }
}

import PickerImaging

// What PickerKit's editor tells the tests and benches that ask, in one place, as PickerImaging's
// Instrumentation.swift does.

/// The pixel work the edit screen's pictures did (a frame rendered by ``EditorRenderer``, a
/// copy reduced by ``EditorPreview``), counted where a test or a bench asks:
/// `EditorPixelWork.count.withValue(counter) { … }` counts what runs inside, and in the tasks
/// that inherit its task-locals, not in detached ones. Wrapped around a screen's touch
/// handling, which runs on the main thread, it counts the pixel work each move does there: a
/// screen that moves layers does none.
package enum EditorPixelWork {
    package static let count = TaskLocal<Counter?>(wrappedValue: nil)

    /// A count shared by the tasks of one measurement.
    package typealias Counter = WorkCounter

    /// Counts one pixel operation, when a count is asked for.
    static func note() {
        count.get()?.add()
    }
}

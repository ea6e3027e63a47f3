import PickerImaging

// What PickerCodecs' work tells the tests and benches that ask, in one place, as PickerImaging's
// Instrumentation.swift does (the JPEG decoder's own test settings are its `package` properties).

/// How many times photo files are decoded for rendering, counted where a test asks
/// (`FileDecodes.count.withValue(counter) { … }`): one file, one decode, whatever the sizes.
package enum FileDecodes {
    package static let count = TaskLocal<Counter?>(wrappedValue: nil)

    /// A count shared by the tasks of one test.
    package typealias Counter = WorkCounter
}

import PickerImaging

// What PickerCodecs' work tells the tests and benches that ask, and the settings they change,
// in one place, as PickerImaging's Instrumentation.swift does.

/// How many times photo files are decoded for rendering, counted where a test asks
/// (`FileDecodes.count.withValue(counter) { … }`): one file, one decode, whatever the sizes.
package enum FileDecodes {
    package static let count = TaskLocal<Counter?>(wrappedValue: nil)

    /// A count shared by the tasks of one test.
    package typealias Counter = WorkCounter
}

/// The JPEG decoder's settings that tests and fuzzers change to reach its threaded paths on
/// small files (a decoder's `hooks`); the defaults are what every decode uses.
package struct JPEGTestHooks: Sendable {
    /// The smallest region (pixels at the decode's scale) decoded on two threads; tests lower it
    /// to run the row pipeline on small files.
    package var pipelineArea = JPEGRowPipeline.smallestArea
    /// Which scan (from 0), of the `scans` the headers ahead count, a progressive decode on two
    /// threads transforms as it decodes: the last. Tests pick an earlier one, to check that a
    /// scan after it makes the decode transform everything again after its scans.
    package var overlappedScan: @Sendable (_ scans: Int) -> Int = { $0 - 1 }
    /// Whether the last scan's decoding waits for each row of units to be transformed before it
    /// decodes the next (tests: every row then changes hands while the scan goes on).
    package var lastScanLockstep = false
    /// Told of the scan (from 0) a progressive decode transforms as it decodes, when it starts.
    package var overlapStarted: (@Sendable (_ scan: Int) -> Void)?

    /// The decode's own settings.
    package init() {}
}

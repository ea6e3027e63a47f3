import Foundation
import PickerImaging
import PickerCodecs

#if canImport(Testing)
import Testing
#endif

/// Snapshot testing for renderings: compares an image with a reference PNG stored beside the
/// test file, in `__Snapshots__/<TestFile>/<name>.png` (text, such as a transcript or what a
/// screen says in a language, with a reference `<name>.txt`).
///
/// - A missing reference is written, and the test fails once so the new file is looked at.
/// - Record mode (`record: true`, or the environment variable `PICKERKIT_RECORD_SNAPSHOTS=1`)
///   rewrites references.
/// - A mismatch fails the test with a readable account and writes `<name>.actual.png` and
///   `<name>.diff.png` beside the reference: the difference image shows the reference dimmed
///   with every pixel over the tolerance in red.
///
/// ```swift
/// let screen = try EditorRenderer(scale: 1).render(editor, image: photo)
/// assertSnapshot(screen, named: "editor-initial")
/// ```
public enum Snapshot {
    /// How an image compared with its reference.
    public struct Comparison: Sendable, Equatable {
        /// Pixels whose largest channel difference is over the tolerance.
        public var differingPixels: Int
        /// The largest channel difference anywhere.
        public var maximumDifference: Int
        /// Whether the sizes differ (then nothing else was compared).
        public var sizeMismatch: Bool

        /// Creates a comparison result.
        public init(differingPixels: Int, maximumDifference: Int, sizeMismatch: Bool) {
            self.differingPixels = differingPixels
            self.maximumDifference = maximumDifference
            self.sizeMismatch = sizeMismatch
        }

        /// Whether the images match within the tolerance.
        public var matches: Bool { !sizeMismatch && differingPixels == 0 }
    }

    /// Compares two images pixel by pixel, upright, as straight RGBA.
    ///
    /// - Complexity: O(pixels).
    public static func compare(_ actual: PixelBuffer, _ reference: PixelBuffer, tolerance: Int) -> Comparison {
        let a = actual.normalized().asStraightRGBA(), b = reference.normalized().asStraightRGBA()
        guard a.pixelSize == b.pixelSize else { return Comparison(differingPixels: 0, maximumDifference: 0, sizeMismatch: true) }
        var differing = 0, largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = difference(a[x, y], b[x, y])
                largest = max(largest, d)
                if d > tolerance { differing += 1 }
            }
        }
        return Comparison(differingPixels: differing, maximumDifference: largest, sizeMismatch: false)
    }

    /// The difference image: the reference at a third of its brightness, pixels over the
    /// tolerance in red.
    public static func differenceImage(_ actual: PixelBuffer, _ reference: PixelBuffer, tolerance: Int) -> PixelBuffer {
        let a = actual.normalized().asStraightRGBA(), b = reference.normalized().asStraightRGBA()
        var out = b
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = b[x, y]
                out[x, y] = difference(a[x, y], p) > tolerance ? RGBA(255, 0, 0) : RGBA(p.r / 3, p.g / 3, p.b / 3)
            }
        }
        return out
    }

    private static func difference(_ p: RGBA, _ q: RGBA) -> Int {
        max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
    }

    /// Where the reference for `name` lives, for a test in `filePath`: a PNG, or with
    /// `pathExtension` `"txt"` a text file.
    public static func referenceURL(named name: String, filePath: String, pathExtension: String = "png") -> URL {
        let test = URL(fileURLWithPath: filePath)
        return test.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(test.deletingPathExtension().lastPathComponent).appendingPathComponent(name + "." + pathExtension)
    }

    /// Where two texts first differ: the line number (from 1) and both lines (`nil` past an
    /// end); `nil` when they are the same.
    public static func firstDifference(_ actual: String, _ reference: String) -> (line: Int, actual: String?, reference: String?)? {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let b = reference.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let x = a.indices.contains(index) ? String(a[index]) : nil
            let y = b.indices.contains(index) ? String(b[index]) : nil
            if x != y { return (index + 1, x, y) }
        }
        return nil
    }
}

/// Checks `text` against its reference snapshot, `<name>.txt`, exactly but for one final newline
/// (which the reference file ends with; an editor may add or drop it); see ``Snapshot``. A mismatch names the first line that differs and writes
/// `<name>.actual.txt` beside the reference. Returns whether it matched.
///
/// ```swift
/// assertSnapshot(scenario.transcript.lines.joined(separator: "\n"), named: "library-flow")
/// ```
@discardableResult
public func assertSnapshot(
    _ text: String, named name: String,
    record: Bool = ProcessInfo.processInfo.environment["PICKERKIT_RECORD_SNAPSHOTS"] == "1",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Bool {
    let url = Snapshot.referenceURL(named: name, filePath: filePath, pathExtension: "txt")
    func fail(_ message: String) -> Bool {
        UnexpectedCall.reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
        return false
    }
    let stored: Data
    switch referenceData(at: url, named: name, record: record, contents: { Data((unterminated(text) + "\n").utf8) }) {
    case let .success(data): stored = data
    case let .failure(why): return fail(why.message)
    }
    let reference = String(decoding: stored, as: UTF8.self)
    guard let difference = Snapshot.firstDifference(unterminated(text), unterminated(reference)) else { return true }
    let actualURL = url.deletingPathExtension().appendingPathExtension("actual.txt")
    try? Data(text.utf8).write(to: actualURL)
    return fail("snapshot \(name) differs at line \(difference.line): \(difference.actual.map { "\"\($0)\"" } ?? "(no line)"), "
        + "reference \(difference.reference.map { "\"\($0)\"" } ?? "(no line)"); wrote \(actualURL.lastPathComponent) beside \(url.path)")
}

/// Checks `image` against its reference snapshot; see ``Snapshot``. Returns whether it matched.
///
/// - Parameters:
///   - tolerance: the largest channel difference that still counts as equal.
///   - record: rewrite the reference instead of comparing.
@discardableResult
public func assertSnapshot(
    _ image: PixelBuffer, named name: String, tolerance: Int = 1,
    record: Bool = ProcessInfo.processInfo.environment["PICKERKIT_RECORD_SNAPSHOTS"] == "1",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Bool {
    let url = Snapshot.referenceURL(named: name, filePath: filePath)
    func fail(_ message: String) -> Bool {
        UnexpectedCall.reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
        return false
    }
    let stored: Data
    switch referenceData(at: url, named: name, record: record, contents: { PNG.encode(image) }) {
    case let .success(data): stored = data
    case let .failure(why): return fail(why.message)
    }
    let reference: PixelBuffer
    do { reference = try PNG.decode(stored) } catch {
        return fail("could not read snapshot \(url.path): \(error)")
    }
    let result = Snapshot.compare(image, reference, tolerance: tolerance)
    guard !result.matches else { return true }
    let base = url.deletingPathExtension()
    let actualURL = base.appendingPathExtension("actual.png"), diffURL = base.appendingPathExtension("diff.png")
    try? PNG.encode(image).write(to: actualURL)
    try? PNG.encode(Snapshot.differenceImage(image, reference, tolerance: tolerance)).write(to: diffURL)
    if result.sizeMismatch {
        return fail("snapshot \(name): size \(image.displaySize), reference \(reference.displaySize); wrote \(actualURL.path)")
    }
    return fail("snapshot \(name): \(result.differingPixels) pixel(s) differ by more than \(tolerance) "
        + "(at most \(result.maximumDifference)); wrote \(actualURL.lastPathComponent) and \(diffURL.lastPathComponent) beside \(url.path)")
}

/// `text` without one final newline.
private func unterminated(_ text: String) -> String {
    text.hasSuffix("\n") ? String(text.dropLast()) : text
}

/// Why a snapshot check stopped before comparing: what it says.
private struct SnapshotStop: Error {
    let message: String
}

/// The reference stored at `url`; when recording, or when there is none yet, `contents` is
/// written there instead and the check stops saying so (a new reference is looked at first).
private func referenceData(at url: URL, named name: String, record: Bool, contents: () -> Data) -> Result<Data, SnapshotStop> {
    let fm = FileManager.default
    if record || !fm.fileExists(atPath: url.path) {
        do {
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents().write(to: url)
        } catch {
            return .failure(SnapshotStop(message: "could not write snapshot \(url.path): \(error)"))
        }
        return .failure(SnapshotStop(message: "recorded snapshot \(name) at \(url.path); look at it, then run again without recording"))
    }
    do { return .success(try Data(contentsOf: url)) } catch {
        return .failure(SnapshotStop(message: "could not read snapshot \(url.path): \(error)"))
    }
}

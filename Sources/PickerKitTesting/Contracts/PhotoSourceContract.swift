import PickerKit

/// The checks every ``PhotoSource`` must pass, to run against your own adapter in your test
/// target (on a simulator or device for one over Photos and PhotosUI). PickerKit's suite runs
/// them against ``FakePhotoSource``. It never asks for access: that would show a prompt.
///
/// ```swift
/// @MainActor @Test func ourPhotoSourceKeepsTheContract() async {
///     let violations = await PhotoSourceContract.violations(of: source, items: [pickedInTheFixture])
///     #expect(violations == [])
/// }
/// ```
///
/// It checks that availability, media types and authorization answer the same when asked
/// twice, that an available source offers a media type, that every item loads or fails within
/// the time allowed, that progress stays within 0…1 and never goes back, and that a load whose
/// task is cancelled ends within the time allowed.
@MainActor
public enum PhotoSourceContract {
    /// The broken requirements, one line each; empty when `source` keeps them all.
    ///
    /// - Parameters:
    ///   - source: the photo source under test.
    ///   - items: items it can deliver, to load.
    ///   - timeout: how long a load may take, in real time.
    public static func violations(
        of source: any PhotoSource, items: [PickedItem], timeout: Duration = .seconds(10)
    ) async -> [String] {
        var violations: [String] = []
        for type in SourceType.allCases {
            let available = source.isSourceTypeAvailable(type)
            if source.isSourceTypeAvailable(type) != available { violations.append("\(type): availability changed when asked again") }
            let types = source.availableMediaTypes(for: type)
            if source.availableMediaTypes(for: type) != types { violations.append("\(type): media types changed when asked again") }
            if available, types.isEmpty { violations.append("\(type): available, but offers no media type") }
            let status = source.authorizationStatus(for: type)
            if source.authorizationStatus(for: type) != status { violations.append("\(type): authorization changed when asked again") }
        }
        for item in items {
            let progress = ProgressLog()
            let load = Task { @MainActor in
                _ = try? await source.loadMedia(for: item, representation: .current) { progress.record($0) }
            }
            if await !finishes(load, within: timeout) {
                violations.append("\(item.id): the load did not finish within \(timeout)")
                load.cancel()
            }
            if let bad = progress.values.first(where: { !(0...1).contains($0) }) {
                violations.append("\(item.id): progress \(bad) is outside 0…1")
            }
            if zip(progress.values, progress.values.dropFirst()).contains(where: { $0 > $1 }) {
                violations.append("\(item.id): progress went back: \(progress.values)")
            }
            let cancelled = Task { @MainActor in _ = try? await source.loadMedia(for: item) }
            cancelled.cancel()
            if await !finishes(cancelled, within: timeout) {
                violations.append("\(item.id): a cancelled load did not end within \(timeout)")
            }
        }
        return violations
    }

    /// Whether `task` ends within `timeout` of real time.
    static func finishes(_ task: Task<Void, Never>, within timeout: Duration) async -> Bool {
        let done = Counter()
        Task { @MainActor in
            await task.value
            done.count += 1
        }
        return await waitUntil(timeout: timeout, minimumTurns: 200, yieldingTurns: 0) { done.count > 0 }
    }

    @MainActor
    final class Counter {
        var count = 0
    }

    @MainActor
    final class ProgressLog {
        var values: [Double] = []
        func record(_ value: Double) { values.append(value) }
    }
}

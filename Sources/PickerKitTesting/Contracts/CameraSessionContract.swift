import PickerImaging
import PickerKit

/// The checks every ``CameraSession`` must pass, to run against your own camera in your test
/// target (on a device, for one over AVFoundation: a simulator has no camera). PickerKit's
/// suite runs them against ``FakeCamera`` and, on its Apple surface, against `AVCameraSession`.
///
/// ```swift
/// @MainActor @Test func ourCameraKeepsTheContract() async {
///     let violations = await CameraSessionContract.violations { AVCameraSession() }
///     #expect(violations == [])
/// }
/// ```
///
/// On the first camera the session has, it checks that availability answers the same when asked
/// twice; that the session prepares and captures a non-empty photo; that a capture whose task is
/// cancelled, and one under way when the session is torn down, both end (with a photo or an
/// error) instead of waiting for ever; and that a session torn down prepares and captures again.
/// It takes four photos at most.
@MainActor
public enum CameraSessionContract {
    /// The broken requirements, one line each; empty when `make()`'s camera keeps them all.
    ///
    /// - Parameters:
    ///   - timeout: how long preparing and each capture may take, in real time.
    ///   - make: makes the camera session under test.
    public static func violations(timeout: Duration = .seconds(10), _ make: () -> any CameraSession) async -> [String] {
        let held = Held(make())
        let camera = held.camera
        var availability: [String] = []
        for device in CameraDevice.allCases where camera.isAvailable(device) != camera.isAvailable(device) {
            availability.append("\(device.rawValue): availability changed when asked again")
        }
        guard let device = CameraDevice.allCases.first(where: camera.isAvailable) else {
            return ["no camera is available: nothing more can be checked"]
        }
        let check = Check(held, device: device, timeout: timeout)
        check.violations = availability
        guard await check.prepare("first start") else { return check.violations }
        switch await check.capture("a capture") {
        case let .success(photo)? where photo.displaySize.isEmpty:
            check.violations.append("a capture: the photo is empty")
        case let .failure(error)?:
            check.violations.append("a capture: it failed: \(error)")
        default:
            break
        }
        _ = await check.capture("a cancelled capture") { $0.cancel() }
        _ = await check.capture("a capture under way at teardown") { _ in camera.tearDown() }
        guard await check.prepare("a start after a teardown") else { return check.violations }
        if case let .failure(error)? = await check.capture("a capture after a restart") {
            check.violations.append("a capture after a restart: it failed: \(error)")
        }
        camera.tearDown()
        return check.violations
    }

    /// One run of the checks: the camera, the device it prepares, and what was found so far.
    @MainActor
    final class Check {
        let held: Held
        let device: CameraDevice
        let timeout: Duration
        var violations: [String] = []

        init(_ held: Held, device: CameraDevice, timeout: Duration) {
            self.held = held
            self.device = device
            self.timeout = timeout
        }

        /// Prepares the camera; says whether it did, noting why not.
        func prepare(_ step: String) async -> Bool {
            let outcome = Outcome<Void>()
            let (held, device) = (held, device)
            let task = Task { @MainActor in
                do { try await held.camera.prepare(device); outcome.value = .success(()) } catch { outcome.value = .failure(error) }
            }
            guard await outcome.arrives(within: timeout) else {
                task.cancel()
                violations.append("\(step): preparing the \(device.rawValue) camera did not finish within \(timeout)")
                return false
            }
            if case let .failure(error) = outcome.value {
                violations.append("\(step): preparing the \(device.rawValue) camera failed: \(error)")
                return false
            }
            return true
        }

        /// Starts a capture, lets `meanwhile` act on its task, and says how it ended.
        func capture(_ step: String, meanwhile: (Task<Void, Never>) -> Void = { _ in }) async -> Result<any ImageBuffer, any Error>? {
            let outcome = Outcome<any ImageBuffer>()
            let held = held
            let task = Task { @MainActor in
                do { outcome.value = .success(try await held.camera.captureStill(flash: .off, configuration: PickerConfiguration())) } catch { outcome.value = .failure(error) }
            }
            for _ in 0..<3 { await Task.yield() }
            meanwhile(task)
            guard await outcome.arrives(within: timeout) else {
                violations.append("\(step): the capture did not end within \(timeout)")
                return nil
            }
            return outcome.value
        }
    }

    /// The camera under test, handed to the tasks that drive it.
    @MainActor
    final class Held {
        let camera: any CameraSession
        init(_ camera: any CameraSession) { self.camera = camera }
    }

    /// Where an operation's end is kept.
    @MainActor
    final class Outcome<Value> {
        var value: Result<Value, any Error>?

        /// Whether the operation ends within `timeout` of real time.
        func arrives(within timeout: Duration) async -> Bool {
            await waitUntil(timeout: timeout, minimumTurns: 200, yieldingTurns: 0) { self.value != nil }
        }
    }
}

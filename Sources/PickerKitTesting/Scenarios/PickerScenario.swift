import Foundation
import PickerImaging
import PickerKit

/// A ``ProfilePicker`` wired to fakes, for scenario tests of whole flows.
///
/// Everything records into one ``transcript``: the picker's events, the presenter's calls, the
/// source's loads, the user's taps and the delegate's callbacks.
///
/// Scenarios are exhaustive by default, as a `TestStore` is: assert the transcript with
/// ``expect(_:fileID:filePath:line:column:)``, which consumes the lines it checks, and a
/// scenario that ends with lines nobody asserted fails the test, listing them. For a partial
/// check, create it with `exhaustivity: .off` (or call ``Transcript/skipUnasserted()``).
///
/// ```swift
/// let scenario = PickerScenario(items: [.image("IMG_1", photo)])
/// try await scenario.picker.select(from: .photoLibrary)
/// scenario.user.pickItem(at: 0)
/// await scenario.settle()
/// scenario.user.tapChoose()
/// await scenario.settle()             // Choose renders off the main actor
/// #expect(scenario.delegate.lastResult?.cropRect == PixelRect(x: 504, y: 0, width: 3024, height: 3024))
/// scenario.expect([
///     "picker: start source photoLibrary",
///     // … every line, in order
/// ])
/// ```
@MainActor
public final class PickerScenario {
    /// The session's log.
    public let transcript = Transcript()
    /// The scripted photo source.
    public let source: FakePhotoSource
    /// The scripted camera.
    public let camera: FakeCamera
    /// The picker's clocks: the camera's warm-up and the transitions' deadlines
    /// (``ProfilePicker/transitionClock``). It moves only when the test advances it, so a
    /// deadline passes exactly when the test says and never by itself.
    public let clock = ManualClock()
    /// The recording presenter.
    public let presenter: FakePresenter
    /// The recording delegate.
    public let delegate: RecordingDelegate
    /// The picker under test.
    public let picker: ProfilePicker
    /// The person.
    public let user: ScriptedUser
    /// Whether lines left unasserted when the scenario ends fail the test.
    public nonisolated(unsafe) var exhaustivity: Exhaustivity

    /// How strictly a scenario checks its transcript.
    public enum Exhaustivity: Sendable, Equatable {
        /// Every line must be asserted before the scenario ends; the default.
        case on
        /// Lines may be left unasserted: a partial check.
        case off
    }

    private let createdAt: (fileID: String, filePath: String, line: Int, column: Int)

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - idiom: the device the presenter reports.
    ///   - items: what the browser and camera offer.
    ///   - configuration: the picker's configuration.
    ///   - hostInfo: the host's Info.plist keys; all declared by default.
    ///   - delegate: the host's own delegate (its view model, say), which receives every
    ///     callback after the recording delegate has recorded it.
    ///   - exhaustivity: whether unasserted lines fail the test when the scenario ends.
    ///   - configureSource: adjusts the source (availability, authorization) before use.
    public convenience init(
        idiom: DeviceIdiom = .phone, items: [FakePhotoSource.Item] = [],
        configuration: PickerConfiguration = PickerConfiguration(), hostInfo: HostInfo = .allDeclared,
        delegate hostDelegate: (any ProfilePickerDelegate)? = nil, exhaustivity: Exhaustivity = .on,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configureSource: (FakePhotoSource) -> Void = { _ in }
    ) {
        self.init(
            idiom: idiom, items: items, hostInfo: hostInfo, exhaustivity: exhaustivity, createdAt: (fileID, filePath, line, column),
            configureSource: configureSource
        ) { fakes in
            ProfilePicker(
                photoSource: fakes.source, camera: fakes.camera, presenter: fakes.presenter, delegate: hostDelegate,
                configuration: configuration, hostInfo: hostInfo, clock: fakes.clock)
        }
    }

    /// The fakes a scenario makes, for an app's own picker to be built on.
    public struct Fakes {
        /// The scripted photo source: the app's picker must load from it.
        public let source: FakePhotoSource
        /// The scripted camera.
        public let camera: FakeCamera
        /// The recording presenter: the app's picker shows on it.
        public let presenter: FakePresenter
        /// The manual clock: the scenario sets it as the picker's ``ProfilePicker/clock`` and
        /// ``ProfilePicker/transitionClock``.
        public let clock: ManualClock
    }

    /// Creates a scenario around the app's own picker: a view model that makes and owns its
    /// picker is tested as it is, in one step.
    ///
    /// `makePicker` gets the scenario's fakes and returns the app's picker, built on them (its
    /// photo source must be `fakes.source`). The scenario then wires it as it wires its own: the
    /// picker shows on ``presenter``, its clocks are ``clock``, its ``ProfilePicker/hostInfo`` is
    /// `hostInfo`, its events go to the ``transcript`` (and then to the app's own
    /// ``ProfilePicker/eventHandler``), and ``delegate`` records every callback, then forwards it
    /// to the delegate the app set (its view model). The configuration stays the app's.
    ///
    /// ```swift
    /// var model: ProfileViewModel!
    /// let scenario = PickerScenario(items: [.image("IMG_1", photo)]) { fakes in
    ///     model = ProfileViewModel(photos: fakes.source, camera: fakes.camera, presenter: fakes.presenter)
    ///     return model.picker
    /// }
    /// try model.changePhotoTapped()         // the app's own entry point
    /// ```
    public convenience init(
        idiom: DeviceIdiom = .phone, items: [FakePhotoSource.Item] = [], hostInfo: HostInfo = .allDeclared,
        exhaustivity: Exhaustivity = .on, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column, configureSource: (FakePhotoSource) -> Void = { _ in },
        picker makePicker: (Fakes) -> ProfilePicker
    ) {
        self.init(
            idiom: idiom, items: items, hostInfo: hostInfo, exhaustivity: exhaustivity, createdAt: (fileID, filePath, line, column),
            configureSource: configureSource, makePicker: makePicker)
    }

    private init(
        idiom: DeviceIdiom, items: [FakePhotoSource.Item], hostInfo: HostInfo, exhaustivity: Exhaustivity,
        createdAt: (fileID: String, filePath: String, line: Int, column: Int), configureSource: (FakePhotoSource) -> Void,
        makePicker: (Fakes) -> ProfilePicker
    ) {
        self.exhaustivity = exhaustivity
        self.createdAt = createdAt
        source = FakePhotoSource(transcript: transcript, items: items)
        configureSource(source)
        camera = FakeCamera(
            transcript: transcript,
            defaultPhoto: try? PickerScenario.photo(width: 40, height: 30, orientation: .right, colour: RGBA(30, 90, 160)))
        presenter = FakePresenter(idiom: idiom, transcript: transcript)
        let picker = makePicker(Fakes(source: source, camera: camera, presenter: presenter, clock: clock))
        if picker.photoSource as AnyObject !== source {
            UnexpectedCall.reportFailure(
                "PickerScenario: the app's picker loads from another photo source; build it on fakes.source",
                fileID: createdAt.fileID, filePath: createdAt.filePath, line: createdAt.line, column: createdAt.column)
        }
        delegate = RecordingDelegate(transcript: transcript, forwardingTo: picker.delegate)
        picker.delegate = delegate
        picker.presenter = presenter
        picker.clock = clock
        picker.transitionClock = clock
        picker.hostInfo = hostInfo
        let appHandler = picker.eventHandler
        // The delegate weakly: it forwards to the app's delegate, which may own the picker that
        // owns this handler.
        picker.eventHandler = { [transcript, weak delegate] event in
            transcript.record("picker", event.description)
            if case .sessionStarted = event { delegate?.sessionStarted() }
            appHandler?(event)
        }
        self.picker = picker
        user = ScriptedUser(picker: picker, presenter: presenter, source: source, transcript: transcript)
    }

    // Not isolated: an isolated deinit runs without the test's task-locals, so it could not
    // fail the test. It reads only the exhaustivity and the transcript's locked ledger, and ends
    // the sleeps still waiting on the clock (a timer of a session left open), which would
    // otherwise keep their tasks and the clock alive for good.
    deinit {
        clock.cancelSleepers()
        guard exhaustivity == .on else { return }
        let left = transcript.ledger.unasserted
        guard !left.isEmpty else { return }
        UnexpectedCall.reportFailure(
            "the scenario ended with \(left.count) transcript line(s) nobody asserted "
                + "(assert them with expect(_:), or create the scenario with exhaustivity: .off):\n"
                + left.joined(separator: "\n"),
            fileID: createdAt.fileID, filePath: createdAt.filePath, line: createdAt.line, column: createdAt.column)
    }

    /// Asserts that the transcript lines added since the last assertion are exactly
    /// `expected`, and consumes them (``Transcript/expect(_:fileID:filePath:line:column:)``).
    public func expect(
        _ expected: [String], fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        transcript.expect(expected, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits for the picker's background work (access requests, loads, captures, timers) to
    /// finish, for at most `timeout` of real time. Work still pending then fails the test,
    /// naming it ("load of IMG_0003"): it waits for something only the test can do, such as
    /// ``FakePhotoSource/completePendingLoads()`` or advancing the ``clock``.
    public func settle(
        timeout: Duration = .seconds(5), fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column
    ) async {
        let pending = await picker.idle(timeout: timeout)
        guard !pending.isEmpty else { return }
        UnexpectedCall.reportFailure(
            "settle: still pending after \(timeout): \(pending.joined(separator: ", "))",
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A solid opaque image of `width`×`height` stored pixels with `orientation`, for items.
    ///
    /// - Throws: ``ImagingError`` for sizes a ``PixelBuffer`` rejects.
    public static func photo(
        width: Int, height: Int, orientation: ImageOrientation = .up, colour: RGBA = RGBA(200, 120, 40)
    ) throws -> PixelBuffer {
        var buffer = try PixelBuffer(width: width, height: height, orientation: orientation)
        for y in 0..<height { for x in 0..<width { buffer[x, y] = colour } }
        return buffer
    }
}

import PickerImaging
import PickerKit

/// A ``ProfilePicker`` wired to fakes, for scenario tests of whole flows.
///
/// Everything records into one ``transcript``: the picker's events, the presenter's calls, the
/// source's loads, the user's taps and the delegate's callbacks.
///
/// ```swift
/// let scenario = PickerScenario(items: [.image("IMG_1", photo)])
/// try await scenario.picker.select(from: .photoLibrary)
/// scenario.user.pickItem(at: 0)
/// await scenario.settle()
/// scenario.user.tapChoose()
/// #expect(scenario.delegate.lastResult?.cropRect == PixelRect(x: 504, y: 0, width: 3024, height: 3024))
/// ```
@MainActor
public final class PickerScenario {
    /// The session's log.
    public let transcript = Transcript()
    /// The scripted photo source.
    public let source: FakePhotoSource
    /// The scripted camera.
    public let camera: FakeCamera
    /// The clock of the camera's warm-up; it moves only when the test advances it.
    public let clock = ManualClock()
    /// The recording presenter.
    public let presenter: FakePresenter
    /// The recording delegate.
    public let delegate: RecordingDelegate
    /// The picker under test.
    public let picker: ProfilePicker
    /// The person.
    public let user: ScriptedUser

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - idiom: the device the presenter reports.
    ///   - items: what the browser and camera offer.
    ///   - configuration: the picker's configuration.
    ///   - hostInfo: the host's Info.plist keys; all declared by default.
    ///   - configureSource: adjusts the source (availability, authorization) before use.
    public init(
        idiom: DeviceIdiom = .phone, items: [FakePhotoSource.Item] = [],
        configuration: PickerConfiguration = PickerConfiguration(), hostInfo: HostInfo = .allDeclared,
        configureSource: (FakePhotoSource) -> Void = { _ in }
    ) {
        source = FakePhotoSource(transcript: transcript, items: items)
        configureSource(source)
        camera = FakeCamera(
            transcript: transcript,
            defaultPhoto: try? PickerScenario.photo(width: 40, height: 30, orientation: .right, colour: RGBA(30, 90, 160)))
        presenter = FakePresenter(idiom: idiom, transcript: transcript)
        delegate = RecordingDelegate(transcript: transcript)
        picker = ProfilePicker(
            photoSource: source, camera: camera, presenter: presenter, delegate: delegate,
            configuration: configuration, hostInfo: hostInfo, clock: clock)
        user = ScriptedUser(picker: picker, presenter: presenter, source: source, transcript: transcript)
        picker.eventHandler = { [transcript, delegate] event in
            transcript.record("picker", event.description)
            if case .sessionStarted = event { delegate.sessionStarted() }
        }
    }

    /// Waits for the picker's background work (access requests, loads) to finish.
    public func settle() async {
        await picker.waitUntilIdle()
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

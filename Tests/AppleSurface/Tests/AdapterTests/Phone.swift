@_spi(Surface) import AVFoundation
import Foundation
import PickerImaging
import PickerCodecs
import PickerKit
import PickerKitTesting
import PickerKitUIKit
@_spi(Surface) import PhotosUI
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

/// Every test of the adapters runs on the one simulated device, so they run one at a time,
/// each on a device reset to a phone held upright with everything allowed.
@MainActor
@Suite("PickerKit's Apple adapters on the Apple surface", .serialized)
struct AppleSurfaceTests {}

/// A phone running an app: a window whose root view controller is the host, and a picker wired
/// as an app wires it (a `UIKitPresenter` kept in a property, a `SystemPhotoSource`, an
/// `AVCameraSession`), with the app's own screens recording the routes they show. The
/// picker's events and the delegate's callbacks go to ``transcript``.
@MainActor
final class Phone {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let host = UIViewController()
    let transcript = Transcript()
    let delegate: RecordingDelegate
    let photos = SystemPhotoSource()
    let camera = AVCameraSession()
    let presenter: UIKitPresenter
    let picker: ProfilePicker

    /// Resets the device to `idiom` and starts the app; with `ownScreens` off, the app leaves
    /// the edit screen, the camera and the movie preview to PickerKit's. The screen's scale is 1 unless a test asks for
    /// more: the debug build draws a 3x phone screen in seconds. `clock` times the camera's
    /// warm-up (a test that must see it under way passes a `ManualClock`).
    init(
        idiom: Device.Idiom = .phone, configuration: PickerConfiguration = PickerConfiguration(), ownScreens: Bool = true,
        screenScale: Double = 1, clock: any PickerClock = SystemPickerClock()
    ) {
        Device.current.reset()
        Device.current.screenScale = screenScale
        Animations.reset()
        UIDevice.current.surfaceReset()
        Device.current.idiom = idiom
        window.rootViewController = host
        window.makeKeyAndVisible()
        delegate = RecordingDelegate(transcript: transcript)
        presenter = UIKitPresenter(host: host, photos: photos) { route in
            [.editor, .camera, .moviePreview].contains(route.screen.kind) && !ownScreens ? nil : AppScreen(route: route)
        }
        picker = ProfilePicker(
            photoSource: photos, camera: camera, presenter: presenter, delegate: delegate, configuration: configuration,
            hostInfo: .allDeclared, clock: clock)
        picker.eventHandler = { [transcript, delegate] event in
            transcript.record("picker", event.description)
            if case .sessionStarted = event { delegate.sessionStarted() }
        }
    }

    /// Waits until the picker has nothing under way and every transition has finished.
    func settle() async {
        for _ in 0..<3 {
            _ = await waitFor { Animations.running == 0 }
            await picker.idle()
        }
        _ = await waitFor { Animations.running == 0 }
    }

    /// Waits, for at most 5 s, until `condition` holds; returns whether it did.
    func waitFor(_ condition: () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while !condition() {
            guard clock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// What the host presents, and what that presents, outermost first.
    var presented: [UIViewController] {
        var chain: [UIViewController] = []
        var next = host.presentedViewController
        while let controller = next {
            chain.append(controller)
            next = controller.presentedViewController
        }
        return chain
    }

    /// The app's screen on top of the presented navigation stack.
    var topScreen: AppScreen? {
        (presented.first as? UINavigationController)?.topViewController as? AppScreen
    }

    /// The person taps an action on the app's screen `route`.
    func tap(_ action: UserAction, on route: Route.ID) {
        transcript.record("user", "\(action) on \(route)")
        picker.send(action, from: route)
    }

    /// Nothing crashed or was refused on the device.
    func expectNoCrash(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Device.current.exceptions == [], sourceLocation: sourceLocation)
        #expect(Device.current.warnings == [], sourceLocation: sourceLocation)
    }
}

/// An app's own screen (the edit screen, a preview, the camera), showing one route.
final class AppScreen: UIViewController {
    let route: Route

    init(route: Route) {
        self.route = route
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}

/// Files the person's photos are in.
enum Photos {
    /// A `width`×`height` photo with `orientation`, a gradient, as a JPEG file's bytes.
    static func jpeg(width: Int, height: Int, orientation: ImageOrientation = .up) throws -> Data {
        var pixels = try PixelBuffer(width: width, height: height, orientation: orientation)
        for y in 0..<height { for x in 0..<width { pixels[x, y] = RGBA(UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 90) } }
        return try JPEG.encode(pixels)
    }

    /// The folder of the test run's files, deleted when the run ends.
    static let files: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("surface-\(ProcessInfo.processInfo.processIdentifier)")
        atexit { try? FileManager.default.removeItem(at: Photos.files) }
        return folder
    }()

    /// `data` written to a new temporary file named `name` (in a folder of its own: names repeat).
    static func file(_ data: Data, named name: String) throws -> URL {
        let directory = files.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// A library picker result: an item provider holding a JPEG (or a movie's file).
    static func result(_ data: Data, type: String = "public.jpeg", named name: String, asset: String? = nil) -> PHPickerResult {
        PHPickerResult(
            surfaceProvider: NSItemProvider(surfaceRepresentations: [(type: type, content: .data(data))], suggestedName: name),
            assetIdentifier: asset)
    }

    /// The surface's movie file of `seconds`.
    static func movie(seconds: Double) -> Data {
        Data("SURFACE-MOVIE \(seconds)".utf8)
    }
}

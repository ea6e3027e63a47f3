import Foundation

/// The phone the Apple surface stands in for: what it has (idiom, orientation, sources,
/// cameras, photos), what the person has allowed, and what went wrong on it.
///
/// Tests set it up and read it; the adapters never see it (they import Apple's module names
/// only, which `scripts/check-apple-adapters.sh` checks). Everything here is behind one lock:
/// AVFoundation's model reads it from its own queues.
///
/// What an app would crash on (an Objective-C exception UIKit or AVFoundation raises) is
/// recorded in ``exceptions`` and the call does nothing, so a test can say which call it was;
/// what a device prints to the console and ignores (a refused presentation) goes to
/// ``warnings``.
public final class Device: @unchecked Sendable {
    /// The one device, as `UIDevice.current` is one.
    public static let current = Device()

    /// The kind of device.
    public enum Idiom: Sendable, Equatable { case phone, pad, mac, vision }

    /// How the device is held, with `UIDeviceOrientation`'s raw values.
    public enum Orientation: Int, Sendable, Equatable {
        case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    }

    /// What the person has allowed, with `PHAuthorizationStatus`'s raw values (the camera's
    /// `AVAuthorizationStatus` has the same first four).
    public enum Access: Int, Sendable, Equatable { case notDetermined = 0, restricted, denied, authorized, limited }

    /// A camera: where it faces and the flash modes it supports (`AVCaptureDevice.FlashMode`
    /// raw values: 0 off, 1 on, 2 auto).
    public struct Camera: Sendable, Equatable {
        public enum Position: Int, Sendable { case back = 1, front = 2 }
        public var position: Position
        public var flashModes: [Int]
        public init(position: Position, flashModes: [Int]) {
            self.position = position
            self.flashModes = flashModes
        }
    }

    private let lock = NSLock()
    private var state = State()

    private struct State {
        var exceptions: [String] = []
        var warnings: [String] = []
        var idiom = Idiom.phone
        var screenScale = 3.0
        var orientation = Orientation.portrait
        var sources: [Int: [String]] = [0: ["public.image", "public.movie"], 1: ["public.image", "public.movie"], 2: ["public.image", "public.movie"]]
        var photoAccess = Access.authorized
        var photoAnswer = Access.authorized
        var cameraAccess = Access.authorized
        var cameraAnswer = Access.authorized
        var accessRequests: [String] = []
        var cameras: [Camera] = [Camera(position: .back, flashModes: [0, 1, 2]), Camera(position: .front, flashModes: [0])]
        var photos: [Data] = []
        var colourConversions: [String] = []
        var orientationListeners: [@Sendable (Orientation) -> Void] = []
        var visionFaces: [VisionFinding] = []
        var visionSalientObjects: [VisionFinding] = []
        var visionImages: [String] = []
    }

    private init() {}

    private func read<T>(_ body: (State) -> T) -> T { lock.withLock { body(state) } }
    private func write(_ body: (inout State) -> Void) { lock.withLock { body(&state) } }

    /// Back to a phone held upright, with every source, both cameras, access allowed, nothing
    /// raised or printed: each test starts here.
    public func reset() {
        write { $0 = State() }
    }

    // MARK: What went wrong

    /// The exceptions raised, in order: each would have crashed an app.
    public var exceptions: [String] { read(\.exceptions) }
    /// Records an exception a framework raised.
    public func raise(_ exception: String) { write { $0.exceptions.append(exception) } }
    /// What the frameworks printed to the console about calls they ignored.
    public var warnings: [String] { read(\.warnings) }
    /// Records a console message.
    public func warn(_ message: String) { write { $0.warnings.append(message) } }
    /// The colour conversions Core Graphics made when drawing ("Display P3 to sRGB").
    public var colourConversions: [String] { read(\.colourConversions) }
    /// Records a colour conversion.
    public func converted(_ conversion: String) { write { $0.colourConversions.append(conversion) } }

    // MARK: What the device has

    /// The kind of device.
    public var idiom: Idiom {
        get { read(\.idiom) }
        set { write { $0.idiom = newValue } }
    }

    /// Pixels per point on the screen: 3 on a current phone; tests that draw whole screens
    /// often use 1, to keep the debug build's drawing quick.
    public var screenScale: Double {
        get { read(\.screenScale) }
        set { write { $0.screenScale = newValue } }
    }

    /// How the device is held now. Setting it tells the sensors' listeners (a capture
    /// device's rotation coordinator); UIKit's model posts
    /// `UIDevice.orientationDidChangeNotification` itself, when notifications are on.
    public var orientation: Orientation {
        get { read(\.orientation) }
        set {
            let listeners = lock.withLock {
                state.orientation = newValue
                return state.orientationListeners
            }
            for listener in listeners { listener(newValue) }
        }
    }

    /// Calls `listener` with every new orientation, from the thread that set it, for as long as
    /// the device lives (until ``reset()``).
    public func listenToOrientation(_ listener: @escaping @Sendable (Orientation) -> Void) {
        write { $0.orientationListeners.append(listener) }
    }

    /// The image picker's sources (`UIImagePickerController.SourceType` raw values: 0 photo
    /// library, 1 camera, 2 saved photos album) with the media types each offers.
    public var sources: [Int: [String]] {
        get { read(\.sources) }
        set { write { $0.sources = newValue } }
    }

    /// The cameras, back first.
    public var cameras: [Camera] {
        get { read(\.cameras) }
        set { write { $0.cameras = newValue } }
    }

    /// The photos the cameras take, in order (JPEG or PNG files); with none left, a capture
    /// finishes with an error, as a capture the camera could not process does.
    public var photos: [Data] {
        get { read(\.photos) }
        set { write { $0.photos = newValue } }
    }

    /// Takes the next photo's file.
    public func nextPhoto() -> Data? {
        lock.withLock { state.photos.isEmpty ? nil : state.photos.removeFirst() }
    }

    // MARK: What the person allowed

    /// The photo library's authorization now.
    public var photoAccess: Access {
        get { read(\.photoAccess) }
        set { write { $0.photoAccess = newValue } }
    }

    /// What the person answers when asked for photo library access.
    public var photoAnswer: Access {
        get { read(\.photoAnswer) }
        set { write { $0.photoAnswer = newValue } }
    }

    /// The camera's authorization now.
    public var cameraAccess: Access {
        get { read(\.cameraAccess) }
        set { write { $0.cameraAccess = newValue } }
    }

    /// What the person answers when asked for camera access.
    public var cameraAnswer: Access {
        get { read(\.cameraAnswer) }
        set { write { $0.cameraAnswer = newValue } }
    }

    /// The access prompts shown, in order ("photos", "camera").
    public var accessRequests: [String] { read(\.accessRequests) }

    /// The person is asked for access to `what`: a prompt shows once, while the status is not
    /// determined, and the answer becomes the status.
    public func ask(photos: Bool) -> Access {
        lock.withLock {
            let current = photos ? state.photoAccess : state.cameraAccess
            guard current == .notDetermined else { return current }
            state.accessRequests.append(photos ? "photos" : "camera")
            if photos {
                state.photoAccess = state.photoAnswer
            } else {
                state.cameraAccess = state.cameraAnswer == .limited ? .authorized : state.cameraAnswer
            }
            return photos ? state.photoAccess : state.cameraAccess
        }
    }

    // MARK: What Vision finds

    /// A box Vision reports: shares of the image (0…1) with the origin at the lower left, as
    /// its observations' `boundingBox`, and its confidence.
    public struct VisionFinding: Sendable, Equatable {
        public var boundingBox: CGRect
        public var confidence: Float
        public init(boundingBox: CGRect, confidence: Float) {
            self.boundingBox = boundingBox
            self.confidence = confidence
        }
    }

    /// The faces Vision's face rectangles request finds in any image: none unless a test says.
    /// What Vision finds in a real photo only a device shows.
    public var visionFaces: [VisionFinding] {
        get { read(\.visionFaces) }
        set { write { $0.visionFaces = newValue } }
    }

    /// The salient objects of Vision's attention-based saliency in any image: none unless a
    /// test says.
    public var visionSalientObjects: [VisionFinding] {
        get { read(\.visionSalientObjects) }
        set { write { $0.visionSalientObjects = newValue } }
    }

    /// The images Vision's requests were performed on (`"240x180"`), in order.
    public var visionImages: [String] { read(\.visionImages) }

    /// Records an image Vision's requests were performed on.
    public func recordVisionImage(width: Int, height: Int) {
        write { $0.visionImages.append("\(width)x\(height)") }
    }
}

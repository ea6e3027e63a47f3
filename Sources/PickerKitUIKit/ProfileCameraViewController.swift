#if canImport(UIKit) && !os(tvOS) && !os(watchOS) && !os(visionOS)
import PickerKit
import UIKit

/// PickerKit's camera screen: what the camera sees, full screen, with its controls below.
///
/// Everything it shows and does comes from the picker's camera step (``ProfilePicker/cameraScreen``):
///
/// - the preview is the camera session's own, when it shows one (``CameraPreviewing``):
///   `AVCameraSession`'s follows camera switches and stays level with the horizon as the device
///   and the interface turn;
/// - "Starting the camera…" shows while the capture session starts and while the shutter waits
///   out the warm-up (`CameraScreenState.isStarting`);
/// - the toolbar is `CameraScreenState.controls(flashModes:strings:)`: Cancel, the flash menu
///   with only the modes the camera in use supports, switching cameras when the device has
///   both, the shutter, and Record or Stop when movies are offered; each is enabled as the
///   camera allows;
/// - Cancel on the edit screen that follows goes back here to take another (its button reads
///   Retake).
///
/// It redraws whenever the picker's state changes (``ProfilePicker/observeState(_:_:)``).
/// ``UIKitPresenter`` shows it for the camera unless the app makes its own.
@MainActor
public final class ProfileCameraViewController: UIViewController {
    /// The camera's route.
    public let route: Route
    /// The picker whose camera this shows; held weakly.
    public private(set) weak var picker: ProfilePicker?
    /// The titles of the controls and of the status.
    public var strings: PickerStrings {
        didSet { refresh() }
    }

    /// Holds the camera's preview layer.
    public let previewView = UIView(frame: .zero)
    /// Says the camera is starting.
    public let statusLabel = UILabel(frame: .zero)
    /// The controls, at the bottom of the safe area.
    public let toolbar = UIToolbar(frame: .zero)

    private var previewLayer: CALayer?
    /// The controls shown.
    private var shownControls: [CameraControl]?

    /// Creates the camera screen for `route` of `picker`.
    public init(route: Route, picker: ProfilePicker, strings: PickerStrings = PickerStrings()) {
        self.route = route
        self.picker = picker
        self.strings = strings
        super.init(nibName: nil, bundle: nil)
        picker.observeState(self) { [weak self] _ in self?.refresh() }
    }

    public required init?(coder: NSCoder) {
        nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        // Dark whatever the system's appearance, as the system's camera is.
        overrideUserInterfaceStyle = .dark
        view.backgroundColor = .black
        statusLabel.font = .preferredFont(forTextStyle: .headline)
        statusLabel.adjustsFontForContentSizeCategory = true
        statusLabel.textColor = .white
        statusLabel.textAlignment = .center
        if let camera = picker?.camera as? any CameraPreviewing {
            let layer = camera.makeCameraPreview()
            previewView.layer.addSublayer(layer)
            previewLayer = layer
        }
        statusLabel.text = strings[.startingCamera]
        view.addSubview(previewView)
        view.addSubview(statusLabel)
        view.addSubview(toolbar)
        refresh()
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, safe = view.safeAreaInsets
        previewView.frame = bounds
        previewLayer?.frame = previewView.bounds
        let height = ProfileEditViewController.toolbarHeight
        toolbar.frame = CGRect(x: 0, y: bounds.height - safe.bottom - height, width: bounds.width, height: height)
        // Room for the largest accessibility sizes: twice the bar's height.
        statusLabel.frame = CGRect(x: safe.left, y: safe.top, width: bounds.width - safe.left - safe.right, height: 2 * height)
    }

    /// Sends what the person did; the state observer redraws what it changed.
    func send(_ action: UserAction) {
        picker?.send(action, from: route.id)
    }

    /// Shows the camera as it is now: the status and the controls.
    private func refresh() {
        guard isViewLoaded, let picker, let camera = picker.cameraScreen, camera.step.route.id == route.id else { return }
        view.semanticContentAttribute = strings.semanticContentAttribute
        toolbar.semanticContentAttribute = strings.semanticContentAttribute
        statusLabel.semanticContentAttribute = strings.semanticContentAttribute
        statusLabel.text = strings[.startingCamera]
        statusLabel.isHidden = !camera.isStarting
        let controls = camera.controls(flashModes: picker.camera?.supportedFlashModes() ?? [], strings: strings)
        // Made again only when a control changed: an open flash menu survives other changes.
        guard controls != shownControls else { return }
        shownControls = controls
        toolbar.setItems(PickerToolbar.items(controls, symbols: Self.symbols, strings: strings) { [weak self] in self?.send($0) }, animated: false)
    }

    /// The SF Symbols of the controls shown as icons.
    static let symbols: [CameraControlKind: String] = [
        .flash: "bolt", .switchCamera: "arrow.triangle.2.circlepath.camera", .shutter: "circle.inset.filled",
        .record: "record.circle", .stop: "stop.circle",
    ]
}

/// A camera session that shows what it sees: PickerKit's camera screen
/// (``ProfileCameraViewController``) puts its preview under the controls, full screen.
/// `AVCameraSession` is one; an app's own `CameraSession` over AVFoundation conforms to have its
/// preview shown too (a camera that is not one shows a black screen with the controls).
@MainActor
public protocol CameraPreviewing: CameraSession {
    /// A new layer showing what the camera sees; the screen sizes it to its bounds and holds it
    /// while it shows.
    func makeCameraPreview() -> CALayer
}

#if canImport(AVFoundation)
extension AVCameraSession: CameraPreviewing {
    /// ``makePreviewLayer()``.
    public func makeCameraPreview() -> CALayer {
        makePreviewLayer()
    }
}
#endif
#endif

import SurfaceDevice

/// Apple: `@MainActor protocol UIImagePickerControllerDelegate : NSObjectProtocol`. Its
/// methods are optional in Objective-C; the defaults here do what UIKit does for a delegate
/// that does not implement one: a picker whose delegate does not handle Cancel dismisses itself.
@MainActor
public protocol UIImagePickerControllerDelegate: NSObjectProtocol {
    /// Apple: `optional func imagePickerController(_ picker: UIImagePickerController,
    /// didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey : Any])`.
    func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any])
    /// Apple: `optional func imagePickerControllerDidCancel(_ picker: UIImagePickerController)`.
    func imagePickerControllerDidCancel(_ picker: UIImagePickerController)
}

extension UIImagePickerControllerDelegate {
    public func imagePickerController(
        _ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]
    ) {}

    public func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        picker.dismiss(animated: true)
    }
}

/// Apple: `@MainActor class UIImagePickerController : UINavigationController`.
///
/// Modelled as documented: a source or media-type list the device does not have raises; the
/// picker is a navigation stack whose root is its own album list; what the person picks and
/// Cancel reach its delegate, which dismisses it.
@MainActor
open class UIImagePickerController: UINavigationController {
    /// Apple: `enum SourceType : Int`.
    public enum SourceType: Int, Sendable {
        /// Apple: deprecated in the iOS 27 SDK (iOS 2.0–27.0) for `PHPickerViewController`.
        @available(iOS, introduced: 2.0, deprecated: 27.0, message: "Use PHPickerViewController instead")
        case photoLibrary = 0
        /// Apple: iOS, iPadOS and Mac Catalyst only.
        @available(visionOS, unavailable)
        case camera = 1
        /// Apple: deprecated in the iOS 27 SDK (iOS 2.0–27.0) for `PHPickerViewController`.
        @available(iOS, introduced: 2.0, deprecated: 27.0, message: "Use PHPickerViewController instead")
        case savedPhotosAlbum = 2
    }

    /// Apple: `struct InfoKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`, with
    /// only `init(rawValue:)` (an `NS_TYPED_ENUM`).
    public struct InfoKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        init(_ rawValue: String) { self.rawValue = rawValue }
        /// Apple: `static let mediaType: UIImagePickerController.InfoKey`.
        public static let mediaType = InfoKey("UIImagePickerControllerMediaType")
        /// Apple: `static let originalImage: UIImagePickerController.InfoKey`.
        public static let originalImage = InfoKey("UIImagePickerControllerOriginalImage")
        /// Apple: `static let editedImage: UIImagePickerController.InfoKey`.
        public static let editedImage = InfoKey("UIImagePickerControllerEditedImage")
        /// Apple: `static let cropRect: UIImagePickerController.InfoKey`.
        public static let cropRect = InfoKey("UIImagePickerControllerCropRect")
        /// Apple: `static let mediaURL: UIImagePickerController.InfoKey`.
        public static let mediaURL = InfoKey("UIImagePickerControllerMediaURL")
        /// Apple: `static let imageURL: UIImagePickerController.InfoKey` (iOS 11).
        public static let imageURL = InfoKey("UIImagePickerControllerImageURL")
    }

    /// The album list the picker opens on.
    final class AlbumList: UIViewController {}

    private weak var pickingDelegate: (any UIImagePickerControllerDelegate & UINavigationControllerDelegate)?

    /// Apple: `init()`.
    public convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Apple: `override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        viewControllers = [AlbumList()]
    }

    /// Apple: `required init?(coder aDecoder: NSCoder)`.
    public required init?(coder aDecoder: NSCoder) {
        nil
    }

    /// Apple: `weak var delegate: (any UIImagePickerControllerDelegate & UINavigationControllerDelegate)? { get set }`.
    open weak var delegate: (any UIImagePickerControllerDelegate & UINavigationControllerDelegate)? {
        get { pickingDelegate }
        set {
            pickingDelegate = newValue
            _navigationDelegate = newValue
        }
    }

    /// Apple: `var sourceType: UIImagePickerController.SourceType { get set }`: one the device
    /// does not have raises.
    open var sourceType = SourceType.photoLibrary {
        didSet {
            guard !Self.isSourceTypeAvailable(sourceType) else { return }
            Device.current.raise("NSInvalidArgumentException: Source type \(sourceType.rawValue) not available")
            sourceType = oldValue
        }
    }

    /// Apple: `var mediaTypes: [String] { get set }`: an empty list, or one of which the source
    /// offers none, raises.
    open var mediaTypes = ["public.image"] {
        didSet {
            let offered = Self.availableMediaTypes(for: sourceType) ?? []
            guard mediaTypes.isEmpty || !mediaTypes.contains(where: offered.contains) else { return }
            Device.current.raise("NSInvalidArgumentException: No available types for source \(sourceType.rawValue)")
            mediaTypes = oldValue
        }
    }

    /// Apple: `var allowsEditing: Bool { get set }`.
    open var allowsEditing = false

    /// Apple: `class func isSourceTypeAvailable(_ sourceType: UIImagePickerController.SourceType) -> Bool`.
    open class func isSourceTypeAvailable(_ sourceType: UIImagePickerController.SourceType) -> Bool {
        Device.current.sources[sourceType.rawValue] != nil
    }

    /// Apple: `class func availableMediaTypes(for sourceType: UIImagePickerController.SourceType) -> [String]?`.
    open class func availableMediaTypes(for sourceType: UIImagePickerController.SourceType) -> [String]? {
        Device.current.sources[sourceType.rawValue]
    }

    // MARK: What the person does

    /// The person picks an item: the delegate hears `info`.
    ///
    /// The files it hands over (`imageURL`, `mediaURL`) are the picker's temporary files: they are
    /// deleted once it is dismissed. Apple's pages give them no lifetime, and the system clears
    /// them when the picker is gone; the model takes the soonest.
    @_spi(Surface) public func surfacePick(_ info: [InfoKey: Any]) {
        handedFiles += [info[.imageURL], info[.mediaURL]].compactMap { $0 as? URL }
        pickingDelegate?.imagePickerController(self, didFinishPickingMediaWithInfo: info)
    }

    private var handedFiles: [URL] = []

    override func wasDismissed() {
        for file in handedFiles { try? FileManager.default.removeItem(at: file) }
        handedFiles = []
    }

    /// The person taps Cancel: the delegate hears it (and by default the picker dismisses itself).
    @_spi(Surface) public func surfaceTapCancel() {
        guard let pickingDelegate else {
            dismiss(animated: true)
            return
        }
        pickingDelegate.imagePickerControllerDidCancel(self)
    }
}

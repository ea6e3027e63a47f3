@_exported import Photos
@_exported import UIKit
import SurfaceDevice

/// Apple: `struct PHPickerFilter` (iOS 14): `Equatable, Hashable`, not `Sendable` in the iOS
/// 16.5 SDK.
@available(iOS 14, *)
public struct PHPickerFilter: Equatable, Hashable {
    let kinds: Set<String>

    // The filters are constants of a non-`Sendable` type, as PhotosUI's (a Swift 5 module)
    // declares them: `nonisolated(unsafe)` says so in Swift 6 mode.

    /// Apple: `static let images: PHPickerFilter`.
    nonisolated(unsafe) public static let images = PHPickerFilter(kinds: ["images"])
    /// Apple: `static let videos: PHPickerFilter`.
    nonisolated(unsafe) public static let videos = PHPickerFilter(kinds: ["videos"])
    /// Apple: `static let livePhotos: PHPickerFilter`.
    nonisolated(unsafe) public static let livePhotos = PHPickerFilter(kinds: ["livePhotos"])

    /// Apple: `static func any(of subfilters: [PHPickerFilter]) -> PHPickerFilter`.
    public static func any(of subfilters: [PHPickerFilter]) -> PHPickerFilter {
        PHPickerFilter(kinds: subfilters.reduce(into: Set()) { $0.formUnion($1.kinds) })
    }

    /// The kinds of item it shows, for tests.
    @_spi(Surface) public var surfaceKinds: Set<String> { kinds }
}

/// Apple: `struct PHPickerConfiguration` (iOS 14): `Equatable, Hashable`, not `Sendable` in the
/// iOS 16.5 SDK.
@available(iOS 14, *)
public struct PHPickerConfiguration: Equatable, Hashable {
    /// Apple: `enum Selection` (iOS 15).
    @available(iOS 15, *)
    public enum Selection {
        case `default`, ordered
        /// Apple: iOS 17.
        @available(iOS 17, *)
        case continuous
        /// Apple: iOS 17.
        @available(iOS 17, *)
        case continuousAndOrdered
    }

    /// Apple: `enum AssetRepresentationMode`.
    public enum AssetRepresentationMode {
        case automatic, current, compatible
    }

    /// Apple: `var filter: PHPickerFilter?`.
    public var filter: PHPickerFilter?
    /// Apple: `var selectionLimit: Int`: 1 by default, 0 for no limit.
    public var selectionLimit = 1
    /// Apple: `var selection: PHPickerConfiguration.Selection` (iOS 15).
    @available(iOS 15, *)
    public var selection: Selection {
        get { chosenSelection }
        set { chosenSelection = newValue }
    }
    private var chosenSelection = Selection.default
    /// Apple: `var preferredAssetRepresentationMode: PHPickerConfiguration.AssetRepresentationMode`.
    public var preferredAssetRepresentationMode = AssetRepresentationMode.automatic
    /// Whether it was made with a photo library (results then carry asset identifiers).
    let hasLibrary: Bool

    /// Apple: `init()`: results carry no asset identifiers.
    public init() {
        hasLibrary = false
    }

    /// Apple: `init(photoLibrary: PHPhotoLibrary)`: results carry asset identifiers.
    public init(photoLibrary: PHPhotoLibrary) {
        hasLibrary = true
    }

    /// Whether results carry asset identifiers, for tests.
    @_spi(Surface) public var surfaceHasLibrary: Bool { hasLibrary }
}

/// Apple: `struct PHPickerResult` (iOS 14).
@available(iOS 14, *)
public struct PHPickerResult: Equatable, Hashable {
    /// Apple: `let itemProvider: NSItemProvider`.
    public let itemProvider: NSItemProvider
    /// Apple: `let assetIdentifier: String?`.
    public let assetIdentifier: String?

    /// A result as the picker hands it over, for tests.
    @_spi(Surface) public init(surfaceProvider itemProvider: NSItemProvider, assetIdentifier: String?) {
        self.itemProvider = itemProvider
        self.assetIdentifier = assetIdentifier
    }
}

/// Apple: `@MainActor @preconcurrency protocol PHPickerViewControllerDelegate : AnyObject` (iOS 14).
@available(iOS 14, *)
@MainActor @preconcurrency
public protocol PHPickerViewControllerDelegate: AnyObject {
    /// Apple: `func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult])`.
    func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult])
}

/// Apple: `@MainActor class PHPickerViewController : UIViewController` (iOS 14).
///
/// Modelled as documented: Cancel and a pick both reach the delegate as
/// `picker(_:didFinishPicking:)` (Cancel with no results), in the order picked when the
/// selection is ordered; the picker never dismisses itself.
@available(iOS 14, *)
@MainActor
public final class PHPickerViewController: UIViewController {
    /// Apple: `var configuration: PHPickerConfiguration { get }`.
    public let configuration: PHPickerConfiguration
    /// Apple: `weak var delegate: (any PHPickerViewControllerDelegate)? { get set }`.
    public weak var delegate: (any PHPickerViewControllerDelegate)?

    /// Apple: `init(configuration: PHPickerConfiguration)`.
    public init(configuration: PHPickerConfiguration) {
        self.configuration = configuration
        super.init(nibName: nil, bundle: nil)
    }

    /// Apple: `required init?(coder: NSCoder)`, unavailable.
    @available(*, unavailable)
    public required init?(coder: NSCoder) {
        nil
    }

    // MARK: What the person does

    /// The person picks `results` (within the selection limit) and taps Add.
    @_spi(Surface) public func surfacePick(_ results: [PHPickerResult]) {
        let limit = configuration.selectionLimit
        if limit > 0, results.count > limit {
            Device.current.warn("surface: the picker allows \(limit) items, not \(results.count)")
            return
        }
        let handed = configuration.hasLibrary
            ? results : results.map { PHPickerResult(surfaceProvider: $0.itemProvider, assetIdentifier: nil) }
        delegate?.picker(self, didFinishPicking: handed)
    }

    /// The person taps Cancel.
    @_spi(Surface) public func surfaceTapCancel() {
        delegate?.picker(self, didFinishPicking: [])
    }
}

/// Apple (PhotosUI): `extension PHPhotoLibrary`.
extension PHPhotoLibrary {
    /// Apple: `func presentLimitedLibraryPicker(from controller: UIViewController) async -> [String]` (iOS 15).
    ///
    /// Modelled as devices behave: the limited-library picker is presented from `controller`
    /// with UIKit's rules, so from a view controller that is already presenting, or off screen,
    /// it never shows and the call never returns.
    @available(iOS 15, *)
    public func presentLimitedLibraryPicker(from controller: UIViewController) async -> [String] {
        await withCheckedContinuation { continuation in
            Task { @MainActor in
                let sheet = LimitedLibraryPicker { continuation.resume(returning: $0) }
                controller.present(sheet, animated: true)
            }
        }
    }
}

/// The system's limited-library picker.
@MainActor
final class LimitedLibraryPicker: UIViewController {
    let finish: ([String]) -> Void
    init(finish: @escaping ([String]) -> Void) {
        self.finish = finish
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}

extension UIViewController {
    /// The person finishes the limited-library picker this view controller shows, having
    /// added `identifiers`; returns whether one was shown.
    @_spi(Surface) @discardableResult
    public func surfaceFinishLimitedLibraryPicker(adding identifiers: [String]) -> Bool {
        guard let sheet = presentedViewController as? LimitedLibraryPicker else { return false }
        dismiss(animated: true) { sheet.finish(identifiers) }
        return true
    }
}

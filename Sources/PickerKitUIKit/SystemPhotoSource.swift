#if canImport(UIKit) && os(iOS)
import AVFoundation
import ImageIO
import Photos
import PickerImaging
import PickerKit
import UIKit
import UniformTypeIdentifiers

/// A `PhotoSource` over the system: `UIImagePickerController`'s availability checks, Photos and
/// AVFoundation authorization (asked only for the camera and in-app library browsing: the
/// picker decides when), and `NSItemProvider`s from `PHPickerViewController` for the picked
/// items' contents.
///
/// Images are read from their file and downsampled while decoding (ImageIO thumbnailing) to
/// what ``configuration`` needs, so a 48 MP photo never lands in memory whole; movies are copied out of the
/// provider's temporary file before its completion returns. Progress is forwarded as it
/// changes, and cancelling the load cancels the provider's work.
@MainActor
public final class SystemPhotoSource: PhotoSource {
    /// The item providers of the last pick, by the item id the app gave each.
    public var providers: [String: NSItemProvider] = [:]
    /// The picker's configuration, which decides how large a picked image is worth decoding
    /// (`PickerConfiguration.largestUsefulSide(for:)`). Keep it equal to the picker's.
    public var configuration = PickerConfiguration()
    /// The screen the limited-library picker ("select more photos") is presented from.
    public weak var presentingViewController: UIViewController?
    /// Where picked movies are copied to.
    public var movieDirectory = FileManager.default.temporaryDirectory

    public init() {}

    public func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool {
        UIImagePickerController.isSourceTypeAvailable(Self.system(sourceType))
    }

    public func availableMediaTypes(for sourceType: SourceType) -> [MediaType] {
        (UIImagePickerController.availableMediaTypes(for: Self.system(sourceType)) ?? []).map(MediaType.init)
    }

    public func authorizationStatus(for sourceType: SourceType) -> AuthorizationStatus {
        sourceType == .camera
            ? Self.status(AVCaptureDevice.authorizationStatus(for: .video))
            : Self.status(PHPhotoLibrary.authorizationStatus(for: .readWrite))
    }

    public func requestAuthorization(for sourceType: SourceType) async -> AuthorizationStatus {
        if sourceType == .camera {
            return await AVCaptureDevice.requestAccess(for: .video) ? .authorized : .denied
        }
        return Self.status(await PHPhotoLibrary.requestAuthorization(for: .readWrite))
    }

    public func selectMoreItems(for sourceType: SourceType) async {
        guard let presentingViewController else { return }
        _ = await PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: presentingViewController)
    }

    public func loadMedia(for item: PickedItem) async throws -> PickedMedia {
        try await loadMedia(for: item, representation: .current) { _ in }
    }

    public func loadMedia(
        for item: PickedItem, representation: LibraryPickerConfiguration.Representation,
        progress: @escaping @MainActor (Double) -> Void
    ) async throws -> PickedMedia {
        guard let provider = providers[item.id] else { throw CocoaError(.fileNoSuchFile) }
        if item.mediaType == .movie {
            let destination = movieDirectory.appendingPathComponent(UUID().uuidString).appendingPathExtension("mov")
            let url: URL = try await load(provider, type: UTType.movie, progress: progress) { file in
                try FileManager.default.copyItem(at: file, to: destination)
                return destination
            }
            let duration = try await AVURLAsset(url: url).load(.duration)
            return .movie(url, duration: .milliseconds(Int64((duration.seconds * 1000).rounded())))
        }
        let type = representation == .compatible && provider.hasItemConformingToTypeIdentifier(UTType.jpeg.identifier)
            ? UTType.jpeg : UTType.image
        let configuration = self.configuration
        let image: CGImageBuffer = try await load(provider, type: type, progress: progress) { file in
            try Self.decode(file, limit: configuration.largestUsefulSide(for:))
        }
        return .image(image)
    }

    /// Loads `type` from `provider` as a file and reads it with `read` before the provider's
    /// completion returns (the file is deleted then), forwarding progress and cancellation.
    private func load<Value: Sendable>(
        _ provider: NSItemProvider, type: UTType, progress: @escaping @MainActor (Double) -> Void,
        read: @escaping @Sendable (URL) throws -> Value
    ) async throws -> Value {
        let handle = ProgressHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let loading = provider.loadFileRepresentation(forTypeIdentifier: type.identifier) { file, error in
                    guard let file else { return continuation.resume(throwing: error ?? CocoaError(.fileReadUnknown)) }
                    continuation.resume(with: Result { try read(file) })
                }
                handle.watch(loading) { fraction in Task { @MainActor in progress(fraction) } }
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// Reads an image file's size and orientation, then decodes it no larger than `limit`
    /// says, keeping the orientation apart as PickerKit expects.
    nonisolated private static func decode(_ file: URL, limit: (PixelSize) -> Int?) throws -> CGImageBuffer {
        guard let source = CGImageSourceCreateWithURL(file as CFURL, [kCGImageSourceShouldCache: false] as CFDictionary),
            let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
            let width = properties[kCGImagePropertyPixelWidth] as? Int,
            let height = properties[kCGImagePropertyPixelHeight] as? Int
        else { throw CocoaError(.fileReadCorruptFile) }
        let orientation = ImageOrientation(rawValue: properties[kCGImagePropertyOrientation] as? Int ?? 1) ?? .up
        let shown = orientation.displaySize(forRaw: PixelSize(width: width, height: height))
        var options: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: false,
            kCGImageSourceShouldCacheImmediately: true,
        ]
        options[kCGImageSourceThumbnailMaxPixelSize] = limit(shown) ?? max(width, height)
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return CGImageBuffer(image: image, orientation: orientation)
    }

    private static func system(_ type: SourceType) -> UIImagePickerController.SourceType {
        switch type {
        case .camera: .camera
        case .photoLibrary: .photoLibrary
        case .savedPhotosAlbum: .savedPhotosAlbum
        }
    }

    private static func status(_ status: PHAuthorizationStatus) -> AuthorizationStatus {
        switch status {
        case .authorized: .authorized
        case .limited: .limited
        case .denied: .denied
        case .restricted: .restricted
        default: .notDetermined
        }
    }

    private static func status(_ status: AVAuthorizationStatus) -> AuthorizationStatus {
        switch status {
        case .authorized: .authorized
        case .denied: .denied
        case .restricted: .restricted
        default: .notDetermined
        }
    }
}

/// A provider's `Progress`: observed for its fraction, cancelled with the loading task.
private final class ProgressHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: Progress?
    private var observation: NSKeyValueObservation?
    private var cancelled = false

    func watch(_ progress: Progress, report: @escaping @Sendable (Double) -> Void) {
        let cancelNow = lock.withLock {
            self.progress = progress
            observation = progress.observe(\.fractionCompleted, options: [.initial, .new]) { progress, _ in
                report(progress.fractionCompleted)
            }
            return cancelled
        }
        if cancelNow { progress.cancel() }
    }

    func cancel() {
        let progress = lock.withLock {
            cancelled = true
            return self.progress
        }
        progress?.cancel()
    }
}
#endif

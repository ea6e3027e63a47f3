#if canImport(UIKit)
import AVFoundation
import Photos
import PickerImaging
import PickerKit
import UIKit

/// A `PhotoSource` over the system: `UIImagePickerController`'s availability checks, Photos and
/// AVFoundation authorization, and `NSItemProvider`s from `PHPickerViewController` for the
/// picked items' contents.
@MainActor
public final class SystemPhotoSource: PhotoSource {
    /// The item providers of the last pick, by the item id the app gave each.
    public var providers: [String: NSItemProvider] = [:]

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

    public func loadMedia(for item: PickedItem) async throws -> PickedMedia {
        try await loadMedia(for: item, representation: .current) { _ in }
    }

    public func loadMedia(
        for item: PickedItem, representation: LibraryPickerConfiguration.Representation,
        progress: @escaping @MainActor (Double) -> Void
    ) async throws -> PickedMedia {
        guard let provider = providers[item.id] else { throw CocoaError(.fileNoSuchFile) }
        let image: CGImageBuffer = try await withCheckedThrowingContinuation { continuation in
            let loading = provider.loadObject(ofClass: UIImage.self) { object, error in
                if let image = object as? UIImage, let buffer = CGImageBuffer(image) {
                    continuation.resume(returning: buffer)
                } else {
                    continuation.resume(throwing: error ?? CocoaError(.fileReadCorruptFile))
                }
            }
            progress(loading.fractionCompleted)
        }
        return .image(image)
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
#endif

#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
import AVFoundation
import Photos
import PhotosUI
import PickerImaging
import PickerKit
import UIKit
import UniformTypeIdentifiers

/// A `PhotoSource` over the system: `UIImagePickerController`'s availability checks, Photos and
/// AVFoundation authorization (asked only for the camera and in-app library browsing: the
/// picker decides when), and the contents of what the system pickers hand over.
///
/// `UIKitPresenter` registers each pick here (``register(_:configuration:)-(PHPickerResult)``
/// for the library picker's results, ``register(_:configuration:)-(UIImagePickerController.InfoKey)``
/// for the image picker's info) and the picker loads it:
///
/// - an image is read from its file and reduced while it is decoded (ImageIO thumbnailing) to
///   what the edit needs (`PickerConfiguration.largestUsefulSide(for:)`), so a 48 MP photo
///   never lands in memory whole; it reports its full size
///   (`ImageBuffer.fullResolutionPixelSize`), so crops and saved edits are in the asset's pixels;
/// - a movie is copied out of the provider's temporary file, keeping its type (`.mp4` stays
///   `.mp4`), into ``movieDirectory``; a copy the picker drops (a preview the person went back
///   from, a session that ended without it) is deleted, and one it returns is the app's.
///
/// Progress is forwarded as it changes, and cancelling the load cancels the provider's work.
@MainActor
public final class SystemPhotoSource: PhotoSource {
    /// The picker's configuration when the last pick was registered: how large a picked image
    /// is worth decoding. Each registered pick sets it (``register(_:configuration:)-(UIImagePickerController.InfoKey)``).
    public var configuration = PickerConfiguration()
    /// The screen the limited-library picker ("select more photos") is presented over: the
    /// frontmost view controller it presents. The `UIKitPresenter` given this source sets it to
    /// its host, and PickerKit's SwiftUI screens to the system picker they show.
    public weak var presentingViewController: UIViewController?
    /// Where picked movies are copied to: a folder of this source's own in the temporary
    /// directory by default, made at the first copy and deleted when the picker drops the last
    /// copy in it while no other is being made. (A folder the host sets elsewhere stays, empty
    /// or not.)
    public var movieDirectory: URL

    /// This source's own folder for movies.
    private let ownMovieDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("PickerKit-\(UUID().uuidString)")
    /// Movies being copied (off the main actor) and checked: the folder they go into stays.
    private var moviesInFlight = 0

    /// What a registered item holds.
    private enum Content {
        /// An item of the library picker.
        case provider(NSItemProvider)
        /// An image or movie file the image picker handed over, kept in this source's own folder.
        case file(URL, movie: Bool)
        /// An image the image picker handed over with no file.
        case image(UIImage)
    }

    private var contents: [String: Content] = [:]
    private var copiedMovies: Set<URL> = []
    private var picks = 0

    /// Creates a source with nothing registered.
    public init() {
        movieDirectory = ownMovieDirectory
    }

    deinit {
        Self.delete(keptFiles)
        // This source's own folder goes with it when nothing is left in it.
        if (try? FileManager.default.contentsOfDirectory(atPath: ownMovieDirectory.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: ownMovieDirectory)
        }
    }

    // MARK: Device

    public func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool {
        Self.system(sourceType).map(UIImagePickerController.isSourceTypeAvailable) ?? false
    }

    public func availableMediaTypes(for sourceType: SourceType) -> [MediaType] {
        guard let system = Self.system(sourceType) else { return [] }
        return (UIImagePickerController.availableMediaTypes(for: system) ?? []).map { MediaType($0) }
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

    /// Presents the limited-library picker over the frontmost view controller, and returns when
    /// the person is done; at once when no view controller could present it (UIKit would refuse,
    /// and the picker would never return).
    public func selectMoreItems(for sourceType: SourceType) async {
        guard var front = presentingViewController else { return }
        while let next = front.presentedViewController, !next.isBeingDismissed { front = next }
        guard front.canPresentNow, !front.isBeingPresented else { return }
        _ = await PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: front)
    }

    // MARK: Registering picks

    /// Registers the library picker's results and returns them as items, in the order PHPicker
    /// gave them (the order picked, with `LibraryPickerConfiguration.ordered`, the default):
    /// each item's id is its asset identifier (with in-app library access) or one of this
    /// source's own, and its media type what its provider holds.
    public func register(_ results: [PHPickerResult], configuration: PickerConfiguration) -> [PickedItem] {
        self.configuration = configuration
        return results.map { result in
            let id = result.assetIdentifier ?? nextID()
            contents[id] = .provider(result.itemProvider)
            return PickedItem(id: id, mediaType: Self.mediaType(of: result.itemProvider))
        }
    }

    /// Registers the image picker's pick and returns it as an item; `nil` when `info` holds no
    /// media (no image, file or movie).
    ///
    /// The picker's files (`mediaURL`, `imageURL`) are temporary: the system may delete them once
    /// the picker is gone, and a movie's preview or a load can come later. Each is kept here at
    /// once, in this source's own folder (a hard link, or a copy across volumes), until the next
    /// pick is registered or the source is released. A file that cannot be kept is loaded from
    /// where it is.
    public func register(_ info: [UIImagePickerController.InfoKey: Any], configuration: PickerConfiguration) -> PickedItem? {
        self.configuration = configuration
        let type = (info[.mediaType] as? String).flatMap { UTType($0) } ?? UTType.image
        let id = nextID()
        releaseKeptFiles()
        if type.conforms(to: UTType.movie) {
            guard let url = info[.mediaURL] as? URL else { return nil }
            contents[id] = .file(keep(url), movie: true)
            return PickedItem(id: id, mediaType: .movie)
        }
        if let url = info[.imageURL] as? URL {
            contents[id] = .file(keep(url), movie: false)
        } else if let image = info[.originalImage] as? UIImage {
            contents[id] = .image(image)
        } else {
            return nil
        }
        return PickedItem(id: id, mediaType: type.conforms(to: UTType.livePhoto) ? .livePhoto : .image)
    }

    /// The image picker's files kept by ``register(_:configuration:)-(UIImagePickerController.InfoKey)``.
    private var keptFiles: Set<URL> = []

    /// A link to (or copy of) the picker's temporary `file` in this source's own folder; `file`
    /// itself when it cannot be kept.
    private func keep(_ file: URL) -> URL {
        let directory = ownMovieDirectory.appendingPathComponent("picked")
        let name = UUID().uuidString + (file.pathExtension.isEmpty ? "" : ".\(file.pathExtension)")
        let kept = directory.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                try FileManager.default.linkItem(at: file, to: kept)
            } catch {
                try FileManager.default.copyItem(at: file, to: kept)
            }
        } catch {
            return file
        }
        keptFiles.insert(kept)
        return kept
    }

    /// Deletes the files ``keep(_:)`` kept for the last pick, and their folder.
    private func releaseKeptFiles() {
        guard !keptFiles.isEmpty else { return }
        Self.delete(keptFiles)
        keptFiles = []
        removeOwnFolderIfEmpty()
    }

    nonisolated private static func delete(_ files: Set<URL>) {
        for file in files { try? FileManager.default.removeItem(at: file) }
        if let folder = files.first?.deletingLastPathComponent(),
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    private func nextID() -> String {
        picks += 1
        return "picked-\(picks)"
    }

    /// What a provider holds, as a media type: a live photo, a movie, else an image.
    static func mediaType(of provider: NSItemProvider) -> MediaType {
        if provider.hasItemConformingToTypeIdentifier(UTType.livePhoto.identifier) { return .livePhoto }
        if provider.hasItemConformingToTypeIdentifier(UTType.movie.identifier) { return .movie }
        return .image
    }

    /// The library picker's options as PHPicker's.
    static func configuration(for library: LibraryPickerConfiguration) -> PHPickerConfiguration {
        var configuration = library.access == .inApp ? PHPickerConfiguration(photoLibrary: .shared()) : PHPickerConfiguration()
        configuration.filter = .any(of: library.filter.sorted().map { filter in
            switch filter {
            case .images: .images
            case .videos: .videos
            case .livePhotos: .livePhotos
            }
        })
        configuration.selectionLimit = library.selectionLimit
        if #available(iOS 15, *) { configuration.selection = library.ordered ? .ordered : .default }
        configuration.preferredAssetRepresentationMode = library.preferredRepresentation == .compatible ? .compatible : .current
        return configuration
    }

    // MARK: Loading

    public func loadMedia(for item: PickedItem) async throws -> PickedMedia {
        try await loadMedia(for: item, representation: .current) { _ in }
    }

    public func loadMedia(
        for item: PickedItem, representation: LibraryPickerConfiguration.Representation,
        progress: @escaping @MainActor (Double) -> Void
    ) async throws -> PickedMedia {
        guard let content = contents[item.id] else { throw PhotoSourceError.unknownItem(item.id) }
        let configuration = self.configuration
        let limit: @Sendable (PixelSize) -> Int? = { configuration.largestUsefulSide(for: $0) }
        switch content {
        case let .provider(provider) where item.mediaType == .movie:
            moviesInFlight += 1
            defer { movieSettled() }
            let directory = movieDirectory
            let type = provider.registeredTypeIdentifiers.compactMap { UTType($0) }.first { $0.conforms(to: .movie) } ?? UTType.movie
            let url = try await load(provider, type: type, progress: progress, read: { file in try Self.copy(file, into: directory) },
                                     unwanted: { copy in try? FileManager.default.removeItem(at: copy) })
            return try await movie(at: url)
        case let .provider(provider):
            let type = representation == .compatible && provider.hasItemConformingToTypeIdentifier(UTType.jpeg.identifier)
                ? UTType.jpeg : UTType.image
            return .image(try await load(provider, type: type, progress: progress) { file in try ImageFileReader.read(file, limit: limit) })
        case let .file(url, movie: true):
            moviesInFlight += 1
            defer { movieSettled() }
            let directory = movieDirectory
            return try await movie(at: try await Self.offMain { try Self.copy(url, into: directory) })
        case let .file(url, movie: false):
            return .image(try await Self.offMain { try ImageFileReader.read(url, limit: limit) })
        case let .image(image):
            guard let buffer = CGImageBuffer(image) else { throw PhotoSourceError.unreadable(item.id) }
            return .image(buffer)
        }
    }

    /// A copied movie with its length; the copy is deleted when its length cannot be read.
    private func movie(at url: URL) async throws -> PickedMedia {
        copiedMovies.insert(url)
        do {
            let duration = try await AVURLAsset(url: url).load(.duration)
            guard duration.seconds.isFinite else { throw PhotoSourceError.unreadable(url.lastPathComponent) }
            return .movie(url, duration: .milliseconds(Int64((duration.seconds * 1000).rounded())))
        } catch {
            discardCopy(url)
            throw error
        }
    }

    /// Deletes a movie this source copied, when the picker drops it.
    public func discard(_ media: PickedMedia) {
        if case let .movie(url, _) = media { discardCopy(url) }
    }

    private func discardCopy(_ url: URL) {
        guard copiedMovies.remove(url) != nil else { return }
        try? FileManager.default.removeItem(at: url)
        removeOwnFolderIfEmpty()
    }

    /// A movie load ended, with its copy handed over, deleted or never made.
    private func movieSettled() {
        moviesInFlight -= 1
        removeOwnFolderIfEmpty()
    }

    /// Deletes this source's own movie folder when it holds nothing and no copy is under way.
    private func removeOwnFolderIfEmpty() {
        guard moviesInFlight == 0,
            (try? FileManager.default.contentsOfDirectory(atPath: ownMovieDirectory.path))?.isEmpty == true
        else { return }
        try? FileManager.default.removeItem(at: ownMovieDirectory)
    }

    /// Copies `file` into `directory` under a new name with the same extension.
    nonisolated private static func copy(_ file: URL, into directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = UUID().uuidString + (file.pathExtension.isEmpty ? "" : ".\(file.pathExtension)")
        let copy = directory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: file, to: copy)
        return copy
    }

    /// Runs file work off the main actor.
    @concurrent
    nonisolated private static func offMain<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try work()
    }

    /// Loads `type` from `provider` as a file and reads it with `read` before the provider's
    /// completion returns (the file is deleted then), forwarding progress and cancellation.
    ///
    /// A cancelled load ends at once with `CancellationError`, whether or not the provider then
    /// calls its completion (the provider's `Progress` is cancelled, and nothing promises a
    /// completion after that); a completion that still comes is not read.
    private func load<Value: Sendable>(
        _ provider: NSItemProvider, type: UTType, progress: @escaping @MainActor (Double) -> Void,
        read: @escaping @Sendable (URL) throws -> Value, unwanted: @escaping @Sendable (Value) -> Void = { _ in }
    ) async throws -> Value {
        let handle = ProgressHandle()
        let outcome = LoadOutcome<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard outcome.wait(continuation) else { return }
                let loading = provider.loadFileRepresentation(forTypeIdentifier: type.identifier) { file, error in
                    guard outcome.isWanted else { return }
                    guard let file else { return _ = outcome.finish(.failure(error ?? PhotoSourceError.unreadable(type.identifier))) }
                    let result = Result { try read(file) }
                    // Cancelled while it was read: what was made for it (a movie's copy) goes.
                    if !outcome.finish(result), case let .success(value) = result { unwanted(value) }
                }
                let forward = ProgressForwarder(progress)
                handle.watch(loading) { fraction in Task { @MainActor in forward.report(fraction) } }
            }
        } onCancel: {
            _ = outcome.finish(.failure(CancellationError()))
            handle.cancel()
        }
    }

    /// The image picker's source; `nil` for the camera on visionOS, where apps have none.
    private static func system(_ type: SourceType) -> UIImagePickerController.SourceType? {
        switch type {
        case .camera:
            #if os(visionOS)
            nil
            #else
            .camera
            #endif
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

/// Why a `SystemPhotoSource` could not deliver an item.
public enum PhotoSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No pick registered this item: it came from another source, or an earlier launch.
    case unknownItem(String)
    /// The item's file could not be read as an image or a movie.
    case unreadable(String)

    public var description: String {
        switch self {
        case let .unknownItem(id): "no pick registered item \(id)"
        case let .unreadable(what): "\(what) could not be read"
        }
    }
}

/// Hands a load's progress to the picker on the main actor, never going back: the reports hop
/// from the provider's queue one task each, and a later one may arrive first.
@MainActor
private final class ProgressForwarder {
    private let progress: @MainActor (Double) -> Void
    private var last = -Double.infinity

    init(_ progress: @escaping @MainActor (Double) -> Void) {
        self.progress = progress
    }

    func report(_ fraction: Double) {
        guard fraction > last else { return }
        last = fraction
        progress(fraction)
    }
}

/// How a provider's load ends, once: by its completion or by the task's cancellation, whichever
/// comes first. (A cancellation before the continuation exists ends it as soon as it does.)
private final class LoadOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var result: Result<Value, any Error>?

    /// Whether nothing has ended the load yet: a completion arriving after it ended is not read.
    var isWanted: Bool { lock.withLock { result == nil } }

    /// Holds `continuation` until the load ends; `false` when it already has (and was resumed).
    func wait(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
        let ended: Result<Value, any Error>? = lock.withLock {
            if result == nil { self.continuation = continuation }
            return result
        }
        guard let ended else { return true }
        continuation.resume(with: ended)
        return false
    }

    /// Ends the load with `result`, if nothing ended it before; returns whether it did.
    func finish(_ result: Result<Value, any Error>) -> Bool {
        let (ended, waiting): (Bool, CheckedContinuation<Value, any Error>?) = lock.withLock {
            guard self.result == nil else { return (false, nil) }
            self.result = result
            defer { continuation = nil }
            return (true, continuation)
        }
        waiting?.resume(with: result)
        return ended
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

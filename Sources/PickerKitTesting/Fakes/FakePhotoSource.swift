import Foundation
import PickerImaging
import PickerKit

/// A photo source with scripted availability, media types, authorization and items.
///
/// Loads complete at once by default; with ``loadMode`` set to ``LoadMode/manual`` they wait
/// until ``completePendingLoads()``, so a test can act while an item is loading.
@MainActor
public final class FakePhotoSource: PhotoSource {
    /// One item the browser offers, with what loading it gives.
    public struct Item: Sendable {
        /// The item as the person picks it.
        public var item: PickedItem
        /// What loading it delivers.
        public var content: Content
        /// The progress the library picker reports while loading it, in order.
        public var progress: [Double] = []

        /// What loading an item delivers.
        public enum Content: Sendable {
            /// A still image.
            case image(any ImageBuffer)
            /// A movie file and its length.
            case movie(URL, duration: Duration)
            /// A load failure with this message.
            case failure(String)
        }

        /// An image item.
        public static func image(_ id: String, _ image: any ImageBuffer) -> Item {
            Item(item: PickedItem(id: id, mediaType: .image), content: .image(image))
        }

        /// A movie item.
        public static func movie(_ id: String, url: URL, duration: Duration = .seconds(12)) -> Item {
            Item(item: PickedItem(id: id, mediaType: .movie), content: .movie(url, duration: duration))
        }

        /// An item whose load fails.
        public static func failing(_ id: String, _ message: String, mediaType: MediaType = .image) -> Item {
            Item(item: PickedItem(id: id, mediaType: mediaType), content: .failure(message))
        }
    }

    /// When loads complete.
    public enum LoadMode: Sendable {
        /// As soon as they are asked for.
        case immediate
        /// When the test calls ``completePendingLoads()``.
        case manual
    }

    /// The error a scripted failure throws: only a message, so the cause it gives equals the
    /// string literal a test writes (`.itemLoadFailed(itemID: "BAD", cause: "offline")`).
    public typealias LoadError = ErrorCause.Message

    /// The sources this device has, with the media types each offers.
    public var sources: [SourceType: [MediaType]]
    /// The current authorization per source; missing sources are authorized.
    public var authorization: [SourceType: AuthorizationStatus]
    /// What the person answers when asked; missing sources answer authorized.
    public var authorizationAnswers: [SourceType: AuthorizationStatus]
    /// The items the browser and library picker offer.
    public var items: [Item]
    /// With ``AuthorizationStatus/limited`` access, the ids of the items the person allowed;
    /// the others are not shown.
    public var limitedSelection: Set<String> = []
    /// The ids the person adds to ``limitedSelection`` when offered to select more.
    public var itemsAllowedOnRequest: Set<String> = []
    /// The movies the picker dropped, in order (``discard(_:)``).
    public private(set) var discarded: [URL] = []
    /// When loads complete.
    public var loadMode: LoadMode = .immediate
    /// When the person answers an access request: at once, or when the test calls
    /// ``answerAccessRequests()`` (the system's prompt stays up meanwhile).
    public var accessMode: LoadMode = .immediate

    private let transcript: Transcript
    private var pending: [(number: Int, item: Item, continuation: CheckedContinuation<Void, any Error>)] = []
    private var loadCount = 0
    private var accessRequests: [CheckedContinuation<Void, Never>] = []

    /// Creates a source. By default: all three sources, offering images and movies, authorized.
    public init(
        transcript: Transcript,
        sources: [SourceType: [MediaType]] = [.camera: [.image, .movie], .photoLibrary: [.image, .movie], .savedPhotosAlbum: [.image, .movie]],
        authorization: [SourceType: AuthorizationStatus] = [:],
        authorizationAnswers: [SourceType: AuthorizationStatus] = [:],
        items: [Item] = []
    ) {
        self.transcript = transcript
        self.sources = sources
        self.authorization = authorization
        self.authorizationAnswers = authorizationAnswers
        self.items = items
    }

    /// The items a browser shows: all of them, or with limited access only the allowed ones.
    public var visibleItems: [Item] {
        guard authorization[.photoLibrary] == .limited else { return items }
        return items.filter { limitedSelection.contains($0.item.id) }
    }

    /// The number of loads waiting for ``completePendingLoads()``.
    public var pendingLoadCount: Int { pending.count }

    public func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool {
        sources[sourceType] != nil
    }

    public func availableMediaTypes(for sourceType: SourceType) -> [MediaType] {
        sources[sourceType] ?? []
    }

    public func authorizationStatus(for sourceType: SourceType) -> AuthorizationStatus {
        authorization[sourceType] ?? .authorized
    }

    public func requestAuthorization(for sourceType: SourceType) async -> AuthorizationStatus {
        if accessMode == .manual {
            transcript.record("source", "prompt for access to \(sourceType)")
            await withCheckedContinuation { accessRequests.append($0) }
        }
        let answer = authorizationAnswers[sourceType] ?? .authorized
        transcript.record("source", "asked access to \(sourceType): \(answer.rawValue)")
        if authorizationStatus(for: sourceType) != .notDetermined {
            transcript.reportUnexpected("access to \(sourceType) asked again after \(authorizationStatus(for: sourceType).rawValue)")
        }
        authorization[sourceType] = answer
        return answer
    }

    public func selectMoreItems(for sourceType: SourceType) async {
        transcript.record("source", "select more for \(sourceType): \(itemsAllowedOnRequest.sorted().joined(separator: ", "))")
        if authorization[sourceType] != .limited {
            transcript.reportUnexpected("select more for \(sourceType) without limited access")
        }
        limitedSelection.formUnion(itemsAllowedOnRequest)
    }

    /// Records a dropped movie (`"source: discard clip.mov"`); other media need no clearing up.
    public func discard(_ media: PickedMedia) {
        guard case let .movie(url, _) = media else { return }
        transcript.record("source", "discard \(url.lastPathComponent)")
        discarded.append(url)
    }

    public func loadMedia(for item: PickedItem) async throws -> PickedMedia {
        transcript.record("source", "load \(item.id)")
        return try await deliver(item, progress: nil)
    }

    public func loadMedia(
        for item: PickedItem, representation: LibraryPickerConfiguration.Representation,
        progress: @escaping @MainActor (Double) -> Void
    ) async throws -> PickedMedia {
        transcript.record("source", "load \(item.id) (\(representation.rawValue))")
        return try await deliver(item, progress: progress)
    }

    private func deliver(_ item: PickedItem, progress: (@MainActor (Double) -> Void)?) async throws -> PickedMedia {
        guard let scripted = items.first(where: { $0.item == item }) else {
            transcript.reportUnexpected("load of unknown item \(item.id)")
            throw LoadError(description: "unknown item \(item.id)")
        }
        if !visibleItems.contains(where: { $0.item == item }) {
            transcript.reportUnexpected("load of \(item.id), which the person cannot see")
        }
        for fraction in scripted.progress { progress?(fraction) }
        if loadMode == .manual {
            loadCount += 1
            let number = loadCount
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { pending.append((number, scripted, $0)) }
            } onCancel: {
                Task { @MainActor [weak self] in self?.cancelLoad(number) }
            }
        }
        switch scripted.content {
        case let .image(image): return .image(image)
        case let .movie(url, duration): return .movie(url, duration: duration)
        case let .failure(message): throw LoadError(description: message)
        }
    }

    /// The number of access prompts waiting for ``answerAccessRequests()``.
    public var pendingAccessRequestCount: Int { accessRequests.count }

    /// The person answers every access prompt that is up, as ``authorizationAnswers`` says.
    public func answerAccessRequests() {
        let waiting = accessRequests
        accessRequests.removeAll()
        for request in waiting { request.resume() }
    }

    /// Lets every waiting load complete.
    public func completePendingLoads() {
        let waiting = pending
        pending.removeAll()
        for load in waiting {
            transcript.record("source", "deliver \(load.item.item.id)")
            load.continuation.resume()
        }
    }

    /// Lets the waiting load of item `id` complete, leaving the others waiting.
    public func completeLoad(_ id: String) {
        guard let index = pending.firstIndex(where: { $0.item.item.id == id }) else {
            return transcript.reportUnexpected("complete \(id), which is not loading")
        }
        let load = pending.remove(at: index)
        transcript.record("source", "deliver \(id)")
        load.continuation.resume()
    }

    private func cancelLoad(_ number: Int) {
        guard let index = pending.firstIndex(where: { $0.number == number }) else { return }
        let load = pending.remove(at: index)
        transcript.record("source", "load \(load.item.item.id) cancelled")
        load.continuation.resume(throwing: CancellationError())
    }
}

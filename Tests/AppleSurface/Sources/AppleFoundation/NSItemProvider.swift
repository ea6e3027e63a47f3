import SurfaceDevice

/// Apple: `class NSItemProvider : NSObject` (Foundation), as a `PHPickerResult` carries it: the
/// representations of one picked item, loaded asynchronously.
///
/// Modelled as documented: `loadFileRepresentation(forTypeIdentifier:completionHandler:)` copies
/// the item into a temporary file, calls the handler on a queue of its own, and deletes the
/// file when the handler returns; the returned `Progress` reports the copy and cancels it.
/// Tests make providers with ``init(surfaceRepresentations:suggestedName:)``.
open class NSItemProvider: NSObject {
    /// What one representation holds: a file's bytes, or the error loading it ends with.
    @_spi(Surface) public enum SurfaceContent: Sendable {
        case data(Data)
        case failure(String)
    }

    private let representations: [(type: String, content: SurfaceContent)]
    private let lock = NSLock()
    private var held: [() -> Void] = []
    private var holds = false
    /// Every temporary file a load made, for tests to check they are gone.
    @_spi(Surface) public private(set) var surfaceTemporaryFiles: [URL] = []
    /// How many loads have finished (delivered a file or an error).
    @_spi(Surface) public private(set) var surfaceLoadsFinished = 0
    /// Whether a cancelled load ends without calling its completion. Nothing in the documentation
    /// promises a completion once the load's `Progress` is cancelled, and a provider waiting on a
    /// download or a file coordinator may never call it; the default calls it with
    /// `CocoaError(.userCancelled)`.
    @_spi(Surface) public var surfaceCancellationIsSilent = false

    /// Apple: `init()`.
    public override init() {
        representations = []
        suggestedName = nil
        super.init()
    }

    /// An item with `representations`, most faithful first, and the name Photos suggests.
    @_spi(Surface) public init(surfaceRepresentations representations: [(type: String, content: SurfaceContent)], suggestedName: String? = nil) {
        self.representations = representations
        self.suggestedName = suggestedName
        super.init()
    }

    /// Apple: `var suggestedName: String?`.
    open var suggestedName: String?

    /// Apple: `var registeredTypeIdentifiers: [String] { get }`.
    open var registeredTypeIdentifiers: [String] { representations.map(\.type) }

    /// Apple: `func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool`.
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        representations.contains { TypeTree.conforms($0.type, to: typeIdentifier) }
    }

    /// Holds every load until ``surfaceFinishLoads()``, to act while one is under way.
    @_spi(Surface) public func surfaceHoldLoads() { lock.withLock { holds = true } }

    /// Lets the held loads finish.
    @_spi(Surface) public func surfaceFinishLoads() {
        let waiting = lock.withLock {
            holds = false
            defer { held = [] }
            return held
        }
        for load in waiting { load() }
    }

    /// Apple: `func loadFileRepresentation(forTypeIdentifier typeIdentifier: String,
    /// completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void) -> Progress`.
    open func loadFileRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 100)
        let once = Once()
        let representation = representations.first { TypeTree.conforms($0.type, to: typeIdentifier) }
        let provider = WeakProvider(self)
        let silent = surfaceCancellationIsSilent
        progress.cancellationHandler = {
            guard once.claim(), !silent else { return }
            DispatchQueue.global().async {
                completionHandler(nil, CocoaError(.userCancelled))
                provider.value?.finished()
            }
        }
        let load: () -> Void = {
            DispatchQueue.global().async {
                guard let self = provider.value else { return }
                guard !progress.isCancelled else { return }
                progress.completedUnitCount = 50
                KeyValueChanges.didChange(progress)
                guard once.claim() else { return }
                guard let representation else {
                    completionHandler(nil, CocoaError(.fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no representation conforms to \(typeIdentifier)"]))
                    return self.finished()
                }
                switch representation.content {
                case let .failure(message):
                    completionHandler(nil, CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: message]))
                case let .data(data):
                    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("NSItemProvider-\(UUID().uuidString)")
                    let name = (self.suggestedName ?? "item") + (TypeTree.extensions[representation.type].map { ".\($0)" } ?? "")
                    let file = directory.appendingPathComponent(name)
                    do {
                        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                        try data.write(to: file)
                    } catch {
                        completionHandler(nil, error)
                        return self.finished()
                    }
                    self.lock.withLock { self.surfaceTemporaryFiles.append(file) }
                    progress.completedUnitCount = 100
                    KeyValueChanges.didChange(progress)
                    completionHandler(file, nil)
                    // The file lives only while the handler runs.
                    try? FileManager.default.removeItem(at: directory)
                }
                self.finished()
            }
        }
        let runNow = lock.withLock {
            if holds { held.append(load) }
            return !holds
        }
        if runNow { load() }
        return progress
    }

    private func finished() {
        lock.withLock { surfaceLoadsFinished += 1 }
    }
}

/// A completion that may be claimed once, by the load or by its cancellation.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }
            return !claimed
        }
    }
}

/// A provider, held weakly across its loading queue.
private final class WeakProvider: @unchecked Sendable {
    weak var value: NSItemProvider?
    init(_ value: NSItemProvider) { self.value = value }
}

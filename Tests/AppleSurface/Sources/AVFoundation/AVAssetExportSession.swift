import SurfaceDevice

/// Apple: `let AVAssetExportPresetLowQuality: String`.
public let AVAssetExportPresetLowQuality = "AVAssetExportPresetLowQuality"
/// Apple: `let AVAssetExportPresetMediumQuality: String`.
public let AVAssetExportPresetMediumQuality = "AVAssetExportPresetMediumQuality"
/// Apple: `let AVAssetExportPresetHighestQuality: String`.
public let AVAssetExportPresetHighestQuality = "AVAssetExportPresetHighestQuality"
/// Apple: `let AVAssetExportPresetPassthrough: String`.
public let AVAssetExportPresetPassthrough = "AVAssetExportPresetPassthrough"

/// Apple: `struct AVFileType : Hashable, Equatable, RawRepresentable`.
public struct AVFileType: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Apple: `static let mov: AVFileType` (`com.apple.quicktime-movie`).
    public static let mov = AVFileType("com.apple.quicktime-movie")
    /// Apple: `static let mp4: AVFileType` (`public.mpeg-4`).
    public static let mp4 = AVFileType("public.mpeg-4")
}

/// Apple: `class AVAssetExportSession : NSObject` (not `Sendable` in the iOS 16.4 SDK).
///
/// The surface's movies are text files, `SURFACE-MOVIE <seconds>` (``AVAsset``). An export
/// reads its asset's duration off the calling thread, as a device's does, and writes
/// `SURFACE-MOVIE <seconds kept>` and the preset to ``outputURL``; ``progress`` reaches 1 when it
/// completes. While it runs, the file holds `SURFACE-MOVIE-PARTIAL`, and a cancelled or failed
/// export leaves it there. As on a device, it fails (``Status/failed``, ``AVError/Code/fileAlreadyExists``)
/// when the output file exists, and fails when its asset is not a movie; ``cancelExport()``
/// ends it ``Status/cancelled``, with an error as Apple documents, and calls the handler. How long a real export takes, its
/// progress between 0 and 1, and the bytes it writes, only a device shows.
open class AVAssetExportSession: NSObject {
    /// Apple: `enum Status : Int` (`AVAssetExportSessionStatus`).
    public enum Status: Int, Sendable {
        case unknown = 0, waiting, exporting, completed, failed, cancelled
    }

    /// Apple: `var outputFileType: AVFileType?`.
    open var outputFileType: AVFileType?
    /// Apple: `var outputURL: URL?`.
    open var outputURL: URL?
    /// Apple: `var timeRange: CMTimeRange`: by default the whole asset (Core Media's zero to
    /// positive infinity, which the surface's `CMTime` writes as `Int64.max` seconds).
    open var timeRange = CMTimeRange(start: CMTime(value: 0, timescale: 1), duration: CMTime(value: .max, timescale: 1))
    /// Apple: `var presetName: String { get }`.
    open var presetName: String { preset }

    /// Apple: `var status: AVAssetExportSession.Status { get }`.
    open var status: Status { lock.withLock { state } }
    /// Apple: `var error: (any Error)? { get }`.
    open var error: (any Error)? { lock.withLock { failure } }
    /// Apple: `var progress: Float { get }`.
    open var progress: Float { lock.withLock { fraction } }

    private let asset: AVAsset
    private let preset: String
    private let lock = NSLock()
    private var state = Status.unknown
    private var failure: (any Error)?
    private var fraction: Float = 0
    private var handler: (@Sendable () -> Void)?

    private static let registry = NSLock()
    nonisolated(unsafe) private static var holding = false
    nonisolated(unsafe) private static var held: [() -> Void] = []
    nonisolated(unsafe) private static var started: [String] = []

    /// Apple: `init?(asset: AVAsset, presetName: String)`: `nil` for a preset it does not know.
    public init?(asset: AVAsset, presetName: String) {
        let known = [AVAssetExportPresetLowQuality, AVAssetExportPresetMediumQuality, AVAssetExportPresetHighestQuality, AVAssetExportPresetPassthrough]
        guard known.contains(presetName) else { return nil }
        self.asset = asset
        preset = presetName
        super.init()
    }

    /// Apple: `func exportAsynchronously(completionHandler handler: @escaping @Sendable () -> Void)`.
    /// Raises, as a device does, without an output URL or file type.
    open func exportAsynchronously(completionHandler handler: @escaping @Sendable () -> Void) {
        guard let output = outputURL, let type = outputFileType else {
            return Device.current.raise("NSInternalInconsistencyException: *** -[AVAssetExportSession exportAsynchronouslyWithCompletionHandler:] Cannot call exportAsynchronouslyWithCompletionHandler: without first setting outputURL and outputFileType")
        }
        let range = timeRange
        lock.withLock {
            state = .exporting
            self.handler = handler
        }
        Self.registry.withLock {
            Self.started.append("\(preset) \(type.rawValue) \(range.start.seconds)s+\(range.duration.seconds)s \(output.lastPathComponent)")
        }
        let session = Unchecked(self)
        // As on a device, the file is there while the export writes it: a cancelled or failed
        // export leaves what it wrote (removing it is the caller's job).
        let existed = FileManager.default.fileExists(atPath: output.path)
        if !existed { try? Data("SURFACE-MOVIE-PARTIAL\n".utf8).write(to: output) }
        let finish: @Sendable () -> Void = {
            DispatchQueue.global().async {
                // Cancelled while held: nothing more is written.
                guard session.value.status == .exporting else { return }
                let result: Result<Void, any Error>
                do {
                    guard !existed else { throw AVError(.fileAlreadyExists) }
                    let duration = try session.value.asset.readDuration().seconds
                    let start = min(max(0, range.start.seconds), duration)
                    let end = min(duration, start + max(0, range.duration.seconds))
                    try Data("SURFACE-MOVIE \(end - start)\nPRESET \(session.value.preset)\n".utf8).write(to: output)
                    result = .success(())
                } catch {
                    result = .failure(error)
                }
                session.value.end(result)
            }
        }
        let now = Self.registry.withLock {
            if Self.holding { Self.held.append(finish) }
            return !Self.holding
        }
        if now { finish() }
    }

    /// Apple: `func cancelExport()`.
    open func cancelExport() {
        let handler: (@Sendable () -> Void)? = lock.withLock {
            guard state == .exporting || state == .waiting else { return nil }
            state = .cancelled
            // Apple: the session sets `error` when it is cancelled, too. Which code, only a
            // device shows; the surface gives the operation-cancelled one.
            failure = AVError(.operationCancelled)
            defer { self.handler = nil }
            return self.handler
        }
        handler?()
    }

    private func end(_ result: Result<Void, any Error>) {
        let handler: (@Sendable () -> Void)? = lock.withLock {
            guard state == .exporting else { return nil }
            switch result {
            case .success:
                state = .completed
                fraction = 1
            case let .failure(error):
                state = .failed
                failure = error
            }
            defer { self.handler = nil }
            return self.handler
        }
        handler?()
    }

    /// Keeps exports under way until ``surfaceFinishExports()``.
    @_spi(Surface) public static func surfaceHoldExports() { registry.withLock { holding = true } }

    /// Lets the held exports finish, and later ones finish at once.
    @_spi(Surface) public static func surfaceFinishExports() {
        let pending: [() -> Void] = registry.withLock {
            holding = false
            defer { held = [] }
            return held
        }
        for finish in pending { finish() }
    }

    /// Each export started: `"<preset> <file type> <start>s+<duration>s <output file name>"`.
    @_spi(Surface) public static var surfaceExportsStarted: [String] { registry.withLock { started } }

    /// Forgets the exports started and releases any held.
    @_spi(Surface) public static func surfaceReset() {
        surfaceFinishExports()
        registry.withLock { started = [] }
    }
}

extension AVAssetExportSession {
    /// Apple: `enum State` (iOS 18), `Sendable`.
    public enum State: @unchecked Sendable {
        /// Apple: `case pending`.
        case pending
        /// Apple: `case waiting`.
        case waiting
        /// Apple: `case exporting(progress: Progress)`.
        case exporting(progress: Progress)
    }

    /// Apple: `func states(updateInterval: TimeInterval = .infinity) -> some Sendable &
    /// AsyncSequence<AVAssetExportSession.State, Never>` (iOS 18): the export's state every
    /// `updateInterval` while it runs, ending when it has ended. With the default interval the
    /// surface gives the state when it changes. How often a device reports, only a device shows.
    public func states(updateInterval: TimeInterval = .infinity) -> some Sendable & AsyncSequence<AVAssetExportSession.State, Never> {
        let session = Unchecked(self)
        return AsyncStream<State> { continuation in
            let watch = Task {
                var last: (status: Status, fraction: Float)?
                while !Task.isCancelled {
                    let status = session.value.status, fraction = session.value.progress
                    if [.completed, .failed, .cancelled].contains(status) { break }
                    if updateInterval.isFinite || last?.status != status || last?.fraction != fraction {
                        last = (status, fraction)
                        switch status {
                        case .exporting:
                            let progress = Progress(totalUnitCount: 1000)
                            progress.completedUnitCount = Int64(fraction * 1000)
                            continuation.yield(.exporting(progress: progress))
                        case .waiting: continuation.yield(.waiting)
                        default: continuation.yield(.pending)
                        }
                    }
                    let pause = updateInterval.isFinite ? max(0.001, updateInterval) : 0.01
                    try? await Task.sleep(nanoseconds: UInt64(pause * 1e9))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in watch.cancel() }
        }
    }

    /// Apple: `final func export(to url: URL, as fileType: AVFileType, isolation: isolated (any
    /// Actor)? = #isolation) async throws` (iOS 18; back-deployed to iOS 13 by later SDKs):
    /// exports to `url` as ``exportAsynchronously(completionHandler:)`` does, and throws what
    /// the session's ``error`` would hold. A cancelled task cancels the export, and it throws
    /// (the surface's error is `CancellationError`; which error a device throws, only a
    /// device shows).
    public final func export(to url: URL, as fileType: AVFileType, isolation: isolated (any Actor)? = #isolation) async throws {
        outputURL = url
        outputFileType = fileType
        if Task.isCancelled { throw CancellationError() }
        let session = Unchecked(self)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                session.value.exportAsynchronously { finished.resume() }
            }
        } onCancel: {
            session.value.cancelExport()
        }
        switch status {
        case .completed: return
        case .cancelled: throw CancellationError()
        default: throw error ?? AVError(.unknown)
        }
    }
}

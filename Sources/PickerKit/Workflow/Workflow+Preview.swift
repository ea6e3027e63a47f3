import Foundation

extension Workflow {
    /// Pushes a movie's preview on `root` (B17); with editing on it carries the trim step (B16).
    /// A negative length is taken as zero.
    mutating func pushPreview(
        _ session: WorkflowSession, on root: RootStep, url: URL, duration: Duration, mediaType: MediaType
    ) -> [WorkflowEffect] {
        let duration = max(.zero, duration)
        let trimmable = session.configuration.allowsEditing
        let trim = trimmable ? Duration.zero...min(duration, session.configuration.movie.maximumDuration) : nil
        let route = makeRoute(.moviePreview(MoviePreview(fileName: url.lastPathComponent, duration: duration, trimmable: trimmable)))
        state = .active(session, .previewing(PreviewStep(root: root, route: route, url: url, duration: duration, mediaType: mediaType, trim: trim)))
        return [.push(route, animated: true)]
    }

    /// Play, the trim handles (editing on), and Choose, which finishes with the movie's file,
    /// its trim range and the export quality, or first exports the kept part when the file as it
    /// is would not do and a ``MovieExporter`` is set. While an export runs, Choose and the trim
    /// handles are busy.
    mutating func previewAction(_ action: UserAction) -> [WorkflowEffect]? {
        guard case .active(let session, .previewing(var preview)) = state else { return nil }
        if preview.exportProgress != nil, action != .playTapped { return ignore(action, preview.route.id, .busy) }
        switch action {
        case .playTapped:
            return [.emit(.moviePlaying(preview.url.lastPathComponent))]
        case let .trimChanged(start, end) where preview.trim != nil:
            // Kept inside the movie and the maximum duration (a positive duration, checked at start).
            let lower = min(max(.zero, start), preview.duration)
            let upper = min(max(lower, end), preview.duration, lower + session.configuration.movie.maximumDuration)
            preview.trim = lower...upper
            state = .active(session, .previewing(preview))
            return [.emit(.movieTrimmed(lower...upper))]
        case .chooseTapped:
            let quality = session.configuration.movie.quality
            guard let reason = preview.exportReason(quality: quality) else { return finish(preview, url: preview.url) }
            guard session.facts.canExportMovies else {
                return [.emit(.movieNotExported(reason + "; no movieExporter is set"))] + finish(preview, url: preview.url)
            }
            preview.exportProgress = 0
            preview.exportAttempts += 1
            state = .active(session, .previewing(preview))
            let range = preview.kept
            return [
                .emit(.movieExportStarted(file: preview.url.lastPathComponent, range, quality)),
                .exportMovie(source: preview.url, range: range, quality: quality, attempt: preview.exportAttempts, session: session.id),
            ]
        default:
            return nil
        }
    }

    /// Ends the session with the previewed movie, as the file at `url`.
    mutating func finish(_ preview: PreviewStep, url: URL) -> [WorkflowEffect] {
        guard let session = state.session else { return [] }
        return end(.finished(ProfilePickerResult(
            mediaType: preview.mediaType, mediaURL: url, movieTrim: preview.trim,
            videoQuality: session.configuration.movie.quality)))
    }

    /// Cancel while an export runs stops it; the preview stays, for the person to choose again
    /// or cancel. `nil` when no export runs.
    mutating func cancelExport() -> [WorkflowEffect]? {
        guard case .active(let session, .previewing(var preview)) = state, preview.exportProgress != nil else { return nil }
        preview.exportProgress = nil
        state = .active(session, .previewing(preview))
        return [.cancelMovieExport, .emit(.movieExportCancelled)]
    }

    /// The running export's progress, shown on the preview; an earlier export's falls out.
    mutating func movieExportProgress(attempt: Int, _ fraction: Double) -> [WorkflowEffect] {
        guard case .active(let session, .previewing(var preview)) = state, preview.exportProgress != nil,
            preview.exportAttempts == attempt
        else { return [] }
        preview.exportProgress = fraction.isNaN ? 0 : min(1, max(0, fraction))
        state = .active(session, .previewing(preview))
        return []
    }

    /// The running export's file finishes the session; its failure is an alert, and the preview
    /// shows again. A file of an export that no longer runs (cancelled, or an earlier attempt) is
    /// deleted.
    mutating func movieExported(attempt: Int, _ result: Result<URL, PickerError>) -> [WorkflowEffect] {
        guard case .active(let session, .previewing(var preview)) = state, preview.exportProgress != nil,
            preview.exportAttempts == attempt
        else { return Self.discarding(.movieExported(attempt: attempt, result)) }
        switch result {
        case let .success(url):
            // The result carries the exported file: the original goes back to its photo source.
            let original = preview.pickedMovie.map { [WorkflowEffect.discard($0)] } ?? []
            return [.emit(.movieExported(file: url.lastPathComponent))] + original + finish(preview, url: url)
        case let .failure(error):
            preview.exportProgress = nil
            state = .active(session, .previewing(preview))
            return [.emit(.movieExportFailed(error)), .showAlert(error)]
        }
    }
}

extension PreviewStep {
    /// The part of the movie kept: the trim range, or the whole movie when editing is off.
    public var kept: ClosedRange<Duration> { trim ?? .zero...duration }

    /// Why the file as it is would not do at `quality`, for the log; `nil` when it would: kept
    /// whole, and at ``VideoQuality/high``, the original's own.
    func exportReason(quality: VideoQuality) -> String? {
        if kept != .zero...duration { return "trimmed to \(kept.listed) of \(duration.seconds)s" }
        if quality != .high { return "\(quality.rawValue) quality asked" }
        return nil
    }
}

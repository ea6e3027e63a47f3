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
    /// its trim range and the export quality.
    mutating func previewAction(_ action: UserAction) -> [WorkflowEffect]? {
        guard case .active(let session, .previewing(var preview)) = state else { return nil }
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
            return end(.finished(ProfilePickerResult(
                mediaType: preview.mediaType, mediaURL: preview.url, movieTrim: preview.trim,
                videoQuality: session.configuration.movie.quality)))
        default:
            return nil
        }
    }
}

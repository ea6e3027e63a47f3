import Foundation

extension ProfilePicker {
    /// Pushes a movie's preview (B17); with editing on it carries the trim step (B16).
    func pushPreview(_ url: URL, duration: Duration, mediaType: MediaType) {
        let trimmable = configuration.allowsEditing
        let initial = trimmable ? Duration.zero...min(duration, configuration.movie.maximumDuration) : nil
        session?.movie = Session.Movie(url: url, duration: duration, mediaType: mediaType, trim: initial)
        let route = makeRoute(.moviePreview(MoviePreview(fileName: url.lastPathComponent, duration: duration, trimmable: trimmable)))
        navigation.stack.append(route)
        presenter?.push(route, animated: true)
    }

    /// Keeps `start`…`end`, clamped to the movie and to the maximum duration.
    func trim(start: Duration, end: Duration) {
        guard let movie = session?.movie else { return }
        let lower = min(max(.zero, start), movie.duration)
        let upper = min(max(lower, end), movie.duration, lower + configuration.movie.maximumDuration)
        session?.movie?.trim = lower...upper
        emit(.movieTrimmed(lower...upper))
    }

    /// Finishes with the movie's file, its trim range and the export quality.
    func chooseMovie() {
        guard let movie = session?.movie else { return }
        end(.finished(ProfilePickerResult(
            mediaType: movie.mediaType, mediaURL: movie.url, movieTrim: movie.trim,
            videoQuality: configuration.movie.quality)))
    }
}

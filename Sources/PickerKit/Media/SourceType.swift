/// Where a picked photo comes from.
public enum SourceType: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// The device's camera: the user takes a new photo or movie.
    case camera
    /// The whole photo library, every album.
    case photoLibrary
    /// The saved photos album only: the camera roll.
    case savedPhotosAlbum

    /// The privacy key the host app's Info.plist must declare before this source is shown.
    ///
    /// A real app that opens a source without it is terminated by the system; PickerKit checks
    /// first and throws ``PickerError/missingUsageDescription(_:)`` instead.
    public var usageDescriptionKey: UsageDescriptionKey {
        self == .camera ? .camera : .photoLibrary
    }

    /// `"photoLibrary"`.
    public var description: String { rawValue }
}

import Foundation
import PickerImaging

/// The keys of a `UIImagePickerController`-style info dictionary, with the same raw values,
/// for apps moving from `imagePickerController(_:didFinishPickingMediaWithInfo:)`.
public enum InfoKey: String, Sendable, Hashable, CaseIterable {
    /// The media type: `UIImagePickerControllerMediaType`.
    case mediaType = "UIImagePickerControllerMediaType"
    /// The original image: `UIImagePickerControllerOriginalImage`.
    case originalImage = "UIImagePickerControllerOriginalImage"
    /// The edited image: `UIImagePickerControllerEditedImage`.
    case editedImage = "UIImagePickerControllerEditedImage"
    /// The crop rectangle: `UIImagePickerControllerCropRect`.
    case cropRect = "UIImagePickerControllerCropRect"
    /// The movie's file: `UIImagePickerControllerMediaURL`.
    case mediaURL = "UIImagePickerControllerMediaURL"
}

/// A value of the info dictionary.
public enum InfoValue: Sendable {
    /// A media type's identifier.
    case string(String)
    /// An image.
    case image(any ImageBuffer)
    /// A rectangle in pixels.
    case rect(PixelRect)
    /// A file URL.
    case url(URL)
}

extension ProfilePickerResult {
    /// The result as a `UIImagePickerController`-style info dictionary: only the keys that
    /// have values.
    ///
    /// ```swift
    /// if case let .rect(crop)? = result.info[.cropRect] { print(crop) }
    /// ```
    public var info: [InfoKey: InfoValue] {
        var info: [InfoKey: InfoValue] = [.mediaType: .string(mediaType.identifier)]
        if let originalImage { info[.originalImage] = .image(originalImage) }
        if let editedImage { info[.editedImage] = .image(editedImage) }
        if let cropRect { info[.cropRect] = .rect(cropRect) }
        if let mediaURL { info[.mediaURL] = .url(mediaURL) }
        return info
    }
}

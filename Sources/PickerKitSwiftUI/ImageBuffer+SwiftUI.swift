#if canImport(SwiftUI) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerImaging
import PickerKitUIKit
import SwiftUI

extension ImageOrientation {
    /// SwiftUI's orientation for this EXIF one, for `Image(decorative:scale:orientation:)`.
    public var swiftUIOrientation: Image.Orientation {
        switch self {
        case .up: .up
        case .upMirrored: .upMirrored
        case .down: .down
        case .downMirrored: .downMirrored
        case .leftMirrored: .leftMirrored
        case .right: .right
        case .rightMirrored: .rightMirrored
        case .left: .left
        }
    }
}

extension Image {
    /// An image that shows `buffer` as the person sees it: its stored pixels
    /// (`ImageBuffer.cgImage()`: a picked photo's or a device avatar's own `CGImage`, without
    /// a copy) with its orientation, at `scale` pixels a point. Decorative, so VoiceOver passes
    /// it by; add an `accessibilityLabel` where the avatar says something.
    ///
    /// ```swift
    /// if let avatar = model.avatar, let image = try? Image(decorative: avatar, scale: 2) {
    ///     image.resizable().frame(width: 96, height: 96).clipShape(Circle())
    /// }
    /// ```
    ///
    /// - Throws: the errors of `ImageBuffer.cgImage()`.
    public init(decorative buffer: any ImageBuffer, scale: CGFloat = 1) throws {
        self.init(decorative: try buffer.cgImage(), scale: scale, orientation: buffer.orientation.swiftUIOrientation)
    }
}
#endif

/// The source chooser: an action sheet or menu offering only the sources this device has.
///
/// ```swift
/// // On a phone with a camera, for images:
/// // chooser(actionSheet: Take photo=camera, Camera roll=savedPhotosAlbum,
/// //         Photo library=photoLibrary, cancel Cancel)
/// ```
public struct SourceChooser: Sendable, Equatable, CustomStringConvertible {
    /// How the choices are shown.
    public enum Style: String, Sendable, Equatable, Codable {
        /// An action sheet: every available source, then Cancel.
        case actionSheet
        /// A menu from a button: Camera and Gallery.
        case menu
    }

    /// One choice.
    public struct Option: Sendable, Equatable {
        /// The source chosen by this option.
        public var sourceType: SourceType
        /// Its title.
        public var title: String

        /// Creates an option.
        public init(sourceType: SourceType, title: String) {
            self.sourceType = sourceType
            self.title = title
        }
    }

    /// How the choices are shown.
    public var style: Style
    /// The menu's title; action sheets have none.
    public var title: String?
    /// The sources offered, in order.
    public var options: [Option]
    /// The cancel button's title; menus have none (dismissing them cancels).
    public var cancelTitle: String?

    /// Creates a chooser.
    public init(style: Style, title: String?, options: [Option], cancelTitle: String?) {
        self.style = style
        self.title = title
        self.options = options
        self.cancelTitle = cancelTitle
    }

    /// The chooser offering, of `available` sources, the ones a chooser of `style` lists:
    /// camera, camera roll, photo library for an action sheet; camera and a gallery (the photo
    /// library, else the camera roll) for a menu.
    public static func offering(
        _ available: Set<SourceType>, style: Style, titles: SourceChooserTitles
    ) -> SourceChooser {
        switch style {
        case .actionSheet:
            let all: [(SourceType, String)] = [
                (.camera, titles.takePhoto), (.savedPhotosAlbum, titles.cameraRoll),
                (.photoLibrary, titles.photoLibrary),
            ]
            return SourceChooser(
                style: style, title: nil,
                options: all.filter { available.contains($0.0) }.map { Option(sourceType: $0.0, title: $0.1) },
                cancelTitle: titles.cancel)
        case .menu:
            var options: [Option] = []
            if available.contains(.camera) { options.append(Option(sourceType: .camera, title: titles.menuCamera)) }
            if let gallery = [SourceType.photoLibrary, .savedPhotosAlbum].first(where: available.contains) {
                options.append(Option(sourceType: gallery, title: titles.menuGallery))
            }
            return SourceChooser(style: style, title: titles.menuTitle, options: options, cancelTitle: nil)
        }
    }

    public var description: String {
        let choices = options.map { "\($0.title)=\($0.sourceType)" }.joined(separator: ", ")
        let head = title.map { "\(style.rawValue) \"\($0)\"" } ?? style.rawValue
        return "\(head): \(choices)" + (cancelTitle.map { ", cancel \($0)" } ?? "")
    }
}

/// The chooser's titles, replaceable for localisation.
public struct SourceChooserTitles: Sendable, Equatable, Codable {
    /// The action sheet's camera option.
    public var takePhoto = "Take photo"
    /// The action sheet's saved photos album option.
    public var cameraRoll = "Camera roll"
    /// The action sheet's photo library option.
    public var photoLibrary = "Photo library"
    /// The action sheet's cancel button.
    public var cancel = "Cancel"
    /// The menu's title.
    public var menuTitle = "Select source"
    /// The menu's camera option.
    public var menuCamera = "Camera"
    /// The menu's library option.
    public var menuGallery = "Gallery"

    /// The English titles.
    public init() {}
}

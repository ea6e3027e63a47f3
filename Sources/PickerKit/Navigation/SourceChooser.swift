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
    /// library, else the camera roll) for a menu. Titles not set in `titles` are `strings`'.
    public static func offering(
        _ available: Set<SourceType>, style: Style, titles: SourceChooserTitles = SourceChooserTitles(),
        strings: PickerStrings = PickerStrings()
    ) -> SourceChooser {
        func title(_ key: PickerStrings.Key) -> String { titles.title(key, in: strings) }
        switch style {
        case .actionSheet:
            let all: [(SourceType, String)] = [
                (.camera, title(.takePhoto)), (.savedPhotosAlbum, title(.cameraRoll)),
                (.photoLibrary, title(.photoLibrary)),
            ]
            return SourceChooser(
                style: style, title: nil,
                options: all.filter { available.contains($0.0) }.map { Option(sourceType: $0.0, title: $0.1) },
                cancelTitle: title(.cancel))
        case .menu:
            var options: [Option] = []
            if available.contains(.camera) { options.append(Option(sourceType: .camera, title: title(.menuCamera))) }
            if let gallery = [SourceType.photoLibrary, .savedPhotosAlbum].first(where: available.contains) {
                options.append(Option(sourceType: gallery, title: title(.menuGallery)))
            }
            return SourceChooser(style: style, title: title(.menuTitle), options: options, cancelTitle: nil)
        }
    }

    public var description: String {
        let choices = options.map { "\($0.title)=\($0.sourceType)" }.joined(separator: ", ")
        let head = title.map { "\(style.rawValue) \"\($0)\"" } ?? style.rawValue
        return "\(head): \(choices)" + (cancelTitle.map { ", cancel \($0)" } ?? "")
    }
}

/// The chooser's titles. Each one left `nil` (as all are by default) is the person's language's,
/// from the same ``PickerStrings`` as the screens; set one to replace it.
///
/// ```swift
/// var configuration = PickerConfiguration()
/// configuration.chooserTitles.menuTitle = "Profile photo"   // the others stay translated
/// ```
public struct SourceChooserTitles: Sendable, Equatable, Codable {
    /// The action sheet's camera option (``PickerStrings/Key/takePhoto``).
    public var takePhoto: String?
    /// The action sheet's saved photos album option (``PickerStrings/Key/cameraRoll``).
    public var cameraRoll: String?
    /// The action sheet's photo library option (``PickerStrings/Key/photoLibrary``).
    public var photoLibrary: String?
    /// The action sheet's cancel button (``PickerStrings/Key/cancel``).
    public var cancel: String?
    /// The menu's title (``PickerStrings/Key/menuTitle``).
    public var menuTitle: String?
    /// The menu's camera option (``PickerStrings/Key/menuCamera``).
    public var menuCamera: String?
    /// The menu's library option (``PickerStrings/Key/menuGallery``).
    public var menuGallery: String?

    /// No title replaced: every title is the person's language's.
    public init() {}

    /// The title for `key`: the one set here, else `strings`'.
    func title(_ key: PickerStrings.Key, in strings: PickerStrings) -> String {
        let set: String? = switch key {
        case .takePhoto: takePhoto
        case .cameraRoll: cameraRoll
        case .photoLibrary: photoLibrary
        case .cancel: cancel
        case .menuTitle: menuTitle
        case .menuCamera: menuCamera
        case .menuGallery: menuGallery
        default: nil
        }
        return set ?? strings[key]
    }
}

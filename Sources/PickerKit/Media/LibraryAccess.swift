/// How the app reaches the photo library, which decides what it must declare and ask.
///
/// ```swift
/// var configuration = PickerConfiguration()
/// configuration.libraryAccess = .outOfProcess   // the default: no key, no prompt
/// var library = LibraryPickerConfiguration()
/// library.access = .inApp                       // browsing through the Photos framework
/// ```
public enum LibraryAccess: String, Sendable, Equatable, Codable, CaseIterable {
    /// Through the system's picker, which runs out of the app's process (the PHPicker-style
    /// library picker, and the system image picker's library since iOS 11): the person picks,
    /// the app sees only what was picked. It needs no `NSPhotoLibraryUsageDescription` and
    /// asks nothing. The default.
    case outOfProcess
    /// Browsing the library inside the app through the Photos framework: it needs
    /// `NSPhotoLibraryUsageDescription` and the person's authorization, full or limited.
    case inApp
}

#if canImport(SwiftUI) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerImaging
import PickerKitUIKit
import SwiftUI
import UIKit

/// PickerKit's drop-in screens in an iPhone and iPad app: the SwiftUI flow (iOS 17, where
/// SwiftUI observes `PresentationModel`) and the UIKit flow (iOS 16), one tab each.
@main
@MainActor
struct AvatarApp: App {
    var body: some Scene {
        WindowGroup {
            TabView {
                if #available(iOS 17, *) {
                    SwiftUIProfileView()
                        .tabItem { Label("SwiftUI", systemImage: "swift") }
                }
                UIKitProfileScreen()
                    .ignoresSafeArea()
                    .tabItem { Label("UIKit", systemImage: "square.stack") }
            }
        }
    }
}

/// The avatar as SwiftUI shows it: a circle, or a placeholder before one is chosen.
@MainActor
struct AvatarImage: View {
    let avatar: (any ImageBuffer)?

    var body: some View {
        Group {
            if let image = avatar.flatMap(Self.uiImage) {
                Image(uiImage: image).resizable().scaledToFill()
            } else {
                Image(systemName: "person.crop.circle.fill").resizable().foregroundStyle(.secondary)
            }
        }
        .frame(width: 160, height: 160)
        .clipShape(Circle())
    }

    /// The picker's result as a `UIImage`: on a device it is a `CGImageBuffer`; any other
    /// `ImageBuffer` is converted through its pixels.
    static func uiImage(_ avatar: any ImageBuffer) -> UIImage? {
        if let shown = avatar as? CGImageBuffer { return UIImage(cgImage: shown.image) }
        guard let pixels = try? avatar.pixelBuffer(), let shown = try? CGImageBuffer.make(from: pixels.normalized()) else {
            return nil
        }
        return UIImage(cgImage: shown.image)
    }
}
#endif

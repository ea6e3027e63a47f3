// swift-tools-version: 6.2
import PackageDescription

// The Apple surface: modules named as Apple's frameworks, declaring exactly the API that
// PickerKitUIKit and PickerKitSwiftUI use, as Apple's documentation declares it, with the
// behaviour those adapters depend on modelled as documented. It exists so the adapters compile
// and run on Linux, where PickerKit's CI runs; it is never a product and never built on Apple
// platforms. `scripts/check-apple-adapters.sh` builds it and runs AdapterTests. README.md
// lists every declaration with the documentation page it came from.
//
// PickerKit's own modules are the repository's sources, linked in (Sources/ holds symbolic
// links), so the adapters compiled here are the files an app compiles.
let frameworks: [Target.Dependency] = [
    "UIKit", "Photos", "PhotosUI", "AVFoundation", "CoreMedia", "ImageIO", "CoreGraphics", "QuartzCore",
    "UniformTypeIdentifiers", "Vision",
]

let package = Package(
    name: "AppleSurface",
    defaultLocalization: "en",
    targets: [
        // The device and the person the frameworks answer to: what tests drive, never the adapters.
        .target(name: "SurfaceDevice"),
        // Foundation API that Apple's Foundation has and Linux's lacks (NSItemProvider,
        // key-value observing); every framework here re-exports it, as Apple's re-export Foundation.
        .target(name: "AppleFoundation", dependencies: ["SurfaceDevice"]),
        .target(name: "CoreGraphics", dependencies: ["AppleFoundation"]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
        .target(name: "UniformTypeIdentifiers", dependencies: ["AppleFoundation"]),
        .target(name: "CoreMedia", dependencies: ["AppleFoundation"]),
        // ImageIO decodes with PickerCodecs: the files tests hand it are real PNG and JPEG.
        .target(name: "ImageIO", dependencies: ["CoreGraphics", "PickerImaging", "PickerCodecs"]),
        .target(name: "UIKit", dependencies: ["AppleFoundation", "CoreGraphics", "QuartzCore", "SurfaceDevice"]),
        .target(name: "Photos", dependencies: ["AppleFoundation", "SurfaceDevice"]),
        .target(name: "PhotosUI", dependencies: ["Photos", "UIKit", "SurfaceDevice"]),
        .target(name: "AVFoundation", dependencies: ["AppleFoundation", "CoreGraphics", "CoreMedia", "QuartzCore", "SurfaceDevice"]),
        .target(name: "SwiftUI", dependencies: ["AppleFoundation", "CoreGraphics", "UIKit", "SurfaceDevice"]),
        .target(name: "Vision", dependencies: ["AppleFoundation", "CoreGraphics", "SurfaceDevice"]),

        // PickerKit, as in the repository's Package.swift.
        .target(name: "PickerImaging", exclude: ["PickerImaging.docc"]),
        .target(name: "PickerCodecs", dependencies: ["PickerImaging"], exclude: ["PickerCodecs.docc"]),
        .target(name: "PickerKit", dependencies: ["PickerImaging"], exclude: ["PickerKit.docc"], resources: [.process("Resources")]),
        .target(name: "ImagingTestSupport"),
        .target(name: "PickerKitTesting", dependencies: ["PickerKit", "PickerImaging", "PickerCodecs", "ImagingTestSupport"]),
        .target(
            name: "PickerKitUIKit", dependencies: ["PickerKit", "PickerImaging"] + frameworks, exclude: ["README.md"]),
        .target(name: "PickerKitSwiftUI", dependencies: ["PickerKit", "PickerKitUIKit", "SwiftUI", "UIKit"]),

        // Swift Testing's cross-import overlays, which the compiler asks for when a test imports
        // Testing with UIKit or Core Graphics: empty here.
        .target(name: "_Testing_UIKit"),
        .target(name: "_Testing_CoreGraphics"),
        .testTarget(
            name: "AdapterTests",
            dependencies: ["PickerKitUIKit", "PickerKitSwiftUI", "PickerKitTesting", "ImagingTestSupport", "SurfaceDevice", "SwiftUI", "_Testing_UIKit", "_Testing_CoreGraphics"]
                + frameworks),
    ],
    swiftLanguageModes: [.v6]
)

// As the repository's Package.swift: every file imports the modules whose extensions it uses.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "PickerKit",
    // The strings a person sees ship as resources, one `.lproj` folder a language.
    defaultLocalization: "en",
    // `Duration` and `ContinuousClock` in the public API need iOS 16 / macOS 13.
    platforms: [.iOS(.v16), .macOS(.v13), .macCatalyst(.v16), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "PickerKit", targets: ["PickerKit"]),
        .library(name: "PickerImaging", targets: ["PickerImaging"]),
        // PNG, JPEG and Netpbm in pure Swift, for servers, tools and tests; the picker itself
        // never decodes files (devices decode with ImageIO).
        .library(name: "PickerCodecs", targets: ["PickerCodecs"]),
        .library(name: "PickerKitTesting", targets: ["PickerKitTesting"]),
        // UIKit, Photos and AVFoundation behind the seams; Apple platforms only.
        .library(name: "PickerKitUIKit", targets: ["PickerKitUIKit"]),
        // SwiftUI presentations bound to PresentationModel; iOS 17 and visionOS only.
        .library(name: "PickerKitSwiftUI", targets: ["PickerKitSwiftUI"]),
        .executable(name: "avatar-demo", targets: ["AvatarDemo"]),
        .executable(name: "picker-image", targets: ["picker-image"]),
    ],
    targets: [
        .target(name: "PickerImaging"),
        .target(name: "PickerCodecs", dependencies: ["PickerImaging"]),
        .target(name: "PickerKit", dependencies: ["PickerImaging"], resources: [.process("Resources")]),
        .target(name: "PickerKitTesting", dependencies: ["PickerKit", "PickerImaging", "PickerCodecs", "ImagingTestSupport"]),
        .executableTarget(name: "picker-image", dependencies: ["PickerImaging", "PickerCodecs"]),
        // Compiled on Apple platforms only: every file is inside `#if canImport(UIKit)`
        // (scripts/check-apple-only.sh checks it).
        .target(name: "PickerKitUIKit", dependencies: ["PickerKit", "PickerImaging"], exclude: ["README.md"]),
        .target(name: "PickerKitSwiftUI", dependencies: ["PickerKit", "PickerKitUIKit"]),
        .executableTarget(
            name: "AvatarDemo",
            dependencies: ["PickerKit", "PickerKitTesting", "PickerImaging", "PickerCodecs"],
            path: "Examples/AvatarDemo"
        ),
        // The code the fuzzers drive (scripts/fuzz.sh), replayed on past findings by the tests.
        .target(name: "PickerFuzzTargets", dependencies: ["PickerKit", "PickerImaging", "PickerCodecs"], path: "Fuzz/Targets"),
        // What every test target shares without PickerKit: the seeded generator (PickerKitTesting
        // re-exports it to host apps).
        .target(name: "ImagingTestSupport", path: "Tests/ImagingTestSupport"),
        .testTarget(name: "PickerImagingTests", dependencies: ["PickerImaging", "ImagingTestSupport"]),
        .testTarget(
            name: "PickerCodecsTests", dependencies: ["PickerCodecs", "PickerImaging", "ImagingTestSupport", "picker-image"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PickerKitTests", dependencies: ["PickerKit", "PickerImaging", "PickerCodecs", "PickerKitTesting", "PickerFuzzTargets"]),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "PickerKit", "PickerKitTesting", "PickerKitSwiftUI", "PickerImaging", "PickerCodecs", "AvatarDemo", "ImagingTestSupport",
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Every file imports the modules whose extensions it uses (`CGRect.width` needs CoreGraphics on
// Apple platforms, where Foundation declares only the struct), as scripts/check-ios-sdk.sh checks
// against Apple's SDK.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

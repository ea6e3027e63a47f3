// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PickerKit",
    products: [
        .library(name: "PickerKit", targets: ["PickerKit"]),
        .library(name: "PickerImaging", targets: ["PickerImaging"]),
        .library(name: "PickerKitTesting", targets: ["PickerKitTesting"]),
        .executable(name: "avatar-demo", targets: ["AvatarDemo"]),
    ],
    targets: [
        .target(name: "PickerImaging"),
        .target(name: "PickerKit", dependencies: ["PickerImaging"]),
        .target(name: "PickerKitTesting", dependencies: ["PickerKit", "PickerImaging"]),
        .executableTarget(
            name: "AvatarDemo",
            dependencies: ["PickerKit", "PickerKitTesting", "PickerImaging"],
            path: "Examples/AvatarDemo"
        ),
        .testTarget(name: "PickerImagingTests", dependencies: ["PickerImaging"]),
        .testTarget(name: "PickerKitTests", dependencies: ["PickerKit", "PickerImaging"]),
        .testTarget(
            name: "ScenarioTests",
            dependencies: ["PickerKit", "PickerKitTesting", "PickerImaging"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

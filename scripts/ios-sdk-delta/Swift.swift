// The Swift standard library API newer than the Swift 5.8 library of iOS 16's SDK that PickerKit
// uses. Each exists for iOS 16 from Swift 5.9 (Xcode 15) on, back-deployed by the compiler, so
// the check declares it as that library does; nothing here is compiled into an app.
// Used by scripts/check-ios-sdk.sh only, when the SDK is older than iOS 17's.

extension MainActor {
    /// Apple: `static func assumeIsolated<T>(_ operation: @MainActor () throws -> T, file: StaticString = #fileID, line: UInt = #line) rethrows -> T where T : Sendable`
    /// (Swift 5.9; back-deployed to iOS 13).
    /// https://developer.apple.com/documentation/swift/mainactor/assumeisolated(_:file:line:)
    public static func assumeIsolated<T: Sendable>(
        _ operation: @MainActor () throws -> T, file: StaticString = #fileID, line: UInt = #line
    ) rethrows -> T {
        fatalError("declaration only")
    }
}

import Foundation

/// `swift run avatar-demo`: the whole profile-photo flow, headless, on a built-in photo or
/// yours. See `DemoOptions.usage`.
@main
struct AvatarDemo {
    @MainActor
    static func main() async {
        exit(await DemoCommand.run(Array(CommandLine.arguments.dropFirst())))
    }
}

import Foundation
// The README's code samples, compiled and run. ReadmeTests checks that every ```swift block
// of README.md appears in this file word for word, so the two cannot drift apart.
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

// README: quick start
@MainActor
final class ProfileScreen: ProfilePickerDelegate {
    let picker: ProfilePicker
    var avatar: (any ImageBuffer)?
    var problem: String?

    init(photos: any PhotoSource, presenter: any Presenter) {
        picker = ProfilePicker(photoSource: photos, presenter: presenter, configuration: .profilePhoto())
        picker.delegate = self
    }

    func changePhotoTapped() {
        do {
            try picker.chooseSource(.actionSheet)
        } catch {
            print("profile photo: \(error.developerDescription)")  // what to fix, for you
            problem = error.message(in: PickerStrings())            // what to say, for the person
        }
    }

    func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
        avatar = result.image  // the 512x512 circle
    }

    func profilePickerDidCancel(_ picker: ProfilePicker) {
        // Nothing to do: the current photo stays as it was.
    }
}
// README: end

// README: async
@MainActor
func choosePhoto(with picker: ProfilePicker) async throws -> (any ImageBuffer)? {
    guard let result = try await picker.pick(.source(.photoLibrary)) else { return nil }
    return result.image
}
// README: end

// README: flows
enum PhotoFlow: CaseIterable { case edit, library, cameraRoll, chooser, camera, several }

@MainActor
func start(_ flow: PhotoFlow, on picker: ProfilePicker, photo: PixelBuffer, button: PopoverAnchor) async throws {
    switch flow {
    case .edit: try picker.edit(photo)                                   // B1: edit an image you have
    case .library: try await picker.selectFromPhotoLibrary()             // B2: library, then our edit screen
    case .cameraRoll: try await picker.selectFromSavedPhotosAlbum()      // B13: the camera roll only
    case .chooser: try picker.chooseSource(.actionSheet, anchor: button) // B7: only sources this device has
    case .camera: try await picker.select(from: .camera)                 // B3: our shutter, warm-up, edit screen
    case .several:
        var library = LibraryPickerConfiguration()                       // B12: PHPicker-style
        library.filter = [.images, .videos]
        library.selectionLimit = 0                                       // no limit; 1 goes to the editor
        for item in try await picker.pick(.library(library))?.items ?? [] {
            print(item.summary)                                          // in the order picked
        }
    }
}
// README: end

@MainActor
@Suite("README samples")
struct ReadmeExampleTests {
    // README: scenario test
    @Test func choosingALibraryPhotoCropsItSquare() async throws {
        let photo = try PickerScenario.photo(width: 400, height: 300)
        let scenario = PickerScenario(items: [.image("IMG_0001", photo)])

        try await scenario.picker.selectFromPhotoLibrary()
        scenario.user.pickItem(at: 0)
        await scenario.settle()
        scenario.user.tapChoose()
        await scenario.settle()

        #expect(scenario.delegate.lastResult?.cropRect == PixelRect(x: 50, y: 0, width: 300, height: 300))
        scenario.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_0001 on #1",
            "picker: load IMG_0001 (public.image)",
            "source: load IMG_0001",
            "picker: loaded IMG_0001: image 400x300 up (1)",
            "presenter: push #2 editor(400x300 crop (50,0,300,300))",
            "presenter: navigation bar hidden",
            "user: choose on #2",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 300x300 from 400x300 crop (50,0,300,300)",
            "delegate: didFinish public.image edited 300x300 from 400x300 crop (50,0,300,300)",
        ])
    }
    // README: end

    @Test func theQuickStartScreenReceivesTheAvatar() async throws {
        // The scenario wraps the screen's own picker.
        var screen: ProfileScreen!
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 6, height: 4))]) { fakes in
            screen = ProfileScreen(photos: fakes.source, presenter: fakes.presenter)
            return screen.picker
        }
        s.exhaustivity = .off
        screen.changePhotoTapped()
        s.user.chooseSource(.photoLibrary)
        await s.settle()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        #expect(screen.avatar?.displaySize == PixelSize(width: 512, height: 512), "the profile photo preset's circle")
        #expect(screen.problem == nil)
        #expect(s.presenter.stack.isEmpty)
    }

    @Test func theQuickStartScreenTellsTheDeveloperAndThePersonApart() {
        var screen: ProfileScreen!
        let s = PickerScenario { fakes in
            screen = ProfileScreen(photos: fakes.source, presenter: fakes.presenter)
            return screen.picker
        }
        s.source.sources = [:]
        screen.changePhotoTapped()
        #expect(screen.problem == "The photo picker is not set up correctly.")
        s.expect([
            "picker: chooser left out camera: \(PickerError.sourceUnavailable(.camera))",
            "picker: chooser left out savedPhotosAlbum: \(PickerError.sourceUnavailable(.savedPhotosAlbum))",
            "picker: chooser left out photoLibrary: \(PickerError.sourceUnavailable(.photoLibrary))",
            "picker: start failed: \(PickerError.noSourceAvailable)",
        ])
    }

    @Test("each flow of the flows sample starts its first screen", arguments: PhotoFlow.allCases)
    func eachFlowStarts(flow: PhotoFlow) async throws {
        let s = PickerScenario(items: [.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))])
        s.exhaustivity = .off
        let photo = try PickerScenario.photo(width: 4, height: 4)
        let anchor = PopoverAnchor(sourceView: s, sourceRect: .zero)
        let running = Task { try await start(flow, on: s.picker, photo: photo, button: anchor) }
        if flow == .several {
            // Its pick waits for the person: they pick the one item and the sample returns.
            await eventually("the library picker shows") { s.presenter.stack.count == 1 }
            s.user.pickItems(at: [0])
            s.user.tapChoose()
        }
        try await running.value
        let first = switch flow {
        case .edit: "editor(4x4"
        case .library: "browser(photoLibrary"
        case .cameraRoll: "browser(savedPhotosAlbum"
        case .chooser: "chooser(actionSheet"
        case .camera: "camera(rear"
        case .several: "library([public.image, public.movie], limit none)"
        }
        let presented = s.transcript.lines.first { $0.hasPrefix("presenter: present #1 ") }
        #expect(presented?.hasPrefix("presenter: present #1 \(first)") == true, "\(presented ?? "nothing presented")")
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test func theAsyncSampleReturnsNilOnCancel() async throws {
        let s = PickerScenario()
        s.exhaustivity = .off
        let picking = Task { try await choosePhoto(with: s.picker) }
        await eventually("the browser shows") { s.presenter.stack.count == 1 }
        s.user.tapCancel()
        #expect(try await picking.value == nil)
    }
}

// The README's languages section.
@Test func readmeChoosingALanguage() {
    // README: languages
    let strings = PickerStrings(language: "de")                 // or .english, "pt-BR", "zh-Hant"
    let best = PickerStrings.Language.best(for: Locale.preferredLanguages, appLocalizations: ["en", "de"])
    let german = PickerStrings.Language.shipped(matching: "de-AT")   // "de"; nil for one not shipped

    #expect(strings[.choose] == "Auswählen")
    #expect(["en", "en-GB", "en-AU", "de"].contains(best.rawValue))
    #expect(german == "de" && PickerStrings.Language.shipped(matching: "xx") == nil)
}

@Test func readmeOverridingAnEntry() {
    var strings = PickerStrings(language: "de")
    strings.overrides[.choose] = "Verwenden"
    strings.overrides[.turned] = "um %d° gedreht"    // %d: the number, in the language's digits
    let titles = SourceChooserTitles(strings)        // for configuration.chooserTitles; UIKitPresenter takes `strings` itself

    #expect(strings[.choose] == "Verwenden" && strings[.cancel] == "Abbrechen")
    #expect(strings.format(.turned, number: 180) == "um 180° gedreht")
    #expect(titles.photoLibrary == strings[.photoLibrary] && titles.cancel == "Abbrechen")
}

@Suite("README")
struct ReadmeTests {
    @Test func everySwiftSampleInTheReadmeIsCompiledHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map {
            String($0[..<$0.range(of: "```")!.lowerBound])
        }
        // The UIKit and SwiftUI samples are compiled and run on the Apple surface
        // (Tests/AppleSurface/Tests/AdapterTests/ReadmeSamples.swift, which checks them there).
        let onDevice = blocks.filter { $0.contains("import UIKit") || $0.contains("import SwiftUI") }
        #expect(onDevice.count == 2)
        // The install section's Package.swift lines are checked against the manifest below.
        let manifest = blocks.filter { $0.contains(".package(url:") }
        #expect(manifest.count == 1)
        #expect(blocks.count == 9)
        for block in blocks where !onDevice.contains(block) && !manifest.contains(block) {
            let body = block.split(separator: "\n", omittingEmptySubsequences: false)
            let indented = body.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            #expect(source.contains(block) || source.contains(indented), "README sample not compiled:\n\(block)")
        }
    }

    /// The install section's `Package.swift` lines name this package's library products, the
    /// app's in the app target and PickerKitTesting in the test target only, from 1.0.0.
    @Test func theInstallSectionNamesTheProductsThePackageHas() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let install = try #require(readme.components(separatedBy: "## Install\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        let manifest = try #require(install.components(separatedBy: "```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
        func names(_ text: Substring, after marker: String) -> [String] {
            text.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        let libraries = Set(names(package[...], after: ".library(name: \""))
        #expect(libraries == ["PickerKit", "PickerImaging", "PickerCodecs", "PickerKitTesting", "PickerKitUIKit", "PickerKitSwiftUI"])
        #expect(manifest.contains(#".package(url: "https://github.com/pickerkit/PickerKit", from: "1.0.0")"#))
        let targets = manifest.components(separatedBy: ".testTarget(")
        #expect(targets.count == 2)
        let app = names(targets[0][...], after: ".product(name: \"")
        let tests = names(targets[1][...], after: ".product(name: \"")
        #expect(app == ["PickerKit", "PickerKitUIKit"])
        #expect(tests == ["PickerKitTesting"])
        // The products table lists every library product once, PickerKitTesting for tests only.
        let rows = install.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(Set(rows.map { String($0.dropFirst(3).prefix { $0 != "`" }) }) == libraries)
        #expect(rows.count == libraries.count)
        #expect(rows.first { $0.hasPrefix("| `PickerKitTesting`") }?.contains("test targets only") == true)
        // The README names the same URL wherever it names the repository.
        #expect(install.contains("`https://github.com/pickerkit/PickerKit`"))
        #expect(install.contains("Up to Next Major Version"))
    }
}

import Foundation
import PickerImaging
import PickerCodecs
import PickerKit
import PickerKitTesting
import Testing

@testable import AvatarDemo

@MainActor
@Suite("avatar-demo")
struct AvatarDemoTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("avatar-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theDefaultRunWritesTheAvatarAndTheEditScreen() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var said: [String] = []
        let code = await DemoCommand.run(
            ["--output", dir.appendingPathComponent("a.png").path, "--preview", dir.appendingPathComponent("e.png").path],
            say: { said.append($0) })
        #expect(code == 0)
        let avatar = try PNG.decode(Data(contentsOf: dir.appendingPathComponent("a.png")))
        let screen = try PNG.decode(Data(contentsOf: dir.appendingPathComponent("e.png")))
        #expect(avatar.displaySize == PixelSize(width: 512, height: 512))
        #expect(avatar[0, 0].a == 0 && avatar[256, 256].a == 255, "a circle with transparent corners")
        #expect(screen.displaySize == PixelSize(width: 750, height: 1334))
        // The README shows these two references: they are what a new user's first run writes.
        assertSnapshot(avatar, named: "avatar")
        assertSnapshot(screen, named: "editor")
        #expect(said.first == "picker: start chooser actionSheet")
        #expect(said.contains("crop rect: (141,41,384,384) of 640x480 (orientation up (1))"))
        #expect(said.contains { $0.hasPrefix("avatar: 512x512 written to ") })
    }

    @Test func optionsShapeTheRun() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PickerCodecsTests/Fixtures/png/c2d8n.png")
        var said: [String] = []
        let code = await DemoCommand.run([
            "--image", fixture.path, "--shape", "square", "--zoom", "1", "--pan", "0,0", "--size", "6",
            "--source", "camera", "--output", dir.appendingPathComponent("a.png").path,
            "--preview", dir.appendingPathComponent("e.png").path,
        ], say: { said.append($0) })
        #expect(code == 0)
        let avatar = try PNG.decode(Data(contentsOf: dir.appendingPathComponent("a.png")))
        #expect(avatar.displaySize == PixelSize(width: 6, height: 6))
        #expect(avatar.bytes.count == 6 * 6 * 4 && avatar[0, 0].a == 255, "square: opaque corners")
        #expect(said.contains("crop rect: (3,0,7,7) of 13x7 (orientation up (1))"))
        #expect(said.contains("picker: shutter: capture after 0.75s"))
    }

    @Test func aJPEGPhotoWorksAsWellAsAPNG() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PickerCodecsTests/Fixtures/jpeg/exif-right.jpg")
        var said: [String] = []
        let code = await DemoCommand.run([
            "--image", photo.path, "--size", "32", "--output", dir.appendingPathComponent("a.png").path,
            "--preview", dir.appendingPathComponent("e.png").path,
        ], say: { said.append($0) })
        #expect(code == 0)
        // Stored 64×48 and tagged EXIF 6: the picker shows and crops it upright, 48×64.
        #expect(said.contains("picker: loaded IMG_0001: image 48x64 right (6)"), "\(said)")
        #expect(said.contains { $0.hasPrefix("crop rect: ") && $0.hasSuffix(" of 48x64 (orientation right (6))") })
        #expect(try PNG.decode(Data(contentsOf: dir.appendingPathComponent("a.png"))).displaySize == PixelSize(width: 32, height: 32))
    }

    @Test func aJPEGNameWritesAJPEGAvatar() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let code = await DemoCommand.run([
            "--size", "48", "--output", dir.appendingPathComponent("a.jpg").path, "--preview", dir.appendingPathComponent("e.png").path,
        ], say: { _ in })
        #expect(code == 0)
        let file = try Data(contentsOf: dir.appendingPathComponent("a.jpg"))
        #expect(ImageFileFormat(sniffing: file) == .jpeg)
        let avatar = try JPEG.decode(file)
        #expect(avatar.displaySize == PixelSize(width: 48, height: 48))
        // The circle's corners are white, its middle the photo.
        #expect(avatar[0, 0].r >= 245 && avatar[0, 0].g >= 245 && avatar[0, 0].b >= 245, "\(avatar[0, 0])")
        #expect(avatar[24, 24] != avatar[0, 0])
    }

    /// `--framing subject` opens the edit screen on the astronaut's face (found at the top
    /// of the photo, so the crop meets the top edge) and keeps that framing: no pinch, no pan.
    @Test func framingOnTheSubjectOpensOnTheFace() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PickerCodecsTests/Fixtures/people/astronaut.jpg")
        var said: [String] = []
        let code = await DemoCommand.run([
            "--framing", "subject", "--image", photo.path, "--size", "64", "--output", dir.appendingPathComponent("a.png").path,
            "--preview", dir.appendingPathComponent("e.png").path,
        ], say: { said.append($0) })
        #expect(code == 0)
        let framed = try #require(said.first { $0.hasPrefix("picker: editor framed on face ") }, "\(said)")
        #expect(framed.hasSuffix(": crop (0,0,440,440)"), "\(framed)")
        #expect(!said.contains { $0.hasPrefix("user: pinch") || $0.hasPrefix("user: pan") })
        #expect(said.contains("crop rect: (0,0,440,440) of 512x512 (orientation up (1))"))
        // Centred, the same photo opens on its largest square.
        var centred: [String] = []
        _ = await DemoCommand.run([
            "--image", photo.path, "--zoom", "1", "--pan", "0,0", "--size", "64", "--output", dir.appendingPathComponent("b.png").path,
            "--preview", dir.appendingPathComponent("f.png").path,
        ], say: { centred.append($0) })
        #expect(centred.contains("crop rect: (0,0,512,512) of 512x512 (orientation up (1))"), "\(centred)")
        #expect(!centred.contains { $0.contains("framed") })
    }

    @Test func anAngleStraightensTheAvatar() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var said: [String] = []
        let code = await DemoCommand.run([
            "--angle", "7", "--size", "64", "--output", dir.appendingPathComponent("a.png").path,
            "--preview", dir.appendingPathComponent("e.png").path,
        ], say: { said.append($0) })
        #expect(code == 0)
        #expect(said.contains("user: straighten(7°) on #3"))
        #expect(said.contains("crop rect: (159,60,345,345) turned 7.0° of 640x480 (orientation up (1))"))
        let avatar = try PNG.decode(Data(contentsOf: dir.appendingPathComponent("a.png")))
        #expect(avatar.displaySize == PixelSize(width: 64, height: 64))
        // Covered: the whole circle is opaque, its corners transparent.
        #expect(avatar[32, 32].a == 255 && avatar[1, 32].a == 255 && avatar[0, 0].a == 0)
    }

    @Test("bad arguments are one line and exit 2", arguments: [
        ["--zoom", "0"], ["--zoom"], ["--shape", "hexagon"], ["--angle", "46"], ["--angle", "inf"], ["--pan", "1"], ["--size", "99999"], ["--source", "fax"], ["--frobnicate"],
        ["--language", "xx"], ["--language"],
    ])
    func badArguments(arguments: [String]) async {
        #expect(await DemoCommand.run(arguments, say: { _ in }) == 2)
    }

    /// What the edit screen says in `tag`'s language, as the demo prints it.
    static func editScreen(_ tag: String, in dir: URL) async -> [String] {
        var said: [String] = []
        let code = await DemoCommand.run(
            ["--language", tag, "--output", dir.appendingPathComponent("a.png").path, "--preview", dir.appendingPathComponent("e.png").path],
            say: { said.append($0) })
        #expect(code == 0)
        return Array(said.drop { !$0.hasPrefix("edit screen in ") })
    }

    /// The edit screen in Arabic (a snapshot), German and Japanese: the toolbar in reading
    /// order and VoiceOver's description, in the language asked for; the pixels are the same
    /// in every language (the photo does not mirror).
    @Test func theEditScreenSpeaksTheLanguageAskedFor() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let arabic = await Self.editScreen("ar-EG-u-nu-arab", in: dir)
        assertSnapshot(arabic.joined(separator: "\n"), named: "edit-screen-ar")
        #expect(arabic.first == "edit screen in ar (right to left):")
        #expect(arabic.dropFirst().first == "  toolbar: إلغاء | تدوير | قلب | تراجع | [إعادة] | اختيار")
        #expect(arabic.contains { $0.contains("١٢٥٪") }, "Egypt writes Arabic-Indic digits")
        let arabicScreen = try PNG.decode(Data(contentsOf: dir.appendingPathComponent("e.png")))
        assertSnapshot(arabicScreen, named: "editor")
        let german = await Self.editScreen("de", in: dir)
        #expect(german.prefix(3) == [
            "edit screen in de (left to right):",
            "  toolbar: Abbrechen | Drehen | Spiegeln | Widerrufen | [Wiederholen] | Auswählen",
            "  VoiceOver: Foto: auf 125\u{00A0}% gezoomt, zeigt die Mitte",
        ])
        let japanese = await Self.editScreen("ja-JP", in: dir)
        #expect(japanese.prefix(3) == [
            "edit screen in ja (left to right):",
            "  toolbar: キャンセル | 回転 | 反転 | 取り消す | [やり直す] | 選択",
            "  VoiceOver: 写真: 拡大率125%、中央を表示",
        ])
        let english = await Self.editScreen("en", in: dir)
        #expect(english.prefix(3) == [
            "edit screen in en (left to right):",
            "  toolbar: Cancel | Rotate | Flip | Undo | [Redo] | Choose",
            "  VoiceOver: Photo: zoomed 125%, showing the center",
        ])
    }

    @Test func anUnreadableImageExits1() async {
        #expect(await DemoCommand.run(["--image", "/nonexistent/photo.png"], say: { _ in }) == 1)
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString).png")
        try? Data("not an image".utf8).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        #expect(await DemoCommand.run(["--image", garbage.path], say: { _ in }) == 1)
    }

    @Test("an image in a format that is not read is named", arguments: [
        ("HEIF", Data([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))),
        ("GIF", Data("GIF89a".utf8) + Data(count: 20)),
    ])
    func aFormatThatIsNotReadIsNamed(name: String, data: Data) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID().uuidString).img")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var complaints: [String] = []
        #expect(await DemoCommand.run(["--image", file.path], say: { _ in }, complain: { complaints.append($0) }) == 1)
        #expect(complaints == ["cannot read \(file.path): a \(name) file: PNG, JPEG, PPM, PGM and PAM are read"])
    }

    @Test func pickMoviePrintsTheMovieFlowWithItsExport() async throws {
        var said: [String] = []
        #expect(await DemoCommand.run(["--pick", "movie"], say: { said.append($0) }) == 0)
        let exported = try #require(said.first { $0.hasPrefix("picker: exported ") }?.dropFirst("picker: exported ".count))
        #expect(said == [
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image, public.movie]) fullScreen animated",
            "user: pick MOV_0001 on #1",
            "picker: load MOV_0001 (public.movie)",
            "source: load MOV_0001",
            "picker: loaded MOV_0001: movie holiday.mov 40s",
            "presenter: push #2 preview(holiday.mov 40s, trim) animated",
            "user: trim 5.0 seconds–25.0 seconds on #2",
            "picker: trim 5s–25s",
            "user: choose on #2",
            "picker: export holiday.mov 5s–25s medium",
            "exporter: export holiday.mov 5s–25s medium",
            "picker: exported \(exported)",
            "source: discard holiday.mov",
            "presenter: dismiss animated",
            "picker: end finished public.movie url \(exported) trim 5s–25s quality medium",
            "delegate: didFinish public.movie url \(exported) trim 5s–25s quality medium",
            "movie: \(exported), the part 5s to 25s of holiday.mov, at medium quality",
        ])
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.appendingPathComponent(String(exported)).path))
        #expect(throws: DemoOptions.Mistake(message: "--pick is photo or movie, not 'gif'")) { try DemoOptions(parsing: ["--pick", "gif"]) }
    }

    @Test func helpPrintsTheUsage() async {
        var said: [String] = []
        #expect(await DemoCommand.run(["--help"], say: { said.append($0) }) == 0)
        #expect(said == [DemoOptions.usage])
    }

    @Test func optionsParse() throws {
        let options = try DemoOptions(parsing: ["--pan", "3.5, -2", "--zoom", "2", "--source", "saved"])
        #expect(options.pan == CGPoint(x: 3.5, y: -2))
        #expect(options.zoom == 2)
        #expect(options.source == .saved)
        #expect(throws: DemoOptions.Mistake(message: "--shape is circle, square or rectangle, not 'oval'")) {
            try DemoOptions(parsing: ["--shape", "oval"])
        }
        let turned = try DemoOptions(parsing: ["--flip", "v", "--turn", "270", "--shape", "rectangle", "--aspect", "9:16"])
        #expect(turned.transforms == [.flipVertical, .turnRight, .turnRight, .turnRight])
        #expect(turned.aspect == .ratio(9, 16))
        #expect(try DemoOptions(parsing: ["--angle", "-7.5"]).angle == -7.5)
        let framed = try DemoOptions(parsing: ["--framing", "subject"])
        #expect(framed.framing == .subject && framed.pinch == 1 && framed.move == .zero)
        let framedAndZoomed = try DemoOptions(parsing: ["--framing", "subject", "--zoom", "2"])
        #expect(framedAndZoomed.pinch == 2 && framedAndZoomed.move == .zero)
        let centred = try DemoOptions(parsing: [])
        #expect(centred.framing == .centre && centred.pinch == 1.25 && centred.move == CGPoint(x: -12, y: 6))
        #expect(throws: DemoOptions.Mistake(message: "--framing is centre or subject, not 'face'")) { try DemoOptions(parsing: ["--framing", "face"]) }
        let traditional = try DemoOptions(parsing: ["--language", "zh-TW"])
        #expect(traditional.language == "zh-Hant" && traditional.languageTag == "zh-TW")
        #expect(try DemoOptions(parsing: []).language == .english)
        #expect(try DemoOptions(parsing: ["--bench-choose"]).benchChoose)
        #expect(try !DemoOptions(parsing: []).benchChoose)
        #expect(try DemoOptions(parsing: ["--bench-gestures"]).benchGestures)
        #expect(try !DemoOptions(parsing: ["--bench-choose"]).benchGestures)
        #expect(turned.shape == .rectangle(aspectRatio: 4.0 / 3))
        #expect(throws: DemoOptions.Mistake(message: "--turn is 90, 180 or 270, not '45'")) { try DemoOptions(parsing: ["--turn", "45"]) }
        #expect(throws: DemoOptions.Mistake(message: "--aspect is original, square or W:H, not '0:3'")) {
            try DemoOptions(parsing: ["--aspect", "0:3"])
        }
    }
}

/// The device's edit, the server's pixels: avatar-demo's avatar from a JPEG, and its saved
/// session rendered again from the same file by the recipe alone (what `picker-image apply
/// --session` runs), are the same pixels.
@MainActor
@Suite("avatar-demo and the server")
struct DemoSessionTests {
    /// A 400×300 stored photo with EXIF `orientation`, every pixel different.
    static func photo(_ orientation: ImageOrientation, in dir: URL) throws -> URL {
        var photo = try PixelBuffer(width: 400, height: 300, orientation: orientation)
        for y in 0..<300 { for x in 0..<400 { photo[x, y] = RGBA(UInt8(x % 256), UInt8(y % 256), UInt8((x * 7 + y * 3) % 256), 255) } }
        let url = dir.appendingPathComponent("photo-\(orientation.rawValue).jpg")
        try JPEG.encode(photo, options: .init(quality: 92, orientation: .exif)).write(to: url)
        return url
    }

    /// Every orientation once, four of them with an edit: a turn, a flip, a straightening, a
    /// rectangle preset (and one with all three kinds of turn).
    nonisolated static let runs: [(orientation: ImageOrientation, options: [String])] = [
        (.up, []), (.upMirrored, ["--turn", "90"]), (.down, ["--flip", "h"]), (.downMirrored, ["--angle", "6.5"]),
        (.leftMirrored, ["--shape", "rectangle", "--aspect", "3:4"]), (.right, []),
        (.rightMirrored, ["--turn", "270", "--flip", "v", "--angle", "-3"]), (.left, []),
    ]

    @Test("the saved session renders the demo's avatar from the same file, pixel for pixel", arguments: 0..<runs.count)
    func serverRendersTheDemosAvatar(run: Int) async throws {
        let dir = try AvatarDemoTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (orientation, options) = Self.runs[run]
        let photo = try Self.photo(orientation, in: dir)
        let avatarPath = dir.appendingPathComponent("a.png").path, sessionPath = dir.appendingPathComponent("edit.json").path
        let code = await DemoCommand.run(
            ["--image", photo.path, "--size", "64", "--output", avatarPath, "--preview", dir.appendingPathComponent("e.png").path,
             "--save-session", sessionPath] + options,
            say: { _ in })
        #expect(code == 0)
        let avatar = try PNG.decode(Data(contentsOf: URL(fileURLWithPath: avatarPath)))
        let recipe = try RenderRecipe(editSessionJSON: Data(contentsOf: URL(fileURLWithPath: sessionPath)))
        let served = try recipe.render(imageFile: Data(contentsOf: photo), longerSide: 64)
        #expect(served == avatar, "\(orientation) \(options)")
        #expect(max(served.width, served.height) == 64)
        // The crop's 300-odd pixels for 64: the JPEG was decoded at a reduced scale.
        #expect(recipe.pipeline(longerSide: 64).jpegScale != .full)
    }
}

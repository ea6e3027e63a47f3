import Foundation
import PickerImaging
import PickerCodecs
import Testing

@testable import picker_image

@Suite("picker-image")
struct PickerImageToolTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/png/c6d16i.png")

    /// An opaque 13×7 photo with every pixel distinct, written to a scratch PNG.
    static func opaquePhoto() throws -> (path: String, image: PixelBuffer) {
        var image = try PixelBuffer(width: 13, height: 7)
        for y in 0..<7 { for x in 0..<13 { image[x, y] = RGBA(UInt8(x * 19), UInt8(y * 37), 77) } }
        let path = scratch("photo.png")
        try PNG.encode(image).write(to: URL(fileURLWithPath: path))
        return (path, image)
    }

    static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("picker-image-\(UUID().uuidString)-\(name)").path
    }

    @Test func cropsScalesAndMasksARealFile() throws {
        let out = Self.scratch("avatar.png"), photo = try Self.opaquePhoto()
        defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: photo.path) }
        #expect(try Command.run(["crop", "--rect", "3,0,7,7", "--size", "4", "--mask", "circle", "--filter", "lanczos", photo.path, out]) == 0)
        let avatar = try PNG.decode(Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(avatar.displaySize == PixelSize(width: 4, height: 4))
        #expect(avatar[0, 0].a < 255 && avatar[1, 1].a == 255)
    }

    @Test("writes every format by extension", arguments: ["pam", "ppm", "png"])
    func writesByExtension(ext: String) throws {
        let out = Self.scratch("out.\(ext)")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let photo = try Self.opaquePhoto()
        defer { try? FileManager.default.removeItem(atPath: photo.path) }
        #expect(try Command.run(["crop", "--rect", "1,0,5,5", "--size", "3x2", photo.path, out]) == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let image = ext == "png" ? try PNG.decode(data) : try Netpbm.decode(data)
        #expect(image.displaySize == PixelSize(width: 3, height: 2))
    }

    @Test func anExplicitOrientationOverridesTheFile() throws {
        let out = Self.scratch("turned.pam"), photo = try Self.opaquePhoto()
        defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: photo.path) }
        #expect(try Command.run(["crop", "--rect", "0,0,7,7", "--size", "7", "--orientation", "6", photo.path, out]) == 0)
        let turned = try Netpbm.decode(Data(contentsOf: URL(fileURLWithPath: out)))
        let stored = photo.image
        // EXIF 6 shows the stored column 0, bottom to top, as the top row.
        #expect(turned[0, 0] == stored[0, 6] && turned[6, 0] == stored[0, 0])
    }

    @Test("a file in a format that is not read is named, whatever the command", arguments: ["info", "crop", "apply"])
    func aFormatThatIsNotReadIsNamed(command: String) throws {
        let heic = Self.scratch("photo.heic"), out = Self.scratch("out.png")
        defer { try? FileManager.default.removeItem(atPath: heic) }
        try Data([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)).write(to: URL(fileURLWithPath: heic))
        let session = Self.scratch("edit.json")
        try Data(#"{"imageSize":{"width":4,"height":4},"crop":{"x":0,"y":0,"width":4,"height":4}}"#.utf8).write(to: URL(fileURLWithPath: session))
        defer { try? FileManager.default.removeItem(atPath: session) }
        let arguments = switch command {
        case "info": ["info", heic]
        case "crop": ["crop", "--rect", "0,0,2,2", "--size", "2", heic, out]
        default: ["apply", "--session", session, heic, "--output", out]
        }
        #expect(throws: ImageFile.UnreadFormat(path: heic, name: "HEIF")) { try Command.run(arguments) }
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(
            "\(ImageFile.UnreadFormat(path: heic, name: "HEIF"))"
                == "\(heic) is a HEIF file: PNG, JPEG, PPM, PGM and PAM are read; convert it to one of them first"
                + " (on the iPhone, the photo picker's compatible representation is a JPEG)")
        #expect("\(ImageFile.UnreadFormat(path: "a.gif", name: "GIF"))" == "a.gif is a GIF file: PNG, JPEG, PPM, PGM and PAM are read; convert it to one of them first")
    }

    @Test("bad arguments are usage errors", arguments: [
        ["crop", "--size", "4", "a.png", "b.png"],
        ["crop", "--rect", "1,2,3", "--size", "4", "a.png", "b.png"],
        ["crop", "--rect", "0,0,0,1", "--size", "4", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "0", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--filter", "cubic", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--mask", "star", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--orientation", "9", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--turn", "45", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--flip", "d", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--angle", "nan", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--angle", "400", "a.png", "b.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--angle", "seven", "a.png", "b.png"],
        ["bench", "--only"],
        ["bench", "--only", ","],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "a.png"],
        ["crop", "--rect", "0,0,1,1", "--size", "4", "--bogus", "a.png", "b.png"],
        ["bench", "--runs", "0"],
        ["bench", "--filter", "cubic"],
        ["resize"],
        [],
    ])
    func usageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try Command.run(arguments) }
    }

    @Test func turnsAndFlipsAreExact() throws {
        let out = Self.scratch("turned.png"), photo = try Self.opaquePhoto()
        defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: photo.path) }
        // Flipped left to right, then turned clockwise: the 13×7 photo shows 7×13.
        #expect(try Command.run(["crop", "--rect", "0,0,7,13", "--size", "7x13", "--flip", "h", "--turn", "90", photo.path, out]) == 0)
        let turned = try PNG.decode(Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(turned.displaySize == PixelSize(width: 7, height: 13))
        for y in 0..<13 {
            for x in 0..<7 {
                // Mirrored: column 12 - c; turned right: shown (x, y) is mirrored (y, 6 - x).
                #expect(turned.normalized()[x, y] == photo.image[12 - y, 6 - x], "(\(x), \(y))")
            }
        }
    }

    @Test func readsJPEGByContent() throws {
        let out = Self.scratch("from-jpeg.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let jpeg = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/jpeg/base-420-64x48.jpg")
        #expect(try Command.run(["crop", "--rect", "8,0,48,48", "--size", "16", jpeg.path, out]) == 0)
        // Straight from the file, at half size (48 → 16 needs no more).
        let pipeline = AvatarPipeline(crop: PixelRect(x: 8, y: 0, width: 48, height: 48), outputSize: PixelSize(width: 16, height: 16), mask: .square)
        #expect(pipeline.jpegScale == .half)
        let expected = try pipeline.render(jpeg: Data(contentsOf: jpeg)).image
        #expect(try PNG.decode(Data(contentsOf: URL(fileURLWithPath: out))) == expected)
    }

    @Test func writesJPEGByExtension() throws {
        let out = Self.scratch("avatar.jpg")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let jpeg = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/jpeg/photo-640x480-420.jpg")
        var sizes: [Int] = []
        for quality in ["30", "95"] {
            #expect(try Command.run([
                "crop", "--rect", "80,0,480,480", "--size", "96", "--mask", "circle", "--quality", quality, "--chroma", "444",
                "--background", "#3366CC", "--optimize", jpeg.path, out,
            ]) == 0)
            let data = try Data(contentsOf: URL(fileURLWithPath: out))
            sizes.append(data.count)
            #expect(try JPEG.info(data).layout == "YCbCr 8-bit, sampling 1x1,1x1,1x1")
            let written = try JPEG.decode(data)
            #expect(written.displaySize == PixelSize(width: 96, height: 96))
            let corner = written[0, 0]
            #expect(abs(Int(corner.r) - 0x33) <= 4 && abs(Int(corner.g) - 0x66) <= 4 && abs(Int(corner.b) - 0xCC) <= 4, "\(corner)")
        }
        #expect(sizes[0] < sizes[1])
        for bad in [["--quality", "0"], ["--quality", "high"], ["--chroma", "422"], ["--background", "red"]] {
            #expect(throws: UsageError.self) { try Command.run(["crop", "--rect", "0,0,8,8", "--size", "4"] + bad + [jpeg.path, out]) }
        }
    }

    @Test func anAngleStraightensTheCrop() throws {
        let out = Self.scratch("straight.png"), photo = try Self.opaquePhoto()
        defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: photo.path) }
        #expect(try Command.run(["crop", "--rect", "3,0,7,7", "--size", "5", "--angle", "-30", "--mask", "none", photo.path, out]) == 0)
        let straightened = try PNG.decode(Data(contentsOf: URL(fileURLWithPath: out)))
        let rect = PixelRect(x: 3, y: 0, width: 7, height: 7)
        #expect(straightened == (try photo.image.resampled(displayRect: rect, rotatedBy: -30, to: PixelSize(width: 5, height: 5))))
        // The turned frame reaches past the top and bottom: those corners are transparent.
        #expect(straightened[0, 0].a == 0 && straightened[2, 2].a == 255)
    }

    @Test func unreadableAndUnwritableFilesAreNamed() throws {
        #expect(throws: UsageError.self) { try Command.run(["info", "/nonexistent/photo.png"]) }
        let out = Self.scratch("out.gif")
        #expect(throws: UsageError.self) { try Command.run(["crop", "--rect", "0,0,2,2", "--size", "2", Self.fixture.path, out]) }
        let garbage = Self.scratch("garbage.png")
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        try Data("P9 not an image".utf8).write(to: URL(fileURLWithPath: garbage))
        #expect(throws: ImagingError.unknownFormat) { try Command.run(["info", garbage]) }
    }

    @Test func parsesRectsAndSizes() throws {
        #expect(try Command.parseRect("400, 100,2800,2800") == PixelRect(x: 400, y: 100, width: 2800, height: 2800))
        #expect(try Command.parseSize("1024") == PixelSize(width: 1024, height: 1024))
        #expect(try Command.parseSize("640x480") == PixelSize(width: 640, height: 480))
    }

    /// `bench --reference`: each row beside every reference figure it has (OpenCV's, Pillow's
    /// and libvips' for the quarter turn), its floor and its one-thread row, with the ratios and
    /// the goals; a figure the reference lacks is left out.
    @Test func benchPrintsEachRowBesideItsReferencesAndGoals() {
        var bench = Bench()
        bench.reference = [
            "opencv_rotate90_ms": 20, "pillow_rotate90_ms": 40, "vips_rotate90_ms": 80, "pillow_box_ms": 50,
            "pillow_jpeg_draft_avatar_ms": 40, "numpy_copy_ms": 0,
        ]
        let results = [
            ("rotate90_ms", 16.0), ("area_crop_scale_ms", 10.0), ("area_crop_scale_threads_ms", 6.0), ("copy_ms", 8.0),
            ("copy_crop_ms", 4.0), ("jpeg_avatar_ms", 38.0),
        ]
        #expect(bench.lines(results) == [
            "rotate90_ms                          16.00",
            "    vs opencv_rotate90_ms               20.00   0.80x  ok (goal <= 1.00x)",
            "    vs pillow_rotate90_ms               40.00   0.40x",
            "    vs vips_rotate90_ms                 80.00   0.20x",
            "    vs copy_ms                           8.00   2.00x",
            "area_crop_scale_ms                   10.00",
            "    vs pillow_box_ms                    50.00   0.20x",
            "    vs copy_crop_ms                      4.00   2.50x",
            "area_crop_scale_threads_ms            6.00",
            "    vs pillow_box_ms                    50.00   0.12x",
            "    vs copy_crop_ms                      4.00   1.50x",
            "    vs area_crop_scale_ms               10.00   0.60x  MISSED (goal <= 0.56x)",
            "copy_ms                               8.00",
            "copy_crop_ms                          4.00",
            "jpeg_avatar_ms                       38.00",
            "    vs pillow_jpeg_draft_avatar_ms      40.00   0.95x  MISSED (goal <= 0.90x)",
        ])
        bench.json = true
        #expect(bench.lines([("rotate90_ms", 16.0), ("copy_ms", 8.0)]) == [
            #"{"rotate90_ms": 16.00, "copy_ms": 8.00, "rotate90_vs_opencv_rotate90": 0.800, "rotate90_vs_pillow_rotate90": 0.400, "#
                + #""rotate90_vs_vips_rotate90": 0.200, "rotate90_vs_copy": 2.000}"#
        ])
    }
}

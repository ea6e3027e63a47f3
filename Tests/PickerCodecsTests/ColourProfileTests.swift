import Foundation
import ImagingTestSupport
import PickerCodecs
import PickerImaging
import Testing

/// Colour profiles read from real files and converted to sRGB, against LittleCMS. The fixtures
/// in Fixtures/colour (made by make_colour_fixtures.py) are a lattice of 4096 colours as PNG
/// (iCCP), part of a photo as JPEG (APP2) and the whole photo at 256×192 as PNG (its colours as
/// they come, with the tail a lattice's even steps miss), tagged with Display P3, Adobe RGB,
/// ProPhoto, Rec. 709 and a gray gamma-2.2 profile; beside each, its pixels converted by
/// LittleCMS.
@Suite("Colour profiles against LittleCMS")
struct ColourProfileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/colour")

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    static func decode(_ name: String) throws -> PixelBuffer {
        let bytes = try data(name)
        return name.hasSuffix(".png") ? try PNG.decode(bytes) : try JPEG.decode(bytes)
    }

    /// Every pixel's ΔE2000 between `image` and `reference` (both 8-bit sRGB; gray read as RGB).
    static func differences(_ image: PixelBuffer, _ reference: PixelBuffer) -> [Double] {
        #expect(image.pixelSize == reference.pixelSize)
        var out: [Double] = []
        for y in 0..<min(image.height, reference.height) {
            for x in 0..<min(image.width, reference.width) {
                let a = image[x, y], b = reference[x, y]
                out.append(ColourDifference.deltaE2000((a.r, a.g, a.b), (b.r, b.g, b.b)))
            }
        }
        return out
    }

    static let files = ["p3", "adobergb", "prophoto", "rec709", "gray22"].flatMap { ["lattice-\($0).png", "photo-\($0).jpg", "scene-\($0).png"] }

    @Test("the CIEDE2000 helper gives Sharma, Wu and Dalal's test values")
    func deltaE2000Reference() {
        let pairs: [(SIMD3<Double>, SIMD3<Double>, Double)] = [
            (SIMD3(50, 2.6772, -79.7751), SIMD3(50, 0, -82.7485), 2.0425),
            (SIMD3(50, 2.5, 0), SIMD3(73, 25, -18), 27.1492),
            (SIMD3(50, -1, 2), SIMD3(50, 0, 0), 2.3669),
            (SIMD3(2.0776, 0.0795, -1.135), SIMD3(0.9033, -0.0636, -0.5514), 0.9082),
        ]
        for (a, b, expected) in pairs { #expect(abs(ColourDifference.deltaE2000(a, b) - expected) < 0.0001) }
    }

    @Test("each file's profile is read: its name, colour space and model", arguments: files)
    func readsTheProfile(file: String) throws {
        let image = try Self.decode(file)
        let profile = try #require(image.colorProfile)
        let names = ["p3": "sP3C", "adobergb": "Compatible with Adobe RGB (1998)", "prophoto": "ProPhoto RGB", "rec709": "Rec. 709", "gray22": "Gray 2.2"]
        let key = String(file.split(separator: "-")[1].split(separator: ".")[0])
        #expect(profile.name == names[key])
        #expect(profile.origin == .icc)
        #expect(profile.conversionProblem == nil)
        #expect(profile.colorSpace == (key == "gray22" ? .gray : .rgb))
        #expect(!profile.isSRGB)
        // The bytes are the embedded profile's, exactly: the gray one is checked in beside the files.
        if key == "gray22" { #expect(profile.iccData == (try Self.data("gray22.icc"))) }
        #expect(try ColorProfile(iccData: #require(profile.iccData)) == profile)
    }

    /// An RGB profile converts through LittleCMS's own 8-bit arithmetic (its curves in 1.14
    /// fixed point, a sampled curve's 16-bit interpolation, the 14-bit sum and its 16,385-entry
    /// output table), so every pixel is LittleCMS's: at most one in a thousand may differ by a
    /// last-bit difference of the platform's `pow`. A gray one converts through a float curve.
    @Test("converted to sRGB within ΔE2000 0.5 at the 99th percentile and 1.0 at worst of LittleCMS; an RGB profile to its very values", arguments: files)
    func convertsAsLittleCMS(file: String) throws {
        let converted = try Self.decode(file).convertedToSRGB()
        #expect(converted.colorProfile == .sRGB)
        let reference = try PNG.decode(Self.data(file.split(separator: ".")[0] + ".srgb.png"))
        let differences = Self.differences(converted, reference)
        let p99 = ColourDifference.percentile(differences, 0.99), worst = differences.max()!
        if ProcessInfo.processInfo.environment["PICKERKIT_COLOUR_TABLE"] != nil {
            print("colour \(file): mean \(differences.reduce(0, +) / Double(differences.count)) p99 \(p99) max \(worst)")
        }
        #expect(p99 <= 0.5)
        #expect(worst <= 1.0)
        if !file.contains("gray") {
            #expect(differences.filter { $0 > 0 }.count <= differences.count / 1000, "pixels unlike LittleCMS's")
        }
    }

    @Test("the unconverted file differs from LittleCMS's sRGB by far more: the check can fail")
    func theCheckCanFail() throws {
        for name in ["lattice-adobergb", "lattice-prophoto", "lattice-p3", "lattice-rec709"] {
            let file = name + (name.hasPrefix("photo") ? ".jpg" : ".png")
            let reference = try PNG.decode(Self.data(name + ".srgb.png"))
            let differences = Self.differences(try Self.decode(file), reference)
            #expect(differences.max()! > 5, "\(name)")
        }
    }
}

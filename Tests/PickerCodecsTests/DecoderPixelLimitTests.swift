import Foundation
import PickerCodecs
import PickerImaging
import Testing

/// Every decoder's `pixelLimit`, given hostile numbers: an image over the limit is refused
/// with the count and the limit, never decoded, never a trap.
@Suite("Decoders' pixel limits")
struct DecoderPixelLimitTests {
    static let integers: [Int] = [0, -1, 1, 23, 24, .min, .max, .max / 2 + 1, 1 << 31, -(1 << 31), 1 << 51]

    static func image() throws -> PixelBuffer {
        try PixelBuffer(width: 6, height: 4, bytes: (0..<96).map { UInt8($0 * 2) }, orientation: .right)
    }

    @Test("a limit below the image's pixels refuses it, any other decodes it", arguments: integers)
    func pixelLimits(value: Int) throws {
        // The image has 24 pixels: a limit below that refuses it, naming both; any other
        // decodes it whole.
        let image = try Self.image()
        let refusal = ImagingError.tooManyPixels(count: 24, limit: value)
        let decoders: [(String, () throws -> PixelBuffer)] = [
            ("PNG", { [png = PNG.encode(image)] in try PNG.decode(png, pixelLimit: value) }),
            ("PAM", { [pam = Netpbm.encodePAM(image)] in try Netpbm.decode(pam, pixelLimit: value) }),
            ("JPEG", { [jpeg = try JPEG.encode(image)] in try JPEG.decode(jpeg, pixelLimit: value) }),
        ]
        for (name, decode) in decoders {
            if value < 24 {
                #expect(throws: refusal, "\(name) under a limit of \(value)") { try decode() }
            } else {
                let decoded = try decode()
                #expect(decoded.displaySize == image.displaySize, "\(name) under a limit of \(value)")
            }
        }
    }
}

import Foundation
import PickerCodecs
import PickerImaging
import Testing

/// The pipeline's file entry points given hostile straighten angles: a finite angle of any size
/// is a turn (1e308° once overflowed to infinity on its way to radians and trapped), and an
/// angle that is not finite is a typed error.
@Suite("Hostile angles through the file entry points")
struct HostileAngleFileTests {
    static let angles: [Double] = [1e308, -1e308, .greatestFiniteMagnitude, 0x1p53, 725, -.leastNonzeroMagnitude, .nan, .infinity, -.infinity]

    @Test("PNG and JPEG files render any finite angle as the decoded image does, and refuse the rest", arguments: angles)
    func hostileAngle(value: Double) throws {
        let photo = try PixelBuffer(width: 24, height: 16, bytes: (0..<(24 * 16 * 4)).map { $0 % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: $0 &* 7) })
        let png = PNG.encode(photo), jpeg = try JPEG.encode(photo)
        let pipeline = AvatarPipeline(crop: PixelRect(x: 4, y: 2, width: 12, height: 12), outputSize: PixelSize(width: 8, height: 8), angle: value)
        if value.isFinite {
            #expect(try pipeline.render(png: png).image == (try pipeline.render(PNG.decode(png)).image))
            #expect(try pipeline.render(jpeg: jpeg).image.displaySize == PixelSize(width: 8, height: 8))
        } else {
            for render in [{ try pipeline.render(png: png) }, { try pipeline.render(jpeg: jpeg) }] {
                #expect(performing: render, throws: { error in
                    guard case let .invalidAngle(angle)? = error as? ImagingError else { return false }
                    return angle.isNaN ? value.isNaN : angle == value
                })
            }
        }
    }
}

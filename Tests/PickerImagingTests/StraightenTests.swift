import Foundation
import PickerImaging
import Testing

/// The straightened crop (`resampled(displayRect:rotatedBy:to:)`) against references written
/// here in double precision.
@Suite("Straightened crops")
struct StraightenTests {
    /// A photo-like picture: gradients, soft blobs, sharp edges and a little seeded noise.
    static func photo(width: Int = 120, height: Int = 90, alpha: ((Int, Int) -> UInt8)? = nil) throws -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        var state: UInt64 = 7
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Double(Int(state >> 59)) - 16
                let blob = 90 * exp(-(pow(Double(x - 70), 2) + pow(Double(y - 40), 2)) / 300)
                let edge = x > y + 20 ? 60.0 : 0
                let i = (y * width + x) * 4
                bytes[i] = UInt8(clamping: Int(Double(x) * 1.8 + blob + noise))
                bytes[i + 1] = UInt8(clamping: Int(Double(y) * 2.2 + edge + noise))
                bytes[i + 2] = UInt8(clamping: Int(200 - blob + noise))
                bytes[i + 3] = alpha?(x, y) ?? 255
            }
        }
        return try PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// The straightened crop's definition, in double precision: the pixels under the turned
    /// frame (with one around) area-averaged, premultiplied, to the output's scale on the
    /// image's grid; then each output pixel read bilinearly at its turned centre; transparent
    /// off the image.
    static func reference(_ image: PixelBuffer, rect: PixelRect, degrees: Double, size: PixelSize) -> [Double] {
        let scaleX = Double(rect.width) / Double(size.width), scaleY = Double(rect.height) / Double(size.height)
        let t = degrees * .pi / 180, c = cos(t), s = sin(t)
        let cx = Double(rect.x) + Double(rect.width) / 2, cy = Double(rect.y) + Double(rect.height) / 2
        func onImage(_ dx: Double, _ dy: Double) -> (Double, Double) { (cx + c * dx + s * dy, cy - s * dx + c * dy) }
        let hw = Double(rect.width) / 2, hh = Double(rect.height) / 2
        let corners = [onImage(-hw, -hh), onImage(hw, -hh), onImage(-hw, hh), onImage(hw, hh)]
        let left = max(0, Int(corners.map(\.0).min()!.rounded(.down)) - 1)
        let top = max(0, Int(corners.map(\.1).min()!.rounded(.down)) - 1)
        let rightEdge = min(image.width, Int(corners.map(\.0).max()!.rounded(.up)) + 1)
        let bottomEdge = min(image.height, Int(corners.map(\.1).max()!.rounded(.up)) + 1)
        let (cw, ch) = (rightEdge - left, bottomEdge - top)
        let scale = min(scaleX, scaleY)
        let upscaling = scale <= 1
        let (mw, mh) = upscaling ? (cw, ch) : (max(1, Int((Double(cw) / scale).rounded())), max(1, Int((Double(ch) / scale).rounded())))
        func premultiplied(_ x: Int, _ y: Int) -> [Double] {
            let p = image[x, y]
            let a = Double(p.a)
            return [Double(p.r) * a / 255, Double(p.g) * a / 255, Double(p.b) * a / 255, a]
        }
        // Coverage of input cell i by output cell j, n inputs onto m outputs.
        func coverage(_ n: Int, _ m: Int, _ j: Int, _ i: Int) -> Double {
            let lo = Double(j) * Double(n) / Double(m), hi = Double(j + 1) * Double(n) / Double(m)
            return max(0, min(hi, Double(i + 1)) - max(lo, Double(i)))
        }
        var mid = [[Double]](repeating: [0, 0, 0, 0], count: mw * mh)
        for my in 0..<mh {
            for mx in 0..<mw {
                var sum = [0.0, 0, 0, 0], weight = 0.0
                for iy in 0..<ch where upscaling ? iy == my : coverage(ch, mh, my, iy) > 0 {
                    for ix in 0..<cw where upscaling ? ix == mx : coverage(cw, mw, mx, ix) > 0 {
                        let w = upscaling ? 1 : coverage(ch, mh, my, iy) * coverage(cw, mw, mx, ix)
                        let p = premultiplied(left + ix, top + iy)
                        for k in 0..<4 { sum[k] += w * p[k] }
                        weight += w
                    }
                }
                mid[my * mw + mx] = sum.map { $0 / weight }
            }
        }
        let sx = Double(mw) / Double(cw), sy = Double(mh) / Double(ch)
        var out = [Double]()
        for oy in 0..<size.height {
            for ox in 0..<size.width {
                let (ix, iy) = onImage((Double(ox) + 0.5 - Double(size.width) / 2) * scaleX, (Double(oy) + 0.5 - Double(size.height) / 2) * scaleY)
                let (fx, fy) = ((ix - Double(left)) * sx - 0.5, (iy - Double(top)) * sy - 0.5)
                guard fx >= -0.5, fy >= -0.5, fx <= Double(mw) - 0.5, fy <= Double(mh) - 0.5 else {
                    out += [0, 0, 0, 0]
                    continue
                }
                let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                let wx = fx - Double(x0), wy = fy - Double(y0)
                func at(_ x: Int, _ y: Int) -> [Double] { mid[min(max(y, 0), mh - 1) * mw + min(max(x, 0), mw - 1)] }
                var value = (0..<4).map { k in
                    (at(x0, y0)[k] * (1 - wx) + at(x0 + 1, y0)[k] * wx) * (1 - wy) + (at(x0, y0 + 1)[k] * (1 - wx) + at(x0 + 1, y0 + 1)[k] * wx) * wy
                }
                let a = value[3]
                value = a > 0 ? [value[0] * 255 / a, value[1] * 255 / a, value[2] * 255 / a, a] : [0, 0, 0, 0]
                out += value
            }
        }
        return out
    }

    /// The ideal straightened crop: each output pixel the exact mean of the image (whole
    /// pixels as flat squares) over its turned square footprint, by 24 × 24 samples per pixel.
    static func ideal(_ image: PixelBuffer, rect: PixelRect, degrees: Double, size: PixelSize) -> [Double] {
        let scaleX = Double(rect.width) / Double(size.width), scaleY = Double(rect.height) / Double(size.height)
        let t = degrees * .pi / 180, c = cos(t), s = sin(t)
        let cx = Double(rect.x) + Double(rect.width) / 2, cy = Double(rect.y) + Double(rect.height) / 2
        let n = 24
        var out = [Double]()
        for oy in 0..<size.height {
            for ox in 0..<size.width {
                var sum = [0.0, 0, 0, 0]
                for j in 0..<n {
                    for i in 0..<n {
                        let dx = (Double(ox) + (Double(i) + 0.5) / Double(n) - Double(size.width) / 2) * scaleX
                        let dy = (Double(oy) + (Double(j) + 0.5) / Double(n) - Double(size.height) / 2) * scaleY
                        let x = Int((cx + c * dx + s * dy).rounded(.down)), y = Int((cy - s * dx + c * dy).rounded(.down))
                        guard x >= 0, y >= 0, x < image.width, y < image.height else { continue }
                        let p = image[x, y], a = Double(p.a)
                        sum[0] += Double(p.r) * a / 255; sum[1] += Double(p.g) * a / 255; sum[2] += Double(p.b) * a / 255; sum[3] += a
                    }
                }
                let mean = sum.map { $0 / Double(n * n) }
                out += mean[3] > 0 ? [mean[0] * 255 / mean[3], mean[1] * 255 / mean[3], mean[2] * 255 / mean[3], mean[3]] : [0, 0, 0, 0]
            }
        }
        return out
    }

    /// Peak signal-to-noise ratio of 8-bit `pixels` against `reference`, in dB.
    static func psnr(_ pixels: [UInt8], _ reference: [Double]) -> Double {
        let mse = zip(pixels, reference).map { pow(Double($0) - $1, 2) }.reduce(0, +) / Double(pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    static let cases: [(PixelRect, Double, PixelSize)] = [
        (PixelRect(x: 20, y: 15, width: 80, height: 60), 7, PixelSize(width: 29, height: 22)),
        (PixelRect(x: 25, y: 20, width: 64, height: 48), -30, PixelSize(width: 21, height: 16)),
        (PixelRect(x: 30, y: 20, width: 56, height: 56), 45, PixelSize(width: 17, height: 17)),
        (PixelRect(x: 30, y: 20, width: 50, height: 50), 12.5, PixelSize(width: 50, height: 50)),
        (PixelRect(x: 40, y: 30, width: 30, height: 20), -7, PixelSize(width: 75, height: 50)),
    ]

    @Test("matches the double-precision reference within 45 dB", arguments: 0..<5)
    func matchesReference(index: Int) throws {
        let (rect, degrees, size) = Self.cases[index]
        let image = try Self.photo()
        let out = try image.resampled(displayRect: rect, rotatedBy: degrees, to: size)
        #expect(out.displaySize == size && out.orientation == .up && out.format == .rgba8)
        let reference = Self.reference(image, rect: rect, degrees: degrees, size: size)
        let worst = zip(out.bytes, reference).map { abs(Double($0) - $1) }.max()!
        let psnr = Self.psnr(out.bytes, reference)
        print("straighten \(rect) \(degrees)° → \(size): \(String(format: "%.1f", psnr)) dB, worst \(String(format: "%.2f", worst))")
        #expect(psnr >= 45, "PSNR \(psnr) dB")
        #expect(worst <= 1.5, "worst difference \(worst)")
    }

    @Test("stays close to the ideal turned-footprint average", arguments: 0..<3)
    func closeToIdeal(index: Int) throws {
        let (rect, degrees, size) = Self.cases[index]
        let image = try Self.photo()
        let out = try image.resampled(displayRect: rect, rotatedBy: degrees, to: size)
        // Measured 43.0–44.4 dB: the price of averaging on the image's grid before turning.
        let psnr = Self.psnr(out.bytes, Self.ideal(image, rect: rect, degrees: degrees, size: size))
        print("straighten \(rect) \(degrees)° → \(size): \(String(format: "%.1f", psnr)) dB against the ideal")
        #expect(psnr >= 40, "PSNR \(psnr) dB against the ideal")
    }

    @Test("transparency is weighed by alpha", arguments: [false, true])
    func transparencyIsWeighedByAlpha(atTheBottom: Bool) throws {
        // Transparent on the left half, or only in the last rows the crop reads (found last):
        // no dark fringe where it meets the opaque part.
        let image = try Self.photo(alpha: { x, y in (atTheBottom ? y >= 68 : x < 60) ? 0 : 255 })
        let rect = PixelRect(x: 20, y: 15, width: 80, height: 60), size = PixelSize(width: 29, height: 22)
        let out = try image.resampled(displayRect: rect, rotatedBy: 9, to: size)
        let reference = Self.reference(image, rect: rect, degrees: 9, size: size)
        // Compared as shown (colour times alpha): the colour of a nearly clear pixel is
        // imprecise, and invisible.
        func shown(_ pixels: [Double]) -> [Double] {
            var out = pixels
            for i in stride(from: 0, to: pixels.count, by: 4) {
                for k in 0..<3 { out[i + k] = pixels[i + k] * pixels[i + 3] / 255 }
            }
            return out
        }
        let outShown = shown(out.bytes.map(Double.init)), referenceShown = shown(reference)
        let mse = zip(outShown, referenceShown).map { pow($0 - $1, 2) }.reduce(0, +) / Double(outShown.count)
        #expect(10 * log10(255 * 255 / mse) >= 45, "PSNR \(10 * log10(255 * 255 / mse)) dB")
        #expect(zip(outShown, referenceShown).allSatisfy { abs($0 - $1) <= 1.5 })
        #expect(out.bytes.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 && $0.element < 255 }, "a partly covered edge")
    }

    @Test("edges: transparent off the image, or its nearest edge pixel", arguments: [1, 6])
    func edgesOffTheImage(outputSide: Int) throws {
        // One pixel turned 45°: the frame's corners leave it. Upscaled (5×5 output) and
        // downscaled (a 6×6 photo of one colour, to 1×1 and 6×6 at 45°).
        let colour: [UInt8] = [200, 100, 50, 255]
        let pixel = try PixelBuffer(width: 1, height: 1, bytes: colour)
        let size = PixelSize(width: 5, height: 5)
        let transparent = try pixel.resampled(displayRect: PixelRect(x: 0, y: 0, width: 1, height: 1), rotatedBy: 45, to: size)
        let nearest = try pixel.resampled(
            displayRect: PixelRect(x: 0, y: 0, width: 1, height: 1), rotatedBy: 45, to: size, edges: .nearest)
        let clear: [UInt8] = [0, 0, 0, 0]
        func bytes(_ image: PixelBuffer) -> [[UInt8]] {
            (0..<image.height).flatMap { y in (0..<image.width).map { x in let p = image[x, y]; return [p.r, p.g, p.b, p.a] } }
        }
        let corners: Set = [0, 4, 20, 24]
        #expect(bytes(transparent) == (0..<25).map { corners.contains($0) ? clear : colour })
        #expect(bytes(nearest) == Array(repeating: colour, count: 25))
        let flat = try PixelBuffer(width: 6, height: 6, bytes: Array((0..<36).map { _ in colour }.joined()))
        let out = PixelSize(width: outputSide, height: outputSide)
        let downscaled = try flat.resampled(displayRect: PixelRect(x: 0, y: 0, width: 6, height: 6), rotatedBy: 45, to: out, edges: .nearest)
        #expect(bytes(downscaled) == Array(repeating: colour, count: outputSide * outputSide))
    }

    @Test func aFinePatternAveragesOutInsteadOfAliasing() throws {
        // A one-pixel checkerboard, straightened and scaled down by 3: every pixel is mid grey.
        // (Sampling it would give black and white; an area average of aligned 3 × 3 blocks
        // alone gives 113 or 142; turned footprints, 125...130 as measured.)
        var bytes = [UInt8](repeating: 255, count: 96 * 96 * 4)
        for y in 0..<96 { for x in 0..<96 where (x + y) % 2 == 0 { for k in 0..<3 { bytes[(y * 96 + x) * 4 + k] = 0 } } }
        let image = try PixelBuffer(width: 96, height: 96, bytes: bytes)
        let out = try image.resampled(displayRect: PixelRect(x: 18, y: 18, width: 60, height: 60), rotatedBy: 7, to: PixelSize(width: 20, height: 20))
        let greys = stride(from: 0, to: out.bytes.count, by: 4).map { Int(out.bytes[$0]) }
        #expect(greys.allSatisfy { abs($0 - 128) <= 4 }, "\(greys.min()!)...\(greys.max()!)")
    }

    @Test func noTurnIsTheAreaCropMadeUpright() throws {
        var image = try Self.photo()
        image.orientation = .rightMirrored
        let rect = PixelRect(x: 10, y: 12, width: 60, height: 48)
        let down = try image.resampled(displayRect: rect, rotatedBy: 0, to: PixelSize(width: 25, height: 20))
        #expect(down == (try image.resampled(displayRect: rect, to: PixelSize(width: 25, height: 20), filter: .area).normalized()))
        let up = try image.resampled(displayRect: rect, rotatedBy: 0, to: PixelSize(width: 120, height: 96))
        #expect(up == (try image.resampled(displayRect: rect, to: PixelSize(width: 120, height: 96), filter: .bilinear).normalized()))
    }

    @Test("follows the orientation", arguments: ImageOrientation.allCases)
    func followsOrientation(orientation: ImageOrientation) throws {
        // Stored turned, then straightened: the same as straightening the upright image.
        let upright = try Self.photo()
        let stored = try Self.stored(upright, as: orientation)
        let rect = PixelRect(x: 20, y: 15, width: 60, height: 60), size = PixelSize(width: 23, height: 23)
        let expected = try upright.resampled(displayRect: rect, rotatedBy: -11, to: size)
        let out = try stored.resampled(displayRect: rect, rotatedBy: -11, to: size)
        let worst = zip(out.bytes, expected.bytes).map { abs(Int($0) - Int($1)) }.max()!
        #expect(worst <= 1)
    }

    /// `upright`'s pixels stored so that `orientation` shows them upright again.
    static func stored(_ upright: PixelBuffer, as orientation: ImageOrientation) throws -> PixelBuffer {
        let rawSize = orientation.swapsAxes ? upright.pixelSize.transposed : upright.pixelSize
        var raw = try PixelBuffer(width: rawSize.width, height: rawSize.height, orientation: orientation)
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                let p = orientation.rawPoint(forDisplayX: x, y: y, rawSize: rawSize)
                raw[p.x, p.y] = upright[x, y]
            }
        }
        return raw
    }

    @Test func offTheImageIsTransparent() throws {
        let image = try Self.photo()
        // A frame hanging off the top-left corner, turned: its corner pixels see nothing.
        let out = try image.resampled(displayRect: PixelRect(x: -40, y: -40, width: 60, height: 60), rotatedBy: 20, to: PixelSize(width: 20, height: 20))
        #expect(out[0, 0] == RGBA(0, 0, 0, 0))
        #expect(out[19, 19].a == 255)
        let away = try image.resampled(displayRect: PixelRect(x: 500, y: 500, width: 60, height: 60), rotatedBy: 20, to: PixelSize(width: 20, height: 20))
        #expect(away.bytes.allSatisfy { $0 == 0 })
    }

    @Test func aFrameOffWholePixelsIsTheSameFrameAsARect() throws {
        let image = try Self.photo()
        let rect = PixelRect(x: 20, y: 15, width: 80, height: 60), size = PixelSize(width: 40, height: 30)
        let byRect = try image.resampled(displayRect: rect, rotatedBy: 9, to: size)
        let byCentre = try image.resampled(centreX: 60, centreY: 45, scale: 2, rotatedBy: 9, to: size)
        #expect(byRect == byCentre)
        // Half a pixel over, it differs, and still matches the reference at that place.
        let shifted = try image.resampled(centreX: 60.5, centreY: 45, scale: 2, rotatedBy: 9, to: size)
        #expect(shifted != byRect)
    }

    @Test func grayImagesTurnIntoRGBA() throws {
        let gray = try PixelBuffer(width: 40, height: 40, format: .gray8, bytes: (0..<1600).map { UInt8($0 % 40 * 6) })
        let out = try gray.resampled(displayRect: PixelRect(x: 10, y: 10, width: 20, height: 20), rotatedBy: 5, to: PixelSize(width: 10, height: 10))
        #expect(out.format == .rgba8)
        #expect(stride(from: 0, to: out.bytes.count, by: 4).allSatisfy { out.bytes[$0] == out.bytes[$0 + 1] && out.bytes[$0 + 3] == 255 })
    }

    @Test func badValuesThrow() throws {
        let image = try Self.photo()
        let rect = PixelRect(x: 0, y: 0, width: 10, height: 10), size = PixelSize(width: 5, height: 5)
        for angle in [Double.nan, .infinity, -.infinity] {
            let error = #expect(throws: ImagingError.self) { try image.resampled(displayRect: rect, rotatedBy: angle, to: size) }
            guard case let .invalidAngle(reported) = error else {
                Issue.record("\(String(describing: error)) for \(angle)")
                continue
            }
            #expect(reported.isNaN == angle.isNaN && (angle.isNaN || reported == angle))
        }
        #expect(throws: ImagingError.invalidDimensions(width: 0, height: 10)) {
            try image.resampled(displayRect: PixelRect(x: 0, y: 0, width: 0, height: 10), rotatedBy: 3, to: size)
        }
        #expect(throws: ImagingError.invalidDimensions(width: 5, height: -1)) {
            try image.resampled(displayRect: rect, rotatedBy: 3, to: PixelSize(width: 5, height: -1))
        }
        #expect(throws: ImagingError.tooManyPixels(count: 200_000_000, limit: PixelBuffer.defaultPixelLimit)) {
            try image.resampled(displayRect: rect, rotatedBy: 3, to: PixelSize(width: 20_000, height: 10_000))
        }
        for far in [PixelRect(x: .max, y: 0, width: 1, height: 1), PixelRect(x: 0, y: .min, width: 1, height: 1),
                    PixelRect(x: 0, y: 0, width: .max, height: 1)] {
            #expect(throws: ImagingError.cropOutsideImage(rect: far, imageSize: image.displaySize)) {
                try image.resampled(displayRect: far, rotatedBy: 3, to: size)
            }
        }
        // Each bad number is named.
        for (x, y, scale, parameter) in [(Double.nan, 0.0, 1.0, "centreX"), (0, .infinity, 1, "centreY"), (0, 0, 0, "scale"),
                                         (0, 0, -1, "scale"), (0, 0, .nan, "scale"), (1e300, 0, 1, "centreX"), (0, 0, 1e300, "scale")] {
            let value = parameter == "centreX" ? x : parameter == "centreY" ? y : scale
            #expect(performing: { try image.resampled(centreX: x, centreY: y, scale: scale, rotatedBy: 3, to: size) }, throws: { error in
                guard case let .invalidNumber(named, number)? = error as? ImagingError else { return false }
                return named == parameter && (number == value || number.isNaN && value.isNaN)
            })
        }
    }
}

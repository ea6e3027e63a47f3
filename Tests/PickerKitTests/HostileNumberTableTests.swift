import Foundation
import PickerCodecs
import PickerImaging
import PickerKit
import Testing

/// Every public entry point that takes a number, fed the hostile numbers (±0, subnormals,
/// ±1e308, ±infinity, NaN, Int.min and .max, 2³¹, 2⁵³): each accepts the number, clamps it as
/// documented, or throws the typed error that names the parameter — the exact error, for every
/// value. None traps: a trap would end the run.
@Suite("Hostile numbers, entry point by entry point")
struct HostileNumberTableTests {
    static let reals: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude / 2, 1e308, -1e308, .infinity,
        -.infinity, .nan, 0x1p31, -0x1p31, 0x1p53, -0x1p53, 1, -1, 2.5,
    ]
    static let integers: [Int] = [0, -1, 1, .min, .max, 1 << 31, -(1 << 31), 1 << 53, -(1 << 53), 3, 100, 101]

    /// What a call did: accepted the number, or threw this error (described, so that NaN
    /// payloads compare).
    enum Outcome: Equatable, CustomStringConvertible {
        case accepted
        case threw(String)

        static func of(_ body: () throws -> Void) -> Outcome {
            do {
                try body()
                return .accepted
            } catch {
                return .threw("\(type(of: error)).\(error)")
            }
        }

        static func imaging(_ error: ImagingError) -> Outcome { .threw("ImagingError.\(error)") }
        static func picker(_ error: PickerError) -> Outcome { .threw("PickerError.\(error)") }

        var description: String {
            switch self {
            case .accepted: "accepted"
            case let .threw(error): error
            }
        }
    }

    /// An entry point taking a real number: what it does with one, and what it should do.
    struct Real: Sendable, CustomStringConvertible {
        let description: String
        let call: @Sendable (Double) -> Outcome
        let expected: @Sendable (Double) -> Outcome
    }

    /// An entry point taking an integer.
    struct Integer: Sendable, CustomStringConvertible {
        let description: String
        let call: @Sendable (Int) -> Outcome
        let expected: @Sendable (Int) -> Outcome
    }

    static func photo() -> PixelBuffer {
        try! PixelBuffer(width: 6, height: 4, bytes: (0..<96).map { UInt8($0 * 2) }, orientation: .right)
    }

    static let square = PixelRect(x: 0, y: 0, width: 4, height: 4)
    static let three = PixelSize(width: 3, height: 3)
    /// How far from the origin a frame may reach (2⁴⁰ pixels).
    static let reach = Double(1 << 40)

    static func editor(_ change: (inout EditorConfiguration) -> Void) -> Outcome {
        var configuration = EditorConfiguration()
        change(&configuration)
        return .of { _ = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300), configuration: configuration) }
    }

    static func layout(_ problem: EditorLayoutProblem) -> Outcome { .picker(.invalidEditorLayout(problem)) }

    static let realEntries: [Real] = [
        Real(
            description: "PixelBuffer.resampled(displayRect:rotatedBy:to:) degrees",
            call: { v in .of { _ = try photo().resampled(displayRect: square, rotatedBy: v, to: three) } },
            expected: { v in v.isFinite ? .accepted : .imaging(.invalidAngle(v)) }),
        Real(
            description: "PixelBuffer.resampled(centreX:centreY:scale:rotatedBy:to:) centreX",
            call: { v in .of { _ = try photo().resampled(centreX: v, centreY: 2, scale: 1, rotatedBy: 3, to: three) } },
            expected: { v in v.isFinite && abs(v) < reach ? .accepted : .imaging(.invalidNumber(parameter: "centreX", value: v)) }),
        Real(
            description: "PixelBuffer.resampled(centreX:centreY:scale:rotatedBy:to:) centreY",
            call: { v in .of { _ = try photo().resampled(centreX: 2, centreY: v, scale: 1, rotatedBy: 3, to: three) } },
            expected: { v in v.isFinite && abs(v) < reach ? .accepted : .imaging(.invalidNumber(parameter: "centreY", value: v)) }),
        Real(
            description: "PixelBuffer.resampled(centreX:centreY:scale:rotatedBy:to:) scale",
            call: { v in .of { _ = try photo().resampled(centreX: 2, centreY: 2, scale: v, rotatedBy: 3, to: three) } },
            expected: { v in v.isFinite && v > 0 && v * 3 < reach ? .accepted : .imaging(.invalidNumber(parameter: "scale", value: v)) }),
        Real(
            description: "PixelBuffer.resampled(centreX:centreY:scale:rotatedBy:to:) degrees",
            call: { v in .of { _ = try photo().resampled(centreX: 2, centreY: 2, scale: 1, rotatedBy: v, to: three) } },
            expected: { v in v.isFinite ? .accepted : .imaging(.invalidAngle(v)) }),
        Real(
            description: "AvatarPipeline(angle:).render(_:)",
            call: { v in .of { _ = try AvatarPipeline(crop: square, outputSize: three, angle: v).render(photo()) } },
            expected: { v in v.isFinite ? .accepted : .imaging(.invalidAngle(v)) }),
        Real(
            description: "AvatarPipeline(angle:).render(png:)",
            call: { v in .of { _ = try AvatarPipeline(crop: square, outputSize: three, angle: v).render(png: PNG.encode(photo())) } },
            expected: { v in v.isFinite ? .accepted : .imaging(.invalidAngle(v)) }),
        Real(
            description: "AvatarPipeline(angle:).render(jpeg:)",
            call: { v in
                .of { _ = try AvatarPipeline(crop: square, outputSize: three, angle: v).render(jpeg: JPEG.encode(photo())) }
            },
            expected: { v in v.isFinite ? .accepted : .imaging(.invalidAngle(v)) }),
        Real(
            description: "EditorConfiguration.viewport width",
            call: { v in editor { $0.viewport.width = v } },
            expected: { v in
                v.isFinite && v > 0 && v <= EditorGeometry.largestViewport
                    ? (v < 31 ? layout(.noRoomForMask) : .accepted) : layout(.viewport(width: v, height: 667))
            }),
        Real(
            description: "EditorConfiguration.margin",
            call: { v in editor { $0.margin = v } },
            expected: { v in
                !(v.isFinite && v >= 0 && v <= EditorGeometry.largestViewport) ? layout(.insets(parameter: "margin", value: v))
                    : v >= 187 ? layout(.noRoomForMask) : .accepted
            }),
        Real(
            description: "EditorConfiguration.safeArea.top",
            call: { v in editor { $0.safeArea.top = v } },
            expected: { v in
                !(v.isFinite && v >= 0 && v <= EditorGeometry.largestViewport) ? layout(.insets(parameter: "safeArea.top", value: v))
                    : v >= 637 ? layout(.noRoomForMask) : .accepted
            }),
        Real(
            description: "CropShape.rectangle(aspectRatio:)",
            call: { v in editor { $0.shape = .rectangle(aspectRatio: v) } },
            expected: { v in (CropShape.aspectRatios).contains(v) ? .accepted : layout(.aspectRatio(v)) }),
        Real(
            description: "ZoomLimit.factor",
            call: { v in editor { $0.maximumZoom = .factor(v) } },
            expected: { v in v.isFinite && v >= 1 ? .accepted : layout(.zoomFactor(v)) }),
        Real(
            description: "EditorRenderer(scale:)",
            call: { v in .of { _ = try EditorRenderer(scale: v).render(geometry(), image: try PixelBuffer(width: 400, height: 300)) } },
            expected: { v in
                !(v.isFinite && v > 0) ? layout(.renderScale(v))
                    : (100 * v).rounded() < 1 || (80 * v).rounded() < 1 || (100 * v).rounded() > 8192
                    ? layout(.canvas(width: (100 * v).rounded(), height: (80 * v).rounded())) : .accepted
            }),
        Real(
            description: "EditorRenderer(dimming:)",
            call: { v in .of { _ = try EditorRenderer(scale: 1, dimming: v).render(geometry(), image: try PixelBuffer(width: 400, height: 300)) } },
            expected: { v in (0...1).contains(v) ? .accepted : layout(.dimming(v)) }),
        Real(
            description: "EditorRenderer(outlineWidth:)",
            call: { v in
                .of { _ = try EditorRenderer(scale: 1, outlineWidth: v).render(geometry(), image: try PixelBuffer(width: 400, height: 300)) }
            },
            expected: { v in (0...EditorRenderer.widestOutline).contains(v) ? .accepted : layout(.outlineWidth(v)) }),
        Real(
            description: "MovieSettings.maximumDuration (finite seconds)",
            call: { v in
                var configuration = PickerConfiguration()
                configuration.movie.maximumDuration = .seconds(v.isFinite && abs(v) < 1e15 ? v : 1)
                return .of { try configuration.validate() }
            },
            expected: { v in
                let d = Duration.seconds(v.isFinite && abs(v) < 1e15 ? v : 1)
                return d > .zero ? .accepted : .picker(.invalidConfiguration(.movieMaximumDuration(d)))
            }),
    ]

    /// A small editor whose viewport is 100 × 80 points.
    static func geometry() throws -> EditorGeometry {
        var configuration = EditorConfiguration()
        configuration.viewport = CGSize(width: 100, height: 80)
        configuration.margin = 5
        return try EditorGeometry(imageSize: PixelSize(width: 400, height: 300), configuration: configuration)
    }

    static var tiny: Data { try! PNG.encode(PixelBuffer(width: 3, height: 2)) }

    static let integerEntries: [Integer] = [
        Integer(
            description: "PixelBuffer(width:height:) width",
            call: { n in .of { _ = try PixelBuffer(width: n, height: 4) } },
            expected: { n in
                n < 1 ? .imaging(.invalidDimensions(width: n, height: 4))
                    : n > Int.max / 16 ? .imaging(.dimensionsOverflow(width: n, height: 4))
                    : n * 4 > PixelBuffer.defaultPixelLimit ? .imaging(.tooManyPixels(count: n * 4, limit: PixelBuffer.defaultPixelLimit))
                    : .accepted
            }),
        Integer(
            description: "PixelBuffer.resampled(to:) width",
            call: { n in .of { _ = try photo().resampled(to: PixelSize(width: n, height: 3)) } },
            expected: { n in
                // (The count saturates.)
                let (count, overflow) = n.multipliedReportingOverflow(by: 3)
                return n < 1 ? .imaging(.invalidDimensions(width: n, height: 3))
                    : overflow || count > PixelBuffer.defaultPixelLimit
                    ? .imaging(.tooManyPixels(count: overflow ? .max : count, limit: PixelBuffer.defaultPixelLimit)) : .accepted
            }),
        Integer(
            description: "PixelBuffer.resampled(displayRect:to:filter:threads:) threads (clamped to 1…64)",
            call: { n in .of { _ = try photo().resampled(displayRect: square, to: three, filter: .bilinear, threads: n) } },
            expected: { _ in .accepted }),
        Integer(
            description: "PixelBuffer.cropped(to:) x",
            call: { n in .of { _ = try photo().cropped(to: PixelRect(x: n, y: 0, width: 2, height: 2)) } },
            expected: { n in
                (-1...3).contains(n) ? .accepted
                    : .imaging(.cropOutsideImage(rect: PixelRect(x: n, y: 0, width: 2, height: 2), imageSize: PixelSize(width: 4, height: 6)))
            }),
        Integer(
            description: "ImageOrientation(exif:)",
            call: { n in .of { _ = try ImageOrientation(exif: n) } },
            expected: { n in (1...8).contains(n) ? .accepted : .imaging(.invalidOrientation(n)) }),
        Integer(
            description: "JPEG.EncodingOptions(quality:)",
            call: { n in .of { _ = try JPEG.encode(photo(), options: JPEG.EncodingOptions(quality: n)) } },
            expected: { n in (1...100).contains(n) ? .accepted : .imaging(.invalidQuality(n)) }),
        Integer(
            description: "PNG.decode(_:pixelLimit:)",
            call: { n in .of { _ = try PNG.decode(tiny, pixelLimit: n) } },
            expected: { n in n >= 6 ? .accepted : .imaging(.tooManyPixels(count: 6, limit: n)) }),
        Integer(
            description: "JPEG.decode(_:scale:pixelLimit:scanLimit:) pixelLimit",
            call: { n in .of { _ = try JPEG.decode(JPEG.encode(photo()), scale: .half, pixelLimit: n) } },
            expected: { n in n >= 24 ? .accepted : .imaging(.tooManyPixels(count: 24, limit: n)) }),
        Integer(
            description: "JPEG.decode(_:scale:pixelLimit:scanLimit:) scanLimit",
            call: { n in .of { _ = try JPEG.decode(JPEG.encode(photo()), scale: .full, scanLimit: n) } },
            expected: { n in
                n >= 1 ? .accepted : .imaging(.workLimitExceeded(format: .jpeg, reason: "more than \(n) scans (DecodeOptions.scanLimit raises it)"))
            }),
        Integer(
            description: "AvatarOutput.size",
            call: { n in
                var output = AvatarOutput()
                output.size = n
                return .of { if let problem = output.problem { throw problem } }
            },
            expected: { n in (1...AvatarOutput.largestSide).contains(n) ? .accepted : .picker(.invalidConfiguration(.outputSize(n))) }),
        Integer(
            description: "AvatarOutput.maximumDimension",
            call: { n in
                var output = AvatarOutput()
                output.maximumDimension = n
                return .of { if let problem = output.problem { throw problem } }
            },
            expected: { n in
                (1...AvatarOutput.largestSide).contains(n) ? .accepted : .picker(.invalidConfiguration(.outputMaximumDimension(n)))
            }),
        Integer(
            description: "EditorGeometry(imageSize:) width",
            call: { n in .of { _ = try EditorGeometry(imageSize: PixelSize(width: n, height: 10)) } },
            expected: { n in
                (1...EditorGeometry.largestImageSide).contains(n) ? .accepted : layout(.imageSize(PixelSize(width: n, height: 10)))
            }),
        Integer(
            description: "ZoomLimit.minimumOutputPixels",
            call: { n in editor { $0.maximumZoom = .minimumOutputPixels(n) } },
            expected: { n in n >= 1 ? .accepted : layout(.minimumOutputPixels(n)) }),
        Integer(
            description: "CameraSettings.warmUp (seconds)",
            call: { n in
                var configuration = PickerConfiguration()
                configuration.camera.warmUp = .seconds(n)
                return .of { try configuration.validate() }
            },
            expected: { n in n >= 0 ? .accepted : .picker(.invalidConfiguration(.cameraWarmUp(.seconds(n)))) }),
    ]

    @Test("real numbers", arguments: realEntries)
    func realNumbers(entry: Real) {
        for value in Self.reals {
            #expect(entry.call(value) == entry.expected(value), "\(entry) \(value)")
        }
    }

    @Test("integers", arguments: integerEntries)
    func integers(entry: Integer) {
        for value in Self.integers {
            #expect(entry.call(value) == entry.expected(value), "\(entry) \(value)")
        }
    }

    @Test("gestures keep the editor finite, and ignore numbers that are not", arguments: reals)
    func gestures(value: Double) throws {
        let start = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        for gesture in [EditorGesture.pan(CGPoint(x: value, y: 1)), .pinch(scale: value, focus: CGPoint(x: 10, y: 10)),
                        .pinch(scale: 1.5, focus: CGPoint(x: value, y: 10)), .doubleTap(CGPoint(x: value, y: 0)),
                        .rotate(degrees: value), .straighten(degrees: value)] {
            var editor = start
            editor.apply(gesture)
            editor.apply(.ended)
            #expect(editor.zoom.isFinite && editor.origin.x.isFinite && editor.origin.y.isFinite && editor.angle.isFinite, "\(gesture)")
            if !value.isFinite { #expect(editor == start, "\(gesture) with \(value) is ignored") }
            #expect(PixelRect(size: start.imageSize).contains(editor.cropRect), "\(gesture)")
        }
    }
}

import Foundation
import PickerImaging
import PickerCodecs

/// `picker-image bench`: the reference workload, timed. A 4032×3024 opaque RGBA photo (seeded
/// noise over gradients); crop (400,100,2800,2800) and scale it to 1024×1024 with each filter
/// (`area`, `lanczos`, `bilinear`), on one thread and on every core; the area crop straightened
/// by 7°; turn the whole photo a quarter turn (EXIF 6); the avatar pipeline (crop, scale, circle
/// mask); the subject locator on the edit screen's 1600×1200 copy (the goal: 20 ms or less);
/// and plain copies of the photo and of the crop's region, the memory-bandwidth floors.
/// Median of `runs` rounds that each run every row.
struct Bench {
    var runs = 7
    var json = false
    /// Only the rows whose names start with one of these (`--only rotate90,copy_ms`).
    var only: [String]?
    /// A folder of the JPEG files `reference.py --jpeg` writes: time decoding them instead.
    var jpeg: String?
    /// Only this filter's crop-and-scale rows, and the pipeline with it; every filter, and the
    /// pipeline with area, when `nil`.
    var filter: ResampleFilter?
    /// The reference figures (`reference.py --json`, with or without `--jpeg`), by name; each
    /// row is printed beside those ``beside(_:)`` names.
    var reference: [String: Double] = [:]

    /// Reads `reference.py --json`'s output.
    static func reference(_ path: String) throws -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path),
            let figures = try? JSONDecoder().decode([String: Double].self, from: data)
        else { throw UsageError(message: "--reference takes the JSON reference.py --json writes; cannot read \(path)") }
        return figures
    }

    /// The reference figures a row is compared with, in order: Pillow's (libjpeg-turbo's) decode
    /// of the same file, and its `draft` avatar path, for the JPEG rows (Pillow has one thread,
    /// so the two-thread rows meet the same figure); for the imaging rows, Pillow's and OpenCV's
    /// area resampling, libvips' and Pillow's Lanczos, libvips' bilinear `reduce`, and OpenCV's,
    /// Pillow's and libvips' quarter turns; and numpy's copy.
    static func beside(_ row: String) -> [String] {
        let name = row.replacingOccurrences(of: "_threads", with: "")
        switch name {
        case "jpeg_avatar_ms": return ["pillow_jpeg_draft_avatar_ms"]
        case _ where name.hasPrefix("jpeg_"): return ["pillow_" + name]
        case "area_crop_scale_ms": return ["pillow_box_ms", "opencv_area_ms"]
        case "pipeline_circle_ms": return ["pillow_box_ms"]
        case "lanczos_crop_scale_ms": return ["vips_reduce_lanczos3_ms", "pillow_lanczos_ms"]
        case "bilinear_crop_scale_ms": return ["vips_reduce_linear_ms"]
        case "rotate90_ms": return ["opencv_rotate90_ms", "pillow_rotate90_ms", "vips_rotate90_ms"]
        case "copy_ms": return ["numpy_copy_ms"]
        default: return []
        }
    }

    /// The goals the project holds its rows to, as the largest ratio to a reference figure:
    /// a quarter turn at or below OpenCV's, the area crop on both cores at least 1.8 times as
    /// fast as on one, and the JPEG avatar on one thread at most 0.9 of Pillow's draft path.
    static func goal(_ row: String, beside figure: String) -> Double? {
        switch (row, figure) {
        case ("rotate90_ms", "opencv_rotate90_ms"): 1
        case ("area_crop_scale_threads_ms", "area_crop_scale_ms"): 1 / 1.8
        case ("jpeg_avatar_ms", "pillow_jpeg_draft_avatar_ms"): 0.9
        default: nil
        }
    }

    static let crop = PixelRect(x: 400, y: 100, width: 2800, height: 2800)
    static let output = PixelSize(width: 1024, height: 1024)

    /// The name a filter's rows carry.
    static func name(_ filter: ResampleFilter) -> String {
        switch filter {
        case .area: "area"
        case .bilinear: "bilinear"
        case .lanczos3: "lanczos"
        }
    }

    func run() throws {
        if let jpeg { return try runJPEG(jpeg) }
        let photo = try Self.photo()
        var turned = photo
        turned.orientation = .right
        var pipeline = AvatarOutput(size: Self.output.width, mask: .circle, filter: filter ?? .area).pipeline(for: Self.crop)
        pipeline.threads = 1
        let cores = PixelBuffer.automaticThreads(sourcePixels: Self.crop.width * Self.crop.height)
        let filters = filter.map { [$0] } ?? [.area, .lanczos3, .bilinear]
        var work: [(String, () throws -> Void)] = []
        for (index, threads) in [1, cores].enumerated() {
            for filter in filters {
                work.append((
                    "\(Self.name(filter))_crop_scale\(index == 0 ? "" : "_threads")_ms",
                    { _ = try photo.resampled(displayRect: Self.crop, to: Self.output, filter: filter, threads: threads) }
                ))
            }
        }
        let avatar = try pipeline.render(photo).image
        var straightened = AvatarOutput(size: Self.output.width, mask: .circle).pipeline(for: Self.crop, angle: 7)
        straightened.threads = 1
        let outside = RenderRecipe(
            imageSize: photo.displaySize, crop: PixelRect(x: -700, y: 100, width: 2800, height: 2800),
            output: AvatarOutput(size: Self.output.width, mask: .circle))
        // The edit screen's reduced copy, 1600 px on its longer side, as the subject locator reads it.
        let screenCopy = try photo.resampled(
            displayRect: PixelRect(size: photo.displaySize), to: PixelSize(width: 1600, height: 1200), filter: .area)
        work += [
            ("straighten7_crop_scale_ms", { _ = try photo.resampled(displayRect: Self.crop, rotatedBy: 7, to: Self.output) }),
            ("pipeline_circle_ms", { _ = try pipeline.render(photo) }),
            // The avatar core's other paths: straightened, and a recipe's crop reaching past the photo.
            ("pipeline_straighten7_ms", { _ = try straightened.render(photo) }),
            ("recipe_reaching_outside_ms", { _ = try outside.render(photo) }),
            // PNG's bands of rows are filtered and compressed on every core.
            ("png_encode_avatar_threads_ms", { _ = PNG.encode(avatar) }),
            ("rotate90_ms", { _ = turned.normalized(threads: 1) }),
            ("rotate90_threads_ms", { _ = turned.normalized(threads: cores) }),
            // Subject framing: where the subject is, from the edit screen's copy, on one core.
            ("locate_subject_ms", { _ = AttentionLocator().locate(screenCopy) }),
            ("copy_ms", { _ = photo.copiedBytes() }),
            ("copy_crop_ms", { _ = try photo.cropped(to: Self.crop) }),
        ]
        report(try time(work.filter(isChosen)))
    }

    /// `--jpeg DIR`: decoding baseline 4:2:0, progressive 4:2:0 and baseline 4:4:4 photos
    /// (4032×3024, quality 90), and the avatar path from the baseline one
    /// (``AvatarPipeline/render(jpeg:pixelLimit:)``: decode at 1/2 from the DCT coefficients,
    /// crop (400,100,2800,2800) there, area-average to 1024²).
    func runJPEG(_ folder: String) throws {
        func file(_ name: String) throws -> Data {
            do { return try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name + ".jpg")) } catch {
                throw UsageError(message: "cannot read \(name).jpg in \(folder): run reference.py --jpeg \(folder) first")
            }
        }
        let names = ["baseline420", "progressive420", "baseline444"]
        let files = try names.map(file)
        let cores = PixelBuffer.automaticThreads(sourcePixels: 4032 * 3024)
        var work: [(String, () throws -> Void)] = []
        for (index, threads) in [1, cores].enumerated() {
            let suffix = index == 0 ? "" : "_threads"
            for (name, data) in zip(names, files) {
                work.append(("jpeg_\(name)\(suffix)_ms", { _ = try JPEG.decode(data, options: DecodeOptions(threads: threads)) }))
            }
            var pipeline = AvatarOutput(size: Self.output.width, filter: .area).pipeline(for: Self.crop)
            pipeline.threads = threads
            work.append(("jpeg_avatar\(suffix)_ms", { _ = try pipeline.render(jpeg: files[0]) }))
        }
        // The avatar core from files, on one thread: a JPEG straightened, a PNG's region, and a
        // recipe at three sizes from one decode.
        var turned = AvatarOutput(size: Self.output.width, mask: .circle).pipeline(for: Self.crop, angle: 7)
        turned.threads = 1
        var fromPNG = AvatarOutput(size: Self.output.width, mask: .circle).pipeline(for: Self.crop)
        fromPNG.threads = 1
        let png = PNG.encode(try JPEG.decode(files[0]))
        let recipe = RenderRecipe(imageSize: PixelSize(width: 4032, height: 3024), crop: Self.crop, output: AvatarOutput(mask: .circle))
        work += [
            ("jpeg_avatar_straighten7_ms", { _ = try turned.render(jpeg: files[0]) }),
            ("png_avatar_ms", { _ = try fromPNG.render(png: png) }),
            ("recipe_jpeg_three_sizes_ms", { _ = try recipe.render(imageFile: files[0], longerSides: [1024, 256, 64]) }),
        ]
        report(try time(work.filter(isChosen)))
    }

    /// Whether `--only` leaves a row in.
    func isChosen(_ row: (name: String, body: () throws -> Void)) -> Bool {
        only.map { prefixes in prefixes.contains { row.name.hasPrefix($0) } } ?? true
    }

    /// Prints ``lines(_:)``.
    func report(_ results: [(String, Double)]) {
        for line in lines(results) { print(line) }
    }

    /// Each row, then a line for each figure it is compared with: its references, the copy
    /// that is the floor of the quarter turn and the area crop, and, for rows on every core,
    /// the same row on one thread. Each such line gives the ratio, and the goal where
    /// ``goal(_:beside:)`` has one. With `json`, one line: an object of the rows (`…_ms`) and
    /// the ratios (`row_vs_figure`, without `_ms`).
    func lines(_ results: [(String, Double)]) -> [String] {
        let measured = Dictionary(results, uniquingKeysWith: { first, _ in first })
        let floors = [
            "rotate90_ms": "copy_ms", "rotate90_threads_ms": "copy_ms", "area_crop_scale_ms": "copy_crop_ms",
            "area_crop_scale_threads_ms": "copy_crop_ms",
        ]
        var comparisons: [(row: String, ms: Double, versus: String, figure: Double)] = []
        for (row, ms) in results {
            for key in Self.beside(row) { if let figure = reference[key], figure > 0 { comparisons.append((row, ms, key, figure)) } }
            if let floor = floors[row], let copy = measured[floor], copy > 0 { comparisons.append((row, ms, floor, copy)) }
            let oneThread = row.replacingOccurrences(of: "_threads", with: "")
            if oneThread != row, let figure = measured[oneThread], figure > 0 { comparisons.append((row, ms, oneThread, figure)) }
        }
        if json {
            var fields = results.map { "\"\($0.0)\": \(String(format: "%.2f", $0.1))" }
            for c in comparisons {
                let name = c.row.replacingOccurrences(of: "_ms", with: "") + "_vs_" + c.versus.replacingOccurrences(of: "_ms", with: "")
                fields.append("\"\(name)\": \(String(format: "%.3f", c.ms / c.figure))")
            }
            return ["{\(fields.joined(separator: ", "))}"]
        }
        var lines: [String] = []
        for (row, ms) in results {
            lines.append(row.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%8.2f", ms))
            for c in comparisons where c.row == row {
                var line = "    vs " + c.versus.padding(toLength: 30, withPad: " ", startingAt: 0)
                line += String(format: "%8.2f  %5.2fx", c.figure, c.ms / c.figure)
                if let goal = Self.goal(c.row, beside: c.versus) {
                    line += (c.ms / c.figure <= goal ? "  ok" : "  MISSED") + String(format: " (goal <= %.2fx)", goal)
                }
                lines.append(line)
            }
        }
        return lines
    }

    /// The median wall time of each piece of work over `runs` rounds, in milliseconds. Each
    /// round runs every piece once, in turn, so a busy moment on the machine touches them all
    /// alike and their ratios hold.
    func time(_ work: [(String, () throws -> Void)]) throws -> [(String, Double)] {
        var samples = Array(repeating: [Double](), count: work.count)
        for _ in 0..<runs {
            for (index, (_, body)) in work.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
        }
        return zip(work, samples).map { ($0.0.0, $0.1.sorted()[$0.1.count / 2]) }
    }

    /// The bench photo: seeded noise with a horizontal red and vertical green gradient, opaque.
    static func photo() throws -> PixelBuffer {
        let width = 4032, height = 3024
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt64 = 20_261_129
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = UInt32(truncatingIfNeeded: state >> 32)
                let i = (y * width + x) * 4
                bytes[i] = UInt8(min(255, x * 255 / width + Int(noise & 0xFF) / 8))
                bytes[i + 1] = UInt8(min(255, y * 255 / height + Int((noise >> 8) & 0xFF) / 8))
                bytes[i + 2] = UInt8(truncatingIfNeeded: noise >> 16)
            }
        }
        return try PixelBuffer(width: width, height: height, bytes: bytes)
    }
}

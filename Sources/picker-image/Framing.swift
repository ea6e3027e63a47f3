import Foundation
import PickerImaging
import PickerCodecs

extension Command {
    /// `frame IMAGE [--aspect W:H] [--regions]`: the crop the edit screen opens with under
    /// subject framing (`SubjectFraming` on `AttentionLocator`'s regions), in the upright
    /// photo's pixels, as `frame: X,Y,W,H`; with `--regions`, then each region found.
    static func frame(_ options: inout Options) throws {
        let aspect = try options.value("--aspect").map(parseAspect) ?? 1
        let listsRegions = options.flag("--regions")
        let files = try options.finish(positionals: 1)
        let (crop, regions) = try subjectFrame(ImageFile.read(files[0]), aspectRatio: aspect)
        print("frame: \(crop.x),\(crop.y),\(crop.width),\(crop.height)")
        if listsRegions { for region in regions { print("\(region.kind.rawValue): \(region.box) \(region.confidence)") } }
    }

    /// The crop subject framing picks on `photo` as it is shown, and the regions it framed.
    static func subjectFrame(_ photo: PixelBuffer, aspectRatio: Double) -> (crop: PixelRect, regions: [SubjectRegion]) {
        let regions = AttentionLocator().locate(photo)
        return (SubjectFraming(aspectRatio: aspectRatio).crop(for: regions, in: photo.displaySize), regions)
    }

    /// `--aspect`: `W:H` with positive numbers.
    static func parseAspect(_ text: String) throws -> Double {
        let parts = text.split(separator: ":").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite, w > 0, h > 0 else {
            throw UsageError(message: "--aspect is W:H with positive numbers, not '\(text)'")
        }
        return w / h
    }
}

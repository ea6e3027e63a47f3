import PickerImaging
import Testing

/// Subject framing's rules on given regions: exact crops.
@Suite("Subject framing")
struct SubjectFramingTests {
    static let photo = PixelSize(width: 4000, height: 3000)

    static func face(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ confidence: Double = 0.9) -> SubjectRegion {
        SubjectRegion(kind: .face, box: PixelRect(x: x, y: y, width: w, height: h), confidence: confidence)
    }

    @Test func noSubjectIsTheCentredLargestCrop() {
        #expect(SubjectFraming().crop(for: [], in: Self.photo) == PixelRect(x: 500, y: 0, width: 3000, height: 3000))
        let tall = SubjectFraming(aspectRatio: 3.0 / 4).crop(for: [], in: Self.photo)
        #expect(tall == PixelRect(x: 875, y: 0, width: 2250, height: 3000))
    }

    /// 40 % of the height, centred across, the eyes (40 % down the face) on the upper third.
    @Test func aFaceIsFramedAsAPortrait() {
        let crop = SubjectFraming().crop(for: [Self.face(2800, 900, 400, 480)], in: Self.photo)
        // 480 / 0.4 = 1200 tall; centred on x 3000; eyes at 900 + 192 = 1092, a third down: 1092 - 400.
        #expect(crop == PixelRect(x: 2400, y: 692, width: 1200, height: 1200))
    }

    @Test func aFaceInACornerKeepsTheCropInsideThePhoto() {
        let crop = SubjectFraming().crop(for: [Self.face(3700, 20, 280, 300)], in: Self.photo)
        #expect(crop == PixelRect(x: 3250, y: 0, width: 750, height: 750))
        // With empty space, the face keeps its place in the crop and the crop leaves the photo:
        // eyes at 20 + 120, a third of 750 down.
        let spacious = SubjectFraming(allowsEmptySpace: true).crop(for: [Self.face(3700, 20, 280, 300)], in: Self.photo)
        #expect(spacious == PixelRect(x: 3465, y: -110, width: 750, height: 750))
    }

    @Test func theZoomLimitsBoundTheCrop() {
        // A tiny face: no smaller than a fifth of the largest crop (the default 5x zoom), or the limit given.
        #expect(SubjectFraming().crop(for: [Self.face(1990, 1490, 20, 20)], in: Self.photo) == PixelRect(x: 1700, y: 1298, width: 600, height: 600))
        let limited = SubjectFraming(smallestHeight: 1000).crop(for: [Self.face(1990, 1490, 20, 20)], in: Self.photo)
        #expect(limited == PixelRect(x: 1500, y: 1165, width: 1000, height: 1000))
        // A face too large to be 40 %: the largest crop there is.
        #expect(SubjectFraming().crop(for: [Self.face(1000, 0, 2000, 2500)], in: Self.photo) == PixelRect(x: 500, y: 0, width: 3000, height: 3000))
    }

    @Test func severalFacesAreFramedTogetherWhenTheyFit() {
        let pair = [Self.face(1400, 800, 300, 360), Self.face(2100, 900, 280, 320, 0.8)]
        // Together: as wide as 980 / 0.85 = 1153, as tall as 420 / 0.75 = 560, the largest face's
        // 360 / 0.4 = 900: 1153 tall, centred on the pair (1890 - 576.5, rounded up); its eyes a third down.
        #expect(SubjectFraming().crop(for: pair, in: Self.photo) == PixelRect(x: 1314, y: 560, width: 1153, height: 1153))
        // Too far apart for one crop: the largest alone.
        let apart = [Self.face(100, 800, 300, 360), Self.face(3600, 900, 380, 420)]
        #expect(SubjectFraming().crop(for: apart, in: Self.photo) == PixelRect(x: 3265, y: 718, width: 1050, height: 1050).clamped(to: Self.photo))
        // A face less than half as tall as the largest is in the background: the largest alone,
        // as framed without it.
        let background = [Self.face(1400, 800, 300, 360), Self.face(1800, 1000, 150, 170)]
        #expect(SubjectFraming().crop(for: background, in: Self.photo) == SubjectFraming().crop(for: [background[0]], in: Self.photo))
        #expect(SubjectFraming().crop(for: [background[0]], in: Self.photo) == PixelRect(x: 1100, y: 644, width: 900, height: 900))
    }

    /// A child on a parent's shoulders: the group's highest face stays inside the crop, not
    /// only its lowest, though the crop is placed by the largest face's eyes.
    @Test func aGroupsHighestFaceStaysInside() {
        let photo = PixelSize(width: 1000, height: 2000)
        let faces = [Self.face(400, 500, 200, 200), Self.face(450, 100, 110, 110)]
        // Together (700 − 100) / 0.75 = 800 tall, centred on x 500; the largest face's eyes a
        // third down would put the top at 313, below the child's face, which starts at 100:
        // the top is 5 % of the height above it, 60.
        let crop = SubjectFraming().crop(for: faces, in: photo)
        #expect(crop == PixelRect(x: 100, y: 60, width: 800, height: 800))
        #expect(faces.allSatisfy { crop.contains($0.box) })
    }

    @Test func unsureFacesAreLeftOutAndASalientRegionIsCentred() {
        let unsure = [Self.face(2800, 900, 400, 480, 0.1)]
        #expect(SubjectFraming().crop(for: unsure, in: Self.photo) == PixelRect(x: 500, y: 0, width: 3000, height: 3000))
        let salient = SubjectRegion(kind: .salient, box: PixelRect(x: 400, y: 1800, width: 800, height: 600), confidence: 0.5)
        // 1.5 × 800 = 1200, centred on (800, 2100), kept inside.
        #expect(SubjectFraming().crop(for: [salient], in: Self.photo) == PixelRect(x: 200, y: 1500, width: 1200, height: 1200))
    }

    @Test func confidenceIsKeptWithinItsRange() {
        #expect(Self.face(0, 0, 1, 1, 7).confidence == 1)
        #expect(Self.face(0, 0, 1, 1, -1).confidence == 0)
        #expect(Self.face(0, 0, 1, 1, .nan).confidence == 0)
    }
}

extension PixelRect {
    /// Moved inside a photo of `size` (it fits).
    fileprivate func clamped(to size: PixelSize) -> PixelRect {
        PixelRect(x: min(max(0, x), size.width - width), y: min(max(0, y), size.height - height), width: width, height: height)
    }
}

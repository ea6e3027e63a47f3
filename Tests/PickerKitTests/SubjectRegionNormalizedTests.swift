import Foundation
import PickerImaging
import PickerKit
import Testing

/// Regions from normalized boxes with a lower-left origin, as Vision gives them: the flip, the
/// whole pixels, the clip, the order the Vision locator reports.
@Suite("Subject regions from normalized boxes")
struct SubjectRegionNormalizedTests {
    static let photo = PixelSize(width: 4032, height: 3024)

    static func region(_ x: Double, _ y: Double, _ w: Double, _ h: Double, kind: SubjectRegion.Kind = .face) -> SubjectRegion? {
        SubjectRegion(kind: kind, normalizedBox: CGRect(x: x, y: y, width: w, height: h), confidence: 0.98, in: photo)
    }

    @Test func aBoxIsFlippedToTheTopLeftAndCoversTheWholePixelsItTouches() {
        // x 403.2…1209.6, y from the top (1 − 0.9) × 3024 = 302.4 … (1 − 0.6) × 3024 = 1209.6.
        #expect(Self.region(0.1, 0.6, 0.2, 0.3) == SubjectRegion(kind: .face, box: PixelRect(x: 403, y: 302, width: 807, height: 908), confidence: 0.98))
        #expect(Self.region(0, 0, 1, 1)?.box == PixelRect(x: 0, y: 0, width: 4032, height: 3024))
        // The lower left corner is the photo's bottom left.
        #expect(Self.region(0, 0, 0.25, 0.25)?.box == PixelRect(x: 0, y: 2268, width: 1008, height: 756))
    }

    @Test func aBoxReachingOutIsClippedToThePhoto() {
        #expect(Self.region(-0.1, -0.1, 0.3, 0.3)?.box == PixelRect(x: 0, y: 2419, width: 807, height: 605))
        #expect(Self.region(0.9, 0.9, 0.5, 0.5)?.box == PixelRect(x: 3628, y: 0, width: 404, height: 303))
    }

    @Test func boxesWithNoPixelOfThePhotoAreNone() {
        #expect(Self.region(1.2, 0, 0.1, 0.1) == nil)
        #expect(Self.region(0, -0.5, 0.1, 0.2) == nil)
        #expect(Self.region(0.1, 0.1, 0, 0.2) == nil)
        #expect(Self.region(.nan, 0.1, 0.1, 0.2) == nil)
        #expect(Self.region(0.1, 0.1, .infinity, 0.2) == nil)
        #expect(SubjectRegion(kind: .face, normalizedBox: CGRect(x: 0, y: 0, width: 1, height: 1), confidence: 1, in: PixelSize(width: 0, height: 5)) == nil)
    }

    @Test func facesComeLargestFirstAndOtherwiseTheLargestSalientBox() {
        let small = (box: CGRect(x: 0.7, y: 0.5, width: 0.1, height: 0.1), confidence: 0.9)
        let large = (box: CGRect(x: 0.1, y: 0.5, width: 0.2, height: 0.3), confidence: 0.8)
        let outside = (box: CGRect(x: 2, y: 2, width: 0.1, height: 0.1), confidence: 1.0)
        let faces = SubjectRegion.located(faces: [small, outside, large], salient: [large], in: Self.photo)
        #expect(faces.map(\.kind) == [.face, .face])
        #expect(faces.map(\.confidence) == [0.8, 0.9])
        let salient = SubjectRegion.located(faces: [outside], salient: [small, large, outside], in: Self.photo)
        #expect(salient == [SubjectRegion(kind: .salient, box: PixelRect(x: 403, y: 604, width: 807, height: 908), confidence: 0.8)])
        #expect(SubjectRegion.located(faces: [], salient: [outside], in: Self.photo) == [])
    }
}

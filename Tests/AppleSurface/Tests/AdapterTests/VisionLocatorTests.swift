import Foundation
import PickerImaging
import PickerKit
import PickerKitUIKit
import SurfaceDevice
import Testing
import Vision

extension AppleSurfaceTests {
    /// PickerKitUIKit's Vision locator on the surface's Vision, which finds what a test says a
    /// device's would: the request it makes, on which copy, and the regions it reports from
    /// Vision's boxes.
    @MainActor
    @Suite("The Vision subject locator")
    struct VisionLocatorTests {
        static func finding(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ confidence: Float) -> Device.VisionFinding {
            Device.VisionFinding(boundingBox: CGRect(x: x, y: y, width: w, height: h), confidence: confidence)
        }

        @Test func facesAreReportedLargestFirstInTheUprightPhotosPixels() async throws {
            Device.current.reset()
            Device.current.visionFaces = [Self.finding(0.1, 0.1, 0.1, 0.1, 0.5), Self.finding(0.5, 0.6, 0.25, 0.3, 0.9)]
            Device.current.visionSalientObjects = [Self.finding(0, 0, 1, 1, 1)]
            let photo = try EditScreenTests.scene()
            let regions = try await VisionSubjectLocator().regions(in: photo)
            #expect(regions == [
                SubjectRegion(kind: .face, box: PixelRect(x: 120, y: 18, width: 60, height: 54), confidence: Double(Float(0.9))),
                SubjectRegion(kind: .face, box: PixelRect(x: 24, y: 144, width: 24, height: 18), confidence: 0.5),
            ])
            // One pass for the faces, on the photo itself (smaller than the edit screen's copy);
            // with faces found, no saliency.
            #expect(Device.current.visionImages == ["240x180"])
        }

        @Test func withNoFaceTheLargestSalientObjectIsReported() async throws {
            Device.current.reset()
            Device.current.visionSalientObjects = [Self.finding(0.7, 0.7, 0.1, 0.1, 1), Self.finding(0.2, 0.25, 0.5, 0.5, 0.8)]
            // A photo stored on its side: Vision reads the upright 1600-pixel copy, and the
            // regions are in the upright photo's pixels (2016×1512).
            var photo = try PixelBuffer(width: 1512, height: 2016)
            photo.orientation = .right
            let regions = try await VisionSubjectLocator().regions(in: photo)
            #expect(regions == [SubjectRegion(kind: .salient, box: PixelRect(x: 403, y: 378, width: 1009, height: 756), confidence: Double(Float(0.8)))])
            #expect(Device.current.visionImages == ["1600x1200", "1600x1200"], "faces, then saliency, on the copy")
            Device.current.visionSalientObjects = []
            #expect(try await VisionSubjectLocator().regions(in: photo) == [])
        }

        @Test func aCancelledTaskDoesNotRunVision() async throws {
            Device.current.reset()
            Device.current.visionFaces = [Self.finding(0.5, 0.6, 0.25, 0.3, 0.9)]
            let photo = try EditScreenTests.scene()
            let task = Task.detached {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await VisionSubjectLocator().regions(in: photo)
            }
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(Device.current.visionImages == [])
        }
    }
}

import Foundation
import PickerImaging
import PickerKit
import Testing

@Suite("Value types")
struct ValueTypeTests {
    @Test("the editor opens on the largest centred square", arguments: [
        (PixelSize(width: 4032, height: 3024), PixelRect(x: 504, y: 0, width: 3024, height: 3024)),
        (PixelSize(width: 3024, height: 4032), PixelRect(x: 0, y: 504, width: 3024, height: 3024)),
        (PixelSize(width: 515, height: 514), PixelRect(x: 1, y: 0, width: 514, height: 514)),
        (PixelSize(width: 7, height: 4), PixelRect(x: 2, y: 0, width: 4, height: 4)),
        (PixelSize(width: 1, height: 1), PixelRect(x: 0, y: 0, width: 1, height: 1)),
    ])
    func centredSquare(size: PixelSize, crop: PixelRect) throws {
        let editor = try EditorGeometry(imageSize: size)
        #expect(editor.cropRect == crop)
    }

    @Test func mediaTypesAreUniformTypeIdentifiers() {
        #expect(MediaType.image.identifier == "public.image")
        #expect(MediaType.movie.identifier == "public.movie")
        #expect(MediaType.livePhoto.identifier == "com.apple.live-photo")
        #expect(PickerConfiguration().mediaTypes == [.image], "images only by default")
    }

    @Test func hostInfoReadsInfoPlistStringsAndRejectsBlankOnes() {
        let info = HostInfo(infoDictionary: [
            "NSCameraUsageDescription": "Take your profile photo",
            "NSPhotoLibraryUsageDescription": " \n",
            "NSMicrophoneUsageDescription": 42,
        ])
        #expect(info.declares(.camera))
        #expect(!info.declares(.photoLibrary))
        #expect(!info.declares(.microphone))
        #expect(SourceType.camera.usageDescriptionKey == .camera)
        #expect(SourceType.savedPhotosAlbum.usageDescriptionKey == .photoLibrary)
    }

    @Test func resultsPreferTheEditedImageAndSummariseThemselves() throws {
        let original = try PixelBuffer(width: 4, height: 2)
        let edited = try original.cropped(to: PixelRect(x: 1, y: 0, width: 2, height: 2))
        let result = ProfilePickerResult(
            mediaType: .image, originalImage: original, editedImage: edited, cropRect: PixelRect(x: 1, y: 0, width: 2, height: 2))
        #expect(result.image?.displaySize == PixelSize(width: 2, height: 2))
        #expect(result.summary == "public.image edited 2x2 from 4x2 crop (1,0,2,2)")
        let unedited = ProfilePickerResult(mediaType: .image, originalImage: original)
        #expect(unedited.image?.displaySize == PixelSize(width: 4, height: 2))
        #expect(Set(unedited.info.keys) == [.mediaType, .originalImage])
        let movie = ProfilePickerResult(mediaType: .movie, mediaURL: URL(fileURLWithPath: "/tmp/a.mov"))
        #expect(Set(movie.info.keys) == [.mediaType, .mediaURL])
        #expect(movie.image == nil)
    }

    @Test func valuesHoldingImagesCompareThemAsTheSameImage() throws {
        let photo = try PixelBuffer(width: 4, height: 2)
        var other = photo
        other[0, 0] = RGBA(1, 2, 3)
        // Results: the same pixels are equal, other pixels, another image or none are not.
        let result = ProfilePickerResult(mediaType: .image, originalImage: photo, editedImage: photo)
        #expect(result == ProfilePickerResult(mediaType: .image, originalImage: try PixelBuffer(width: 4, height: 2), editedImage: photo))
        #expect(result != ProfilePickerResult(mediaType: .image, originalImage: other, editedImage: photo))
        #expect(result != ProfilePickerResult(mediaType: .image, originalImage: photo, editedImage: other))
        #expect(result != ProfilePickerResult(mediaType: .image, originalImage: photo))
        var changed = result
        changed.editedImage = other
        #expect(changed != result && changed.editedImage?.isSame(as: other) == true)
        changed.editedImage = photo
        #expect(changed == result)
        // The edit screen's state, likewise.
        let geometry = try EditorGeometry(imageSize: photo.displaySize)
        let route = Route(id: Route.ID(1), screen: .editor(EditorScreen(imageSize: geometry.imageSize, cropRect: geometry.cropRect)))
        let step = EditingStep(root: nil, route: route, original: photo, mediaType: .image, geometry: geometry)
        #expect(step == EditingStep(root: nil, route: route, original: try PixelBuffer(width: 4, height: 2), mediaType: .image, geometry: geometry))
        var edited = step
        edited.original = other
        #expect(edited != step && edited.original.isSame(as: other))
        edited.original = photo
        #expect(edited == step)
        edited.isRendering = true
        #expect(edited != step, "every other part still counts")
    }

    @Test func infoKeysMatchImagePickerRawValues() {
        #expect(InfoKey.allCases.map(\.rawValue) == [
            "UIImagePickerControllerMediaType", "UIImagePickerControllerOriginalImage",
            "UIImagePickerControllerEditedImage", "UIImagePickerControllerCropRect", "UIImagePickerControllerMediaURL",
        ])
    }

    @Test func arrowDirectionsDescribeThemselves() {
        #expect(ArrowDirections.any.description == "[up, down, left, right]")
        #expect(ArrowDirections([.down, .up]).description == "[up, down]")
    }
}

/// A cause compares by its error's type and what it says: two errors of different types with the
/// same text are different causes.
@Suite("Error causes")
struct ErrorCauseTests {
    struct Disk: Error, CustomStringConvertible { var description: String }
    struct Network: Error, CustomStringConvertible { var description: String }

    @Test func sameTypeAndTextAreEqualDifferentTypesAreNot() {
        #expect(ErrorCause(Disk(description: "full")) == ErrorCause(Disk(description: "full")))
        #expect(ErrorCause(Disk(description: "full")) != ErrorCause(Network(description: "full")))
        #expect(ErrorCause(Disk(description: "full")) != ErrorCause(Disk(description: "empty")))
        #expect(ErrorCause("full") == ErrorCause(ErrorCause.Message(description: "full")), "a literal is a message")
        #expect(ErrorCause("full") != ErrorCause(Disk(description: "full")))
        #expect(PickerError.itemLoadFailed(itemID: "A", cause: ErrorCause(Disk(description: "x")))
            != .itemLoadFailed(itemID: "A", cause: ErrorCause(Network(description: "x"))))
    }
}

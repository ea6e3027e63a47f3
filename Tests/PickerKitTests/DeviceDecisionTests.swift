import PickerImaging
import PickerKit
import Testing

/// The decisions the Apple adapters take, made here so they are tested on Linux.
@Suite("Decisions for the device adapters")
struct DeviceDecisionTests {
    @Test("the flash asked is one the camera supports", arguments: [
        (FlashMode.on, [FlashMode.off, .on, .auto], FlashMode.on),
        (.on, [.off], .off),
        (.auto, [.off], .off),
        (.auto, [], .off),
        (.off, [.auto], .auto),
        (.auto, [.auto, .off], .auto),
    ])
    func flash(requested: FlashMode, supported: [FlashMode], asked: FlashMode) {
        #expect(requested.resolved(supported: supported) == asked)
    }

    @Test("images are decoded just large enough for the editor's smallest crop", arguments: [
        // size, maximum zoom, image → longest side to decode (nil: whole)
        (512 as Int?, ZoomLimit.factor(5), PixelSize(width: 8064, height: 6048), 3414 as Int?),
        (512, .factor(5), PixelSize(width: 6048, height: 8064), 3414),
        (512, .factor(5), PixelSize(width: 2000, height: 1500), nil),
        (nil, .factor(5), PixelSize(width: 8064, height: 6048), nil),
        (nil, .factor(1), PixelSize(width: 8064, height: 6048), 5462),
        (256, .minimumOutputPixels(512), PixelSize(width: 8064, height: 6048), 4032),
        (1024, .minimumOutputPixels(512), PixelSize(width: 8064, height: 6048), nil),
        (512, .factor(5), PixelSize(width: 0, height: 10), nil),
    ])
    func decodeSide(size: Int?, zoom: ZoomLimit, image: PixelSize, side: Int?) {
        var configuration = PickerConfiguration()
        configuration.output.size = size
        configuration.editor.maximumZoom = zoom
        #expect(configuration.largestUsefulSide(for: image) == side)
        configuration.allowsEditing = false
        #expect(configuration.largestUsefulSide(for: image) == nil, "returned as picked: needed whole")
    }
}

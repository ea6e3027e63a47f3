import Foundation
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

    @Test("captures turn with the device: the rear sensor is level turned left, the front one turned right", arguments: [
        (DeviceOrientation.portrait, 90.0 as Double?, 90.0 as Double?),
        (.portraitUpsideDown, 270, 270),
        (.landscapeLeft, 0, 180),
        (.landscapeRight, 180, 0),
        (.faceUp, nil, nil),
        (.faceDown, nil, nil),
        (.unknown, nil, nil),
    ])
    func captureAngle(orientation: DeviceOrientation, rear: Double?, front: Double?) {
        #expect(orientation.captureRotationAngle(for: .rear) == rear)
        #expect(orientation.captureRotationAngle(for: .front) == front)
    }

    /// Before iOS 17 a connection is turned by a video orientation, which names how the device
    /// is held and is the same for both cameras (AVFoundation mounts the front sensor's frames
    /// itself): Apple's AVCam maps the device turned left to `landscapeRight`. Converting the
    /// front camera's angle instead turned its landscape frames upside down.
    @Test("before iOS 17 both cameras take the device's video orientation, as AVCam maps it", arguments: [
        (DeviceOrientation.portrait, CaptureVideoOrientation.portrait as CaptureVideoOrientation?),
        (.portraitUpsideDown, .portraitUpsideDown),
        (.landscapeLeft, .landscapeRight),
        (.landscapeRight, .landscapeLeft),
        (.faceUp, nil),
        (.faceDown, nil),
        (.unknown, nil),
    ])
    func videoOrientation(orientation: DeviceOrientation, expected: CaptureVideoOrientation?) {
        #expect(orientation.captureVideoOrientation == expected)
        // AVCaptureVideoOrientation's raw values.
        #expect(expected.map(\.rawValue) == [DeviceOrientation.portrait: 1, .portraitUpsideDown: 2, .landscapeLeft: 3, .landscapeRight: 4][orientation])
    }

    @Test("a popover points at its rectangle, or at the whole view when it has none")
    func popoverRect() {
        let view = NSObject()
        let bounds = CGRect(x: 0, y: 0, width: 44, height: 30)
        func rect(_ r: CGRect) -> CGRect { PopoverAnchor(sourceView: view, sourceRect: r).sourceRect(within: bounds) }
        #expect(rect(.zero) == bounds)
        #expect(rect(CGRect(x: 4, y: 4, width: 10, height: 0)) == bounds, "empty")
        #expect(rect(CGRect(x: 0, y: 0, width: Double.infinity, height: 5)) == bounds, "not finite")
        #expect(rect(CGRect(x: 0, y: 0, width: Double.nan, height: 5)) == bounds, "not a number")
        #expect(rect(CGRect(x: 4, y: 5, width: 10, height: 8)) == CGRect(x: 4, y: 5, width: 10, height: 8))
        #expect(PopoverAnchor(barButtonItem: view).sourceRect(within: bounds) == bounds)
    }
}

@_exported import AppleFoundation
@_exported import CoreGraphics
import SurfaceDevice

// Vision's image requests, as far as the adapters use them: face rectangles and attention-based
// saliency, performed on a CGImage. A model cannot see faces: the surface's Vision finds what
// the test says the device's would (`Device.current.visionFaces`, `.visionSalientObjects`;
// none by default), in every image, and records the size of each image it was asked about.
// What Vision finds in a real photo only a device shows.

/// Apple: `typealias VNConfidence = Float`.
public typealias VNConfidence = Float

/// Apple: `typealias VNRequestCompletionHandler = (VNRequest, (any Error)?) -> Void`.
public typealias VNRequestCompletionHandler = (VNRequest, (any Error)?) -> Void

/// Apple: `struct VNImageOption : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
public struct VNImageOption: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String
    /// Apple: `init(rawValue: String)`.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// Apple: `class VNObservation : NSObject, NSCopying, NSSecureCoding, VNRequestRevisionProviding`
/// (the surface declares none of the three protocols: the adapters use none).
open class VNObservation: NSObject {
    /// Apple: `var confidence: VNConfidence { get }`.
    open var confidence: VNConfidence { storedConfidence }
    let storedConfidence: VNConfidence

    init(confidence: VNConfidence) {
        storedConfidence = confidence
    }
}

/// Apple: `class VNDetectedObjectObservation : VNObservation`.
open class VNDetectedObjectObservation: VNObservation {
    /// Apple: `var boundingBox: CGRect { get }`: shares of the image, origin at the lower left.
    open var boundingBox: CGRect { storedBoundingBox }
    let storedBoundingBox: CGRect

    init(boundingBox: CGRect, confidence: VNConfidence) {
        storedBoundingBox = boundingBox
        super.init(confidence: confidence)
    }
}

/// Apple: `class VNFaceObservation : VNDetectedObjectObservation`.
open class VNFaceObservation: VNDetectedObjectObservation {}

/// Apple: `class VNRectangleObservation : VNDetectedObjectObservation`.
open class VNRectangleObservation: VNDetectedObjectObservation {}

/// Apple: `class VNPixelBufferObservation : VNObservation` (its pixel buffer, the saliency heat
/// map, is not modelled).
open class VNPixelBufferObservation: VNObservation {}

/// Apple: `class VNSaliencyImageObservation : VNPixelBufferObservation`.
open class VNSaliencyImageObservation: VNPixelBufferObservation {
    /// Apple: `var salientObjects: [VNRectangleObservation]? { get }`.
    open var salientObjects: [VNRectangleObservation]? { storedSalientObjects }
    let storedSalientObjects: [VNRectangleObservation]

    init(salientObjects: [VNRectangleObservation]) {
        storedSalientObjects = salientObjects
        super.init(confidence: 1)
    }
}

/// Apple: `class VNRequest : NSObject, NSCopying` (the surface does not declare `NSCopying`,
/// nor `results`, which each request below declares with its own observations' type).
open class VNRequest: NSObject {
    let completionHandler: VNRequestCompletionHandler?

    /// Apple: `convenience init()`.
    public convenience override init() {
        self.init(completionHandler: nil)
    }

    /// Apple: `init(completionHandler: VNRequestCompletionHandler? = nil)`.
    public init(completionHandler: VNRequestCompletionHandler? = nil) {
        self.completionHandler = completionHandler
    }

    /// Performs the request on an image of `size`, keeping its results.
    func perform(on size: CGSize) {}
}

/// Apple: `class VNImageBasedRequest : VNRequest`.
open class VNImageBasedRequest: VNRequest {}

/// Apple: `class VNDetectFaceRectanglesRequest : VNImageBasedRequest`.
open class VNDetectFaceRectanglesRequest: VNImageBasedRequest {
    /// Apple: `var results: [VNFaceObservation]? { get }`: `nil` until performed.
    open var results: [VNFaceObservation]? { found }
    private var found: [VNFaceObservation]?

    override func perform(on size: CGSize) {
        found = Device.current.visionFaces.map { VNFaceObservation(boundingBox: $0.boundingBox, confidence: $0.confidence) }
    }
}

/// Apple: `class VNGenerateAttentionBasedSaliencyImageRequest : VNImageBasedRequest`.
open class VNGenerateAttentionBasedSaliencyImageRequest: VNImageBasedRequest {
    /// Apple: `var results: [VNSaliencyImageObservation]? { get }`: `nil` until performed, then
    /// one observation (the heat map) with its salient objects.
    open var results: [VNSaliencyImageObservation]? { found }
    private var found: [VNSaliencyImageObservation]?

    override func perform(on size: CGSize) {
        let objects = Device.current.visionSalientObjects.map {
            VNRectangleObservation(boundingBox: $0.boundingBox, confidence: $0.confidence)
        }
        found = [VNSaliencyImageObservation(salientObjects: objects)]
    }
}

/// Apple: `class VNImageRequestHandler : NSObject`.
open class VNImageRequestHandler: NSObject {
    let image: CGImage

    /// Apple: `init(cgImage image: CGImage, options: [VNImageOption : Any] = [:])`.
    public init(cgImage image: CGImage, options: [VNImageOption: Any] = [:]) {
        self.image = image
    }

    /// Apple: `func perform(_ requests: [VNRequest]) throws`: performs each request on the image,
    /// in order, then calls its completion handler; returns when all are done.
    open func perform(_ requests: [VNRequest]) throws {
        Device.current.recordVisionImage(width: image.width, height: image.height)
        for request in requests {
            request.perform(on: CGSize(width: image.width, height: image.height))
            request.completionHandler?(request, nil)
        }
    }
}

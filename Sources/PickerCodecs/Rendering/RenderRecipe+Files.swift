import Foundation
import PickerImaging

extension RenderRecipe {
    /// The most sizes one ``render(imageFile:longerSides:pixelLimit:)`` makes: every
    /// output is held until all are made.
    public static let mostSizes = 16

    /// Renders the recipe from the original's file, at one or several sizes, decoding it once:
    /// only the region the crop reads (the turned frame's, when straightened), and a JPEG at
    /// the smallest DCT scale the largest size needs (as ``AvatarPipeline/jpegScale`` picks it).
    /// Every size is made from that one decode, so memory goes by the region, not the photo.
    ///
    /// The pixels are exactly ``render(_:longerSide:)``'s on the decoded photo when the JPEG is
    /// decoded at full size (a PNG always is); reduced, they differ from it by the reduced
    /// inverse DCT alone, as ``AvatarPipeline/render(jpeg:pixelLimit:)`` explains. A device that
    /// renders from the file (PickerCodecs' ``EncodedImage``, through `EditSession.apply`) and
    /// a server that renders the same recipe from the same file at the same one size get the
    /// same pixels. Several sizes are all made from the scale the largest needs, so a smaller
    /// one among them can differ (by that reduced inverse DCT) from the same size rendered alone.
    ///
    /// ```swift
    /// let recipe = try RenderRecipe(editSessionJSON: sessionJSON)
    /// let avatars = try recipe.render(imageFile: upload, longerSides: [1024, 256, 64]).images
    /// ```
    ///
    /// - Parameters:
    ///   - data: the original's PNG, JPEG or Netpbm file (Netpbm is decoded whole).
    ///   - sizes: the outputs' longer sides, each 1…``largestSide``, 1 to ``mostSizes`` of
    ///     them; `nil` renders the one size the recipe's output names (``AvatarOutput/size``).
    ///   - pixelLimit: the decoders' pixel limit.
    /// - Returns: one image per size, in order, and what was worked around: what the decoder
    ///   did, then for each size a colour profile that could not be converted when
    ///   the output's ``AvatarOutput/colorOutput`` asks for sRGB.
    /// - Throws: ``ImagingError/imageMismatch(expected:actual:)`` when the file, shown, is not
    ///   ``imageSize``; ``problem``; the errors of the decoders and ``AvatarPipeline/render(_:)``.
    public func render(imageFile data: Data, longerSides sizes: [Int]?, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> Rendered {
        if let problem { throw problem }
        if let sizes, !(1...Self.mostSizes).contains(sizes.count) {
            throw .invalidNumber(parameter: "longerSides.count", value: Double(sizes.count))
        }
        for size in sizes ?? [] where !(1...Self.largestSide).contains(size) {
            throw .invalidNumber(parameter: "longerSides", value: Double(size))
        }
        let format = ImageFileFormat(sniffing: data)
        guard let format else { throw .unknownFormat }
        guard format == .png || format == .jpeg else {
            let photo = try Netpbm.decode(data, pixelLimit: pixelLimit)
            var images: [PixelBuffer] = []
            for size in sizes ?? [output.size ?? 0] { images.append(try render(photo, longerSide: sizes == nil ? nil : size)) }
            return Rendered(images: images, warnings: [])
        }
        let file = try PhotoFile(data, format: format, pixelLimit: pixelLimit, shown: displayOrientation(of:))
        guard file.displaySize == imageSize else { throw .imageMismatch(expected: imageSize, actual: file.displaySize) }
        let pipelines = sizes.map { $0.map { pipeline(longerSide: $0) } } ?? [pipeline()]
        // The largest output picks the scale; a level crop reaching past the photo is decoded at full size.
        let largest = pipelines.max { $0.clampedOutputSize.pixelCount ?? .max < $1.clampedOutputSize.pixelCount ?? .max }!
        let reachesOut = !PixelRect(size: imageSize).contains(crop)
        let scale: JPEG.Scale = format == .png || reachesOut ? .full : largest.jpegScale
        var rendered = Rendered(images: [], warnings: [])
        let part = try file.decode(for: pipelines, scale: scale, reachingOutside: true, warnings: &rendered.warnings)
        for pipeline in pipelines {
            let rendering = try part.render(pipeline, reachingOutside: true)
            rendered.warnings += rendering.warnings
            rendered.images.append(rendering.image)
        }
        return rendered
    }

    /// ``render(imageFile:longerSides:pixelLimit:)`` at one size (the output's ``AvatarOutput/size`` when `nil`),
    /// dropping the warnings.
    public func render(imageFile data: Data, longerSide size: Int? = nil, pixelLimit: Int = PixelBuffer.defaultPixelLimit) throws(ImagingError) -> PixelBuffer {
        try render(imageFile: data, longerSides: size.map { [$0] }, pixelLimit: pixelLimit).images[0]
    }

    /// What ``render(imageFile:longerSides:pixelLimit:)`` makes from a file: its images, and
    /// what was worked around to make them.
    public struct Rendered: Sendable, Equatable {
        /// One image per size asked for, in order.
        public var images: [PixelBuffer]
        /// What the decoder worked around, then each size's colour profile left unconverted.
        public var warnings: [ImagingWarning]

        /// Images and their warnings.
        public init(images: [PixelBuffer], warnings: [ImagingWarning]) {
            self.images = images
            self.warnings = warnings
        }
    }
}

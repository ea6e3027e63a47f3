/// An image stored as 8-bit pixels in memory, with an EXIF orientation: PickerImaging's own
/// ``ImageBuffer``.
///
/// `PixelBuffer` is a value: copies share storage until one is changed (copy-on-write), and it
/// is `Sendable`. Rows are `rowStride` bytes apart, which may be more than one row of pixels.
/// Every initialiser that takes sizes checks them and throws rather than trapping.
///
/// ```swift
/// var buffer = try PixelBuffer(width: 2, height: 1, format: .rgba8)
/// buffer[1, 0] = RGBA(255, 0, 0, 255)
/// buffer[1, 0]   // RGBA(255, 0, 0, 255)
/// ```
public struct PixelBuffer: ImageBuffer, Equatable {
    /// The default ceiling on pixels per image: 100 megapixels, about 400 MB as RGBA.
    public static let defaultPixelLimit = 100_000_000

    /// The width of the stored pixels.
    public let width: Int
    /// The height of the stored pixels.
    public let height: Int
    /// How each pixel is laid out.
    public let format: PixelFormat
    /// The distance in bytes from one row to the next.
    public let rowStride: Int
    /// How the stored pixels are turned or mirrored for display.
    public var orientation: ImageOrientation
    /// The pixel bytes, `rowStride × height` of them.
    public internal(set) var bytes: [UInt8]
    /// What the pixel values mean as colours: the profile the file carried, kept through crops,
    /// scaling, turns and masks and written again by the encoders. `nil` (the default) is
    /// untagged, which viewers read as sRGB. ``convertedToSRGB()`` converts.
    public var colorProfile: ColorProfile? = nil

    /// Creates a buffer of the given size with every byte zero (transparent black, or black).
    ///
    /// - Throws: ``ImagingError/invalidDimensions(width:height:)``,
    ///   ``ImagingError/dimensionsOverflow(width:height:)`` or
    ///   ``ImagingError/tooManyPixels(count:limit:)``.
    /// - Complexity: O(width × height).
    public init(
        width: Int, height: Int, format: PixelFormat = .rgba8,
        orientation: ImageOrientation = .up, pixelLimit: Int = PixelBuffer.defaultPixelLimit
    ) throws(ImagingError) {
        let stride = try Self.checkedRowStride(
            width: width, height: height, format: format, pixelLimit: pixelLimit)
        self.init(
            checkedWidth: width, height: height, format: format,
            bytes: [UInt8](repeating: 0, count: stride * height), rowStride: stride, orientation: orientation)
    }

    /// Creates a buffer over existing pixel bytes, checking that they fit the dimensions.
    ///
    /// - Parameters:
    ///   - width: the number of columns.
    ///   - height: the number of rows.
    ///   - format: how each pixel is laid out.
    ///   - bytes: the pixels, row after row, `rowStride × height` bytes.
    ///   - rowStride: bytes from one row to the next; `nil` means tightly packed.
    ///   - orientation: how the pixels are turned or mirrored for display.
    ///   - pixelLimit: the most pixels accepted.
    /// - Throws: the size errors of ``init(width:height:format:orientation:pixelLimit:)``,
    ///   ``ImagingError/invalidRowStride(stride:minimum:)``, or
    ///   ``ImagingError/dataLengthMismatch(expected:actual:)`` when `bytes` is not exactly
    ///   `rowStride × height` long.
    public init(
        width: Int, height: Int, format: PixelFormat = .rgba8, bytes: [UInt8],
        rowStride: Int? = nil, orientation: ImageOrientation = .up,
        pixelLimit: Int = PixelBuffer.defaultPixelLimit
    ) throws(ImagingError) {
        let packed = try Self.checkedRowStride(
            width: width, height: height, format: format, pixelLimit: pixelLimit)
        let stride = rowStride ?? packed
        guard stride >= packed else { throw .invalidRowStride(stride: stride, minimum: packed) }
        let (expected, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow else { throw .dimensionsOverflow(width: width, height: height) }
        guard bytes.count == expected else {
            throw .dataLengthMismatch(expected: expected, actual: bytes.count)
        }
        self.init(checkedWidth: width, height: height, format: format, bytes: bytes, rowStride: stride, orientation: orientation)
    }

    /// Wraps bytes whose sizes the caller has already checked (crops and copies of a valid
    /// buffer).
    package init(checkedWidth width: Int, height: Int, format: PixelFormat, bytes: [UInt8], rowStride: Int, orientation: ImageOrientation) {
        assert(rowStride >= width * format.bytesPerPixel && bytes.count == rowStride * height)
        self.width = width
        self.height = height
        self.format = format
        self.rowStride = rowStride
        self.orientation = orientation
        self.bytes = bytes
    }

    /// A fresh copy of ``bytes``, in huge pages where the system offers them.
    ///
    /// - Complexity: O(rowStride × height).
    public func copiedBytes() -> [UInt8] {
        bytes.withUnsafeBytes { source in
            HugePages.bytes(count: source.count) { UnsafeMutableRawPointer($0).copyMemory(from: source.baseAddress!, byteCount: source.count) }
        }
    }

    /// The same pixels tagged with `profile`.
    package consuming func tagged(_ profile: ColorProfile?) -> PixelBuffer {
        var image = self
        image.colorProfile = profile
        return image
    }

    /// The size of the stored pixels.
    public var pixelSize: PixelSize { PixelSize(width: width, height: height) }

    /// The pixel at stored position (`x`, `y`), as RGBA: gray pixels read as opaque gray, and
    /// premultiplied buffers give (and take) their premultiplied values as they are stored.
    ///
    /// - Precondition: `0 <= x < width`, `0 <= y < height` (a programming error otherwise).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = y * rowStride + x * format.bytesPerPixel
            switch format {
            case .rgba8, .rgba8Premultiplied:
                return RGBA(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
            case .gray8:
                return RGBA(bytes[i], bytes[i], bytes[i], 255)
            }
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = y * rowStride + x * format.bytesPerPixel
            switch format {
            case .rgba8, .rgba8Premultiplied:
                bytes[i] = newValue.r
                bytes[i + 1] = newValue.g
                bytes[i + 2] = newValue.b
                bytes[i + 3] = newValue.a
            case .gray8:
                bytes[i] = newValue.luma
            }
        }
    }

    /// The pixel shown at display position (`x`, `y`), after orientation.
    public func displayPixel(x: Int, y: Int) -> RGBA {
        let raw = orientation.rawPoint(forDisplayX: x, y: y, rawSize: pixelSize)
        return self[raw.x, raw.y]
    }

    package static func checkedRowStride(
        width: Int, height: Int, format: PixelFormat, pixelLimit: Int
    ) throws(ImagingError) -> Int {
        guard width > 0, height > 0 else { throw .invalidDimensions(width: width, height: height) }
        let (count, countOverflow) = width.multipliedReportingOverflow(by: height)
        let (row, rowOverflow) = width.multipliedReportingOverflow(by: format.bytesPerPixel)
        guard !countOverflow, !rowOverflow, !row.multipliedReportingOverflow(by: height).overflow
        else { throw .dimensionsOverflow(width: width, height: height) }
        guard count <= pixelLimit else { throw .tooManyPixels(count: count, limit: pixelLimit) }
        return row
    }
}

extension PixelBuffer {
    /// Itself: a pixel buffer is its own pixels.
    public func pixelBuffer() throws -> PixelBuffer? { self }

    /// `pixels` itself.
    public static func make(from pixels: PixelBuffer) throws -> PixelBuffer? { pixels }
}

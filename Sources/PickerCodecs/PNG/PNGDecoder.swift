import PickerImaging

/// Decodes one PNG file.
struct PNGDecoder {
    let bytes: [UInt8]
    let pixelLimit: Int

    private func fail(_ reason: String) -> ImagingError { .corruptFile(format: .png, reason: reason) }

    func decode() throws(ImagingError) -> PixelBuffer {
        var warnings: [ImagingWarning] = []
        return try decode(warnings: &warnings)
    }

    func decode(warnings: inout [ImagingWarning]) throws(ImagingError) -> PixelBuffer {
        let chunks = try readChunks(keepingImageData: true, warnings: &warnings)
        return try pixels(
            chunks.header, palette: chunks.palette, transparency: chunks.transparency, compressed: chunks.compressed,
            orientation: chunks.orientation
        ).tagged(chunks.colorProfile)
    }

    /// The part of the image shown in `rect` (display orientation), as
    /// `decode().cropped(to: rect)` gives it, decoding row by row (an interlaced image pass by
    /// pass) and keeping only the pixels the crop needs: memory for the crop and two rows.
    func decode(croppingTo rect: PixelRect, warnings: inout [ImagingWarning]) throws(ImagingError) -> PixelBuffer {
        let chunks = try readChunks(keepingImageData: true, warnings: &warnings)
        let h = chunks.header
        let rawSize = PixelSize(width: h.width, height: h.height)
        let displaySize = chunks.orientation.displaySize(forRaw: rawSize)
        guard !rect.isEmpty, let visible = rect.intersection(PixelRect(size: displaySize)) else {
            throw .cropOutsideImage(rect: rect, imageSize: displaySize)
        }
        let gray = h.colourType == 0 && chunks.transparency == nil
        // The same checks as a whole decode: the declared size against the limit, and the
        // filtered data's exact length.
        _ = try PixelBuffer.checkedRowStride(width: h.width, height: h.height, format: gray ? .gray8 : .rgba8, pixelLimit: pixelLimit)
        var crop = PNGRowCrop(chunks, raw: chunks.orientation.rawRect(forDisplay: visible, rawSize: rawSize), gray: gray)
        try Inflate.zlib(chunks.compressed, limit: crop.expected, format: .png, chunk: 1 << 16) { (piece) throws(ImagingError) in
            try crop.take(piece)
        }
        return try crop.result().tagged(chunks.colorProfile)
    }

    /// What the chunks say, with the image data when asked for.
    struct Chunks {
        var header: PNGHeader
        var palette: [RGBA]
        var transparency: [UInt8]?
        var compressed: [UInt8]
        var orientation: ImageOrientation
        var colorProfile: ColorProfile?
    }

    /// Walks every chunk, checking order and CRCs; an ancillary chunk whose CRC fails is skipped
    /// with a warning, as libpng does, while a critical one rejects the file.
    func readChunks(keepingImageData: Bool, warnings: inout [ImagingWarning]) throws(ImagingError) -> Chunks {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNG.signature else {
            if bytes.count < 8 && PNG.signature.starts(with: bytes) && !bytes.isEmpty { throw .truncatedFile(format: .png) }
            throw .unknownFormat
        }
        var position = 8
        var read = ChunksRead()
        while !read.sawEnd {
            let chunk = try chunk(at: &position)
            if read.header == nil && chunk.type != "IHDR" { throw fail("the first chunk is \(chunk.type), not IHDR") }
            if read.sawIDAT && chunk.type != "IDAT" { read.idatEnded = true }
            // Image data is checked only when it is kept: reading the header needs none of it.
            if chunk.type != "IDAT" || keepingImageData, Checksum.crc32(bytes[chunk.checked]) != chunk.storedCRC {
                guard !chunk.critical else { throw fail("CRC mismatch in \(chunk.type) chunk") }
                warnings.append(.skippedChunk(format: .png, chunk: chunk.type, reason: "CRC mismatch"))
                continue
            }
            try read.take(chunk.type, bytes[chunk.data], critical: chunk.critical, keepingImageData: keepingImageData, of: self)
        }
        guard let header = read.header else { throw fail("no IHDR") }
        guard read.sawIDAT else { throw fail("no IDAT") }
        if header.colourType == 3 && read.palette.isEmpty { throw fail("palette image without PLTE") }
        return Chunks(
            header: header, palette: read.palette, transparency: read.transparency, compressed: read.compressed,
            orientation: read.orientation, colorProfile: read.colour.profile(warnings: &warnings))
    }

    /// Where one chunk's parts lie in the file.
    private struct ChunkBounds {
        let type: String
        let critical: Bool
        /// The chunk's data.
        let data: Range<Int>
        /// What its CRC covers: the type and the data.
        let checked: Range<Int>
        let storedCRC: UInt32
    }

    /// The chunk at `position`, which moves past it.
    private func chunk(at position: inout Int) throws(ImagingError) -> ChunkBounds {
        guard position + 12 <= bytes.count else { throw .truncatedFile(format: .png) }
        let length = Int(read32(position))
        guard length <= 0x7FFF_FFFF else { throw fail("chunk length \(length)") }
        let typeBytes = Array(bytes[(position + 4)..<(position + 8)])
        guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
            throw fail("chunk type is not letters")
        }
        guard position + 12 + length <= bytes.count else { throw .truncatedFile(format: .png) }
        let start = position
        position += 12 + length
        return ChunkBounds(
            type: String(decoding: typeBytes, as: UTF8.self), critical: typeBytes[0] & 0x20 == 0,
            data: (start + 8)..<(start + 8 + length), checked: (start + 4)..<(start + 8 + length),
            storedCRC: read32(start + 8 + length))
    }

    /// What the chunks read so far say.
    private struct ChunksRead {
        var header: PNGHeader?
        var palette: [RGBA] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        var orientation = ImageOrientation.up
        var colour = ColorProfileFiles.PNGChunks()
        var sawIDAT = false, idatEnded = false, sawEnd = false

        /// Takes one chunk whose CRC holds.
        mutating func take(
            _ type: String, _ data: ArraySlice<UInt8>, critical: Bool, keepingImageData: Bool, of decoder: PNGDecoder
        ) throws(ImagingError) {
            switch type {
            case "IHDR":
                guard header == nil else { throw decoder.fail("a second IHDR") }
                header = try decoder.parseHeader(Array(data))
            case "PLTE":
                guard data.count % 3 == 0, (3...768).contains(data.count) else { throw decoder.fail("PLTE of \(data.count) bytes") }
                let d = Array(data)
                palette = stride(from: 0, to: d.count, by: 3).map { RGBA(d[$0], d[$0 + 1], d[$0 + 2]) }
            case "tRNS":
                transparency = Array(data)
            case "IDAT":
                guard !idatEnded else { throw decoder.fail("IDAT chunks are not consecutive") }
                sawIDAT = true
                if keepingImageData { compressed.append(contentsOf: data) }
            case "eXIf":
                if let value = PNGDecoder.exifOrientation(Array(data)), let o = ImageOrientation(rawValue: value) { orientation = o }
            // Colour chunks count before the image data only, as the PNG specification places them.
            case "iCCP" where !sawIDAT: colour.iccp = data
            case "sRGB" where !sawIDAT: colour.sRGB = data
            case "gAMA" where !sawIDAT: colour.gamma = data
            case "cHRM" where !sawIDAT: colour.chromaticities = data
            case "IEND":
                sawEnd = true
            default:
                if critical { throw .unsupportedFeature(format: "PNG", feature: "critical chunk \(type)") }
            }
        }
    }

    private func read32(_ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private func parseHeader(_ d: [UInt8]) throws(ImagingError) -> PNGHeader {
        guard d.count == 13 else { throw fail("IHDR of \(d.count) bytes") }
        func word(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
        let header = PNGHeader(
            width: word(0), height: word(4), bitDepth: Int(d[8]), colourType: Int(d[9]), interlaced: d[12] == 1)
        let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowed[header.colourType] else { throw fail("colour type \(header.colourType)") }
        guard depths.contains(header.bitDepth) else {
            throw fail("bit depth \(header.bitDepth) with colour type \(header.colourType)")
        }
        guard d[10] == 0 else { throw fail("compression method \(d[10])") }
        guard d[11] == 0 else { throw fail("filter method \(d[11])") }
        guard d[12] <= 1 else { throw fail("interlace method \(d[12])") }
        guard header.width > 0, header.height > 0 else { throw .invalidDimensions(width: header.width, height: header.height) }
        return header
    }

    private func pixels(
        _ h: PNGHeader, palette: [RGBA], transparency: [UInt8]?, compressed: [UInt8], orientation: ImageOrientation
    ) throws(ImagingError) -> PixelBuffer {
        let gray = (h.colourType == 0 && transparency == nil)
        // Checked against the pixel limit before anything is inflated.
        _ = try PixelBuffer.checkedRowStride(width: h.width, height: h.height, format: gray ? .gray8 : .rgba8, pixelLimit: pixelLimit)
        // The exact size of the filtered data: anything more or less is corrupt.
        let passes = Adam7.layout(h)
        let expected = Adam7.filteredLength(h)
        var raw = try Inflate.zlib(compressed, limit: expected, format: .png)
        guard raw.count == expected else { throw fail("image data is \(raw.count) bytes; \(expected) expected") }
        try Self.unfilterAll(&raw, h, passes: passes)
        if let fast = Self.copyPlain8Bit(raw, h, transparency: transparency, orientation: orientation) { return fast }
        let outChannels = gray ? 1 : 4
        let table = Self.lookupTable(h, palette: palette, transparency: transparency, gray: gray)
        let key = Self.transparentKey(h, transparency)
        var out = [UInt8](repeating: 0, count: h.width * h.height * outChannels)
        raw.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { destination in
                table.withUnsafeBufferPointer { table in
                    var offset = 0
                    for pass in passes {
                        let rowBytes = h.rowBytes(pass.width)
                        for y in 0..<pass.height {
                            let line = destination.baseAddress! + ((pass.y0 + y * pass.dy) * h.width + pass.x0) * outChannels
                            Self.expand(
                                source.baseAddress! + offset + 1, count: pass.width, h, table: table, key: key,
                                into: line, outChannels: outChannels, step: pass.dx * outChannels)
                            offset += rowBytes + 1
                        }
                    }
                }
            }
        }
        return PixelBuffer(
            checkedWidth: h.width, height: h.height, format: gray ? .gray8 : .rgba8, bytes: out,
            rowStride: h.width * outChannels, orientation: orientation)
    }

    /// For palette images and gray of 8 bits or fewer: the output pixel for every sample value
    /// (RGBA, red in the low byte; gray in the low byte), transparency applied. Empty otherwise.
    static func lookupTable(_ h: PNGHeader, palette: [RGBA], transparency: [UInt8]?, gray: Bool) -> [UInt32] {
        func word(_ p: RGBA) -> UInt32 { UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24 }
        switch h.colourType {
        case 3:
            return (0..<256).map { i in
                // An index past the palette shows opaque black.
                guard i < palette.count else { return word(RGBA(0, 0, 0, 255)) }
                var p = palette[i]
                if let t = transparency, i < t.count { p.a = t[i] }
                return word(p)
            }
        case 0 where h.bitDepth <= 8:
            let top = (1 << h.bitDepth) - 1, key = transparentKey(h, transparency)?.first
            return (0..<256).map { v in
                let level = UInt8(min(v, top) * 255 / top)
                return gray ? UInt32(level) : word(RGBA(level, level, level, key == v ? 0 : 255))
            }
        default:
            return []
        }
    }

    /// The tRNS colour of a gray or RGB image, one value per channel.
    static func transparentKey(_ h: PNGHeader, _ transparency: [UInt8]?) -> [Int]? {
        guard let t = transparency, h.colourType == 0 || h.colourType == 2 else { return nil }
        let count = h.colourType == 0 ? 1 : 3
        guard t.count >= 2 * count else { return nil }
        return (0..<count).map { Int(t[2 * $0]) << 8 | Int(t[2 * $0 + 1]) }
    }

    /// Writes one unfiltered row of `count` pixels, output pixels `step` bytes apart: simple
    /// loops on pointers, so that even unoptimized builds decode large images in seconds.
    static func expand(
        _ row: UnsafePointer<UInt8>, count: Int, _ h: PNGHeader, table: UnsafeBufferPointer<UInt32>, key: [Int]?,
        into out: UnsafeMutablePointer<UInt8>, outChannels: Int, step: Int
    ) {
        let depth = h.bitDepth
        if !table.isEmpty {
            // Palette, or gray of at most 8 bits: a sample is an index into the table.
            let mask = (1 << depth) - 1, perByte = 8 / depth
            var x = 0, byte = 0
            while x < count {
                let bits = Int(row[byte])
                var shift = 8 - depth, k = 0
                while k < perByte && x < count {
                    let value = table[(bits >> shift) & mask]
                    let at = out + x * step
                    if outChannels == 1 {
                        at.pointee = UInt8(truncatingIfNeeded: value)
                    } else {
                        UnsafeMutableRawPointer(at).storeBytes(of: value.littleEndian, as: UInt32.self)
                    }
                    shift -= depth
                    k += 1
                    x += 1
                }
                byte += 1
            }
            return
        }
        // 8 or 16 bits per sample, gray (16), RGB, gray+alpha or RGBA.
        let channels = h.channels, wide = depth == 16
        var sampleAt = 0
        for x in 0..<count {
            let at = out + x * step
            var values = (0, 0, 0, 0)
            var raw = (0, 0, 0)
            for c in 0..<channels {
                let v = wide ? Int(row[sampleAt]) << 8 | Int(row[sampleAt + 1]) : Int(row[sampleAt])
                sampleAt += wide ? 2 : 1
                let eight = wide ? (v * 255 + 32767) / 65535 : v
                switch c {
                case 0: values.0 = eight; raw.0 = v
                case 1: values.1 = eight; raw.1 = v
                case 2: values.2 = eight; raw.2 = v
                default: values.3 = eight
                }
            }
            switch h.colourType {
            case 0:
                if outChannels == 1 {
                    at.pointee = UInt8(values.0)
                } else {
                    at[0] = UInt8(values.0); at[1] = UInt8(values.0); at[2] = UInt8(values.0)
                    at[3] = key?[0] == raw.0 ? 0 : 255
                }
            case 2:
                at[0] = UInt8(values.0); at[1] = UInt8(values.1); at[2] = UInt8(values.2)
                at[3] = key.map { $0[0] == raw.0 && $0[1] == raw.1 && $0[2] == raw.2 } == true ? 0 : 255
            case 4:
                at[0] = UInt8(values.0); at[1] = UInt8(values.0); at[2] = UInt8(values.0); at[3] = UInt8(values.1)
            default:
                at[0] = UInt8(values.0); at[1] = UInt8(values.1); at[2] = UInt8(values.2); at[3] = UInt8(values.3)
            }
        }
    }

    /// Reverses every row's filter in place, pass by pass; each row's filter byte stays.
    static func unfilterAll(_ raw: inout [UInt8], _ h: PNGHeader, passes: [Adam7.Pass]) throws(ImagingError) {
        var offset = 0
        var badFilter: UInt8?
        raw.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for pass in passes {
                let rowBytes = h.rowBytes(pass.width)
                for y in 0..<pass.height {
                    let row = base + offset + 1
                    let previous: UnsafePointer<UInt8>? = y == 0 ? nil : UnsafePointer(row - rowBytes - 1)
                    let filter = base[offset]
                    if !unfilter(row, previous: previous, count: rowBytes, filter: filter, stride: h.filterStride) {
                        badFilter = filter
                        return
                    }
                    offset += rowBytes + 1
                }
            }
        }
        if let badFilter { throw .corruptFile(format: .png, reason: "row filter \(badFilter)") }
    }

    /// Reverses one row's filter in place; `previous` is `nil` for a pass's first row (all
    /// zero). Returns `false` for an unknown filter type.
    static func unfilter(
        _ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count n: Int, filter: UInt8, stride bpp: Int
    ) -> Bool {
        switch filter {
        case 0:
            break
        case 1:
            var i = bpp
            while i < n { row[i] = row[i] &+ row[i - bpp]; i += 1 }
        case 2:
            guard let previous else { break }
            for i in 0..<n { row[i] = row[i] &+ previous[i] }
        case 3:
            for i in 0..<n {
                let left = i >= bpp ? Int(row[i - bpp]) : 0, up = previous.map { Int($0[i]) } ?? 0
                row[i] = row[i] &+ UInt8((left + up) >> 1)
            }
        case 4:
            for i in 0..<n {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                let b = previous.map { Int($0[i]) } ?? 0
                let c = i >= bpp ? (previous.map { Int($0[i - bpp]) } ?? 0) : 0
                row[i] = row[i] &+ UInt8(paeth(a, b, c))
            }
        default:
            return false
        }
        return true
    }

    /// The common photo layouts — not interlaced, 8 bits, RGBA, or RGB and gray without a
    /// transparent colour — copied row by row; `nil` for everything else.
    static func copyPlain8Bit(_ raw: [UInt8], _ h: PNGHeader, transparency: [UInt8]?, orientation: ImageOrientation) -> PixelBuffer? {
        guard !h.interlaced, h.bitDepth == 8, transparency == nil, [0, 2, 6].contains(h.colourType) else { return nil }
        let channels = h.channels, outChannels = h.colourType == 0 ? 1 : 4
        let rowBytes = h.width * channels, count = h.width * h.height * outChannels
        let bytes = HugePages.bytes(count: count) { out in
            raw.withUnsafeBufferPointer { source in
                for y in 0..<h.height {
                    Self.copyPlain(
                        source.baseAddress! + y * (rowBytes + 1) + 1, count: h.width, channels: channels,
                        into: out + y * h.width * outChannels)
                }
            }
        }
        return PixelBuffer(
            checkedWidth: h.width, height: h.height, format: outChannels == 1 ? .gray8 : .rgba8, bytes: bytes,
            rowStride: h.width * outChannels, orientation: orientation)
    }

    /// Copies `count` 8-bit pixels of gray, RGB or RGBA: gray and RGBA as they are, RGB made
    /// opaque RGBA.
    @inline(__always)
    static func copyPlain(_ from: UnsafePointer<UInt8>, count: Int, channels: Int, into to: UnsafeMutablePointer<UInt8>) {
        guard channels == 3 else { return to.update(from: from, count: count * channels) }
        for x in 0..<count {
            to[4 * x] = from[3 * x]
            to[4 * x + 1] = from[3 * x + 1]
            to[4 * x + 2] = from[3 * x + 2]
            to[4 * x + 3] = 255
        }
    }

    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        // (Not the generic `abs`, which unoptimized builds call through the number protocols.)
        let pa = p >= a ? p - a : a - p, pb = p >= b ? p - b : b - p, pc = p >= c ? p - c : c - p
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    /// The orientation tag (0x0112) of the first IFD of EXIF data, if present and in bounds.
    static func exifOrientation(_ d: [UInt8]) -> Int? {
        var d = d
        if d.starts(with: Array("Exif\0\0".utf8)) { d.removeFirst(6) }
        guard d.count >= 8 else { return nil }
        let little: Bool
        if d[0] == 0x49 && d[1] == 0x49 { little = true } else if d[0] == 0x4D && d[1] == 0x4D { little = false } else { return nil }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= d.count else { return nil }
            return little ? Int(d[i]) | Int(d[i + 1]) << 8 : Int(d[i]) << 8 | Int(d[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 1000) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let type = u16(at + 2), type == 3 { return u16(at + 8) }
        }
        return nil
    }
}

/// A crop of a PNG image taken as its filtered data is inflated, row by row (an interlaced image
/// pass by pass): each row is unfiltered against the one above it and the columns the crop
/// needs are expanded into it. It holds the crop and two rows of filtered data.
private struct PNGRowCrop {
    let header: PNGHeader
    let passes: [Adam7.Pass]
    /// The crop, in stored pixels.
    let raw: PixelRect
    let orientation: ImageOrientation
    let outChannels: Int
    let table: [UInt32]
    let key: [Int]?
    /// 8-bit gray, RGB or RGBA with no transparency chunk: rows are copied, not expanded.
    let plain: Bool
    /// The length of the filtered data.
    let expected: Int
    private var out: [UInt8]
    /// One row of filtered data and the one above it (the widest pass's), and one row expanded.
    private var current: [UInt8], previous: [UInt8], expanded: [UInt8]
    /// Where the stream is: the pass, the row in it, and the bytes of that row so far.
    private var passIndex = 0, y = 0, filled = 0, received = 0

    init(_ chunks: PNGDecoder.Chunks, raw: PixelRect, gray: Bool) {
        let h = chunks.header
        header = h
        passes = Adam7.layout(h)
        self.raw = raw
        orientation = chunks.orientation
        outChannels = gray ? 1 : 4
        table = PNGDecoder.lookupTable(h, palette: chunks.palette, transparency: chunks.transparency, gray: gray)
        key = PNGDecoder.transparentKey(h, chunks.transparency)
        plain = !h.interlaced && h.bitDepth == 8 && chunks.transparency == nil && [0, 2, 6].contains(h.colourType)
        expected = Adam7.filteredLength(h)
        out = [UInt8](repeating: 0, count: raw.width * raw.height * outChannels)
        let widest = h.rowBytes(h.width) + 1
        current = [UInt8](repeating: 0, count: widest)
        previous = [UInt8](repeating: 0, count: widest)
        expanded = [UInt8](repeating: 0, count: h.width * outChannels)
    }

    /// Takes the next piece of inflated data, finishing every row it completes.
    mutating func take(_ piece: UnsafeBufferPointer<UInt8>) throws(ImagingError) {
        var index = 0
        received += piece.count
        while index < piece.count, passIndex < passes.count {
            let rowLength = header.rowBytes(passes[passIndex].width) + 1
            let n = min(rowLength - filled, piece.count - index)
            let at = filled
            current.withUnsafeMutableBufferPointer { row in (row.baseAddress! + at).update(from: piece.baseAddress! + index, count: n) }
            filled += n
            index += n
            guard filled == rowLength else { continue }
            try finishRow(length: rowLength)
        }
    }

    /// Unfilters the row just filled, keeps the crop's columns of it, and moves to the next.
    private mutating func finishRow(length: Int) throws(ImagingError) {
        let h = header, first = y == 0
        let ok = current.withUnsafeMutableBufferPointer { row in
            previous.withUnsafeBufferPointer { above in
                PNGDecoder.unfilter(
                    row.baseAddress! + 1, previous: first ? nil : above.baseAddress! + 1, count: length - 1, filter: row[0],
                    stride: h.filterStride)
            }
        }
        if !ok { throw .corruptFile(format: .png, reason: "row filter \(current[0])") }
        let pass = passes[passIndex]
        let imageY = pass.y0 + y * pass.dy
        if imageY >= raw.y && imageY < raw.maxY {
            let line = (imageY - raw.y) * raw.width * outChannels
            if plain { copyPlainRow(to: line) } else { expandRow(pass, to: line) }
        }
        swap(&current, &previous)
        filled = 0
        y += 1
        if y == pass.height {
            passIndex += 1
            y = 0
        }
    }

    /// 8-bit gray, RGB or RGBA: copies the crop's columns straight from the row.
    private mutating func copyPlainRow(to line: Int) {
        let (from, count, channels) = (1 + raw.x * header.channels, raw.width, header.channels)
        current.withUnsafeBufferPointer { row in
            out.withUnsafeMutableBufferPointer { destination in
                PNGDecoder.copyPlain(row.baseAddress! + from, count: count, channels: channels, into: destination.baseAddress! + line)
            }
        }
    }

    /// Expands the row and copies the pass's columns that fall in the crop: the first at or
    /// after its left edge, then every `dx`th.
    private mutating func expandRow(_ pass: Adam7.Pass, to line: Int) {
        let first = max(0, (raw.x - pass.x0 + pass.dx - 1) / pass.dx)
        let last = min(pass.width, (raw.maxX - pass.x0 + pass.dx - 1) / pass.dx)
        guard first < last else { return }
        let (h, key, outChannels, rawX) = (header, key, outChannels, raw.x)
        current.withUnsafeBufferPointer { row in
            table.withUnsafeBufferPointer { table in
                expanded.withUnsafeMutableBufferPointer { expandedRow in
                    PNGDecoder.expand(
                        row.baseAddress! + 1, count: last, h, table: table, key: key, into: expandedRow.baseAddress!,
                        outChannels: outChannels, step: outChannels)
                    out.withUnsafeMutableBufferPointer { destination in
                        for column in first..<last {
                            let x = pass.x0 + column * pass.dx - rawX
                            (destination.baseAddress! + line + x * outChannels).update(
                                from: expandedRow.baseAddress! + column * outChannels, count: outChannels)
                        }
                    }
                }
            }
        }
    }

    /// The crop, once every row has come.
    func result() throws(ImagingError) -> PixelBuffer {
        guard passIndex == passes.count, filled == 0 else {
            throw .corruptFile(format: .png, reason: "image data is \(received) bytes; \(expected) expected")
        }
        return PixelBuffer(
            checkedWidth: raw.width, height: raw.height, format: outChannels == 1 ? .gray8 : .rgba8, bytes: out,
            rowStride: raw.width * outChannels, orientation: orientation)
    }
}

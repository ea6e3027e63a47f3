import PickerImaging

// The JPEG decoder's parser: the segments from SOI to EOI, the tables and the frame, and the
// coefficient store's allocation.
extension JPEGDecoder {
    /// Reads the segments from SOI to EOI, handing each scan (SOS) to `scan` with the header,
    /// the frame, the tables so far and the scan's number from 0; `scan` returns where its
    /// entropy-coded data ends, or `nil` to stop reading there. Returns the header, the frame
    /// and the tables; a file without a frame or a scan is corrupt.
    func readSegments(
        warnings: inout [ImagingWarning], complete: () -> Bool = { false },
        _ scan: (
            _ header: Header, _ frame: inout Frame, _ tables: Tables, _ index: Int, _ start: Int, _ end: Int,
            _ warnings: inout [ImagingWarning]
        ) throws(ImagingError) -> Int?
    ) throws(ImagingError) -> (header: Header, frame: Frame, tables: Tables) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw bytes.count < 2 && bytes.first == 0xFF ? .truncatedFile(format: .jpeg) : .unknownFormat
        }
        var header = Header()
        var tables = Tables()
        var position = 2
        var scans = 0
        // A file cut short once a scan has begun shows what its scans decoded, as libjpeg
        // shows it; before, there is nothing to show.
        func truncated() throws(ImagingError) {
            guard scans > 0 else { throw .truncatedFile(format: .jpeg) }
            warnings.append(.damagedData(format: .jpeg, reason: "the file ends before its end-of-image marker"))
        }
        // Once `complete` says the image is whole (a baseline image after its one scan), what
        // comes after is damage to report, not a reason to lose the image: libjpeg has written
        // every row before it reads those segments.
        func afterImage(_ error: ImagingError) throws(ImagingError) {
            guard complete() else { throw error }
            warnings.append(.damagedData(format: .jpeg, reason: "after the image: \(error)"))
        }
        segments: while true {
            guard position < bytes.count else { try truncated(); break }
            if bytes[position] != 0xFF || position + 1 == bytes.count || bytes[position + 1] == 0 {
                // Bytes where a marker should be: skipped to the next marker, as libjpeg does.
                let from = position
                position += 1
                while position + 1 < bytes.count && !(bytes[position] == 0xFF && bytes[position + 1] != 0) { position += 1 }
                guard position + 1 < bytes.count else { try truncated(); break }
                warnings.append(.damagedData(format: .jpeg, reason: "\(position - from) bytes that are no marker skipped at byte \(from)"))
            }
            // Markers may be preceded by fill bytes (0xFF).
            while position < bytes.count && bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { try truncated(); break }
            let marker = bytes[position]
            position += 1
            if marker == 0xD9 { break }  // EOI
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }  // stray RSTn, TEM: no length
            guard position + 2 <= bytes.count else { try truncated(); break }
            let length = u16(position)
            guard length >= 2 else { try afterImage(fail("segment length \(length)")); break }
            guard position + length <= bytes.count else { try truncated(); break }
            let start = position + 2, end = position + length
            position = end
            switch marker {
            case 0xDA:
                guard var frame = header.frame else { throw fail("a scan before the frame") }
                if scans == 0, end > start { header.firstScanComponents = Int(bytes[start]) }
                let after: Int?
                do {
                    after = try scan(header, &frame, tables, scans, start, end, &warnings)
                } catch {
                    try afterImage(error)
                    break segments
                }
                header.frame = frame
                scans += 1
                guard let after else { return (header, frame, tables) }
                position = after
            default:
                do {
                    try readSegment(marker, start, end, header: &header, tables: &tables)
                } catch {
                    try afterImage(error)
                    break segments
                }
            }
        }
        guard let frame = header.frame else { throw fail("no frame") }
        guard scans > 0 else { throw fail("no scan") }
        return (header, frame, tables)
    }

    /// Reads one segment other than a scan into the header or the tables.
    private func readSegment(_ marker: UInt8, _ start: Int, _ end: Int, header: inout Header, tables: inout Tables) throws(ImagingError) {
        let length = end - start + 2
        switch marker {
        case 0xC0, 0xC1, 0xC2:
            guard header.frame == nil else { throw fail("a second frame") }
            header.frame = try parseFrame(start, end, progressive: marker == 0xC2)
        case 0xC3, 0xC5, 0xC6, 0xC7:
            throw .unsupportedFeature(format: "JPEG", feature: "lossless or hierarchical coding (SOF\(marker - 0xC0))")
        case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
            throw .unsupportedFeature(format: "JPEG", feature: "arithmetic coding (SOF\(marker - 0xC0))")
        case 0xCC:
            throw .unsupportedFeature(format: "JPEG", feature: "arithmetic coding")
        case 0xC4:
            try readHuffmanTables(start, end, into: &tables)
        case 0xDB:
            try readQuantizationTables(start, end, into: &tables)
        case 0xDD:
            guard length == 4 else { throw fail("DRI segment") }
            tables.restartInterval = u16(start)
        case 0xE0:
            if length >= 7, Array(bytes[start..<(start + 5)]) == Array("JFIF\0".utf8) { header.jfif = true }
        case 0xE1:
            if length >= 8, Array(bytes[start..<(start + 6)]) == Array("Exif\0\0".utf8),
                let value = PNGDecoder.exifOrientation(Array(bytes[(start + 6)..<end])),
                let orientation = ImageOrientation(rawValue: value)
            {
                header.orientation = orientation
            }
        case 0xE2:
            let signature = ColorProfileFiles.jpegMarker
            if length >= 2 + signature.count + 2, bytes[start..<(start + signature.count)].elementsEqual(signature) {
                let at = start + signature.count
                header.iccChunks.append(.init(sequence: Int(bytes[at]), count: Int(bytes[at + 1]), bytes: (at + 2)..<end))
            }
        case 0xEE:
            if length >= 14, Array(bytes[start..<(start + 5)]) == Array("Adobe".utf8) { header.adobeTransform = Int(bytes[start + 11]) }
        case 0xDC:
            throw .unsupportedFeature(format: "JPEG", feature: "DNL marker")
        default:
            break  // APPn, COM and others: skipped
        }
    }

    /// Reads a DHT segment's tables (one or more).
    private func readHuffmanTables(_ start: Int, _ end: Int, into tables: inout Tables) throws(ImagingError) {
        var at = start
        while at < end {
            let tc = Int(bytes[at] >> 4), th = Int(bytes[at] & 15)
            guard tc <= 1, th <= 3, at + 17 <= end else { throw fail("DHT segment") }
            let counts = (0..<16).map { Int(bytes[at + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard total <= 256, at + 17 + total <= end else { throw fail("DHT segment") }
            let table = try JPEGHuffmanTable(counts: counts, symbols: Array(bytes[(at + 17)..<(at + 17 + total)]))
            if tc == 0 { tables.dc[th] = table } else { tables.ac[th] = table }
            at += 17 + total
        }
    }

    /// Reads a DQT segment's tables (one or more, 8- or 16-bit), into natural order.
    private func readQuantizationTables(_ start: Int, _ end: Int, into tables: inout Tables) throws(ImagingError) {
        var at = start
        while at < end {
            let pq = Int(bytes[at] >> 4), tq = Int(bytes[at] & 15)
            guard pq <= 1, tq <= 3, at + 1 + 64 * (pq + 1) <= end else { throw fail("DQT segment") }
            var table = [Int32](repeating: 0, count: 64)
            for i in 0..<64 {
                table[Self.zigzag[i]] = Int32(pq == 0 ? Int(bytes[at + 1 + i]) : u16(at + 1 + 2 * i))
            }
            tables.quantization[tq] = table
            at += 1 + 64 * (pq + 1)
        }
    }

    private func parseFrame(_ start: Int, _ end: Int, progressive: Bool) throws(ImagingError) -> Frame {
        guard end - start >= 6 else { throw fail("SOF segment") }
        let precision = Int(bytes[start])
        guard precision == 8 else { throw .unsupportedFeature(format: "JPEG", feature: "\(precision)-bit samples") }
        let height = u16(start + 1), width = u16(start + 3), count = Int(bytes[start + 5])
        guard height > 0 else { throw .unsupportedFeature(format: "JPEG", feature: "height defined by a DNL marker") }
        guard width > 0 else { throw .invalidDimensions(width: width, height: height) }
        guard count == 1 || count == 3 || count == 4 else { throw .unsupportedFeature(format: "JPEG", feature: "\(count) components") }
        guard end - start == 6 + 3 * count else { throw fail("SOF segment length") }
        var components: [Component] = []
        for i in 0..<count {
            let at = start + 6 + 3 * i
            let h = Int(bytes[at + 1] >> 4), v = Int(bytes[at + 1] & 15), tq = Int(bytes[at + 2])
            guard (1...4).contains(h), (1...4).contains(v), tq <= 3 else { throw fail("component sampling \(h)x\(v)") }
            guard !components.contains(where: { $0.id == Int(bytes[at]) }) else { throw fail("two components with one id") }
            components.append(Component(id: Int(bytes[at]), h: h, v: v, table: tq))
        }
        let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
        let mcusAcross = (width + 8 * hMax - 1) / (8 * hMax), mcusDown = (height + 8 * vMax - 1) / (8 * vMax)
        for i in components.indices {
            components[i].width = (width * components[i].h + hMax - 1) / hMax
            components[i].height = (height * components[i].v + vMax - 1) / vMax
            components[i].blocksAcross = mcusAcross * components[i].h
            components[i].blocksDown = mcusDown * components[i].v
        }
        return Frame(
            width: width, height: height, progressive: progressive, components: components, hMax: hMax, vMax: vMax,
            mcusAcross: mcusAcross, mcusDown: mcusDown)
    }

    /// The scans from the one whose marker is at `start` to the end of the image, and the
    /// blocks they walk, read from their headers: segments are passed by their lengths, a
    /// scan's entropy-coded data to the next marker other than a restart, and reading stops at
    /// EOI (data after the image, such as a motion photo's movie, is never read). A header
    /// naming no component of `frame` counts as no walk (its scan fails when it is read).
    static func scansAhead(in bytes: [UInt8], from start: Int, frame: Frame) -> (scans: Int, walks: Int) {
        var scans = 0, walks = 0
        var at = start
        bytes.withUnsafeBufferPointer { bytes in
            while at + 3 < bytes.count {
                guard bytes[at] == 0xFF else {
                    at += 1
                    continue
                }
                let marker = bytes[at + 1]
                if marker == 0xFF || marker == 0 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                    at += marker == 0xFF ? 1 : 2
                    continue
                }
                if marker == 0xD9 { break }
                let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
                guard length >= 2 else { break }
                if marker == 0xDA {
                    scans += 1
                    let count = at + 4 < bytes.count ? Int(bytes[at + 4]) : 0
                    let members = (0..<count).compactMap { i -> Component? in
                        let id = at + 5 + 2 * i
                        return id < bytes.count ? frame.components.first { $0.id == Int(bytes[id]) } : nil
                    }
                    if members.count == 1 {
                        walks += ((members[0].width + 7) / 8) * ((members[0].height + 7) / 8)
                    } else {
                        walks += frame.mcusAcross * frame.mcusDown * members.reduce(0) { $0 + $1.h * $1.v }
                    }
                }
                // Past the segment, and past a scan's entropy-coded data.
                at += 2 + length
                if marker == 0xDA { at = endOfScanData(in: bytes, from: at) }
            }
        }
        return (scans, walks)
    }

    /// Where a scan's entropy-coded data that goes on at `start` ends: at the next marker other
    /// than a restart (`FF` and a code other than `00`, `FF` or `D0`…`D7`), or at the file's end.
    static func endOfScanData(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var at = start
        while true {
            // Eight bytes at a time past data with no FF byte (most of it): no marker starts there.
            while at + 8 <= bytes.count {
                if JPEGBitReader.hasFF(UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt64.self)) { break }
                at += 8
            }
            guard at + 1 < bytes.count else { return bytes.count }
            if bytes[at] == 0xFF && bytes[at + 1] != 0 && bytes[at + 1] != 0xFF && !(0xD0...0xD7).contains(bytes[at + 1]) { return at }
            at += 1
        }
    }

    /// Checks the size against the limit before any coefficient memory is reserved, then
    /// reserves it.
    /// With `mcuRows`, each component holds that many rows of MCUs (`v` rows of blocks each;
    /// one row of blocks each when the frame has one component, whose scan walks blocks).
    static func allocate(_ frame: inout Frame, pixelLimit: Int, bytes: Int, mcuRows: Int? = nil) throws(ImagingError) {
        _ = try PixelBuffer.checkedRowStride(width: frame.width, height: frame.height, format: .rgba8, pixelLimit: pixelLimit)
        for i in frame.components.indices {
            let c = frame.components[i]
            frame.components[i].coefficients = JPEGCoefficients(
                blocksAcross: c.blocksAcross, blocksDown: mcuRows.map { $0 * frame.blockRowsPerMCURow(c) } ?? c.blocksDown,
                progressive: frame.progressive)
        }
    }

    /// Reserves the coefficients of a progressive image of which `planes` transforms only some
    /// blocks: those kept (the 25 coefficients a 2×2 inverse DCT reads, or all 64; none of a
    /// component transformed at one sample per block, whose DC is all its inverse DCT reads),
    /// the others as DC and nonzero bits.
    static func allocate(_ frame: inout Frame, keeping planes: JPEGPlanes) {
        for i in frame.components.indices {
            let c = frame.components[i]
            let size = planes.layouts[i].size
            frame.components[i].coefficients = JPEGCoefficients(
                blocksAcross: c.blocksAcross, blocksDown: c.blocksDown, keptRows: size == 1 ? 0..<0 : planes.blockRows[i],
                keptColumns: size == 1 ? 0..<0 : planes.blockColumns[i], slots: size == 2 ? JPEGIDCT.readBy2 : nil,
                progressive: true)
        }
    }
}

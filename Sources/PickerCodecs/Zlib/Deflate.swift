import PickerImaging

/// A DEFLATE (RFC 1951) compressor with a zlib (RFC 1950) wrapper: LZ77 matching over a
/// 32 KiB window with hash chains, and a dynamic Huffman code per block.
///
/// The data is compressed in bands of `bandBytes`, at once on the system's threads when
/// `threads` is above 1. A band's matches reach back into the band before it (its hash chains start with the
/// window's last 32 KiB), and a band that is not the last ends on a byte boundary with an empty
/// stored block, so the bands' bytes join into one stream: the same bytes on any number of
/// threads, and all but no loss of compression (as pigz does).
enum Deflate {
    /// The size of one band: a few bands in a photo-sized image, one in an avatar.
    static let bandBytes = 1 << 19

    /// `data` as a zlib stream; with `threads` above 1, its bands compressed at once on as many
    /// threads as the system runs (`DispatchQueue.concurrentPerform`).
    ///
    /// - Complexity: O(n × maxChain) at worst; typically O(n).
    static func zlib(_ data: [UInt8], threads: Int = 1) -> [UInt8] {
        let n = data.count
        // The data gets eight bytes of zeros after it, so that hashes and comparisons load
        // whole words (the comparisons stop at the data's end).
        let padded = UnsafeMutableRawPointer.allocate(byteCount: n + 8, alignment: 8)
        defer { padded.deallocate() }
        data.withUnsafeBytes { if n > 0 { padded.copyMemory(from: $0.baseAddress!, byteCount: n) } }
        padded.storeBytes(of: 0, toByteOffset: n, as: UInt64.self)
        let bands = max(1, (n + bandBytes - 1) / bandBytes)
        var parts = [[UInt8]](repeating: [], count: bands)
        parts.withUnsafeMutableBufferPointer { parts in
            let shared = Shared((data: UnsafeRawPointer(padded), parts: parts))
            let compressBand: @Sendable (Int) -> Void = { band in
                var writer = BitWriter()
                let start = band * bandBytes
                compress(shared.value.data, count: n, band: start..<min(n, start + bandBytes), final: band == bands - 1, into: &writer)
                shared.value.parts[band] = writer.bytes
            }
            performEach(bands, concurrently: threads > 1, compressBand)
        }
        var out: [UInt8] = [0x78, 0x9C]
        out.reserveCapacity(parts.reduce(6) { $0 + $1.count })
        for part in parts { out += part }
        let adler = data.withUnsafeBufferPointer { Checksum.adler32($0) }
        out += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
        return out
    }

    /// A token: a literal byte, or a match of `length` bytes `distance` back.
    struct Token {
        var length: UInt16  // 0 for a literal
        var value: UInt16  // the literal, or the distance
    }

    static let maxChain = 24
    static let goodEnough = 64
    static let blockTokens = 1 << 15
    /// Inside a match longer than this, only its last `tailInserts` positions enter the hash
    /// chains (as zlib's faster levels skip them): a flat run of an image gives matches of 258
    /// bytes whose inner positions later matches rarely need.
    static let longMatch = 32
    static let tailInserts = 8

    /// Compresses `band` of the `count` bytes at `d` (padded by eight bytes of zeros) into
    /// `writer`, ending on a byte boundary. Matches may reach back before the band, up to the
    /// window; the last band's last block is marked final, any other band ends with an empty
    /// stored block.
    static func compress(_ d: UnsafeRawPointer, count n: Int, band: Range<Int>, final: Bool, into writer: inout BitWriter) {
        let hashSize = 1 << 15, window = 1 << 15  // as hash(_:_:) and insert(_:_:head:previous:) hold them
        // Plain memory, not arrays: the match search is the hot loop of debug builds too, where
        // each subscript is a call.
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: hashSize)
        head.initialize(repeating: -1, count: hashSize)
        defer { head.deallocate() }
        let previous = UnsafeMutablePointer<Int32>.allocate(capacity: window)
        previous.initialize(repeating: -1, count: window)
        defer { previous.deallocate() }
        // A block's tokens, as plain memory too.
        let tokens = UnsafeMutablePointer<Token>.allocate(capacity: blockTokens)
        defer { tokens.deallocate() }
        var count = 0
        // Every name the loop uses is declared before it: a debug build zeroes a local's stack
        // slot each time its declaration runs.
        var i = max(0, band.lowerBound - window), bestLength = 0, bestDistance = 0, candidate = 0, chain = 0, limit = 0
        var length = 0, next = 0, k = 0, end = 0
        // The window before the band, into the hash chains only.
        while i < band.lowerBound {
            Self.insert(i, d, head: head, previous: previous)
            i += 1
        }
        while i < band.upperBound {
            bestLength = 0
            bestDistance = 0
            if i + 2 < n {
                candidate = Int(head[Self.hash(d, i)])
                chain = maxChain
                limit = min(258, band.upperBound - i)
                while candidate >= 0, i - candidate <= window, chain > 0 {
                    // A candidate that differs at the best length so far cannot beat it.
                    if d.load(fromByteOffset: candidate + bestLength, as: UInt8.self) == d.load(fromByteOffset: i + bestLength, as: UInt8.self) {
                        length = matchLength(d, candidate, i, limit: limit)
                        if length > bestLength {
                            bestLength = length
                            bestDistance = i - candidate
                            if length >= goodEnough || length == limit { break }
                        }
                    }
                    next = Int(previous[candidate & (window - 1)])
                    if next >= candidate { break }
                    candidate = next
                    chain -= 1
                }
            }
            if bestLength >= 3 {
                tokens[count] = Token(length: UInt16(bestLength), value: UInt16(bestDistance))
                count += 1
                end = min(i + bestLength, band.upperBound, n - 2)
                k = bestLength > longMatch ? max(i, end - tailInserts) : i
                if k > i { Self.insert(i, d, head: head, previous: previous) }
                while k < end {
                    Self.insert(k, d, head: head, previous: previous)
                    k += 1
                }
                i += bestLength
            } else {
                tokens[count] = Token(length: 0, value: UInt16(d.load(fromByteOffset: i, as: UInt8.self)))
                count += 1
                if i + 2 < n { Self.insert(i, d, head: head, previous: previous) }
                i += 1
            }
            if count == blockTokens {
                writeBlock(UnsafeBufferPointer(start: tokens, count: count), final: false, into: &writer)
                count = 0
            }
        }
        writeBlock(UnsafeBufferPointer(start: tokens, count: count), final: final, into: &writer)
        if !final { writer.writeEmptyStoredBlock() }
        writer.flush()
    }

    /// The hash chains' bucket for the four bytes at `i` of `d`: their 32 bits times a large
    /// odd constant, the top 15 bits. (Transparent, and with literal sizes, so that debug builds
    /// inline it.)
    @_transparent
    static func hash(_ d: UnsafeRawPointer, _ i: Int) -> Int {
        Int((d.loadUnaligned(fromByteOffset: i, as: UInt32.self) &* 2_654_435_761) >> 17)
    }

    /// Puts position `i` at the head of its bucket's chain; `previous` (one entry per position
    /// in the 32 KiB window) links it to the position that was there.
    @_transparent
    static func insert(_ i: Int, _ d: UnsafeRawPointer, head: UnsafeMutablePointer<Int32>, previous: UnsafeMutablePointer<Int32>) {
        let h = hash(d, i)
        previous[i & 0x7FFF] = head[h]
        head[h] = Int32(truncatingIfNeeded: i)
    }

    /// How many bytes from `a` and `b` agree, at most `limit`, compared eight at a time (the
    /// data is padded by eight bytes, so no load passes its end).
    @_transparent
    static func matchLength(_ d: UnsafeRawPointer, _ a: Int, _ b: Int, limit: Int) -> Int {
        var length = 0, difference: UInt64 = 0
        while length < limit {
            difference = d.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                ^ d.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
            if difference != 0 { return min(limit, length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3) }
            length += 8
        }
        return limit
    }

    /// The length code (0…28, 257 subtracted) of a match of 3…258 bytes: eight codes of one
    /// length, then four codes for each number of extra bits from 1 to 5, then 258 alone.
    static func lengthCode(_ length: Int) -> Int {
        if length == 258 { return 28 }
        let l = length - 3
        if l < 8 { return l }
        let extra = (Int.bitWidth - l.leadingZeroBitCount) - 3
        return 4 * extra + 4 + ((l >> extra) & 3)
    }

    /// The distance code (0…29) of a distance of 1…32768: four codes of one distance, then two
    /// codes for each number of extra bits from 1 to 13.
    static func distanceCode(_ distance: Int) -> Int {
        let d = distance - 1
        if d < 4 { return d }
        let extra = (Int.bitWidth - d.leadingZeroBitCount) - 2
        return 2 * extra + 2 + ((d >> extra) & 1)
    }

    /// One block with its own dynamic Huffman code.
    static func writeBlock(_ tokens: UnsafeBufferPointer<Token>, final: Bool, into writer: inout BitWriter) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        literalFrequencies[256] = 1
        for t in tokens {
            if t.length == 0 {
                literalFrequencies[Int(t.value)] += 1
            } else {
                literalFrequencies[257 + lengthCode(Int(t.length))] += 1
                distanceFrequencies[distanceCode(Int(t.value))] += 1
            }
        }
        if distanceFrequencies.allSatisfy({ $0 == 0 }) { distanceFrequencies[0] = 1 }
        let literalLengths = HuffmanLengths.build(literalFrequencies, limit: 15)
        let distanceLengths = HuffmanLengths.build(distanceFrequencies, limit: 15)
        let hlit = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let hdist = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        // Run-length code the two length lists together.
        let all = Array(literalLengths[0..<hlit]) + Array(distanceLengths[0..<hdist])
        var runs: [(symbol: Int, extra: Int, bits: Int)] = []
        var i = 0
        while i < all.count {
            let value = all[i]
            var run = 1
            while i + run < all.count, all[i + run] == value { run += 1 }
            if value == 0 && run >= 3 {
                let take = min(run, 138)
                runs.append(take >= 11 ? (18, take - 11, 7) : (17, take - 3, 3))
                i += take
            } else if value != 0 && run >= 4 {
                runs.append((value, 0, 0))
                let take = min(run - 1, 6)
                runs.append((16, take - 3, 2))
                i += take + 1
            } else {
                runs.append((value, 0, 0))
                i += 1
            }
        }
        var codeFrequencies = [Int](repeating: 0, count: 19)
        for r in runs { codeFrequencies[r.symbol] += 1 }
        let codeLengths = HuffmanLengths.build(codeFrequencies, limit: 7)
        var hclen = 19
        while hclen > 4, codeLengths[Inflate.codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }

        writer.write(final ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)
        writer.write(hlit - 257, bits: 5)
        writer.write(hdist - 1, bits: 5)
        writer.write(hclen - 4, bits: 4)
        for k in 0..<hclen { writer.write(codeLengths[Inflate.codeLengthOrder[k]], bits: 3) }
        let codeCodes = HuffmanLengths.codes(codeLengths)
        for r in runs {
            writer.write(codeCodes[r.symbol], bits: codeLengths[r.symbol])
            if r.bits > 0 { writer.write(r.extra, bits: r.bits) }
        }
        let literalCodes = HuffmanLengths.codes(literalLengths)
        let distanceCodes = HuffmanLengths.codes(distanceLengths)
        for t in tokens {
            if t.length == 0 {
                writer.write(literalCodes[Int(t.value)], bits: literalLengths[Int(t.value)])
            } else {
                let length = Int(t.length), distance = Int(t.value)
                let lc = lengthCode(length)
                writer.write(literalCodes[257 + lc], bits: literalLengths[257 + lc])
                writer.write(length - Inflate.lengthBase[lc], bits: Inflate.lengthExtra[lc])
                let dc = distanceCode(distance)
                writer.write(distanceCodes[dc], bits: distanceLengths[dc])
                writer.write(distance - Inflate.distanceBase[dc], bits: Inflate.distanceExtra[dc])
            }
        }
        writer.write(literalCodes[256], bits: literalLengths[256])
    }
}

/// Huffman code lengths for the encoder, and canonical codes for encoder and decoder.
enum HuffmanLengths {
    /// Code lengths for `frequencies`, none longer than `limit`. Symbols with zero frequency
    /// get length 0; a lone symbol gets length 1. Over-long codes are avoided by halving the
    /// frequencies and rebuilding, which always ends (equal weights give a balanced tree).
    static func build(_ frequencies: [Int], limit: Int) -> [Int] {
        var weights = frequencies
        while true {
            let lengths = huffman(weights)
            if (lengths.max() ?? 0) <= limit { return lengths }
            weights = weights.map { $0 == 0 ? 0 : max(1, $0 / 2) }
        }
    }

    private static func huffman(_ weights: [Int]) -> [Int] {
        let used = weights.indices.filter { weights[$0] > 0 }
        var lengths = [Int](repeating: 0, count: weights.count)
        if used.count == 1 { lengths[used[0]] = 1 }
        guard used.count > 1 else { return lengths }
        // Nodes: leaves first, then merged nodes; parent links give each leaf's depth.
        var nodeWeight = used.map { weights[$0] }
        var parent = [Int](repeating: -1, count: used.count)
        var queue = Array(0..<used.count).sorted { nodeWeight[$0] < nodeWeight[$1] }
        var merged: [Int] = []  // internal nodes, created in non-decreasing weight order
        var qi = 0, ii = 0
        func takeSmallest() -> Int {
            if ii < merged.count && (qi >= queue.count || nodeWeight[merged[ii]] < nodeWeight[queue[qi]]) {
                ii += 1
                return merged[ii - 1]
            }
            qi += 1
            return queue[qi - 1]
        }
        for _ in 0..<(used.count - 1) {
            let a = takeSmallest(), b = takeSmallest()
            let node = nodeWeight.count
            nodeWeight.append(nodeWeight[a] + nodeWeight[b])
            parent.append(-1)
            parent[a] = node
            parent[b] = node
            merged.append(node)
        }
        queue.removeAll()
        var depth = [Int](repeating: 0, count: nodeWeight.count)
        for node in stride(from: nodeWeight.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for (k, symbol) in used.enumerated() { lengths[symbol] = depth[k] }
        return lengths
    }

    /// Canonical codes for `lengths`, bit-reversed for DEFLATE's least-significant-first order.
    static func codes(_ lengths: [Int]) -> [Int] {
        var counts = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { counts[l] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for l in 1...15 {
            code = (code + counts[l - 1]) << 1
            next[l] = code
        }
        return lengths.map { l in
            guard l > 0 else { return 0 }
            let c = next[l]
            next[l] += 1
            var reversed = 0
            for i in 0..<l where c & (1 << i) != 0 { reversed |= 1 << (l - 1 - i) }
            return reversed
        }
    }
}

/// Packs bits least-significant first into bytes.
struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    mutating func write(_ value: Int, bits: Int) {
        guard bits > 0 else { return }
        buffer |= UInt64(value) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// An empty stored block that is not the last (a "sync flush"): the stream continues on a
    /// byte boundary.
    mutating func writeEmptyStoredBlock() {
        write(0, bits: 3)
        flush()
        bytes += [0x00, 0x00, 0xFF, 0xFF]
    }

    mutating func flush() {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
    }
}

import PickerImaging

/// A DEFLATE (RFC 1951) compressor with a zlib (RFC 1950) wrapper: LZ77 matching over a
/// 32 KiB window with hash chains, and a dynamic Huffman code per block.
enum Deflate {
    /// `data` as a zlib stream.
    ///
    /// - Complexity: O(n × maxChain) at worst; typically O(n).
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes = [0x78, 0x9C]
        compress(data, into: &writer)
        writer.flush()
        let adler = data.withUnsafeBufferPointer { Checksum.adler32($0) }
        writer.bytes.append(contentsOf: [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)])
        return writer.bytes
    }

    /// A token: a literal byte, or a match of `length` bytes `distance` back.
    struct Token {
        var length: UInt16  // 0 for a literal
        var value: UInt16  // the literal, or the distance
    }

    static let maxChain = 48
    static let goodEnough = 64
    static let blockTokens = 1 << 15

    static func compress(_ data: [UInt8], into writer: inout BitWriter) {
        let n = data.count
        if n == 0 {
            writeBlock([], final: true, into: &writer)
            return
        }
        let hashBits = 15, hashSize = 1 << hashBits, window = 1 << 15
        // Plain memory, not arrays: the match search is the hot loop of debug builds too.
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: hashSize)
        head.initialize(repeating: -1, count: hashSize)
        defer { head.deallocate() }
        let previous = UnsafeMutablePointer<Int32>.allocate(capacity: window)
        previous.initialize(repeating: -1, count: window)
        defer { previous.deallocate() }
        var tokens: [Token] = []
        tokens.reserveCapacity(blockTokens)
        data.withUnsafeBufferPointer { d in
            @inline(__always) func hash(_ i: Int) -> Int {
                (Int(d[i]) << 10 ^ Int(d[i + 1]) << 5 ^ Int(d[i + 2])) & (hashSize - 1)
            }
            @inline(__always) func insert(_ i: Int) {
                guard i + 2 < n else { return }
                let h = hash(i)
                previous[i & (window - 1)] = head[h]
                head[h] = Int32(i)
            }
            var i = 0
            while i < n {
                var bestLength = 0, bestDistance = 0
                if i + 2 < n {
                    var candidate = Int(head[hash(i)])
                    var chain = maxChain
                    let limit = min(258, n - i)
                    while candidate >= 0, i - candidate <= window, chain > 0 {
                        if d[candidate + bestLength] == d[i + bestLength] {
                            var length = 0
                            while length < limit, d[candidate + length] == d[i + length] { length += 1 }
                            if length > bestLength {
                                bestLength = length
                                bestDistance = i - candidate
                                if length >= goodEnough || length == limit { break }
                            }
                        }
                        let next = Int(previous[candidate & (window - 1)])
                        if next >= candidate { break }
                        candidate = next
                        chain -= 1
                    }
                }
                if bestLength >= 3 {
                    tokens.append(Token(length: UInt16(bestLength), value: UInt16(bestDistance)))
                    for k in i..<(i + bestLength) { insert(k) }
                    i += bestLength
                } else {
                    tokens.append(Token(length: 0, value: UInt16(d[i])))
                    insert(i)
                    i += 1
                }
                if tokens.count >= blockTokens {
                    writeBlock(tokens, final: false, into: &writer)
                    tokens.removeAll(keepingCapacity: true)
                }
            }
        }
        writeBlock(tokens, final: true, into: &writer)
    }

    static func lengthCode(_ length: Int) -> Int {
        var code = 28
        while Inflate.lengthBase[code] > length { code -= 1 }
        return code
    }

    static func distanceCode(_ distance: Int) -> Int {
        var code = 29
        while Inflate.distanceBase[code] > distance { code -= 1 }
        return code
    }

    /// One block with its own dynamic Huffman code.
    static func writeBlock(_ tokens: [Token], final: Bool, into writer: inout BitWriter) {
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

    mutating func flush() {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
    }
}

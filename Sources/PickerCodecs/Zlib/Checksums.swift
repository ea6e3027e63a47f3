import PickerImaging

/// The checksums PNG and zlib use.
enum Checksum {
    /// The CRC-32 table (polynomial 0xEDB88320), one entry per byte value.
    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 of `bytes`, continuing from `crc` (start with 0).
    ///
    /// - Complexity: O(bytes.count).
    static func crc32<C: Collection<UInt8>>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 {
        var c = ~crc
        crcTable.withUnsafeBufferPointer { table in
            for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return ~c
    }

    /// Adler-32 of `bytes`, continuing from `adler` (start with 1).
    ///
    /// - Complexity: O(bytes.count).
    static func adler32(_ bytes: UnsafeBufferPointer<UInt8>, continuing adler: UInt32 = 1) -> UInt32 {
        var a: UInt32 = adler & 0xFFFF, b: UInt32 = adler >> 16
        var index = 0
        while index < bytes.count {
            // 5552 bytes keep the sums below 2^32 before the modulo.
            let end = min(index + 5552, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }
}

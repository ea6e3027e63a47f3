#if canImport(Glibc)
import Glibc
#endif

/// Large pixel allocations ask the kernel for huge pages where it offers them on request
/// (Linux's transparent huge pages in `madvise` mode): a 48 MB photo then costs two dozen page
/// faults instead of twelve thousand, which is most of the time of a plain copy.
package enum HugePages {
    /// Below this many bytes the advice is not worth a system call.
    package static let threshold = 4 << 20

    /// Advises huge pages for the 2 MiB-aligned part of `count` bytes at `start`, before any of
    /// it is touched. Does nothing elsewhere, or for small buffers.
    package static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
        #if canImport(Glibc)
        guard count >= threshold else { return }
        let huge = 2 << 20
        let first = (Int(bitPattern: start) + huge - 1) & ~(huge - 1)
        let last = (Int(bitPattern: start) + count) & ~(huge - 1)
        guard last > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, last - first, 14)  // MADV_HUGEPAGE
        #endif
    }

    /// An array of `count` bytes filled by `body`, which must initialise all of them.
    package static func bytes(count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 {
                advise(UnsafeMutableRawPointer(buffer.baseAddress!), count: count)
                body(buffer.baseAddress!)
            }
            initialized = count
        }
    }
}

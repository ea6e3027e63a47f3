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

    /// Faults in the pages of `count` fresh bytes at `start` on this thread, by writing a zero
    /// to one byte of each 4 KiB (so only for memory whose contents do not matter yet), before
    /// another thread writes them or this one while another faults too. On Linux, two threads
    /// taking page faults at once were seen to stall each other for tens of milliseconds (a
    /// 12 MP quarter turn on two threads: 9 to 102 ms, where one thread took 12), while the
    /// same faults taken by one thread cost the kernel's zeroing alone (6 to 8 ms for the
    /// turn). Does nothing for small buffers.
    package static func prefault(_ start: UnsafeMutableRawPointer, count: Int) {
        guard count >= threshold else { return }
        var offset = 0
        while offset < count {
            start.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self)
            offset += 4096
        }
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

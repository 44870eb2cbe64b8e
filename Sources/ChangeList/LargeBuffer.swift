import Glibc

/// An empty array with room for `capacity` elements, backed by huge pages when the system
/// grants them (see ``adviseHugePages(_:)``).
func largeBuffer<Element>(of type: Element.Type = Element.self, capacity: Int) -> [Element] {
    [Element](unsafeUninitializedCapacity: capacity) { buffer, count in
        adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
        count = 0
    }
}

/// Asks the kernel to back the 2 MiB-aligned part of a large buffer with transparent huge
/// pages (where `transparent_hugepage` is `madvise` or `always`), so that filling it takes a
/// few page faults rather than one per 4 KiB. Only advice: nothing else changes if refused.
package func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    let huge = 2 << 20
    guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
    let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
    let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
    guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(aligned, end - start, MADV_HUGEPAGE)
}

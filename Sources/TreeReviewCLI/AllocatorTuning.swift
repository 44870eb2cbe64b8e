internal import CSystem

/// The allocator as the browser needs it. A filter or `u` on a large tree makes arrays of
/// megabytes (its projection, the rows) and frees the previous ones; glibc gives blocks that
/// large their own mapping and hands them back on free, so every key paid to fault in and
/// zero fresh pages (up to 15 ms on the first filter of 134,000 files). Kept in the heap, the
/// freed blocks serve the next key.
enum AllocatorTuning {
    /// Keeps blocks up to 256 MiB in the heap and does not return its free top to the system
    /// below 1 GiB.
    static func keepLargeBlocksInTheHeap() {
        mallopt(M_MMAP_THRESHOLD, 256 << 20)
        mallopt(M_TRIM_THRESHOLD, 1 << 30)
    }
}

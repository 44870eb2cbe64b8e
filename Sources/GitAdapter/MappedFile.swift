import Glibc

/// A file mapped read-only into memory for as long as the value lives.
///
/// git writes pack files and their indexes whole and renames them into place, so a mapped
/// one never changes under the reader; one removed (by `git gc`) stays readable until unmapped.
final class MappedFile: @unchecked Sendable {
    /// The file's bytes.
    let bytes: UnsafeRawBufferPointer

    /// Maps the file at `path`; `nil` when it cannot be opened or mapped, or is empty.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    /// The big-endian 32-bit number at `offset` (which the caller has checked is in range).
    @inline(__always) func uint32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}

import Glibc

/// What a writer remembers of its last write to a ``ViewedMarksStore``: the marks it wrote
/// and the identity of the file it renamed into place. Its next
/// ``ViewedMarksStore/update(remembering:applying:)`` takes these marks instead of reading
/// the file again while the file still has that identity; any other writer replaces the
/// file by a rename, which changes it. The written file is kept open, so that its inode
/// number cannot go to a file another writer puts in its place (the file system reuses the
/// numbers of freed inodes, and coarse timestamps could then not tell the two apart).
public struct WrittenMarks: Sendable {
    let marks: SortedMarks
    let identity: FileIdentity
    private let file: OpenFile

    /// The marks written to the file open as `descriptor`, which it takes (and closes when
    /// the last copy goes); `nil` when that file's identity cannot be read.
    init?(marks: SortedMarks, descriptor: Int32) {
        file = OpenFile(descriptor: descriptor)
        guard descriptor >= 0, let identity = FileIdentity(ofDescriptor: descriptor) else { return nil }
        self.marks = marks
        self.identity = identity
    }

    /// A descriptor closed with its last reference.
    private final class OpenFile: Sendable {
        let descriptor: Int32

        init(descriptor: Int32) { self.descriptor = descriptor }

        deinit { if descriptor >= 0 { close(descriptor) } }
    }
}

/// What a writer remembers of its last write to a ``ViewedMarksStore``: the marks it wrote
/// and the identity of the file it renamed into place. Its next
/// ``ViewedMarksStore/update(remembering:applying:)`` takes these marks instead of reading
/// the file again while the file still has that identity; any other writer replaces the
/// file by a rename, which changes it.
public struct WrittenMarks: Sendable {
    let marks: SortedMarks
    let identity: FileIdentity
}

import TreeModel

/// One file's mark: the content it was viewed with and, when it was viewed in a comparison of
/// two commits (or trees), that comparison and the file's old side there, so that
/// `--since-review` can tell what changed since.
public struct ViewedMark: Equatable, Sendable {
    /// The new side's object id when it was marked (``ViewedMarks/deletion`` for none).
    public var newObject: ObjectHash
    /// The old side's object id in ``comparison`` (``ViewedMarks/deletion`` for none: an
    /// addition); `nil` when the mark records no comparison.
    public var oldObject: ObjectHash?
    /// The comparison the file was viewed in; `nil` for a comparison with the index or the
    /// working tree, and for a mark of a version 1 file.
    public var comparison: ReviewedComparison?
    /// When it was recorded: every update of the file that marks files gives them the next
    /// number (one more than the largest in the file); 0 for a mark of a version 1 file.
    public var sequence: Int

    /// A mark as given.
    public init(newObject: ObjectHash, oldObject: ObjectHash? = nil, comparison: ReviewedComparison? = nil, sequence: Int = 0) {
        self.newObject = newObject
        self.oldObject = comparison == nil ? nil : oldObject
        self.comparison = comparison
        self.sequence = sequence
    }
}

/// The comparison a file was viewed in: its new side (the head reviewed) and its old side
/// (the base: for `A...B` the merge base).
public struct ReviewedComparison: Hashable, Sendable {
    /// The new side's commit (or tree) id.
    public var head: ObjectHash
    /// The old side's commit (or tree) id; `nil` for the empty tree.
    public var base: ObjectHash?

    /// The comparison of `base` with `head`.
    public init(head: ObjectHash, base: ObjectHash?) {
        self.head = head
        self.base = base
    }
}

extension ViewedMarks {
    /// The comparison of the latest review among the marks of `paths`: the one recorded
    /// with the highest ``ViewedMark/sequence`` (marks without a comparison left out); `nil`
    /// when none of them records one.
    public func lastReview(among paths: some Sequence<RawPath>) -> ReviewedComparison? {
        var latest: ViewedMark?
        for path in paths {
            guard let mark = marks[path], mark.comparison != nil else { continue }
            if latest.map({ mark.sequence > $0.sequence }) ?? true { latest = mark }
        }
        return latest?.comparison
    }
}

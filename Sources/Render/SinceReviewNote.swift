/// What `--since-review` (or `--since <rev>`) compared a comparison with: the head reviewed,
/// the old side then, and how many of the comparison's files changed since. Headers name it
/// as one of the ``ActiveFilters``.
public struct SinceReviewNote: Hashable, Sendable {
    /// The head reviewed: forty hex digits.
    public var head: String
    /// The head reviewed as git abbreviates it.
    public var abbreviatedHead: String
    /// The comparison's old side at the review; `nil` when it could not be read.
    public var base: String?
    /// The revision `--since` named; `nil` for `--since-review`.
    public var revision: String?
    /// The files listed: those changed since the review.
    public var changed: Int
    /// The comparison's files.
    public var files: Int

    /// A note as given.
    public init(head: String, abbreviatedHead: String, base: String?, revision: String?, changed: Int, files: Int) {
        self.head = head
        self.abbreviatedHead = abbreviatedHead
        self.base = base
        self.revision = revision
        self.changed = changed
        self.files = files
    }
}

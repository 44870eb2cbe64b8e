import TreeModel

/// What a comparison found: the changed files, sorted by path bytes, and what was compared.
public struct ChangeSet: Sendable {
    /// What was compared.
    public var kind: ComparisonKind
    /// The comparison as written (`main...feature`, `HEAD`).
    public var spec: String
    /// The old side's commit (or tree) id in hex; `nil` for the empty tree.
    public var oldID: String?
    /// The new side's commit (or tree) id in hex; `nil` for the index or working tree.
    public var newID: String?
    /// The changed files, sorted by path in byte order.
    public var changes: [FileChange]
    /// Warnings git would print on stderr for the same comparison, exact text.
    public var warnings: [String]
    /// How long each phase took, in order.
    public var trace: [TraceMark]
    /// The new side's object id of each change, parallel to ``changes``, when the request
    /// asked for ids (``ComparisonRequest/newObjects``; empty otherwise): the blob (or a
    /// submodule's commit) git would record, a working-tree file's as `git hash-object`
    /// gives it. `nil` where there is no new side (a deletion, an unmerged path), for a
    /// submodule with nothing checked out, and for a change not asked for.
    public var newObjects: [ObjectHash?] = []
    /// Under `--staged`, the number of untracked files the commit leaves out, as
    /// `git ls-files --others --exclude-standard` counts them against the index read (limited
    /// by the pathspec); `nil` for other comparisons and when untracked files are not listed.
    public var untrackedLeftOut: Int? = nil
    /// The new side's tree, for commit comparisons (annotations are read as of it).
    var newTree: ObjectID? = nil
    /// How ``newTree`` was reached from a tree compared before, when the comparison was
    /// composed from that one's (its `.gitattributes` files are composed likewise).
    var newTreeStep: TreeStep? = nil
    /// What the comparison's walk saw of ``newTree``'s `.gitattributes` files, when it walked
    /// the whole comparison (not composed, not from the cache).
    var newTreeNotes: TreeWalkNotes? = nil
    /// The results cache's save, still under way when the comparison returned; `nil` when
    /// the cache is not used. Wait for it before the process exits.
    public var pendingSave: PendingCacheSave? = nil
}

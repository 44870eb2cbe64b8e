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
    /// The new side's tree, for commit comparisons (annotations are read as of it).
    var newTree: ObjectID? = nil
}

public import PathGlobs

/// One pattern of a group, flattened out of the lists, anchors and status keys it was
/// written in: a glob that adds files to the group, or, written `!glob`, one that takes them
/// out; for the statuses of its key, or for every status.
public struct GroupRule: Sendable {
    /// The pattern as written (with its `!`).
    public let pattern: String
    /// The glob without its negating `!`.
    public let glob: Glob
    /// Whether the pattern was written `!glob`: a file it matches is not in the group.
    public let isNegated: Bool
    /// The statuses of the key it was written under (`added|modified:`); `nil` for every status.
    public let statuses: FilterStatusSet?
    /// Where the pattern is written, from 1.
    public let line: Int, column: Int

    init(pattern: String, glob: Glob, isNegated: Bool, statuses: FilterStatusSet?, line: Int, column: Int) {
        self.pattern = pattern
        self.glob = glob
        self.isNegated = isNegated
        self.statuses = statuses
        self.line = line
        self.column = column
    }

    /// Whether the rule speaks of a file seen with these statuses.
    func applies(to seen: FilterStatusSet) -> Bool { statuses.map { $0.intersects(seen) } ?? true }
}

/// A named group of a filters file: its rules in the order written.
public struct FilterGroup: Sendable {
    /// The group's name (the top-level key).
    public let name: String
    /// Where the name is written, from 1.
    public let line: Int
    /// Its rules, flattened.
    public let rules: [GroupRule]
}

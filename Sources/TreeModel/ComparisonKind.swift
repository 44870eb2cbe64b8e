/// What a comparison compares; the raw value is the text the JSON output's `mode` carries.
public enum ComparisonKind: String, Sendable, CaseIterable {
    /// One revision's tree against another's (`A..B`, `A B`, `X^!`, `X^-<n>`).
    case commits
    /// The merge base of two revisions against the second (`A...B`).
    case mergeBase
    /// A revision (HEAD by default) against the index.
    case staged
    /// A revision (HEAD by default) against the working tree, with untracked files.
    case worktree
    /// A change list read from standard input; no repository.
    case stdin
}

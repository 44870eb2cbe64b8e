import TreeModel

/// Everything a renderer shows: what was compared and what changed.
public struct Report: Sendable {
    /// What was compared.
    public var comparison: ComparisonLabel
    /// The changes, arranged as a tree.
    public var tree: ChangeTree
    /// Whether line counts were computed (`false` under `--no-stat`).
    public var linesCounted: Bool

    public init(comparison: ComparisonLabel, tree: ChangeTree, linesCounted: Bool) {
        self.comparison = comparison
        self.tree = tree
        self.linesCounted = linesCounted
    }
}

/// A description of a comparison, as the JSON `comparison` object and the tree header show it.
public struct ComparisonLabel: Hashable, Sendable {
    /// `commits`, `mergeBase`, `staged`, `worktree` or `stdin`.
    public var mode: String
    /// The comparison as the user wrote it (`main...feature`, `HEAD`).
    public var spec: String
    /// The old side's object id in hex, or `nil` (empty tree, stdin).
    public var old: String?
    /// The new side's object id in hex, or `nil` (index, working tree, stdin).
    public var new: String?
    /// A short human title for the header (`main...feature`, `HEAD → working tree`).
    public var title: String

    public init(mode: String, spec: String, old: String?, new: String?, title: String) {
        self.mode = mode
        self.spec = spec
        self.old = old
        self.new = new
        self.title = title
    }
}

/// How output should look.
public struct RenderOptions: Sendable {
    /// Whether to use ANSI colors.
    public var color: Bool
    /// Whether directory-only chains are shown as one row.
    public var flatten: Bool
    /// For `plain`: end each path with NUL instead of a newline, and write it exactly.
    public var nulTerminated: Bool

    public init(color: Bool = false, flatten: Bool = true, nulTerminated: Bool = false) {
        self.color = color
        self.flatten = flatten
        self.nulTerminated = nulTerminated
    }
}

/// Turns a report into bytes for one output format.
public protocol ReportRenderer {
    /// Appends the rendering of `report` to `output`.
    func render(_ report: Report, options: RenderOptions, into output: inout [UInt8])
}

import TreeModel

/// One candidate found by ``RankedFind``.
public struct FindResult: Hashable, Sendable {
    /// The file or directory found.
    public let path: TreePath
    /// The directory containing it, or `nil` at the top level.
    public let parent: TreePath?
    /// How it matched.
    public let match: FindMatch
    /// Its position in tree (depth-first) order: its index among the candidates.
    public let order: Int

    /// A result.
    public init(path: TreePath, parent: TreePath?, match: FindMatch, order: Int) {
        self.path = path
        self.parent = parent
        self.match = match
        self.order = order
    }

    /// The score of its match.
    public var score: Int { match.score }
}

/// A tree seen as rows (Docs/TreeModel.md#flattening, Docs/TreeModel.md#expansion-and-depth):
/// the one place that says which nodes share a row and on which level a row sits. The
/// printed tree, the JSON tree and the interactive browser all shape their rows with it.
///
/// Nodes are integers; top-level nodes have no parent. A chain starts at a directory and
/// continues while the current directory has exactly one child in the whole tree and that
/// child is a directory; the chain is one row, standing for its last directory.
public protocol RowProjection {
    /// Whether directory-only chains are shown as one row (otherwise every node is a row).
    var flattensChains: Bool { get }
    /// Whether `node` is a directory.
    func isDirectory(_ node: Int) -> Bool
    /// The only child of directory `node` in the whole tree, or `nil` when it has none or
    /// several (search and filters never change this count).
    func onlyChild(of node: Int) -> Int?
    /// The directory containing `node`, or `nil` for a top-level node.
    func parent(of node: Int) -> Int?
}

extension RowProjection {
    /// The last node of the row that starts at `head`: the node itself, extended through
    /// single-directory children while flattening.
    @inlinable
    public func rowEnd(from head: Int) -> Int {
        guard flattensChains else { return head }
        var current = head
        while isDirectory(current), let only = onlyChild(of: current), isDirectory(only) { current = only }
        return current
    }

    /// Whether `node` shares the row of its parent (it continues the parent's chain).
    @inlinable
    public func continuesChain(_ node: Int) -> Bool {
        guard flattensChains, isDirectory(node), let parent = parent(of: node) else { return false }
        return onlyChild(of: parent) == node
    }

    /// The first node of the row that shows `node`.
    @inlinable
    public func rowHead(of node: Int) -> Int {
        var current = node
        while continuesChain(current), let parent = parent(of: current) { current = parent }
        return current
    }

    /// The level of the row showing `node`, given the level of the row showing its parent
    /// (`nil` for a top-level node): the parent's level when `node` continues its chain,
    /// one more otherwise. Top-level rows are on level 0.
    @inlinable
    public func rowLevel(of node: Int, parentRowLevel: Int?) -> Int {
        guard let parentRowLevel else { return 0 }
        return continuesChain(node) ? parentRowLevel : parentRowLevel + 1
    }

    /// The level of the row showing `node`: how many rows lie above it on the way from the top.
    @inlinable
    public func rowLevel(of node: Int) -> Int {
        var level = 0
        var current = rowHead(of: node)
        while let parent = parent(of: current) {
            current = rowHead(of: parent)
            level += 1
        }
        return level
    }
}

/// The depth rule (Docs/TreeModel.md#expansion-and-depth): which directories start open for
/// a depth of `n` rows, as `--depth` and the browser's initial expansion use it.
public enum ExpansionDepth {
    /// Whether a directory whose row is on `level` starts open: rows on levels below `depth`
    /// are open (`depth` 1 opens the top level); `nil` opens every directory.
    @inlinable
    public static func opens(rowLevel level: Int, depth: Int?) -> Bool {
        depth.map { level < $0 } ?? true
    }
}

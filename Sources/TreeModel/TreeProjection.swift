/// A row of the projected tree: one node, or a flattened chain of directories shown as one.
public struct ProjectedNode: Hashable, Sendable {
    /// The first node of the row; the same as ``node`` unless flattened.
    public let first: Int
    /// The node this row stands for: the last of its chain.
    public let node: Int

    package init(first: Int, node: Int) {
        self.first = first
        self.node = node
    }
}

/// What is shown of a ``FileTree``: its nodes with directory-only chains flattened
/// (unless turned off), by the rule of ``RowProjection``. A projection never changes the
/// tree or any identity.
public struct TreeProjection: RowProjection, Sendable {
    /// The tree projected.
    public let tree: FileTree
    /// Whether directory-only chains are shown as one row.
    public let flatten: Bool

    /// The same rows read straight from the tree's storage.
    let chains: StoredChains

    /// The projection of `tree`, flattening directory-only chains unless `flatten` is off.
    public init(tree: FileTree, flatten: Bool = true) {
        self.tree = tree
        self.flatten = flatten
        self.chains = StoredChains(slots: tree.slots, childList: tree.childList, flattensChains: flatten)
    }

    public var flattensChains: Bool { flatten }

    public func isDirectory(_ node: Int) -> Bool { chains.isDirectory(node) }

    public func onlyChild(of node: Int) -> Int? { chains.onlyChild(of: node) }

    public func parent(of node: Int) -> Int? { chains.parent(of: node) }

    /// The top-level rows.
    public var topLevel: [ProjectedNode] { children(of: FileTree.root) }

    /// The rows below `node` (the root or the last node of a row's chain).
    public func children(of node: Int) -> [ProjectedNode] {
        let slot = tree.slots[node]
        return tree.childList[Int(slot.childStart)..<Int(slot.childStart + slot.childCount)].map { row(startingAt: Int($0)) }
    }

    /// The row that starts at `node`: the node, extended through single-directory children
    /// (``RowProjection/rowEnd(from:)``).
    public func row(startingAt node: Int) -> ProjectedNode {
        ProjectedNode(first: node, node: chains.rowEnd(from: node))
    }

    /// The nodes a row shows, outermost first.
    public func chain(of row: ProjectedNode) -> [Int] {
        var chain = [row.first]
        var current = row.first
        while current != row.node {
            current = next(inChain: current)
            chain.append(current)
        }
        return chain
    }

    /// The node after `node` in a flattened chain: its only child.
    func next(inChain node: Int) -> Int {
        Int(tree.childList[Int(tree.slots[node].childStart)])
    }
}

/// The rows of a ``FileTree`` answered from its slots and child lists alone: small to copy,
/// for walks that ask for every row.
struct StoredChains: RowProjection, Sendable {
    let slots: [FileTree.Slot]
    let childList: [Int32]
    let flattensChains: Bool

    func isDirectory(_ node: Int) -> Bool { slots[node].isDirectory }

    func onlyChild(of node: Int) -> Int? {
        let slot = slots[node]
        return slot.childCount == 1 ? Int(childList[Int(slot.childStart)]) : nil
    }

    func parent(of node: Int) -> Int? {
        let parent = Int(slots[node].parent)
        return parent == FileTree.root || parent < 0 ? nil : parent
    }
}

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
    func continuesChain(_ node: Int) -> Bool {
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

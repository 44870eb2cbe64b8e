import TreeModel

/// Chains, row generation and row lookup.
extension TreeBrowserModel {
    /// The first slot of the row that shows `slot`.
    func head(of slot: Int) -> Int { forest.rowHead(of: slot) }

    /// The last slot of the row that starts at `head`, and whether the row is open (every
    /// directory of its chain expanded).
    func rowEnd(from head: Int) -> (node: Int, isExpanded: Bool) {
        let end = forest.rowEnd(from: head)
        var node = head
        var expanded = forest.isDirectory(head) && forest.isExpanded(head)
        while node != end {
            node = forest.shownChildren(of: node).first!
            expanded = expanded && forest.isExpanded(node)
        }
        return (end, expanded)
    }

    /// The slots of the row that starts at `head`, outermost first.
    func chain(from head: Int) -> [Int] {
        var slots = [head]
        let end = rowEnd(from: head).node
        while slots[slots.count - 1] != end { slots.append(forest.shownChildren(of: slots[slots.count - 1]).first!) }
        return slots
    }

    /// The slots of the row that shows `slot`.
    func chain(containing slot: Int) -> [Int] { chain(from: head(of: slot)) }

    /// The row starting at `head`, on `level`.
    func makeRow(head: Int, level: Int) -> ShownRow {
        let end = rowEnd(from: head)
        return ShownRow(head: head, node: end.node, level: level, isExpanded: end.isExpanded)
    }

    /// The visible rows below an open `parent`, depth-first, starting on `level`.
    func rows(below parent: Int, level: Int) -> [ShownRow] {
        var result: [ShownRow] = []
        appendRows(below: parent, level: level, into: &result)
        return result
    }

    func appendRows(below parent: Int, level: Int, into result: inout [ShownRow]) {
        forest.appendShownRows(below: parent, level: level, into: &result)
    }

    /// The index of the visible row showing `slot`, by binary search in depth-first order.
    func rowIndex(ofSlot slot: Int) -> Int? {
        let target = head(of: slot)
        var low = 0, high = visible.count
        while low < high {
            let mid = (low + high) / 2
            let candidate = visible[mid].head
            if candidate == target { return mid }
            if forest.precedes(candidate, target) { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// The identity of visible row `index`.
    func identity(ofRow index: Int) -> TreePath { forest.nodes[visible[index].node].path }

    /// The row showing `slot`, else the row of its nearest visible ancestor.
    func nearestVisibleRow(ofSlot slot: Int) -> Int? {
        var current = slot
        while current != PathForest.root {
            if let row = rowIndex(ofSlot: current) { return row }
            current = forest.nodes[current].parent
        }
        return nil
    }

    /// The end (exclusive) of the rows below visible row `index`.
    func subtreeEnd(ofRow index: Int) -> Int {
        let level = visible[index].level
        var end = index + 1
        while end < visible.count && visible[end].level > level { end += 1 }
        return end
    }

    /// Recomputes the row showing `slot` and the rows below it: one contiguous range,
    /// reported whole, or trimmed to the rows that differ when `trimmed`.
    mutating func refreshSubtree(ofSlot slot: Int, trimmed: Bool = false) -> RowReplacement? {
        guard let index = rowIndex(ofSlot: slot) else { return nil }
        let end = subtreeEnd(ofRow: index)
        let old = visible[index]
        var fresh = [makeRow(head: old.head, level: old.level)]
        if fresh[0].isExpanded { appendRows(below: fresh[0].node, level: old.level + 1, into: &fresh) }
        let difference = RowReplacement.between(Array(visible[index..<end]), fresh)
        guard let difference else { return nil }
        visible.replaceSubrange(index..<end, with: fresh)
        guard trimmed else { return RowReplacement(replaced: index..<end, inserted: index..<(index + fresh.count)) }
        return RowReplacement(
            replaced: (index + difference.replaced.lowerBound)..<(index + difference.replaced.upperBound),
            inserted: (index + difference.inserted.lowerBound)..<(index + difference.inserted.upperBound))
    }

    /// Recomputes every row; the update is the smallest range that differs.
    mutating func refreshAll() -> RowReplacement? {
        let fresh = rows(below: PathForest.root, level: 0)
        defer { visible = fresh }
        return RowReplacement.between(visible, fresh)
    }
}

/// The visible rows as a view reads them.
extension TreeBrowserModel {
    /// How many rows are visible.
    public var rowCount: Int { visible.count }

    /// The visible row at `index`.
    public func row(at index: Int) -> TreeRow { publicRow(visible[index]) }

    /// All visible rows, top to bottom.
    public var rows: [TreeRow] { visible.map(publicRow) }

    /// The index of the visible row showing `path` (a chain's row for any identity in it),
    /// or `nil` when it is hidden or unknown.
    public func rowIndex(of path: TreePath) -> Int? {
        forest.slot(of: path).flatMap(rowIndex(ofSlot:))
    }

    func publicRow(_ row: ShownRow) -> TreeRow {
        let node = forest.nodes[row.node]
        let icon = node.isDirectory
            ? icons.resolveDirectory(expanded: row.isExpanded) : icons.resolveFile(named: forest.name(of: row.node))
        return TreeRow(identity: node.path, chain: chain(from: row.head).map { forest.nodes[$0].path },
                       level: row.level, isExpanded: row.isExpanded, change: node.change,
                       summary: forest.shownSummary(of: row.node), icon: icon)
    }
}

/// A visible row as stored: slots, level and whether it is open, in 16 bytes, every one of
/// them set (a fully expanded tree has a row per node; rows are compared as bytes).
struct ShownRow: Equatable, Sendable {
    private var headSlot: Int32
    private var nodeSlot: Int32
    private var rowLevel: Int32
    private var openFlag: Int32

    init(head: Int, node: Int, level: Int, isExpanded: Bool) {
        headSlot = Int32(head)
        nodeSlot = Int32(node)
        rowLevel = Int32(level)
        openFlag = isExpanded ? 1 : 0
    }

    /// Whether every directory of the row's chain is expanded.
    var isExpanded: Bool {
        get { openFlag != 0 }
        set { openFlag = newValue ? 1 : 0 }
    }

    /// The first slot of the row's chain.
    var head: Int {
        get { Int(headSlot) }
        set { headSlot = Int32(newValue) }
    }

    /// The last slot of the row's chain: the node the row shows.
    var node: Int {
        get { Int(nodeSlot) }
        set { nodeSlot = Int32(newValue) }
    }

    /// How many rows lie above it on the way from the top.
    var level: Int { Int(rowLevel) }
}

/// The shape of a visible row, without making its ``TreeRow``: its level, whether it is a
/// directory, its parent row, whether it is the last of its siblings, and its ancestors'
/// guides, as a tree drawing and sticky ancestors need them. None costs more than the
/// row's depth, whatever the number of rows.
extension TreeBrowserModel {
    /// The level of visible row `index`.
    public func level(ofRow index: Int) -> Int { visible[index].level }

    /// Whether visible row `index` is a directory (or a chain of them).
    public func isDirectory(row index: Int) -> Bool { forest.nodes[visible[index].node].isDirectory }

    /// The identity of visible row `index`.
    public func identity(row index: Int) -> TreePath { identity(ofRow: index) }

    /// The visible row of the directory containing visible row `index`, or `nil` for a
    /// top-level row.
    public func parentRow(ofRow index: Int) -> Int? {
        let parent = forest.nodes[visible[index].head].parent
        return parent == PathForest.root ? nil : rowIndex(ofSlot: parent)
    }

    /// Whether visible row `index` is the last child of its directory (or of the top level).
    public func isLastSibling(row index: Int) -> Bool { isLastChild(visible[index].head) }

    /// For each ancestor row of visible row `index`, top level first, whether a later
    /// sibling of it follows (where a drawing continues a vertical guide); as many entries as
    /// the row's level.
    public func guides(ofRow index: Int) -> AncestorGuides {
        var continues: [Bool] = []
        var slot = forest.nodes[visible[index].head].parent
        while slot != PathForest.root {
            let head = head(of: slot)
            continues.append(!isLastChild(head))
            slot = forest.nodes[head].parent
        }
        var guides = AncestorGuides()
        for flag in continues.reversed() { guides.append(flag) }
        return guides
    }

    private func isLastChild(_ slot: Int) -> Bool {
        forest.shownChildren(of: forest.nodes[slot].parent).last == slot
    }
}

/// One visible row of a ``TreeBrowserModel``: a file, a directory, or a flattened chain of
/// directories shown as one row, with what a view draws of it.
public struct TreeRow: Hashable, Sendable, CustomStringConvertible {
    /// The row's identity: the node it stands for, the last directory of a chain.
    public let identity: TreePath
    /// The identities the row shows, outermost first; one unless the row is a chain.
    public let chain: [TreePath]
    /// The row's level: top-level rows are on level 0, a chain's children one below it.
    public let level: Int
    /// Whether the row is open (every directory of its chain expanded).
    public let isExpanded: Bool
    /// A file's change: its status, origin and line counts (no status for a bare path);
    /// `nil` for a directory.
    public let change: FileChange?
    /// The roll-up of every file below a directory (Docs/TreeModel.md#status-and-roll-ups),
    /// or a file's own summary.
    public let summary: ChangeSummary
    /// The row's icon (Docs/TreeModel.md#icons): by the file's name, or the folder (open
    /// folder when the row is open).
    public let icon: IconResolution

    /// A row; `chain` ends with `identity`.
    public init(identity: TreePath, chain: [TreePath], level: Int, isExpanded: Bool,
                change: FileChange?, summary: ChangeSummary, icon: IconResolution) {
        self.identity = identity
        self.chain = chain
        self.level = level
        self.isExpanded = isExpanded
        self.change = change
        self.summary = summary
        self.icon = icon
    }

    /// Whether the row is a directory (or a chain of them).
    public var isDirectory: Bool { identity.isDirectory }

    /// The label's pieces: the chain's names, outermost first (`src`, `lib`, `core`).
    public var segments: [[UInt8]] { chain.map { Array($0.normalized.basename) } }

    /// The label: the segments joined by `/`, decoded lossily.
    public var label: String {
        String(decoding: Array(segments.joined(separator: [UInt8(ascii: "/")])), as: UTF8.self)
    }

    public var description: String {
        let marker = isDirectory ? (isExpanded ? "▾ " : "▸ ") : "  "
        return String(repeating: "  ", count: level) + marker + label
    }
}

/// One contiguous range of visible rows replaced by another; both start at the same row.
public struct RowReplacement: Equatable, Sendable {
    /// The replaced rows, as indices into the rows before the update.
    public let replaced: Range<Int>
    /// The rows that took their place, as indices into the rows after the update.
    public let inserted: Range<Int>

    /// A replacement; both ranges start at the same row.
    public init(replaced: Range<Int>, inserted: Range<Int>) {
        precondition(replaced.lowerBound == inserted.lowerBound)
        self.replaced = replaced
        self.inserted = inserted
    }

    /// The smallest replacement turning `old` into `new`, or `nil` when they are equal.
    static func between<Row>(_ old: [Row], _ new: [Row], equal: (Row, Row) -> Bool) -> RowReplacement? {
        let limit = min(old.count, new.count)
        var prefix = 0
        while prefix < limit && equal(old[prefix], new[prefix]) { prefix += 1 }
        if prefix == old.count && prefix == new.count { return nil }
        var suffix = 0
        while suffix < limit - prefix && equal(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) {
            suffix += 1
        }
        return RowReplacement(replaced: prefix..<(old.count - suffix), inserted: prefix..<(new.count - suffix))
    }

    /// ``between(_:_:equal:)`` for stored rows, each compared as two 8-byte words.
    static func between(_ old: [ShownRow], _ new: [ShownRow]) -> RowReplacement? {
        old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                let stride = MemoryLayout<ShownRow>.stride
                let oldCount = old.count / stride, newCount = new.count / stride, limit = min(oldCount, newCount)
                func same(_ oldRow: Int, _ newRow: Int) -> Bool {
                    let (a, b) = (oldRow * stride, newRow * stride)
                    return old.loadUnaligned(fromByteOffset: a, as: UInt64.self) == new.loadUnaligned(fromByteOffset: b, as: UInt64.self)
                        && old.loadUnaligned(fromByteOffset: a + 8, as: UInt64.self)
                            == new.loadUnaligned(fromByteOffset: b + 8, as: UInt64.self)
                }
                var prefix = 0
                while prefix < limit && same(prefix, prefix) { prefix += 1 }
                if prefix == oldCount && prefix == newCount { return nil }
                var suffix = 0
                while suffix < limit - prefix && same(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
                return RowReplacement(replaced: prefix..<(oldCount - suffix), inserted: prefix..<(newCount - suffix))
            }
        }
    }
}

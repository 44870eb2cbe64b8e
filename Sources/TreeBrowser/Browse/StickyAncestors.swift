import TreeModel

/// The directories pinned above a scrolled list of tree rows
/// (Docs/TreeModel.md#sticky-ancestors, as StickyTree pins them): root first, the chain of
/// directories above the rows scrolled under the stack.
///
/// Rows are one line each. The scroll position `top` is the index of the row the list draws
/// on its first line; the pinned rows cover the list's first lines, so with `k` rows pinned
/// the rows `top ..< top + k` are hidden and row `top + k` is the first row seen below them.
///
/// The rule, line by line: the row pinned on line `h` is the ancestor, at depth `h`, of the
/// row the list draws on that line (row `top + h`), as long as that ancestor is a proper
/// ancestor and a directory; the stack ends at the first line where there is none. It follows
/// that:
/// - files are never pinned, and at the top of the list (`top == 0`) nothing is;
/// - each pinned row is the parent of the next; while the first row seen below the stack
///   (row `top + k`) lies inside the deepest pinned row, the stack is exactly its chain of
///   ancestors, root first;
/// - when that row lies outside the deepest pinned row (its subtree ended under the stack),
///   the rows whose subtrees ended leave the stack one per line of scrolling, deepest first;
/// - **push**: if that row is a directory — a later sibling of the deepest pinned row or of
///   one of its ancestors, at a depth no greater than the deepest pinned row's — it pushes the
///   deepest pinned row out: that row has an offset of 1, and one line further the directory
///   has moved into the freed line. A file arriving there does not push;
/// - only the deepest pinned row ever moves: every other row has an offset of 0.
///
/// Depth is counted in the rows given: a row's parent is the nearest row above it on a lower
/// level. Building is O(n); a query is O(k × depth).
public struct StickyAncestors: Sendable {
    /// The rows, top to bottom, as they are seen here: each one's indentation level (top-level
    /// rows on level 0, children one level below their parent) and whether it is a directory
    /// (or a flattened chain of them), in depth-first order, as a browser shows them.
    public let rows: [(level: Int, isDirectory: Bool)]
    private let parents: [Int]
    private let depths: [Int]

    /// Prepares `rows`, given top to bottom in depth-first order.
    public init(rows: [(level: Int, isDirectory: Bool)]) {
        var parents = [Int](repeating: -1, count: rows.count)
        var depths = [Int](repeating: 0, count: rows.count)
        var open: [Int] = []
        for (index, row) in rows.enumerated() {
            while let last = open.last, rows[last].level >= row.level { open.removeLast() }
            if let parent = open.last {
                parents[index] = parent
                depths[index] = depths[parent] + 1
            }
            open.append(index)
        }
        self.rows = rows
        self.parents = parents
        self.depths = depths
    }

    /// The rows pinned when the list is scrolled so that row `top` is on its first line,
    /// root first. Nothing is pinned at the top or at a position outside the rows.
    public func pinned(top: Int) -> [PinnedRow] {
        guard top > 0 else { return [] }
        var stack: [Int] = []
        while top + stack.count < rows.count {
            let drawn = top + stack.count
            guard depths[drawn] > stack.count else { break }
            var ancestor = drawn
            while depths[ancestor] > stack.count { ancestor = parents[ancestor] }
            guard rows[ancestor].isDirectory else { break }
            stack.append(ancestor)
        }
        let below = top + stack.count
        let pushed = below < rows.count && rows[below].isDirectory && depths[below] < stack.count
        return stack.enumerated().map { line, row in
            PinnedRow(row: row, line: line, offset: pushed && line == stack.count - 1 ? 1 : 0)
        }
    }

    /// The depth of row `index`: the number of its ancestors among the rows.
    public func depth(of index: Int) -> Int { depths[index] }

    /// The parent of row `index`, or `nil` for a top-level row.
    public func parent(of index: Int) -> Int? {
        parents[index] < 0 ? nil : parents[index]
    }
}

extension StickyAncestors {
    /// Prepares the visible rows of a ``TreeBrowserModel`` (``TreeBrowserModel/rows``); a
    /// pinned row's index is then the index of the browser's row.
    public init(rows: [TreeRow]) {
        self.init(rows: rows.map { (level: $0.level, isDirectory: $0.isDirectory) })
    }
}

/// A row pinned above a scrolled list by ``StickyAncestors``.
public struct PinnedRow: Hashable, Sendable {
    /// The index of the pinned row among the rows given.
    public let row: Int
    /// The line of the stack the row belongs on: 0 for the top-level directory, then one
    /// line per level.
    public let line: Int
    /// How many lines the row is pushed up from its ``line``: 0, or 1 for the deepest pinned
    /// row while the directory that pushes it out sits directly below the stack. Rows are one
    /// line, so a pushed row has left its line: a renderer either still draws it there or
    /// lets the list row beneath show through.
    public let offset: Int

    /// A pinned row.
    public init(row: Int, line: Int, offset: Int = 0) {
        self.row = row
        self.line = line
        self.offset = offset
    }

    /// Whether the row is being pushed out of the stack.
    public var isPushed: Bool { offset > 0 }
}

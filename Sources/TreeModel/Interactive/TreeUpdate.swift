/// What one operation changed, so that a view can update minimally. Operations that change
/// nothing a view shows return an empty update.
public struct TreeUpdate: Equatable, Sendable {
    /// The visible rows that changed, or `nil` when they are the same as before.
    public var rows: RowReplacement?
    /// The focus before and after, when it moved.
    public var focus: FocusChange?
    /// Whether the selection changed.
    public var selectionChanged: Bool

    public init(rows: RowReplacement? = nil, focus: FocusChange? = nil, selectionChanged: Bool = false) {
        self.rows = rows
        self.focus = focus
        self.selectionChanged = selectionChanged
    }

    /// Whether nothing visible changed.
    public var isEmpty: Bool { rows == nil && focus == nil && !selectionChanged }
}

/// One contiguous range of visible rows replaced by another; both start at the same row.
public struct RowReplacement: Equatable, Sendable {
    /// The replaced rows, as indices into the rows before the update.
    public let replaced: Range<Int>
    /// The rows that took their place, as indices into the rows after the update.
    public let inserted: Range<Int>

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
}

/// Where the focus was and where it is.
public struct FocusChange: Equatable, Sendable {
    /// The focused identity before.
    public let from: TreePath?
    /// The focused identity after.
    public let to: TreePath?

    public init(from: TreePath?, to: TreePath?) {
        self.from = from
        self.to = to
    }
}

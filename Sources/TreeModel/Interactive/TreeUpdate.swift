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

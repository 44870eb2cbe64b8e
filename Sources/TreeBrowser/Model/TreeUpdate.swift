import TreeModel

/// What one operation changed, so that a view can update minimally. Operations that change
/// nothing a view shows return an empty update.
public struct TreeUpdate: Equatable, Sendable {
    /// The visible rows that changed shape (identity, chain, level or openness), or `nil`
    /// when they are the same as before.
    public var rows: RowReplacement?
    /// The visible rows, as indices after the update, whose change or roll-up changed
    /// (Docs/TreeModel.md#status-and-roll-ups): a changed file and every directory above it.
    /// A view redraws them as well as ``rows``; `nil` when none did.
    public var decorations: Range<Int>?
    /// The focus before and after, when it moved.
    public var focus: FocusChange?

    /// An update; every part defaults to unchanged.
    public init(rows: RowReplacement? = nil, decorations: Range<Int>? = nil, focus: FocusChange? = nil) {
        self.rows = rows
        self.decorations = decorations
        self.focus = focus
    }

    /// Whether nothing visible changed.
    public var isEmpty: Bool { rows == nil && decorations == nil && focus == nil }
}

/// Where the focus was and where it is.
public struct FocusChange: Equatable, Sendable {
    /// The focused identity before.
    public let from: TreePath?
    /// The focused identity after.
    public let to: TreePath?

    /// A move of the focus.
    public init(from: TreePath?, to: TreePath?) {
        self.from = from
        self.to = to
    }
}

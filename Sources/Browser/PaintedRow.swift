import TreeModel

/// What ``RowPainter`` draws of one row, whoever laid it out: the model's rows, or the change
/// tree's before the model exists (``BrowserPreview``).
struct PaintedRow {
    /// The row's level: top-level rows are on level 0.
    var level: Int
    /// Whether no later sibling of the row is shown.
    var isLast: Bool
    /// For each ancestor row, whether a later sibling of it is shown.
    var guides: AncestorGuides
    /// The names the row shows, outermost first: one, or a flattened chain's.
    var segments: [[UInt8]]
    /// A file's change; `nil` for a directory.
    var change: FileChange?
    /// A directory's roll-up.
    var summary: ChangeSummary
    /// Whether a directory row is open.
    var isExpanded: Bool
}

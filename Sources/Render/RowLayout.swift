/// One line of the tree before layout: its left part and what its stats column shows.
struct RowLayout {
    /// Where the row's left part ends in ``TreeRows/text``; it starts where the previous row's ends.
    var end: Int
    /// The display width of the left part.
    var width: Int
    /// What the stats column shows.
    var stat: TreeStat
}

/// What a row shows in the stats column.
enum TreeStat: Equatable {
    /// Nothing: lines were not counted.
    case none
    /// Inserted and deleted lines; a count of 0 leaves its cell blank.
    case lines(insertions: Int, deletions: Int)
    /// A binary file.
    case binary
}

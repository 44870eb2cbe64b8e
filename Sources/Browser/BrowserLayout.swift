import TerminalUI

/// Where each part of the screen goes, for a size and whether the diff pane is open.
///
/// Row 0 is the header, the last row the footer; the rows between hold the tree. With the
/// diff pane open, the tree shares them: beside the diff on a terminal at least
/// ``sideBySideColumns`` wide (the tree on the left, a `│` divider), else above it, with a
/// divider row naming the file.
struct BrowserLayout: Equatable {
    /// A rectangle of cells.
    struct Area: Equatable {
        var row: Int
        var column: Int
        var rows: Int
        var columns: Int

        func contains(row: Int, column: Int) -> Bool {
            (self.row..<(self.row + rows)).contains(row) && (self.column..<(self.column + columns)).contains(column)
        }
    }

    /// How the diff pane is placed.
    enum Split: Equatable {
        case none
        case beside
        case below
    }

    /// From this many columns on, the diff pane goes beside the tree.
    static let sideBySideColumns = 120

    let size: TerminalSize
    let split: Split
    /// The tree's rows.
    let tree: Area
    /// The diff pane's rows (empty when closed).
    let diff: Area
    /// The divider: a column beside, or a row below.
    let divider: Area?

    init(size: TerminalSize, diffOpen: Bool) {
        self.size = size
        let body = Area(row: 1, column: 0, rows: max(size.rows - 2, 1), columns: max(size.columns, 1))
        guard diffOpen else {
            (split, tree, diff, divider) = (.none, body, Area(row: 1, column: 0, rows: 0, columns: 0), nil)
            return
        }
        if size.columns >= Self.sideBySideColumns {
            let treeColumns = max(size.columns * 2 / 5, 40)
            split = .beside
            tree = Area(row: 1, column: 0, rows: body.rows, columns: treeColumns)
            divider = Area(row: 1, column: treeColumns, rows: body.rows, columns: 1)
            diff = Area(row: 1, column: treeColumns + 1, rows: body.rows, columns: size.columns - treeColumns - 1)
        } else {
            let treeRows = max(body.rows * 2 / 5, min(3, body.rows))
            split = .below
            tree = Area(row: 1, column: 0, rows: treeRows, columns: body.columns)
            divider = Area(row: 1 + treeRows, column: 0, rows: 1, columns: body.columns)
            diff = Area(row: 2 + treeRows, column: 0, rows: max(body.rows - treeRows - 1, 0), columns: body.columns)
        }
    }

    /// The footer's row.
    var footerRow: Int { max(size.rows - 1, 1) }
}

import TerminalUI
import TreeBrowser

/// The mouse: the wheel scrolls what is under it; a click on a row focuses it and toggles it
/// (a directory opens or closes, a file's diff opens); a click on a pinned directory jumps
/// to it.
extension Browser {
    /// How many lines one turn of the wheel scrolls.
    static let wheelLines = 3

    mutating func handle(_ mouse: MouseEvent) {
        if mode == .help {
            if case .press = mouse.action { mode = .browsing }
            return
        }
        let layout = layout
        switch mouse.action {
        case .scroll(let direction):
            let delta = direction == .up ? -Self.wheelLines : direction == .down ? Self.wheelLines : 0
            if diff != nil && layout.diff.contains(row: mouse.row, column: mouse.column) {
                scrollDiff(by: delta)
            } else {
                scrollTree(by: delta)
            }
        case .press(.left) where layout.tree.contains(row: mouse.row, column: mouse.column):
            click(line: mouse.row - layout.tree.row)
        default:
            break
        }
    }

    /// A click on line `line` of the tree.
    private mutating func click(line: Int) {
        let pinned = pinnedRows
        if line < pinned.count {
            let identity = model.identity(row: pinned[line])
            move { $0.focus(nearestTo: identity) }
            return
        }
        let index = top + line
        guard index < model.rowCount else { return }
        let identity = model.identity(row: index)
        model.focus(nearestTo: identity)
        if model.isDirectory(row: index) {
            move { $0.toggle(identity) }
        } else {
            openDiff(forRow: index)
        }
    }
}

import TerminalUI
import TreeModel

/// The diff pane: one file's diff lines, made for a width, and how far they are scrolled.
struct DiffPane {
    /// The file shown.
    let path: TreePath
    /// Its change.
    let change: FileChange
    /// The lines, or one line saying why there are none.
    var lines: [Line]
    /// The width the lines were made for.
    var width: Int
    /// The first line shown.
    var scroll = 0

    /// Scrolls by `delta` lines, within the lines for a pane `height` lines tall.
    mutating func scroll(by delta: Int, height: Int) {
        scroll = min(max(scroll + delta, 0), max(lines.count - height, 0))
    }

    /// The pane's diff, from `source`, for `change` at `width` columns; an error's
    /// description in its place.
    static func load(_ change: FileChange, path: TreePath, width: Int, from source: any DiffSource) -> DiffPane {
        let lines: [Line]
        do {
            lines = try source.lines(for: change, width: width)
        } catch {
            lines = [Line(ascii: "no diff: \(error)")]
        }
        return DiffPane(path: path, change: change, lines: lines, width: width)
    }
}

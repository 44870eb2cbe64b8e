import TerminalUI
import TreeModel

/// The diff pane: one file's diff lines, made for a width, the new side's id they show, and
/// how far they are scrolled.
struct DiffPane {
    /// The file shown.
    let path: TreePath
    /// Its change, as it was when the lines were read.
    let change: FileChange
    /// The lines, or one line saying why there are none.
    var lines: [Line]
    /// The id of the new side's content the lines show (``DiffText/newObject``).
    var newObject: ObjectHash?
    /// The width the lines were made for.
    var width: Int
    /// The first line shown.
    var scroll = 0

    /// Scrolls by `delta` lines, within the lines for a pane `height` lines tall.
    mutating func scroll(by delta: Int, height: Int) {
        scroll = min(max(scroll + delta, 0), max(lines.count - height, 0))
    }

    /// The pane's diff, from `source`, for `change` at `width` columns (read again, unless
    /// `reusingLast`); an error's description in its place.
    static func load(_ change: FileChange, path: TreePath, width: Int, from source: any DiffSource,
                     reusingLast: Bool = false) -> DiffPane {
        do {
            let text = try source.text(for: change, width: width, reusingLast: reusingLast)
            return DiffPane(path: path, change: change, lines: text.lines, newObject: text.newObject, width: width)
        } catch {
            return DiffPane(path: path, change: change, lines: [Line(ascii: "no diff: \(error)")], width: width)
        }
    }

    /// Whether the file changed since the lines were read: its change is not `current`
    /// (whatever their view states, and whatever counts it took since when it had none
    /// yet), or its new side's id, when both are known, is not `currentObject` (the same
    /// line counts can hold other content).
    func isStale(current: FileChange?, currentObject: ObjectHash?) -> Bool {
        guard var current else { return true }
        current.viewState = change.viewState
        if change.binary == nil { (current.insertions, current.deletions, current.binary) = (nil, nil, nil) }
        guard current == change else { return true }
        guard let newObject, let currentObject else { return false }
        return newObject != currentObject
    }
}

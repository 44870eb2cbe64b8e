import TerminalUI
import TreeModel

/// Where the browser's diff pane gets its text: the patch of one changed file, as terminal
/// lines ready to draw (escaped, colored as `color.diff.*` says, or piped through
/// `interactive.diffFilter`).
///
/// The browser asks for a file's lines when the pane shows it, and again when the pane's
/// width changes; it scrolls and clips them itself. A line wider than `width` is clipped at
/// the pane's edge, so a source may wrap long lines itself or leave them long.
public protocol DiffSource {
    /// The diff of `change`, one ``Line`` per terminal row, for a pane `width` columns wide.
    /// - Throws: any error; the pane shows its description in place of the diff.
    func lines(for change: FileChange, width: Int) throws -> [Line]

    /// The diff of every change of `changes`, as bytes for a pager (`o`): by default the
    /// lines of each file, one after another, each followed by a newline.
    func pagerText(for changes: [FileChange], width: Int) throws -> [UInt8]
}

extension DiffSource {
    /// The lines of each change in turn, each line ended by a newline.
    public func pagerText(for changes: [FileChange], width: Int) throws -> [UInt8] {
        var text: [UInt8] = []
        for change in changes {
            for line in try lines(for: change, width: width) {
                text += line.bytes
                text.append(UInt8(ascii: "\n"))
            }
        }
        return text
    }
}

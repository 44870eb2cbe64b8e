import Render
import TerminalUI
import TreeModel

/// Where the browser's diff pane gets its text: the patch of one changed file, as terminal
/// lines ready to draw (escaped, colored as `color.diff.*` says, or piped through
/// `interactive.diffFilter`), and the new side's id it was made from.
///
/// The browser asks for a file's text when the pane shows it, again when the file changed
/// (by that id, or its change) and at Ctrl-L, and laid out again when the pane's width
/// changes; it scrolls and clips the lines itself. A line wider than `width` is clipped at
/// the pane's edge, so a source may wrap long lines itself or leave them long.
public protocol DiffSource {
    /// The diff of `change`, one ``Line`` per terminal row, for a pane `width` columns wide,
    /// read now; with `reusingLast` (a new width), the source may lay out again what it read
    /// last for the same change instead.
    /// - Throws: any error; the pane shows its description in place of the diff.
    func text(for change: FileChange, width: Int, reusingLast: Bool) throws -> DiffText

    /// The diff of every change of `changes`, as bytes for a pager (`o`): by default the
    /// lines of each file, one after another, each followed by a newline.
    func pagerText(for changes: [FileChange], width: Int) throws -> [UInt8]
}

/// One file's diff as the pane shows it: its lines, and the id of the new side's content
/// they show (``PatchText/newObject``), by which `v` knows it marks what the reviewer saw.
public struct DiffText: Sendable {
    /// The lines, one per terminal row.
    public var lines: [Line]
    /// The new side's id the lines were made from; `nil` when unknown or there is none.
    public var newObject: ObjectHash?

    /// The text of `lines`, made from the new side `newObject`.
    public init(lines: [Line], newObject: ObjectHash? = nil) {
        self.lines = lines
        self.newObject = newObject
    }
}

extension DiffSource {
    /// The lines of each change in turn, each line ended by a newline.
    public func pagerText(for changes: [FileChange], width: Int) throws -> [UInt8] {
        var text: [UInt8] = []
        for change in changes {
            for line in try self.text(for: change, width: width, reusingLast: false).lines {
                text += line.bytes
                text.append(UInt8(ascii: "\n"))
            }
        }
        return text
    }
}

/// A diff source that has no diff to show: one line, `diff of <path>`, for every file.
/// The browser uses it where no repository can give patches (a change list from `--stdin`)
/// and in tests.
public struct PlaceholderDiffSource: DiffSource {
    /// A placeholder source.
    public init() {}

    /// `diff of <path>`, the path escaped, clipped to `width`; no id.
    public func text(for change: FileChange, width: Int, reusingLast: Bool) throws -> DiffText {
        var bytes = Array("diff of ".utf8)
        let pathWidth = TerminalText.append(change.path.bytes, to: &bytes)
        return DiffText(lines: [LineFitting.fitted(Line(bytes: bytes, width: 8 + pathWidth), to: width)])
    }
}

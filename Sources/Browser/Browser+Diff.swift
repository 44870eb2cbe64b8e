import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// The diff pane: a file's diff beside the tree (below it on a narrow terminal), following
/// the focus from file to file while open.
extension Browser {
    mutating func openDiff(forRow index: Int) {
        let row = model.row(at: index)
        guard let change = row.change else { return }
        let width = BrowserLayout(size: size, diffOpen: true).diff.columns
        diff = DiffPane.load(change, path: row.identity, width: width, from: configuration.diffSource)
        clampScroll()
        scrollToFocus()
    }

    mutating func closeDiff() {
        diff = nil
        clampScroll()
        scrollToFocus()
    }

    /// With the pane open, shows the diff of the focused file when the focus moved to another.
    mutating func followFocusWithDiff() {
        guard let pane = diff, let index = focusedRow else { return }
        let identity = model.identity(row: index)
        guard identity != pane.path, !model.isDirectory(row: index) else { return }
        openDiff(forRow: index)
    }

    /// Makes the lines again when the pane's width changed.
    mutating func reloadDiffForWidth() {
        guard let pane = diff else { return }
        let width = layout.diff.columns
        guard width != pane.width else { return }
        var fresh = DiffPane.load(pane.change, path: pane.path, width: width, from: configuration.diffSource)
        fresh.scroll = pane.scroll
        fresh.scroll(by: 0, height: layout.diff.rows)
        diff = fresh
    }

    mutating func scrollDiff(by delta: Int) {
        let height = layout.diff.rows
        diff?.scroll(by: delta, height: height)
    }

    /// `]`, `[`: focuses the next or previous file in tree order, opening directories on the
    /// way; the diff pane, when open, follows.
    mutating func goToFile(forward: Bool) {
        guard let start = model.focus ?? (model.rowCount > 0 ? model.identity(row: 0) : nil) else { return }
        guard let file = forward ? nextFile(after: start) : previousFile(before: start) else {
            message = forward ? "no file after this one" : "no file before this one"
            return
        }
        model.reveal(file)
        clampScroll()
        scrollToFocus()
        followFocusWithDiff()
    }

    /// The first file after `path` in tree order (below it first, when a directory).
    func nextFile(after path: TreePath) -> TreePath? {
        if path.isDirectory, let first = firstFile(in: path) { return first }
        var current = path
        while true {
            let parent = model.parent(of: current)
            let siblings = model.children(of: parent)
            guard let position = siblings.firstIndex(of: current) else { return nil }
            for sibling in siblings[(position + 1)...] {
                if !sibling.isDirectory { return sibling }
                if let file = firstFile(in: sibling) { return file }
            }
            guard let parent else { return nil }
            current = parent
        }
    }

    /// The last file before `path` in tree order.
    func previousFile(before path: TreePath) -> TreePath? {
        var current = path
        while true {
            let parent = model.parent(of: current)
            let siblings = model.children(of: parent)
            guard let position = siblings.firstIndex(of: current) else { return nil }
            for sibling in siblings[..<position].reversed() {
                if !sibling.isDirectory { return sibling }
                if let file = lastFile(in: sibling) { return file }
            }
            guard let parent else { return nil }
            current = parent
        }
    }

    private func firstFile(in directory: TreePath) -> TreePath? {
        for child in model.children(of: directory) {
            if !child.isDirectory { return child }
            if let file = firstFile(in: child) { return file }
        }
        return nil
    }

    private func lastFile(in directory: TreePath) -> TreePath? {
        for child in model.children(of: directory).reversed() {
            if !child.isDirectory { return child }
            if let file = lastFile(in: child) { return file }
        }
        return nil
    }

    /// `o`: the diff of the focused file (or of every file below the focused directory) for
    /// the pager.
    mutating func pageFocused() -> BrowserEffect {
        guard let index = focusedRow else { return .none }
        let changes = changes(below: model.row(at: index))
        do {
            let text = try configuration.diffSource.pagerText(for: changes, width: size.columns)
            guard !text.isEmpty else {
                message = "no diff to page"
                return .none
            }
            return .page(text)
        } catch {
            message = "no diff: \(error)"
            return .none
        }
    }
}

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

/// A diff source that has no diff to show: one line, `diff of <path>`, for every file.
/// The browser uses it where no repository can give patches (a change list from `--stdin`)
/// and in tests.
public struct PlaceholderDiffSource: DiffSource {
    /// A placeholder source.
    public init() {}

    /// `diff of <path>`, the path escaped, clipped to `width`.
    public func lines(for change: FileChange, width: Int) throws -> [Line] {
        var bytes = Array("diff of ".utf8)
        let pathWidth = TerminalText.append(change.path.bytes, to: &bytes)
        return [LineFitting.fitted(Line(bytes: bytes, width: 8 + pathWidth), to: width)]
    }
}

/// Fits lines of escaped, styled text to a width: clipping at a column and padding to one.
/// Escape sequences (styles) take no columns and are kept whole; every other character
/// takes the columns ``TerminalText`` says.
public enum LineFitting {
    /// `line` cut to at most `width` columns (a wide character that would cross the edge is
    /// left out), with attributes reset after a cut.
    public static func fitted(_ line: Line, to width: Int) -> Line {
        guard line.width > width else { return line }
        let limit = max(width, 0)
        let bytes = line.bytes
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var used = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                let end = sequenceEnd(bytes, from: index)
                kept += bytes[index..<end]
                index = end
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            let columns = TerminalText.width(of: scalar)
            if used + columns > limit { break }
            kept += bytes[index..<(index + length)]
            used += columns
            index += length
        }
        kept += [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")]
        return Line(bytes: kept, width: used)
    }

    /// The columns `bytes` take: escape sequences none, every character as
    /// ``TerminalText`` says.
    public static func width(of bytes: some Collection<UInt8>) -> Int {
        let bytes = Array(bytes)
        var used = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B {
                index = sequenceEnd(bytes, from: index)
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            used += TerminalText.width(of: scalar)
            index += length
        }
        return used
    }

    /// `line` fitted to exactly `width` columns: cut, or padded with spaces.
    public static func exactly(_ line: Line, width: Int) -> Line {
        var result = fitted(line, to: width)
        result.pad(to: width)
        return result
    }

    /// The end of the escape sequence starting at `start`: a CSI sequence runs to its final
    /// byte (0x40–0x7E); any other escape is two bytes.
    private static func sequenceEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        guard index < bytes.count else { return index }
        guard bytes[index] == UInt8(ascii: "[") else { return index + 1 }
        index += 1
        while index < bytes.count && !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The scalar at `index` and its length in bytes; a malformed byte reads as U+FFFD.
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}

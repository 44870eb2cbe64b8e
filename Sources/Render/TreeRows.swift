import TreeModel

/// The rows of the tree, built in one depth-first walk over a ``TreeView``: guides, status
/// letter, escaped names (and color codes) for each row's left part, all in one byte buffer.
struct TreeRows {
    /// The left parts of all rows, one after another.
    private(set) var text: [UInt8] = []
    /// The rows, in display order.
    private(set) var rows: [TreeRow] = []

    private let report: Report
    private let color: Bool
    private let glyphs: Glyphs
    private let budget: Int?
    private let icons: IconDrawing
    private let iconResolver: IconResolver
    private var name: [UInt8] = []
    private var suffix: [UInt8] = []

    private struct Frame {
        var rows: [ProjectedNode]
        var next = 0
        /// The guide prefix length to return to once these rows are done.
        var restore: Int
    }

    /// Lays out every row; with a `budget`, names are shortened in the middle so that no
    /// row's left part is wider than `budget` columns.
    init(report: Report, options: RenderOptions, budget: Int? = nil) {
        self.report = report
        self.color = options.color
        self.glyphs = Glyphs(options.charset)
        self.budget = budget
        self.icons = options.icons
        self.iconResolver = options.iconResolver
        let view = report.view
        let nodes = view.changeTree.tree.nodes
        let changes = view.changeTree.changes
        rows.reserveCapacity(nodes.count)
        text.reserveCapacity(nodes.count * 24)
        var guides: [UInt8] = []
        var stack = [Frame(rows: view.topLevel, restore: 0)]
        while let top = stack.indices.last {
            let next = stack[top].next
            let count = stack[top].rows.count
            guard next < count else {
                guides.removeSubrange(stack[top].restore...)
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            let row = stack[top].rows[next]
            let isLast = next + 1 == count
            var width = 0
            if top > 0 {
                text.append(contentsOf: guides)
                text.append(contentsOf: isLast ? glyphs.lastBranch : glyphs.branch)
                width = 4 * top
            }
            let stat: TreeStat
            if let entry = nodes[row.node].entry {
                width += appendFile(changes[entry], name: nodes[row.node].name, prefixWidth: width, isMatch: view.isMatch(row))
                stat = fileStat(changes[entry])
            } else {
                let summary = view.summaries[row.node]
                let expanded = view.isExpanded(row)
                width += appendDirectory(row, summary: summary, expanded: expanded, prefixWidth: width)
                stat = directoryStat(summary)
                if expanded {
                    let restore = guides.count
                    if top > 0 { guides.append(contentsOf: isLast ? glyphs.blank : glyphs.pipe) }
                    stack.append(Frame(rows: view.children(of: row.node), restore: restore))
                }
            }
            rows.append(TreeRow(end: text.count, width: width, stat: stat))
        }
    }

    private mutating func appendDirectory(_ row: ProjectedNode, summary: ChangeSummary, expanded: Bool, prefixWidth: Int) -> Int {
        let nodes = report.view.changeTree.tree.nodes
        name.removeAll(keepingCapacity: true)
        var nameWidth = 0
        for node in report.view.projection.chain(of: row) {
            nameWidth += TerminalText.append(nodes[node].name, to: &name) + 1
            name.append(UInt8(ascii: "/"))
        }
        suffix.removeAll(keepingCapacity: true)
        let suffixWidth = expanded ? 0 : appendCollapsedSummary(summary, to: &suffix)
        let iconWidth = icons == .none ? 0 : icons.append(iconResolver.resolveDirectory(expanded: expanded), color: color, to: &text)
        let style = report.view.isMatch(row) && color ? Style.match : Style.directory(summary)
        return iconWidth + appendName(style: style, nameWidth: nameWidth, suffixWidth: suffixWidth, prefixWidth: prefixWidth + iconWidth)
    }


    /// ` (12 files: 4 A, 7 M, 1 D)` after a collapsed directory.
    private func appendCollapsedSummary(_ summary: ChangeSummary, to output: inout [UInt8]) -> Int {
        let start = output.count
        output.append(" (")
        output.append(decimal: summary.files)
        output.append(summary.files == 1 ? " file" : " files")
        var separator: StaticString = ": "
        for status in ChangeStatus.allCases where summary.count(status) > 0 {
            output.append(separator)
            output.append(decimal: summary.count(status))
            output.append(" ")
            output.append(status.letter.asciiValue ?? UInt8(ascii: "?"))
            separator = ", "
        }
        output.append(")")
        return output.count - start
    }

    private mutating func appendFile(_ change: FileChange, name fileName: [UInt8], prefixWidth: Int, isMatch: Bool) -> Int {
        var width = 0
        if let status = change.status {
            Style.status(status).open(&text, enabled: color)
            text.append(status.letter.asciiValue ?? UInt8(ascii: "?"))
            Style.close(&text, enabled: color)
            text.append("  ")
            width += 3
        }
        if icons != .none {
            width += icons.append(iconResolver.resolveFile(named: fileName), color: color, to: &text)
        }
        name.removeAll(keepingCapacity: true)
        let nameWidth = TerminalText.append(fileName, to: &name)
        var suffixWidth = appendOrigin(of: change, shortened: false)
        if let budget, prefixWidth + width + nameWidth + suffixWidth > budget {
            suffixWidth = appendOrigin(of: change, shortened: true)
        }
        suffixWidth += appendModeChange(of: change)
        let style: Style? = isMatch && color ? .match : nil
        return width + appendName(style: style, nameWidth: nameWidth, suffixWidth: suffixWidth, prefixWidth: prefixWidth + width)
    }

    /// Replaces `suffix` with ` ← origin (NN%)`: the old basename when the old and new
    /// directories are the same (or when `shortened`, as `…/basename`), else the old path.
    private mutating func appendOrigin(of change: FileChange, shortened: Bool) -> Int {
        suffix.removeAll(keepingCapacity: true)
        guard let oldPath = change.oldPath else { return 0 }
        suffix.append(contentsOf: glyphs.arrow)
        var width = glyphs.arrowWidth
        if oldPath.parent == change.path.parent {
            width += TerminalText.append(oldPath.basename, to: &suffix)
        } else if shortened {
            suffix.append(contentsOf: glyphs.ellipsis)
            suffix.append(UInt8(ascii: "/"))
            width += glyphs.ellipsisWidth + 1 + TerminalText.append(oldPath.basename, to: &suffix)
        } else {
            width += TerminalText.append(oldPath.bytes, to: &suffix)
        }
        if let similarity = change.similarity {
            suffix.append(" (")
            suffix.append(decimal: similarity)
            suffix.append("%)")
            width += 4 + decimalDigits(similarity)
        }
        return width
    }

    /// Appends ` (mode 100644 → 100755)` or ` (file → symlink)` to `suffix` when the mode changed.
    private mutating func appendModeChange(of change: FileChange) -> Int {
        guard let old = change.oldMode, let new = change.newMode, old != new else { return 0 }
        let start = suffix.count
        suffix.append(" (")
        if change.status == .typeChanged {
            suffix.append(contentsOf: Self.kind(of: old).utf8)
            suffix.append(contentsOf: glyphs.rightArrow)
            suffix.append(contentsOf: Self.kind(of: new).utf8)
        } else {
            suffix.append("mode ")
            suffix.append(contentsOf: old.description.utf8)
            suffix.append(contentsOf: glyphs.rightArrow)
            suffix.append(contentsOf: new.description.utf8)
        }
        suffix.append(")")
        return suffix.count - start - (glyphs.rightArrow.count - glyphs.rightArrowWidth)
    }

    private static func kind(of mode: FileMode) -> String {
        switch mode {
        case .symlink: "symlink"
        case .submodule: "submodule"
        case .executable: "executable"
        default: "file"
        }
    }

    /// Appends `name`, then `suffix` (dimmed). When the row would pass the budget, the name
    /// and then the suffix are shortened in the middle: the name keeps at least half the room.
    private mutating func appendName(style: Style?, nameWidth: Int, suffixWidth: Int, prefixWidth: Int) -> Int {
        var nameWidth = nameWidth
        var suffixWidth = suffixWidth
        if let budget, prefixWidth + nameWidth + suffixWidth > budget {
            let room = max(budget - prefixWidth, 2 * (glyphs.ellipsisWidth + 2))
            let nameShare = min(nameWidth, max(room - suffixWidth, room / 2))
            if nameShare < nameWidth { (name, nameWidth) = shortened(name, to: nameShare) }
            if nameWidth + suffixWidth > room { (suffix, suffixWidth) = shortened(suffix, to: room - nameWidth) }
        }
        if let style { style.open(&text, enabled: color) }
        text.append(contentsOf: name)
        if style != nil { Style.close(&text, enabled: color) }
        if !suffix.isEmpty {
            Style.origin.open(&text, enabled: color)
            text.append(contentsOf: suffix)
            Style.close(&text, enabled: color)
        }
        return nameWidth + suffixWidth
    }

    private func shortened(_ text: [UInt8], to width: Int) -> ([UInt8], Int) {
        let result = TerminalText.middleTruncated(text, toWidth: max(width, glyphs.ellipsisWidth + 2),
                                                  ellipsis: glyphs.ellipsis, ellipsisWidth: glyphs.ellipsisWidth)
        return (result.text, result.width)
    }

    private func fileStat(_ change: FileChange) -> TreeStat {
        guard report.linesCounted else { return .none }
        if change.binary == true { return .binary }
        guard change.insertions != nil || change.deletions != nil else { return .none }
        return .lines(insertions: change.insertions ?? 0, deletions: change.deletions ?? 0)
    }

    private func directoryStat(_ summary: ChangeSummary) -> TreeStat {
        guard report.linesCounted, let insertions = summary.insertions, let deletions = summary.deletions else {
            return .none
        }
        return .lines(insertions: insertions, deletions: deletions)
    }
}

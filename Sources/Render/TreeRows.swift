import TreeModel

/// The rows of the tree, built in one depth-first walk over a ``TreeView``: guides, status
/// letter, escaped names (and color codes) for each row's left part, all in one byte buffer.
struct TreeRows {
    /// The left parts of all rows, one after another (each followed by a newline when
    /// ``lineBreaks``).
    private(set) var text: [UInt8] = []
    /// The rows, in display order (none are recorded when ``lineBreaks``).
    private(set) var rows: [RowLayout] = []

    private let report: Report
    private let view: TreeView
    private let tree: FileTree
    private let changes: ChangeTree
    /// The changes as given, or nothing for a path list (whose files carry no status).
    private let changeList: [FileChange]
    private let statusless: Bool
    private let color: Bool
    private let glyphs: Glyphs
    private let budget: Int?
    private let icons: IconDrawing
    private let iconResolver: IconResolver
    private let lineBreaks: Bool
    /// Whether directory-only chains are one row.
    private let flatten: Bool
    /// Whether some rows are left out (search in `hide` mode).
    private let filters: Bool
    /// Whether there is a search whose matches are marked.
    private let searches: Bool
    private var name: [UInt8] = []
    private var suffix: [UInt8] = []

    /// The open rows being walked: the children of `node`, from position `next` on.
    private struct Frame {
        /// Where the children start in the tree's child list.
        var start: Int
        var count: Int
        /// The position of the next child shown (`count` when none is left).
        var next: Int
        /// The guide prefix length to return to once these rows are done.
        var restore: Int
    }

    /// Lays out every row; with a `budget`, names are shortened in the middle so that no
    /// row's left part is wider than `budget` columns.
    init(report: Report, options: RenderOptions, budget: Int? = nil) {
        self.init(report: report, options: options, budget: budget, lineBreaks: false)
        walk()
    }

    private init(report: Report, options: RenderOptions, budget: Int?, lineBreaks: Bool) {
        self.report = report
        self.view = report.view
        self.tree = report.view.changeTree.tree
        self.changes = report.view.changeTree
        switch report.view.changeTree.source {
        case .changes(let changes): (changeList, statusless) = (changes, false)
        case .paths: (changeList, statusless) = ([], true)
        }
        self.color = options.color
        self.glyphs = Glyphs(options.charset)
        self.budget = budget
        self.icons = options.icons
        self.iconResolver = options.iconResolver
        self.lineBreaks = lineBreaks
        self.flatten = report.view.projection.flatten
        self.filters = report.view.filtersRows
        self.searches = report.view.search != nil
    }

    /// Appends every row's left part and a newline to `output`, without recording rows:
    /// for output that has no stats column and is never shortened.
    static func appendLines(report: Report, options: RenderOptions, to output: inout [UInt8]) {
        var rows = TreeRows(report: report, options: options, budget: nil, lineBreaks: true)
        swap(&rows.text, &output)
        rows.walk()
        swap(&rows.text, &output)
    }

    private mutating func walk() {
        let slots = tree.slots
        let list = tree.childList
        let names = tree.names
        if !lineBreaks {
            rows.reserveCapacity(slots.count)
            text.reserveCapacity(text.count + slots.count * 24)
        }
        var guides: [UInt8] = []
        // The guides followed by each branch glyph, remade whenever the guides change.
        let glyphs = self.glyphs
        var branchPrefix: [UInt8] = glyphs.branch
        var lastBranchPrefix: [UInt8] = glyphs.lastBranch
        func remakePrefixes() {
            branchPrefix.removeAll(keepingCapacity: true)
            branchPrefix.append(contentsOf: guides)
            branchPrefix.append(contentsOf: glyphs.branch)
            lastBranchPrefix.removeAll(keepingCapacity: true)
            lastBranchPrefix.append(contentsOf: guides)
            lastBranchPrefix.append(contentsOf: glyphs.lastBranch)
        }
        let root = slots[FileTree.root]
        var stack = [Frame(start: Int(root.childStart), count: Int(root.childCount), next: 0, restore: 0)]
        stack[0].next = nextShown(list, start: stack[0].start, count: stack[0].count, from: 0)
        while let top = stack.indices.last {
            let frame = stack[top]
            guard frame.next < frame.count else {
                if guides.count != frame.restore {
                    guides.removeSubrange(frame.restore...)
                    remakePrefixes()
                }
                stack.removeLast()
                continue
            }
            let following = nextShown(list, start: frame.start, count: frame.count, from: frame.next + 1)
            stack[top].next = following
            let row = rowStartingAt(Int(list[frame.start + frame.next]), slots, list)
            let isLast = following == frame.count
            var width = 0
            if top > 0 {
                if isLast {
                    lastBranchPrefix.withUnsafeBufferPointer { text.append(contentsOf: $0) }
                } else {
                    branchPrefix.withUnsafeBufferPointer { text.append(contentsOf: $0) }
                }
                width = 4 * top
            }
            let stat: TreeStat
            let slot = slots[row.node]
            if slot.entry >= 0 {
                let entry = Int(slot.entry)
                let nameRange = slot.nameRange
                width += names.withUnsafeBufferPointer { names in
                    appendFile(entry, name: UnsafeBufferPointer(rebasing: names[nameRange]), prefixWidth: width,
                               isMatch: searches && view.isMatch(node: row.node))
                }
                stat = lineBreaks ? .none : fileStat(entry)
            } else {
                let summary = view.summaries[row.node]
                let expanded = view.isExpanded(node: row.node)
                width += appendDirectory(row, summary: summary, expanded: expanded, prefixWidth: width)
                stat = lineBreaks ? .none : directoryStat(summary)
                if expanded {
                    let restore = guides.count
                    if top > 0 {
                        guides.append(contentsOf: isLast ? glyphs.blank : glyphs.pipe)
                        remakePrefixes()
                    }
                    let start = Int(slot.childStart), count = Int(slot.childCount)
                    stack.append(Frame(start: start, count: count, next: nextShown(list, start: start, count: count, from: 0),
                                       restore: restore))
                }
            }
            if lineBreaks {
                text.append(UInt8(ascii: "\n"))
            } else {
                rows.append(RowLayout(end: text.count, width: width, stat: stat))
            }
        }
    }

    /// The row that starts at `node` (as ``TreeProjection/row(startingAt:)``).
    @inline(__always)
    private func rowStartingAt(_ node: Int, _ slots: [FileTree.Slot], _ list: [Int32]) -> ProjectedNode {
        guard flatten, slots[node].isDirectory else { return ProjectedNode(first: node, node: node) }
        return view.projection.row(startingAt: node)
    }

    /// The first position at or after `position` among the children in `list[start..<start+count]`
    /// whose row is shown, or `count`.
    private func nextShown(_ list: [Int32], start: Int, count: Int, from position: Int) -> Int {
        guard filters else { return position }
        var position = position
        while position < count, !view.shows(view.projection.row(startingAt: Int(list[start + position])).node) {
            position += 1
        }
        return position
    }

    private mutating func appendDirectory(_ row: ProjectedNode, summary: ChangeSummary, expanded: Bool, prefixWidth: Int) -> Int {
        name.removeAll(keepingCapacity: true)
        var nameWidth = 0
        var node = row.first
        while true {
            nameWidth += TerminalText.append(tree.name(of: node), to: &name) + 1
            name.append(UInt8(ascii: "/"))
            if node == row.node { break }
            node = view.projection.next(inChain: node)
        }
        suffix.removeAll(keepingCapacity: true)
        let suffixWidth = expanded ? 0 : appendCollapsedSummary(summary, to: &suffix)
        let iconWidth = icons == .none ? 0 : icons.append(iconResolver.resolveDirectory(expanded: expanded), color: color, to: &text)
        let style = view.isMatch(node: row.node) && color ? Style.match : Style.directory(summary)
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

    private mutating func appendFile(_ entry: Int, name fileName: UnsafeBufferPointer<UInt8>, prefixWidth: Int, isMatch: Bool) -> Int {
        var width = 0
        if !statusless, let status = changeList[entry].status {
            Style.status(status).open(&text, enabled: color)
            text.append(status.letter.asciiValue ?? UInt8(ascii: "?"))
            Style.close(&text, enabled: color)
            text.append("  ")
            width += 3
        }
        if icons != .none {
            width += icons.append(iconResolver.resolveFile(named: fileName), color: color, to: &text)
        }
        let style: Style? = isMatch && color ? .match : nil
        if style == nil && budget == nil
            && (statusless || (changeList[entry].oldPath == nil && changeList[entry].oldMode == nil && changeList[entry].newMode == nil)) {
            // Nothing to shorten, style or add: the escaped name goes straight into the text.
            return width + TerminalText.append(fileName, to: &text)
        }
        let change = changes.change(ofEntry: entry)
        name.removeAll(keepingCapacity: true)
        let nameWidth = TerminalText.append(fileName, to: &name)
        var suffixWidth = appendOrigin(of: change, shortened: false)
        if let budget, prefixWidth + width + nameWidth + suffixWidth > budget {
            suffixWidth = appendOrigin(of: change, shortened: true)
        }
        suffixWidth += appendModeChange(of: change)
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

    private func fileStat(_ entry: Int) -> TreeStat {
        guard report.linesCounted else { return .none }
        let (binary, insertions, deletions) = changes.lines(ofEntry: entry)
        if binary == true { return .binary }
        guard insertions != nil || deletions != nil else { return .none }
        return .lines(insertions: insertions ?? 0, deletions: deletions ?? 0)
    }

    private func directoryStat(_ summary: ChangeSummary) -> TreeStat {
        guard report.linesCounted, let insertions = summary.insertions, let deletions = summary.deletions else {
            return .none
        }
        return .lines(insertions: insertions, deletions: deletions)
    }
}

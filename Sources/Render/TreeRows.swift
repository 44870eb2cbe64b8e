import TreeModel

/// The rows of the tree, built in one depth-first walk: guides, status letter, escaped
/// names (and color codes) for each row's left part, all in one byte buffer.
struct TreeRows {
    /// The left parts of all rows, one after another.
    private(set) var text: [UInt8] = []
    /// The rows, in display order.
    private(set) var rows: [TreeRow] = []

    private let report: Report
    private let color: Bool

    private struct Frame {
        var rows: [ProjectedNode]
        var next = 0
        /// The guide prefix length to return to once these rows are done.
        var restore: Int
    }

    init(report: Report, options: RenderOptions) {
        self.report = report
        self.color = options.color
        let fileTree = report.tree.tree
        let projection = TreeProjection(tree: fileTree, flatten: options.flatten)
        rows.reserveCapacity(fileTree.nodes.count)
        text.reserveCapacity(fileTree.nodes.count * 32)
        var guides: [UInt8] = []
        var stack = [Frame(rows: projection.topLevel, restore: 0)]
        while let top = stack.indices.last {
            let frame = stack[top]
            guard frame.next < frame.rows.count else {
                guides.removeSubrange(frame.restore...)
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            let row = frame.rows[frame.next]
            let isLast = frame.next + 1 == frame.rows.count
            var width = 0
            if top > 0 {
                text.append(contentsOf: guides)
                text.append(isLast ? "└── " : "├── ")
                width = 4 * top
            }
            let stat: TreeStat
            if let change = report.tree.change(at: row.node) {
                width += appendFile(change, name: fileTree.nodes[row.node].name)
                stat = fileStat(change)
            } else {
                let summary = report.tree.summaries[row.node]
                width += appendDirectory(row.chain, summary: summary)
                stat = directoryStat(summary)
                let restore = guides.count
                if top > 0 { guides.append(isLast ? "    " : "│   ") }
                stack.append(Frame(rows: projection.children(of: row.node), restore: restore))
            }
            rows.append(TreeRow(end: text.count, width: width, stat: stat))
        }
    }

    private mutating func appendDirectory(_ chain: [Int], summary: ChangeSummary) -> Int {
        let nodes = report.tree.tree.nodes
        Style.directory(summary).open(&text, enabled: color)
        var width = 0
        for node in chain {
            width += TerminalText.append(nodes[node].name, to: &text) + 1
            text.append(UInt8(ascii: "/"))
        }
        Style.close(&text, enabled: color)
        return width
    }

    private mutating func appendFile(_ change: FileChange, name: [UInt8]) -> Int {
        var width = 0
        if let status = change.status {
            Style.status(status).open(&text, enabled: color)
            text.append(status.letter.asciiValue ?? UInt8(ascii: "?"))
            Style.close(&text, enabled: color)
            text.append("  ")
            width += 3
        }
        width += TerminalText.append(name, to: &text)
        if let oldPath = change.oldPath {
            Style.origin.open(&text, enabled: color)
            text.append(" ← ")
            width += 3
            let sameDirectory = oldPath.parent == change.path.parent
            width += TerminalText.append(sameDirectory ? oldPath.basename : oldPath.bytes[...], to: &text)
            if let similarity = change.similarity {
                text.append(" (")
                text.append(decimal: similarity)
                text.append("%)")
                width += 4 + decimalDigits(similarity)
            }
            Style.close(&text, enabled: color)
        }
        return width
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

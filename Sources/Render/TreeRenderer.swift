import TreeModel

/// The default, human format: a header line, then the changed files as a directory tree
/// with status letters, rename origins and right-aligned `+I −D` columns.
///
///     main...feature · 3 files changed, +214 −19 (1 added, 1 modified, 1 renamed)
///     Sources/App/                     +214 −2
///     ├── A  Tree.swift                +210
///     └── R  Path.swift ← Old.swift (96%)  +4  −2
///     M  README.md                           −17
///
/// Every name is escaped with ``TerminalText``; alignment uses display widths. Collapsed
/// directories (`--depth`) show their roll-up; with a terminal width, long names are
/// shortened in the middle to fit. Colors appear only with ``RenderOptions/color``.
public struct TreeRenderer: ReportRenderer, Sendable {
    public init() {}

    public func render(_ report: Report, options: RenderOptions, into output: inout [UInt8]) {
        let glyphs = Glyphs(options.charset)
        appendHeader(report, color: options.color, glyphs: glyphs, to: &output)
        let folded = report.annotations?.foldedRows(of: report.view)
        guard report.view.total.files > 0 || folded != nil else { return }
        var formatter = RowFormatter(view: report.view, options: options, linesCounted: report.linesCounted,
                                     annotations: report.annotations)
        if !report.linesCounted && options.width == nil {
            // No row shows stats and nothing is shortened: each row goes straight to the output.
            if let folded {
                for row in folded {
                    _ = formatter.append(row, budget: nil, to: &output)
                    output.append(UInt8(ascii: "\n"))
                }
                return
            }
            report.view.forEachVisibleRow { row in
                _ = formatter.append(row, budget: nil, to: &output)
                output.append(UInt8(ascii: "\n"))
            }
            return
        }
        var text: [UInt8] = []
        var rows: [RowLayout] = []
        let nodes = report.view.changeTree.tree.slots.count
        rows.reserveCapacity(nodes)
        text.reserveCapacity(nodes * 24)
        Self.layOut(report.view, folded: folded, with: &formatter, budget: nil, text: &text, rows: &rows)
        var columns = StatColumns(rows: rows.lazy.map(\.row))
        if let width = options.width {
            let budget = width - (columns.blockWidth > 0 ? columns.blockWidth + 2 : 0)
            if rows.contains(where: { $0.row.width > budget }) {
                Self.layOut(report.view, folded: folded, with: &formatter, budget: budget, text: &text, rows: &rows)
                columns = StatColumns(rows: rows.lazy.map(\.row))
            }
        }
        var start = 0
        for row in rows {
            output.append(contentsOf: text[start..<row.end])
            start = row.end
            formatter.appendStats(of: row.row, columns: columns, to: &output)
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// Formats every row's left part into `text`, one after another, and records where
    /// each ends; with a `budget`, names are shortened to fit it. The rows are the view's,
    /// or `folded` when some files are left out.
    private static func layOut(_ view: TreeView, folded: [AnnotatedRow]?, with formatter: inout RowFormatter, budget: Int?,
                               text: inout [UInt8], rows: inout [RowLayout]) {
        text.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        if let folded {
            for row in folded {
                let formatted = formatter.append(row, budget: budget, to: &text)
                rows.append(RowLayout(end: text.count, row: formatted))
            }
            return
        }
        view.forEachVisibleRow { row in
            let formatted = formatter.append(row, budget: budget, to: &text)
            rows.append(RowLayout(end: text.count, row: formatted))
        }
    }
}

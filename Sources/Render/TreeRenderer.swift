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
        guard report.view.total.files > 0 else { return }
        if !report.linesCounted && options.width == nil {
            // No row shows stats and nothing is shortened: each row goes straight to the output.
            TreeRows.appendLines(report: report, options: options, to: &output)
            return
        }
        var tree = TreeRows(report: report, options: options)
        var columns = StatColumns(rows: tree.rows)
        if let width = options.width {
            let budget = width - (columns.blockWidth > 0 ? columns.blockWidth + 2 : 0)
            if tree.rows.contains(where: { $0.width > budget }) {
                tree = TreeRows(report: report, options: options, budget: budget)
                columns = StatColumns(rows: tree.rows)
            }
        }
        var start = 0
        for row in tree.rows {
            output.append(contentsOf: tree.text[start..<row.end])
            start = row.end
            columns.append(row, color: options.color, minus: glyphs.minus, to: &output)
            output.append(UInt8(ascii: "\n"))
        }
    }
}

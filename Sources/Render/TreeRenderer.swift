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
        RenderOutput.collect(into: &output) { try render(report, options: options, to: &$0) }
    }

    /// Writes the header, then each row as it is formatted. When rows show stats or may be
    /// shortened, a first pass formats every row into scratch space to learn the widest one
    /// (where the stats column starts, and whether names must be shortened), keeping nothing.
    public func render(_ report: Report, options: RenderOptions, to output: inout RenderOutput) throws {
        let glyphs = Glyphs(options.charset)
        appendHeader(report, color: options.color, glyphs: glyphs, to: &output.bytes)
        let folded = report.annotations?.foldedRows(of: report.view)
        guard report.view.total.files > 0 || folded != nil else { return }
        var formatter = RowFormatter(view: report.view, options: options, linesCounted: report.linesCounted,
                                     annotations: report.annotations)
        guard report.linesCounted || options.width != nil else {
            // No row shows stats and nothing is shortened: each row goes straight to the output.
            try Self.forEachRow(of: report.view, folded: folded) { row in
                _ = formatter.append(row, budget: nil, to: &output.bytes)
                output.bytes.append(UInt8(ascii: "\n"))
                try output.flushIfFull()
            }
            return
        }
        let (columns, budget) = Self.layOut(report.view, folded: folded, with: &formatter, width: options.width)
        try Self.forEachRow(of: report.view, folded: folded) { row in
            let formatted = formatter.append(row, budget: budget, to: &output.bytes)
            formatter.appendStats(of: formatted, columns: columns, to: &output.bytes)
            output.bytes.append(UInt8(ascii: "\n"))
            try output.flushIfFull()
        }
    }

    /// Calls `body` with each row shown: the view's rows, or `folded` when some files are
    /// left out of the counts.
    private static func forEachRow(of view: TreeView, folded: [AnnotatedRow]?,
                                   _ body: (AnnotatedRow) throws -> Void) rethrows {
        if let folded {
            for row in folded { try body(row) }
        } else {
            try view.forEachVisibleRow { try body(AnnotatedRow(row: $0, kind: .view)) }
        }
    }

    /// Where the stats column starts, and the budget names are shortened to (`nil` when every
    /// row fits the `width`, or there is none): the rows are measured as formatted without a
    /// budget, then, if some row is too wide, as formatted with one.
    private static func layOut(_ view: TreeView, folded: [AnnotatedRow]?, with formatter: inout RowFormatter,
                               width: Int?) -> (columns: StatColumns, budget: Int?) {
        var scratch: [UInt8] = []
        let measure = Self.measure(view, folded: folded, with: &formatter, budget: nil, scratch: &scratch)
        guard let width else { return (measure.columns, nil) }
        let blockWidth = measure.columns.blockWidth
        let budget = width - (blockWidth > 0 ? blockWidth + 2 : 0)
        guard measure.widestRow > budget else { return (measure.columns, nil) }
        return (Self.measure(view, folded: folded, with: &formatter, budget: budget, scratch: &scratch).columns, budget)
    }

    /// The widths of every row's left part, formatted with `budget` into `scratch`, and of its stats.
    private static func measure(_ view: TreeView, folded: [AnnotatedRow]?, with formatter: inout RowFormatter,
                                budget: Int?, scratch: inout [UInt8]) -> StatColumns.Measure {
        var measure = StatColumns.Measure()
        forEachRow(of: view, folded: folded) { row in
            scratch.removeAll(keepingCapacity: true)
            measure.add(formatter.append(row, budget: budget, to: &scratch))
        }
        return measure
    }
}

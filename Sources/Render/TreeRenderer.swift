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
        if let packages = report.packages { return try renderPackages(report, packages, options: options, to: &output) }
        if let groups = report.groups, !groups.sections.isEmpty { return try renderGroups(report, groups, options: options, to: &output) }
        try renderRows(report, options: options, to: &output)
    }

    /// Writes the rows of the report's view, as ``render(_:options:to:)`` does after the header.
    func renderRows(_ report: Report, options: RenderOptions, to output: inout RenderOutput) throws {
        let folded = report.annotations?.foldedRows(of: report.view)
        guard report.view.total.files > 0 || folded != nil else { return }
        var formatter = RowFormatter(view: report.view, options: options, linesCounted: report.linesCounted,
                                     annotations: report.annotations)
        if folded == nil && BareRowWriter.applies(to: report, options: options, formatter: formatter) {
            var writer = BareRowWriter(formatter: formatter, charset: options.charset)
            return try writer.writeRows(of: report.view, to: &output)
        }
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

    /// Calls `body` with each row shown: the view's rows, lent by its row cursor, or `folded`
    /// when some files are left out of the counts.
    private static func forEachRow(of view: TreeView, folded: [AnnotatedRow]?,
                                   _ body: (ShownRow) throws -> Void) rethrows {
        if let folded {
            for row in folded { try body(.annotated(row)) }
        } else {
            try view.forEachRow { try body(.view($0)) }
        }
    }

    /// A row the tree shows.
    fileprivate enum ShownRow {
        /// A row of the view, lent with the tree's nodes.
        case view(RowView)
        /// A row of the view or a folded row, when some files are left out of the counts.
        case annotated(AnnotatedRow)
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

extension TreeRenderer {
    /// The header line: `<title> · N files changed, +I −D (4 added, 1 renamed, 2 binary)`,
    /// or `<title> · no changes`; with filters, `<title> · N of T files changed, … · status C`
    /// (T: the comparison's files before the filters); then, when generated or vendored files
    /// are left out of those counts, ` · 12 generated files not counted`; then the notes.
    func appendHeader(_ report: Report, color: Bool, glyphs: Glyphs, to output: inout [UInt8]) {
        let leftOut = report.annotations?.leftOut(below: FileTree.root) ?? LeftOutFiles()
        Self.appendHeader(title: report.comparison.title, total: report.view.total, filters: report.filters,
                          leftOut: leftOut.files, linesCounted: report.linesCounted, color: color, glyphs: glyphs,
                          to: &output)
        appendLeftOut(leftOut, glyphs: glyphs, to: &output)
        appendNotes(report, glyphs: glyphs, to: &output)
        if let groups = report.groups { Self.appendChangedGroups(groups, glyphs: glyphs, to: &output) }
        output.append("\n")
    }

    /// The header line's text, without a line end, as the tree starts with it: for a browser
    /// showing `total` of the comparison titled `title`, chosen by `filters`; without the
    /// filters' words unless `namingFilters` (a browser keeps them whole in its notes, with
    /// ``ActiveFilters/note(separator:)``).
    public static func header(title: String, total: ChangeSummary, filters: ActiveFilters = ActiveFilters(),
                              namingFilters: Bool = true, linesCounted: Bool, color: Bool, charset: Charset) -> [UInt8] {
        var output: [UInt8] = []
        appendHeader(title: title, total: total, filters: filters, namingFilters: namingFilters, leftOut: 0,
                     linesCounted: linesCounted, color: color, glyphs: Glyphs(charset), to: &output)
        return output
    }

    private static func appendHeader(title: String, total: ChangeSummary, filters: ActiveFilters, namingFilters: Bool = true,
                                     leftOut: Int, linesCounted: Bool, color: Bool, glyphs: Glyphs,
                                     to output: inout [UInt8]) {
        TerminalText.append(title, to: &output)
        output.append(contentsOf: glyphs.separator)
        defer { if namingFilters { appendFilters(filters, glyphs: glyphs, to: &output) } }
        if !filters.isEmpty {
            output.append(decimal: total.files)
            output.append(" of ")
            output.append(decimal: filters.comparisonFiles)
            output.append(filters.comparisonFiles == 1 ? " file changed" : " files changed")
        } else if total.files > 0 {
            output.append(decimal: total.files)
            output.append(total.files == 1 ? " file changed" : " files changed")
        } else {
            output.append(leftOut > 0 ? "no changes counted" : "no changes")
        }
        guard total.files > 0 else { return }
        if linesCounted, let insertions = total.insertions, let deletions = total.deletions {
            output.append(", ")
            Style.insertions.open(&output, enabled: color)
            output.append(UInt8(ascii: "+"))
            output.append(decimal: insertions)
            Style.close(&output, enabled: color)
            output.append(" ")
            Style.deletions.open(&output, enabled: color)
            output.append(contentsOf: glyphs.minus)
            output.append(decimal: deletions)
            Style.close(&output, enabled: color)
        }
        var parts: [(count: Int, label: StaticString)] = ChangeStatus.allCases.map { (total.count($0), $0.words) }
        if linesCounted, let binary = total.binary { parts.append((binary, "binary")) }
        var first = true
        for part in parts where part.count > 0 {
            output.append(first ? " (" : ", ")
            output.append(decimal: part.count)
            output.append(" ")
            output.append(part.label)
            first = false
        }
        if !first { output.append(")") }
    }

    /// ` · status C · owners @a, @b · matching 'q'`: each filter, names escaped.
    private static func appendFilters(_ filters: ActiveFilters, glyphs: Glyphs, to output: inout [UInt8]) {
        for filter in filters.filters {
            output.append(contentsOf: glyphs.separator)
            for piece in filter.pieces {
                switch piece {
                case .words(let words):
                    output.append(contentsOf: words.utf8)
                case .name(let name):
                    TerminalText.append(name, to: &output)
                case .quoted(let query):
                    output.append(UInt8(ascii: "'"))
                    TerminalText.append(query, to: &output)
                    output.append(UInt8(ascii: "'"))
                }
            }
        }
    }

    /// ` · 12 generated and 3 vendored files not counted`, or nothing when none is left out.
    private func appendLeftOut(_ leftOut: LeftOutFiles, glyphs: Glyphs, to output: inout [UInt8]) {
        guard leftOut.files > 0 else { return }
        output.append(contentsOf: glyphs.separator)
        output.append(contentsOf: leftOut.label.utf8)
        output.append(" not counted")
    }

    /// ` · 3 of 12 viewed` when viewed marks are in use; ` · 4 untracked files not staged`
    /// under `--staged` when there are any.
    private func appendNotes(_ report: Report, glyphs: Glyphs, to output: inout [UInt8]) {
        if let progress = report.viewedProgress {
            output.append(contentsOf: glyphs.separator)
            output.append(decimal: progress.viewed)
            output.append(" of ")
            output.append(decimal: progress.files)
            output.append(" viewed")
        }
        if let untracked = report.untrackedLeftOut, untracked > 0 {
            output.append(contentsOf: glyphs.separator)
            output.append(decimal: untracked)
            output.append(untracked == 1 ? " untracked file not staged" : " untracked files not staged")
        }
    }
}

/// The layout of the stats column: a `+I` cell and a `−D` cell, each right-aligned,
/// separated by one space, starting two columns after the widest row's left part.
/// A count of 0 leaves its cell blank; a binary file shows `binary`, right-aligned.
public struct StatColumns: Sendable {
    /// The column where the stats start.
    public let start: Int
    /// The width of the `+I` cell (widened, when needed, to fit `binary`).
    let plus: Int
    /// The space between the cells: 1 when both ever show something, else 0.
    let gap: Int
    /// The width of the `−D` cell.
    let minus: Int

    /// The layout that fits every row of `rows`.
    public init(rows: some Sequence<FormattedRow>) {
        var measure = Measure()
        for row in rows { measure.add(row) }
        self = measure.columns
    }

    private init(widestRow left: Int, plus: Int, minus: Int, hasBinary: Bool) {
        let gap = plus > 0 && minus > 0 ? 1 : 0
        let block = max(plus + gap + minus, hasBinary ? Self.binaryLabelWidth : 0)
        self.start = left + 2
        self.gap = gap
        self.minus = minus
        self.plus = block - gap - minus
    }

    /// The widths of rows seen one at a time, for a layout that fits them all without
    /// keeping them.
    struct Measure {
        /// The widest left part so far.
        private(set) var widestRow = 0
        private var plus = 0
        private var minus = 0
        private var hasBinary = false

        /// Takes `row` into account.
        mutating func add(_ row: FormattedRow) {
            widestRow = max(widestRow, row.width)
            switch row.stat {
            case .none:
                break
            case let .lines(insertions, deletions):
                if insertions > 0 { plus = max(plus, 1 + decimalDigits(insertions)) }
                if deletions > 0 { minus = max(minus, 1 + decimalDigits(deletions)) }
            case .binary:
                hasBinary = true
            }
        }

        /// The layout that fits every row added.
        var columns: StatColumns {
            StatColumns(widestRow: widestRow, plus: plus, minus: minus, hasBinary: hasBinary)
        }
    }

    private static let binaryLabelWidth = 6

    /// The width of the whole stats block, after the two-column gap.
    public var blockWidth: Int { plus + gap + minus }

    /// Appends the stats of a row whose left part is `row.width` columns wide; nothing
    /// (not even padding) when the row has nothing to show.
    func append(_ row: FormattedRow, color: Bool, minus minusSign: [UInt8], to output: inout [UInt8]) {
        switch row.stat {
        case .none:
            return
        case .binary:
            output.append(spaces: start - row.width + plus + gap + minus - Self.binaryLabelWidth)
            output.append("binary")
        case let .lines(insertions, deletions):
            guard insertions > 0 || deletions > 0 else { return }
            output.append(spaces: start - row.width)
            if insertions > 0 {
                output.append(spaces: plus - 1 - decimalDigits(insertions))
                Style.insertions.open(&output, enabled: color)
                output.append(UInt8(ascii: "+"))
                output.append(decimal: insertions)
                Style.close(&output, enabled: color)
            } else {
                output.append(spaces: plus)
            }
            guard deletions > 0 else { return }
            output.append(spaces: gap + minus - 1 - decimalDigits(deletions))
            Style.deletions.open(&output, enabled: color)
            output.append(contentsOf: minusSign)
            output.append(decimal: deletions)
            Style.close(&output, enabled: color)
        }
    }
}

extension RowFormatter {
    /// Appends the left part of a row the tree shows (``append(_:budget:to:)``).
    fileprivate mutating func append(_ row: TreeRenderer.ShownRow, budget: Int?, to output: inout [UInt8]) -> FormattedRow {
        switch row {
        case .view(let row): append(row, budget: budget, to: &output)
        case .annotated(let row): append(row, budget: budget, to: &output)
        }
    }
}

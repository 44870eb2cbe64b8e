import Render
import Testing
import TreeModel

/// ``RowFormatter`` formats one row at a time: the rows of ``TreeView/visibleRows``, each
/// formatted on its own and aligned by ``StatColumns``, are exactly the lines the tree
/// renderer prints, whatever the options; and a row given by its parts looks like the same
/// row of a view.
@Suite struct RowFormatterTests {
    struct Case: CustomStringConvertible {
        var name: String
        var report: Report
        var options: RenderOptions

        var description: String { name }
    }

    static let cases: [Case] = {
        let mixed = ReportFixtures.report(ReportFixtures.mixed)
        let example = ReportFixtures.report(ReportFixtures.example)
        let noStat = ReportFixtures.report(ReportFixtures.mixed.map {
            FileChange(status: $0.status, path: $0.path, oldPath: $0.oldPath, similarity: $0.similarity)
        }, linesCounted: false)
        let paths = Report(comparison: mixed.comparison,
                           tree: ChangeTree(paths: PathList(bytes: Array("a/b/c.txt\na/d.md\ne.swift".utf8),
                                                           ranges: [0..<9, 10..<16, 17..<24])),
                           linesCounted: false)
        func view(_ report: Report, depth: Int? = nil, flatten: Bool = true, query: String? = nil,
                  mode: SearchMode = .hide) -> Report {
            Report(comparison: report.comparison,
                   view: TreeView(changeTree: report.tree, flatten: flatten, depth: depth,
                                  query: query.flatMap(SearchQuery.init), searchMode: mode),
                   linesCounted: report.linesCounted)
        }
        return [
            Case(name: "mixed", report: mixed, options: RenderOptions()),
            Case(name: "mixed in color with nerd icons", report: mixed,
                 options: RenderOptions(color: true, icons: .nerdFont)),
            Case(name: "example, ascii, icon names", report: example, options: RenderOptions(charset: .ascii, icons: .names)),
            Case(name: "mixed, narrow", report: mixed, options: RenderOptions(width: 40)),
            Case(name: "example, narrow, in color", report: example, options: RenderOptions(color: true, width: 44)),
            Case(name: "no stat, narrow", report: noStat, options: RenderOptions(width: 30)),
            Case(name: "no stat", report: noStat, options: RenderOptions(icons: .names)),
            Case(name: "paths", report: paths, options: RenderOptions(color: true)),
            Case(name: "depth 1", report: view(mixed, depth: 1), options: RenderOptions()),
            Case(name: "depth 0, unflattened", report: view(example, depth: 0, flatten: false), options: RenderOptions()),
            Case(name: "search hide", report: view(mixed, query: "o"), options: RenderOptions(color: true)),
            Case(name: "search collapse", report: view(example, query: "path", mode: .collapse), options: RenderOptions(color: true)),
            Case(name: "search expand", report: view(mixed, depth: 0, query: "new", mode: .expand), options: RenderOptions()),
        ]
    }()

    @Test(arguments: cases)
    func rowsFormattedOneByOneAreWhatTheRendererPrints(_ test: Case) {
        let printed = ReportFixtures.render(TreeRenderer(), test.report, options: test.options)
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast().map(String.init)
        let rows = Array(test.report.view.visibleRows)
        #expect(rows.count == lines.count, "one line per row")

        func format(budget: Int?) -> [(text: [UInt8], row: FormattedRow)] {
            rows.map { row in
                var formatter = RowFormatter(view: test.report.view, options: test.options, linesCounted: test.report.linesCounted)
                var text: [UInt8] = []
                let formatted = formatter.append(row, budget: budget, to: &text)
                return (text, formatted)
            }
        }
        var formatted = format(budget: nil)
        var columns = StatColumns(rows: formatted.map(\.row))
        if let width = test.options.width {
            let budget = width - (columns.blockWidth > 0 ? columns.blockWidth + 2 : 0)
            if formatted.contains(where: { $0.row.width > budget }) {
                formatted = format(budget: budget)
                columns = StatColumns(rows: formatted.map(\.row))
            }
        }
        let formatter = RowFormatter(view: test.report.view, options: test.options, linesCounted: test.report.linesCounted)
        let expected = formatted.map { line in
            var text = line.text
            formatter.appendStats(of: line.row, columns: columns, to: &text)
            return String(decoding: text, as: UTF8.self)
        }
        #expect(expected == lines)
    }

    @Test func aRowGivenByItsPartsLooksLikeTheSameRowOfAView() throws {
        let report = ReportFixtures.report(ReportFixtures.mixed)
        let options = RenderOptions(color: true, icons: .names)
        var viewFormatter = RowFormatter(view: report.view, options: options, linesCounted: true)
        var partsFormatter = RowFormatter(options: options, linesCounted: true)
        let tree = report.tree.tree
        for row in report.view.visibleRows {
            var fromView: [UInt8] = [], fromParts: [UInt8] = []
            let viewRow = viewFormatter.append(row, budget: 30, to: &fromView)
            var width = partsFormatter.appendGuides(level: row.level, isLast: row.isLast, guides: row.guides, to: &fromParts)
            let stat: TreeStat
            if row.isDirectory {
                let segments = report.view.projection.chain(of: row.projected).map { tree.nodes[$0].name }
                let summary = report.view.summaries[row.node]
                width += partsFormatter.appendDirectory(segments: segments, summary: summary, isExpanded: row.isExpanded,
                                                        isMatch: row.isMatch, usedWidth: width, budget: 30, to: &fromParts)
                stat = partsFormatter.stat(ofDirectory: summary)
            } else {
                let change = try #require(report.tree.change(at: row.node))
                width += partsFormatter.appendFile(named: tree.nodes[row.node].name, change: change,
                                                   icon: options.iconResolver.resolveFile(named: tree.nodes[row.node].name),
                                                   isMatch: row.isMatch, usedWidth: width, budget: 30, to: &fromParts)
                stat = partsFormatter.stat(ofFile: change)
            }
            #expect(fromParts == fromView)
            #expect(FormattedRow(width: width, stat: stat) == viewRow)
        }
    }
}

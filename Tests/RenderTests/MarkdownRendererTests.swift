import Render
import Testing
import TestSupport
import TreeModel

/// The Markdown format's output, compared with `Fixtures/Render/golden/` and, independently,
/// parsed by `cmark-gfm` (``RenderedMarkdown``) and compared with the changes it was made
/// from: paths, statuses, origins, line counts, roll-ups and the totals.
@Suite struct MarkdownRendererTests {
    static func render(_ report: Report, maxBytes: Int = MarkdownRenderer.defaultMaxBytes,
                       annotator: (any MarkdownRowAnnotator)? = nil) -> [UInt8] {
        var output: [UInt8] = []
        MarkdownRenderer(annotator: annotator).render(report, options: RenderOptions(markdownMaxBytes: maxBytes), into: &output)
        return output
    }

    /// Checks `golden` and that `markdown` reads back as `changes`.
    private func check(_ markdown: [UInt8], golden: String, changes: [FileChange], lines: Bool = true,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> RenderedMarkdown {
        Golden.check(String(decoding: markdown, as: UTF8.self), named: golden, sourceLocation: sourceLocation)
        let shown = try RenderedMarkdown(parsing: markdown)
        #expect(shown.tree.differences(from: changes, checks: lines ? .all : .origins) == [], sourceLocation: sourceLocation)
        #expect(shown.tree.headerDifferences(from: changes, lines: lines) == [], sourceLocation: sourceLocation)
        #expect(shown.note == nil, sourceLocation: sourceLocation)
        return shown
    }

    @Test func example() throws {
        let changes = ReportFixtures.example
        let shown = try check(Self.render(ReportFixtures.report(changes)), golden: "markdown-example.md", changes: changes)
        #expect(shown.title == "main...feature")
        #expect(shown.detailsBlocks == 2, "Sources/TreeReview/ and Tests/TreeReviewTests/")
        #expect(shown.tree.rows.filter { $0.level == 0 }.map(\.path.description) == ["Sources/TreeReview", "Tests/TreeReviewTests", "README.md"])
        #expect(shown.totals.map(\.column) == ["🟩 added", "🟨 modified", "🟥 deleted", "🟦 renamed", "files", "lines"])
    }

    @Test func mixed() throws {
        let changes = ReportFixtures.mixed
        let shown = try check(Self.render(ReportFixtures.report(changes)), golden: "markdown-mixed.md", changes: changes)
        #expect(shown.tree.files.contains { $0.modeChange == nil && $0.binary })
        #expect(shown.totals.contains { $0.column == "binary" && $0.value == "1" })
    }

    @Test func withoutFlattening() throws {
        let changes = ReportFixtures.mixed
        let report = ReportFixtures.flattened(ReportFixtures.report(changes), false)
        let shown = try RenderedMarkdown(parsing: Self.render(report))
        #expect(shown.tree.differences(from: changes) == [])
        #expect(shown.tree.rows.contains { $0.path.description == "src/main/java/org/example" && $0.level == 4 })
    }

    @Test func noStat() throws {
        let changes = ReportFixtures.mixed.map {
            FileChange(status: $0.status, path: $0.path, oldPath: $0.oldPath, similarity: $0.similarity)
        }
        let shown = try check(Self.render(ReportFixtures.report(changes, linesCounted: false)), golden: "markdown-no-stat.md",
                              changes: changes, lines: false)
        #expect(shown.tree.rows.allSatisfy { $0.insertions == nil && $0.deletions == nil && !$0.binary })
        #expect(!shown.totals.contains { $0.column == "lines" || $0.column == "binary" })
    }

    @Test func noChanges() throws {
        let markdown = Self.render(ReportFixtures.report([], title: "HEAD → working tree"))
        #expect(String(decoding: markdown, as: UTF8.self) == "### `HEAD → working tree` · no changes\n\n")
        let shown = try RenderedMarkdown(parsing: markdown)
        #expect(shown.headline == "no changes" && shown.tree.rows.isEmpty && shown.totals.isEmpty)
    }

    @Test func aSearchThatFindsNothingSaysSo() throws {
        let report = ReportFixtures.report(ReportFixtures.example)
        let view = TreeView(changeTree: report.tree, query: SearchQuery("*nothing* [x](y)"))
        let filters = ActiveFilters([.search("*nothing* [x](y)")], comparisonFiles: report.view.total.files)
        let markdown = Self.render(Report(comparison: report.comparison, view: view, linesCounted: true, filters: filters))
        let shown = try RenderedMarkdown(parsing: markdown)
        #expect(shown.headline == "0 of \(report.view.total.files) files changed · matching *nothing* [x](y)")
        #expect(try CommonMark.parse(markdown, .gitHub).kindCounts.keys.sorted() == ["code", "document", "heading", "text"])
    }

    @Test func depthRollsUpDeeperDirectories() throws {
        let changes = ReportFixtures.mixed
        let report = ReportFixtures.report(changes)
        let view = TreeView(changeTree: report.tree, depth: 1)
        let markdown = Self.render(Report(comparison: report.comparison, view: view, linesCounted: true))
        let shown = try RenderedMarkdown(parsing: markdown)
        #expect(shown.tree.differences(from: changes) == [])
        #expect(shown.note == nil, "rolled up by --depth, not by the byte limit")
        let rolledUp = shown.tree.rows.filter { $0.rollUp != nil }
        #expect(!rolledUp.isEmpty && rolledUp.allSatisfy { $0.level == 1 })
        #expect(shown.tree.rows.allSatisfy { $0.level <= 1 })
    }

    @Test func topLevelRolledUpByDepthIsAListItem() throws {
        let changes = ReportFixtures.example
        let report = ReportFixtures.report(changes)
        let markdown = Self.render(Report(comparison: report.comparison, view: TreeView(changeTree: report.tree, depth: 0),
                                          linesCounted: true))
        let shown = try RenderedMarkdown(parsing: markdown)
        #expect(shown.detailsBlocks == 0)
        #expect(shown.tree.differences(from: changes) == [])
        #expect(shown.tree.rows.map(\.level) == [0, 0, 0])
    }
}

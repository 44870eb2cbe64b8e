import Foundation
import Testing
import TestSupport
import TreeModel

/// Every header says which filters chose its files and what they left of the comparison's
/// (`3 of 14 files changed · status C`), checked against `git diff --name-status` with the
/// same filter; the viewed count counts the files the header counts; a folded group of one
/// generated or vendored file names it.
struct FilterHeaderTests {
    /// The tree's header line for `arguments`, read back.
    static func header(_ arguments: [String], in repository: String) throws -> (line: String, header: RenderedHeader) {
        let outcome = CLIRunner.run(arguments, in: repository)
        try #require(outcome.status == 0, "\(outcome.error)")
        let line = String(outcome.text.prefix { $0 != "\n" })
        return (line, try RenderedHeader(parsing: line))
    }

    /// The Markdown heading line for `arguments`.
    static func heading(_ arguments: [String], in repository: String) throws -> String {
        let outcome = CLIRunner.run(["--format", "markdown"] + arguments, in: repository)
        try #require(outcome.status == 0, "\(outcome.error)")
        return String(outcome.text.prefix { $0 != "\n" })
    }

    /// How a `--status` value reads in a header: the letters kept, or those dropped after `not`.
    static func words(ofStatus filter: String) -> String {
        let order = ChangeStatus.allCases.map(\.letter)
        let kept = Set(filter.filter(\.isUppercase)), dropped = Set(filter.filter(\.isLowercase).uppercased())
        if kept.isEmpty { return "status not " + String(order.filter(dropped.contains)) }
        return "status " + String(order.filter { kept.contains($0) && !dropped.contains($0) })
    }

    @Test(arguments: ["A", "M", "D", "R", "T", "C", "d", "AM", "Md", "mrd", "ACDMRT"])
    func everyHeaderCountsWhatGitKeepsOfWhatGitHas(filter: String) throws {
        let repository = try Fixtures.repository("branches")
        let range = "main...feature"
        let all = try GitOracle.changes(in: repository, [range])
        let kept = try GitOracle.changes(in: repository, ["--diff-filter=\(filter)", range])
        let words = Self.words(ofStatus: filter)

        let (line, header) = try Self.header(["--status=\(filter)", range], in: repository)
        var expected = RenderedHeader.expected(for: kept, title: range)
        expected.comparisonFiles = all.count
        expected.filters = [words]
        #expect(header == expected, "\(line)")
        #expect(line.contains(" · \(kept.count) of \(all.count) files changed"), "\(line)")

        #expect(try Self.heading(["--status=\(filter)", range], in: repository)
                == "### `\(range)` · \(kept.count) of \(all.count) files changed · \(words)")

        let json = try CLIRunner.json(["--status=\(filter)", range], in: repository)
        let comparison = try #require(json["comparison"] as? [String: Any])
        #expect(comparison["files"] as? Int == all.count)
        #expect((json["summary"] as? [String: Any])?["files"] as? Int == kept.count)
        let filters = try #require(comparison["filters"] as? [[String: Any]])
        let names: [Character: String] = Dictionary(uniqueKeysWithValues: ChangeStatus.allCases.map { ($0.letter, $0.rawValue) })
        let order = ChangeStatus.allCases.map(\.rawValue)
        func statuses(_ letters: String) -> [String] {
            Set(letters.uppercased().compactMap { names[$0] }).sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }
        }
        #expect(filters.count == 1)
        #expect(filters.first?["filter"] as? String == "status")
        #expect(filters.first?["keep"] as? [String] == statuses(filter.filter(\.isUppercase)))
        #expect(filters.first?["drop"] as? [String] == statuses(filter.filter(\.isLowercase)))
    }

    @Test func withoutAFilterTheHeaderIsAsBefore() throws {
        let repository = try Fixtures.repository("branches")
        let all = try GitOracle.changes(in: repository, ["main...feature"])
        let (line, header) = try Self.header(["main...feature"], in: repository)
        #expect(header == RenderedHeader.expected(for: all, title: "main...feature"), "\(line)")
        #expect(header.comparisonFiles == nil && header.filters.isEmpty)
        let comparison = try #require(try CLIRunner.json(["main...feature"], in: repository)["comparison"] as? [String: Any])
        #expect(comparison["files"] as? Int == all.count)
        #expect((comparison["filters"] as? [Any])?.isEmpty == true)
    }

    @Test func aSearchThatHidesIsAFilterAndOneThatDoesNotIsNot() throws {
        let repository = try Fixtures.repository("branches")
        let all = try GitOracle.changes(in: repository, ["main...feature"])
        let matching = all.filter { $0.path.lossyString.lowercased().contains("model") }
        try #require(!matching.isEmpty && matching.count < all.count)
        let (line, header) = try Self.header(["--search", "Model", "main...feature"], in: repository)
        #expect(header.files == matching.count && header.comparisonFiles == all.count, "\(line)")
        #expect(header.filters == ["matching 'Model'"])
        let nothing = try Self.header(["--search", "no such name", "main...feature"], in: repository)
        #expect(nothing.line == "main...feature · 0 of \(all.count) files changed · matching 'no such name'")
        let collapsed = try Self.header(["--search", "Model", "--search-mode", "collapse", "main...feature"], in: repository)
        #expect(collapsed.header.files == all.count && collapsed.header.filters.isEmpty, "\(collapsed.line)")
    }

    /// A query is the user's text: escaped in the tree's header, a code span in Markdown.
    @Test func aHostileQueryNeitherDrivesTheTerminalNorBecomesMarkup() throws {
        let repository = try Fixtures.repository("branches")
        let query = "*x* [a](b) \u{1B}]0;title\u{07}"
        let (line, header) = try Self.header(["--search", query, "main...feature"], in: repository)
        #expect(!line.contains("\u{1B}") && !line.contains("\u{07}"), "\(line)")
        #expect(header.filters == ["matching '*x* [a](b) \\e]0;title\\x07'"], "\(line)")
        let outcome = CLIRunner.run(["--format", "markdown", "--search", query, "main...feature"], in: repository)
        let kinds = try CommonMark.parse(Array(outcome.text.utf8), .gitHub).kindCounts.keys.sorted()
        #expect(kinds == ["code", "document", "heading", "text"], "\(outcome.text)")
        #expect(try RenderedMarkdown(parsing: outcome.output).headline.hasSuffix(" · matching *x* [a](b) \\e]0;title\\x07"))
    }

    @Test func filtersAreNamedInTheOrderTheyApply() throws {
        let repository = try Fixtures.repository("annotations")
        let (line, header) = try Self.header(["--unviewed", "--search", "src", "--owner", "@org/src-team", "--owner", "@lib-owner",
                                              "--status=M", "main..feature"], in: repository)
        #expect(header.filters == ["status M", "owners @org/src-team, @lib-owner", "matching 'src'", "viewed hidden"], "\(line)")
        let heading = try Self.heading(["--owner", "@org/src-team", "--status=M", "main..feature"], in: repository)
        #expect(heading.contains(" · status M · owner `@org/src-team` · "), "\(heading)")
    }

    /// The count before the filters counts as the totals do: generated and vendored files
    /// apart, which, added back, make git's count.
    @Test func theCountBeforeFiltersLeavesOutWhatTheTotalsLeaveOut() throws {
        let repository = try Fixtures.repository("annotations")
        let git = try GitOracle.changes(in: repository, ["main..feature"])
        let unfiltered = try CLIRunner.json(["main..feature"], in: repository)
        let summary = try #require(unfiltered["summary"] as? [String: Any])
        let counted = try #require(summary["files"] as? Int)
        let apart = (summary["excludedGenerated"] as? Int ?? 0) + (summary["excludedVendored"] as? Int ?? 0)
        #expect(counted + apart == git.count)
        #expect(apart > 0)
        let (line, header) = try Self.header(["--owner", "@org/src-team", "main..feature"], in: repository)
        #expect(header.comparisonFiles == counted, "\(line)")
        let included = try Self.header(["--include-generated", "--owner", "@org/src-team", "main..feature"], in: repository)
        #expect(included.header.comparisonFiles == git.count, "\(included.line)")
    }

    /// `x of y viewed` counts the files `N files changed` counts: a viewed vendored file is
    /// in neither, and under `--unviewed` the files shown and the viewed ones make `y`.
    @Test func theViewedCountCountsTheFilesTheHeaderCounts() throws {
        let repository = try Fixtures.fresh("annotations")
        let marked = CLIRunner.run(["viewed", "src/app.c", ".gitattributes"], in: repository)
        try #require(marked.status == 0, "\(marked.error)")
        let all = try Self.header([], in: repository)
        #expect(all.header.notCounted == "2 vendored files not counted", "\(all.line)")
        #expect(all.header.viewed == RenderedHeader.ViewedCount(viewed: 1, files: all.header.files), "\(all.line)")
        let unviewed = try Self.header(["--unviewed"], in: repository)
        #expect(unviewed.header.filters == ["viewed hidden"], "\(unviewed.line)")
        #expect(unviewed.header.comparisonFiles == all.header.files)
        #expect(unviewed.header.viewed == all.header.viewed)
        #expect(unviewed.header.files + (all.header.viewed?.viewed ?? 0) == all.header.files)
        let heading = try Self.heading([], in: repository)
        #expect(heading.hasSuffix(" · 2 vendored files not counted · 1 of \(all.header.files) viewed"), "\(heading)")
        let searched = try Self.header(["--search", ".git"], in: repository)
        #expect(searched.line.hasSuffix(" · matching '.git' · 1 of \(searched.header.files) viewed"), "\(searched.line)")
        let both = try Self.header(["--search", ".git", "--unviewed"], in: repository)
        #expect(both.header.files == searched.header.files - 1, "\(both.line)")
        #expect(both.header.viewed == searched.header.viewed, "\(both.line)")
    }

    /// A folded group of one generated or vendored file names it, in the tree and in Markdown.
    @Test func aLoneFoldedFileIsNamed() throws {
        let repository = try Fixtures.repository("annotations")
        let tree = CLIRunner.run([], in: repository).text
        #expect(tree.contains("lib/dep/ (1 vendored file: dep.c)"), "\(tree)")
        #expect(tree.contains("src/ (1 vendored file: app.c)"), "\(tree)")
        #expect(!tree.contains("1 vendored file)"), "\(tree)")
        let markdown = CLIRunner.run(["--format", "markdown"], in: repository).text
        #expect(markdown.contains("1 vendored file, not counted: `dep.c`"), "\(markdown)")
    }
}

import Render
import Testing
import TestSupport
import TreeModel

/// File names never become Markdown or HTML: rendered, then parsed by `cmark-gfm` (what
/// GitHub renders) and by `cmark` (CommonMark), no name makes a link, an autolink,
/// emphasis, a heading, a list, a table, a code block, an entity or HTML, and every name
/// reads back exactly from its code span or `<code>` element.
struct MarkdownHostileNameTests {
    /// Names that are markup, HTML, autolinks, entities or GitHub references as text (a name
    /// with a `/` is a path: `</details>` is the file `details>` in the directory `<`).
    static let names: [String] = [
        "*x*", "_under_", "**bold**", "[a](e.com)", "[a](http:e.com)", "![img](x.png)", "<script>alert(1)</script>",
        "|", "a|b|c", "`", "``double``", "&amp;", "&#60;b&#62;", "# h", "- item", "+ plus", "1. one", "> quote",
        "http:x.y", "<http:x.y>", "<me@example.com>", "www.example.com", "me@example.com", "@octocat", "#12", ":smile:",
        "~~strike~~", "a\\b", "\\",
        "</details>", "</summary><details open>", "<!-- c -->", " lead space", "trail space ", "   ", "tab\there",
        "new\nline", "esc\u{1B}[31mred", "cr\rreturn", "\u{202E}gpj.exe", "rtl\u{2067}isolate", "a&b<c>d\"e'f",
    ]

    /// Every name as a top-level file, as a file inside a top-level directory of the same
    /// name (so it is also in a `<summary>`), and as a rename's origin.
    static var changes: [FileChange] {
        var changes: [FileChange] = []
        for (index, name) in names.enumerated() {
            changes.append(ReportFixtures.text(.added, name, index, 0))
            changes.append(ReportFixtures.text(.modified, "\(name)/inside/\(name)", 1, index))
            changes.append(ReportFixtures.text(.renamed, "renamed/\(index)", 2, 2, from: "old/\(name)", similarity: 90))
        }
        changes.append(FileChange(status: .deleted, path: RawPath(bytes: Array("latin1-".utf8) + [0xE9, 0xFF]),
                                  insertions: 0, deletions: 3, binary: false, oldMode: .regular))
        return changes
    }

    static let allowedKinds: Set = [
        "document", "heading", "paragraph", "text", "code", "list", "item", "html_block",
        "table", "table_header", "table_row", "table_cell",
    ]

    @Test(arguments: CommonMark.Dialect.allCases)
    func namesCreateNoMarkup(_ dialect: CommonMark.Dialect) throws {
        let markdown = MarkdownRendererTests.render(ReportFixtures.report(Self.changes))
        let document = try CommonMark.parse(markdown, dialect)
        let kinds = document.kindCounts
        let allowed = dialect == .gitHub ? Self.allowedKinds : Self.allowedKinds.union(["softbreak"])
        #expect(Set(kinds.keys).subtracting(allowed).isEmpty, "\(kinds)")
        #expect(kinds["heading"] == 1)
        let blocks = document.all.filter { $0.kind == "html_block" }.map(\.literal)
        let openings = blocks.filter { $0.hasPrefix("<details>\n<summary>") }
        let topLevelDirectories = Set(Self.changes.compactMap { $0.path.bytes.split(separator: UInt8(ascii: "/")).dropLast().first })
        #expect(openings.count == topLevelDirectories.count, "one block per top-level directory")
        #expect(blocks.filter { $0 == "</details>\n" }.count == openings.count)
        #expect(blocks.count == 2 * openings.count)
        for opening in openings {
            let summary = opening.dropFirst("<details>\n<summary>".count).dropLast("</summary>\n".count)
            #expect(summary.matches(of: /<[^>]*>/).map { String($0.output) } == ["<code>", "</code>"], "\(opening)")
        }
    }

    @Test func everyNameReadsBackExactly() throws {
        let changes = Self.changes
        let markdown = MarkdownRendererTests.render(ReportFixtures.report(changes))
        let shown = try RenderedMarkdown(parsing: markdown)
        #expect(shown.tree.differences(from: changes) == [])
        #expect(shown.tree.files.count == changes.count)
    }

    @Test func controlsAndBidirectionalCharactersAreSpelledOut() throws {
        let markdown = MarkdownRendererTests.render(ReportFixtures.report(Self.changes))
        let text = String(decoding: markdown, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) })
        #expect(!text.unicodeScalars.contains { [0x202E, 0x2067].contains($0.value) })
        let codes = Set(try CommonMark.parse(markdown, .gitHub).all.filter { $0.kind == "code" }.map(\.literal))
        for expected in ["tab\\there", "new\\nline", "esc\\e[31mred", "cr\\rreturn", "\\u{202e}gpj.exe", "rtl\\u{2067}isolate",
                         "latin1-\\xe9\\xff", "`", "``double``", " lead space", "trail space ", "   ", "a\\b", "&amp;"] {
            #expect(codes.contains(expected), "no code span shows \(expected)")
        }
    }

    @Test func aHostileTitleStaysCode() throws {
        let report = ReportFixtures.report(ReportFixtures.example, title: "*x* <b>`main`</b>\n# [y](z)")
        let markdown = MarkdownRendererTests.render(report)
        let heading = try #require(try CommonMark.parse(markdown, .gitHub).children.first)
        #expect(heading.kind == "heading")
        #expect(heading.children.map(\.kind) == ["code", "text"])
        #expect(heading.children.first?.literal == "*x* <b>`main`</b>\\n# [y](z)")
    }

    @Test func aVeryLongTitleIsCut() throws {
        let title = String(repeating: "é", count: 300)
        let markdown = MarkdownRendererTests.render(ReportFixtures.report(ReportFixtures.example, title: title))
        let heading = try #require(try CommonMark.parse(markdown, .gitHub).children.first)
        #expect(heading.children.first?.literal == String(repeating: "é", count: 128))
        #expect(heading.children.dropFirst().first?.literal.hasPrefix("… · ") == true)
    }
}

import Foundation
import Testing
import TestSupport
import TreeModel

/// `--format markdown` and `--max-bytes` from the command line, read back through
/// `cmark-gfm` (``RenderedMarkdown``) and compared with git's answer.
struct MarkdownFormatCLITests {
    @Test func aComparisonReadsBackAsGitsChanges() throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--format", "markdown", "main...feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let shown = try RenderedMarkdown(parsing: outcome.output)
        let changes = try GitOracle.changes(in: repository, ["-M", "main...feature"])
        #expect(shown.title == "main...feature")
        #expect(shown.tree.differences(from: changes) == [])
        #expect(shown.tree.headerDifferences(from: changes) == [])
        #expect(shown.tree.files.count == changes.count)
    }

    @Test func theConfigCanChooseIt() throws {
        let repository = try Fixtures.fresh("branches")
        try Shell.git(["config", "treereview.format", "markdown"], in: repository)
        let outcome = CLIRunner.run(["main...feature"], in: repository)
        #expect(outcome.text.hasPrefix("### `main...feature` · "))
    }

    /// Limits from the smallest to one byte short of the whole report.
    @Test(arguments: [0, 1, 2, 3])
    func aByteLimitIsKeptAndEveryTopLevelDirectoryCounted(step: Int) throws {
        let repository = try Fixtures.repository("markdown-wide")
        let whole = CLIRunner.run(["--format", "markdown", "HEAD~1..HEAD"], in: repository).output.count
        #expect(whole > 3 * 4096)
        let maxBytes = [4096, 8192, whole / 2, whole - 1][step]
        let outcome = CLIRunner.run(["--format", "markdown", "--max-bytes", String(maxBytes), "HEAD~1..HEAD"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.count <= maxBytes)
        let shown = try RenderedMarkdown(parsing: outcome.output)
        let changes = try GitOracle.changes(in: repository, ["-M", "HEAD~1..HEAD"])
        #expect(shown.tree.headerDifferences(from: changes) == [])
        #expect(shown.tree.differences(from: changes) == [])
        let note = try #require(shown.note)
        #expect(note.hasSuffix("to fit \(maxBytes.formatted()) bytes (--max-bytes)."), "\(note)")
        for top in ["app", "lib", "docs"] {
            let row = try #require(shown.tree.rows.first { $0.level == 0 && $0.path.description == top })
            let count = changes.filter { $0.path.description.hasPrefix(top + "/") }.count
            let said = try #require(row.text.firstMatch(of: /\ · (\d+) files?/).flatMap { Int($0.output.1) })
            #expect(said == count, "\(top): \(row.text)")
        }
    }

    @Test func theDefaultLimitLeavesASmallChangeWhole() throws {
        let repository = try Fixtures.repository("markdown-wide")
        let outcome = CLIRunner.run(["--format", "markdown", "HEAD~1..HEAD"], in: repository)
        let shown = try RenderedMarkdown(parsing: outcome.output)
        #expect(shown.note == nil && shown.rolledUp.isEmpty)
        #expect(shown.tree.files.count == (try GitOracle.changes(in: repository, ["-M", "HEAD~1..HEAD"])).count)
    }
}

/// Generated and vendored files and code owners in the Markdown, on the `annotations`
/// fixture, read back through `cmark-gfm` and checked against git and the fixture's owners.
struct MarkdownAnnotationTests {
    static let leftOut = AnnotationTreeTests.leftOut

    static func shown(_ arguments: [String]) throws -> (RenderedMarkdown, counted: [FileChange]) {
        let repository = try Fixtures.repository("annotations")
        let outcome = CLIRunner.run(["--format", "markdown"] + arguments + ["main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let changes = try GitOracle.changes(in: repository, ["main..feature"])
        return (try RenderedMarkdown(parsing: outcome.output), changes.filter { !leftOut.contains($0.path.description) })
    }

    @Test func generatedAndVendoredFilesAreFoldedAsInTheTree() throws {
        let (shown, counted) = try Self.shown([])
        #expect(shown.notCounted == "3 generated and 1 vendored files")
        #expect(shown.tree.differences(from: counted) == [])
        #expect(shown.tree.headerDifferences(from: counted) == [])
        #expect(shown.folded.map { "\($0.path): \($0.label)" }.sorted() == [
            ": 1 generated file: package-lock.json", "dist: 1 vendored file: bundle.js",
            "node_modules/left-pad: 1 generated file: index.js", "src: 1 generated file: notes.txt",
        ])
        #expect(shown.owners.isEmpty)
    }

    @Test func ownersFollowEveryRow() throws {
        let (shown, counted) = try Self.shown(["--owners"])
        #expect(shown.tree.differences(from: counted) == [])
        for (path, owners) in AnnotationJSONTests.feature.owners where !Self.leftOut.contains(path) {
            #expect(shown.owners[path] == (owners.isEmpty ? ["unowned"] : owners), "\(path)")
        }
        #expect(shown.owners["src"] == ["@org/src-team"])
        #expect(shown.owners["lib/dep"] == ["@lib-owner", "lib@example.com"])
        #expect(shown.owners["api"] == ["unowned"])
    }

    @Test func includedGeneratedFilesAreCountedAndMarked() throws {
        let repository = try Fixtures.repository("annotations")
        let outcome = CLIRunner.run(["--format", "markdown", "--include-generated", "main..feature"], in: repository)
        let unmarked = outcome.text.replacing(/\ · (generated|vendored)/, with: "")
        let shown = try RenderedMarkdown(parsing: Array(unmarked.utf8))
        let changes = try GitOracle.changes(in: repository, ["main..feature"])
        #expect(shown.notCounted == nil && shown.folded.isEmpty)
        #expect(shown.tree.differences(from: changes) == [])
        #expect(outcome.text.matches(of: /\ · generated/).count == 3)
        #expect(outcome.text.matches(of: /\ · vendored/).count == 2)
    }

    @Test func groupByOwnerGivesEachOwnerASection() throws {
        let repository = try Fixtures.repository("annotations")
        let outcome = CLIRunner.run(["--format", "markdown", "--group-by", "owner", "main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let sections = try Self.ownerSections(outcome.output)
        var expected: [String: [String]] = [:]
        for (path, owners) in AnnotationJSONTests.feature.owners where !Self.leftOut.contains(path) {
            for owner in owners.isEmpty ? ["unowned"] : owners { expected[owner, default: []].append(path) }
        }
        #expect(sections.mapValues { $0.sorted() } == expected.mapValues { $0.sorted() })
        #expect(Array(sections.keys).sorted().last == "unowned")
    }

    /// The sections of `--group-by owner` output, read back through `cmark-gfm`: each
    /// `####` heading's owner (`unowned` for the unowned files) and the paths listed under it.
    static func ownerSections(_ output: [UInt8]) throws -> [String: [String]] {
        let document = try CommonMark.parse(output, .gitHub)
        var sections: [String: [String]] = [:]
        var current: String?
        for block in document.children.dropFirst() {
            if block.kind == "heading" {
                #expect(block.attributes["level"] == "4")
                let first = try #require(block.children.first)
                current = first.kind == "code" ? first.literal : String(first.literal.prefix { $0 != " " })
                sections[current!] = []
            } else if block.kind == "list", let owner = current {
                for item in block.children {
                    let code = try #require(item.children.first?.children.first { $0.kind == "code" })
                    sections[owner, default: []].append(code.literal)
                }
            }
        }
        return sections
    }

    @Test func onlyGeneratedFilesChangedIsSaid() throws {
        let repository = try Fixtures.repository("annotations")
        let outcome = CLIRunner.run(["--format", "markdown", "main..feature", "--", "node_modules", "package-lock.json"], in: repository)
        let shown = try RenderedMarkdown(parsing: outcome.output)
        #expect(shown.headline == "no changes counted")
        #expect(shown.notCounted == "2 generated files")
        #expect(shown.tree.rows.isEmpty && shown.folded.count == 2)
    }
}

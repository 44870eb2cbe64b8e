import Render
import Testing
import TestSupport
import TreeModel

/// The tree format's user-visible output, compared with `Fixtures/Render/golden/` and,
/// independently, read back (``RenderedTree``) and compared with the changes it was made from:
/// paths, statuses, origins, line counts, directory totals and the header's figures.
@Suite struct TreeRendererGoldenTests {
    private func render(_ report: Report, color: Bool = false, flatten: Bool = true) -> String {
        ReportFixtures.render(TreeRenderer(), ReportFixtures.flattened(report, flatten), options: RenderOptions(color: color))
    }

    /// Checks `golden` and that `text` reads back as `changes`.
    private func check(
        _ text: String, golden: String, changes: [FileChange], lines: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        Golden.check(text, named: golden, sourceLocation: sourceLocation)
        let tree = try RenderedTree(parsing: text)
        #expect(tree.differences(from: changes, checks: lines ? .all : .origins) == [], sourceLocation: sourceLocation)
        #expect(tree.headerDifferences(from: changes, lines: lines) == [], sourceLocation: sourceLocation)
    }

    @Test func example() throws {
        let example = ReportFixtures.example
        try check(render(ReportFixtures.report(example)), golden: "tree-example.txt", changes: example)
    }

    @Test func exampleInColor() throws {
        let example = ReportFixtures.example
        let colored = render(ReportFixtures.report(example), color: true)
        try check(colored, golden: "tree-example-color.txt", changes: example)
        #expect(RenderedTree.withoutColor(colored) == render(ReportFixtures.report(example)))
    }

    @Test func mixed() throws {
        let mixed = ReportFixtures.mixed
        try check(render(ReportFixtures.report(mixed)), golden: "tree-mixed.txt", changes: mixed)
    }

    @Test func mixedInColor() throws {
        let mixed = ReportFixtures.mixed
        let colored = render(ReportFixtures.report(mixed), color: true)
        try check(colored, golden: "tree-mixed-color.txt", changes: mixed)
        #expect(RenderedTree.withoutColor(colored) == render(ReportFixtures.report(mixed)))
    }

    @Test func mixedWithoutFlattening() throws {
        let mixed = ReportFixtures.mixed
        let text = render(ReportFixtures.report(mixed), flatten: false)
        try check(text, golden: "tree-mixed-unflattened.txt", changes: mixed)
        let directories = try RenderedTree(parsing: text).rows.filter(\.isDirectory)
        #expect(directories.allSatisfy { !$0.label.dropLast().contains("/") }, "one directory per row")
        let ancestors = mixed.flatMap { change in
            let pieces = change.path.bytes.split(separator: UInt8(ascii: "/"))
            return (1..<max(1, pieces.count)).map { RawPath(bytes: Array(pieces[..<$0].joined(separator: [UInt8(ascii: "/")]))) }
        }
        #expect(Set(directories.map(\.path)) == Set(ancestors))
    }

    @Test func noStat() throws {
        let changes = ReportFixtures.mixed.map {
            FileChange(status: $0.status, path: $0.path, oldPath: $0.oldPath, similarity: $0.similarity)
        }
        let text = render(ReportFixtures.report(changes, linesCounted: false))
        try check(text, golden: "tree-no-stat.txt", changes: changes, lines: false)
        #expect(try RenderedTree(parsing: text).rows.allSatisfy { $0.insertions == nil && $0.deletions == nil && !$0.binary })
    }

    @Test func noChanges() throws {
        let text = render(ReportFixtures.report([], title: "HEAD → working tree"))
        try check(text, golden: "tree-no-changes.txt", changes: [])
        #expect(try RenderedTree(parsing: text).header.title == "HEAD → working tree")
    }

    @Test func unsafeAndWideNames() throws {
        let changes = [
            ReportFixtures.text(.added, "docs/日本語/読んで.md", 30, 0),
            ReportFixtures.text(.modified, "docs/emoji 🎉.txt", 2, 2),
            ReportFixtures.text(.added, "evil/\u{1B}[2Jclear\u{07}.sh", 1, 0),
            FileChange(status: .modified, path: RawPath(bytes: Array("evil/latin1-caf".utf8) + [0xE9]),
                       insertions: 4, deletions: 1, binary: false),
            ReportFixtures.text(.renamed, "evil/tab\tname", 0, 3, from: "evil/cr\rname", similarity: 75),
        ]
        let text = render(ReportFixtures.report(changes))
        try check(text, golden: "tree-unsafe-names.txt", changes: changes)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character reaches the terminal")
    }
}

import Render
import Testing
import TestSupport
import TreeModel

/// The tree format's user-visible output, compared with `Fixtures/Render/golden/`.
@Suite struct TreeRendererGoldenTests {
    private func render(_ report: Report, color: Bool = false, flatten: Bool = true) -> String {
        ReportFixtures.render(TreeRenderer(), ReportFixtures.flattened(report, flatten), options: RenderOptions(color: color))
    }

    @Test func example() {
        Golden.check(render(ReportFixtures.report(ReportFixtures.example)), named: "tree-example.txt")
    }

    @Test func exampleInColor() {
        Golden.check(render(ReportFixtures.report(ReportFixtures.example), color: true), named: "tree-example-color.txt")
    }

    @Test func mixed() {
        Golden.check(render(ReportFixtures.report(ReportFixtures.mixed)), named: "tree-mixed.txt")
    }

    @Test func mixedInColor() {
        Golden.check(render(ReportFixtures.report(ReportFixtures.mixed), color: true), named: "tree-mixed-color.txt")
    }

    @Test func mixedWithoutFlattening() {
        Golden.check(render(ReportFixtures.report(ReportFixtures.mixed), flatten: false), named: "tree-mixed-unflattened.txt")
    }

    @Test func noStat() {
        let changes = ReportFixtures.mixed.map {
            FileChange(status: $0.status, path: $0.path, oldPath: $0.oldPath, similarity: $0.similarity)
        }
        Golden.check(render(ReportFixtures.report(changes, linesCounted: false)), named: "tree-no-stat.txt")
    }

    @Test func noChanges() {
        Golden.check(render(ReportFixtures.report([], title: "HEAD → working tree")), named: "tree-no-changes.txt")
    }

    @Test func unsafeAndWideNames() {
        let changes = [
            ReportFixtures.text(.added, "docs/日本語/読んで.md", 30, 0),
            ReportFixtures.text(.modified, "docs/emoji 🎉.txt", 2, 2),
            ReportFixtures.text(.added, "evil/\u{1B}[2Jclear\u{07}.sh", 1, 0),
            FileChange(status: .modified, path: RawPath(bytes: Array("evil/latin1-caf".utf8) + [0xE9]),
                       insertions: 4, deletions: 1, binary: false),
            ReportFixtures.text(.renamed, "evil/tab\tname", 0, 3, from: "evil/cr\rname", similarity: 75),
        ]
        Golden.check(render(ReportFixtures.report(changes)), named: "tree-unsafe-names.txt")
    }
}

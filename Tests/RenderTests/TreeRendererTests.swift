import Render
import Testing
import TreeModel

@Suite struct TreeRendererTests {
    private func lines(_ report: Report, color: Bool = false, flatten: Bool = true) -> [String] {
        let text = ReportFixtures.render(TreeRenderer(), ReportFixtures.flattened(report, flatten), options: RenderOptions(color: color))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func row(_ lines: [String], containing text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(lines.first { $0.contains(text) }, sourceLocation: sourceLocation)
    }

    @Test func headerSummarizesTheChange() {
        let header = lines(ReportFixtures.report(ReportFixtures.example))[0]
        #expect(header == "main...feature · 6 files changed, +412 −66 (2 added, 2 modified, 1 deleted, 1 renamed)")
    }

    @Test func headerListsEveryNonzeroCountAndBinaries() {
        let header = lines(ReportFixtures.report(ReportFixtures.mixed))[0]
        #expect(header.hasSuffix("(1 added, 2 modified, 2 deleted, 1 renamed, 1 copied, 1 type changed, 1 untracked, 1 unmerged, 1 binary)"))
        let single = lines(ReportFixtures.report([ReportFixtures.text(.added, "a", 1, 0)]))[0]
        #expect(single == "main...feature · 1 file changed, +1 −0 (1 added)")
    }

    @Test func noChangesIsOneLine() {
        let text = ReportFixtures.render(TreeRenderer(), ReportFixtures.report([], title: "HEAD"))
        #expect(text == "HEAD · no changes\n")
    }

    @Test func deletionOnlyRowShowsOnlyTheDeletions() throws {
        let legacy = try row(lines(ReportFixtures.report(ReportFixtures.example)), containing: "Legacy.swift")
        #expect(legacy.hasPrefix("├── D  Legacy.swift "))
        #expect(legacy.hasSuffix(" −17"))
        #expect(!legacy.contains("+"))
    }

    @Test func insertionOnlyRowHasNoTrailingSpace() throws {
        let added = try row(lines(ReportFixtures.report(ReportFixtures.example)), containing: "PreparedTree.swift")
        #expect(added.hasSuffix(" +210"))
    }

    @Test func renameInSameDirectoryShowsOldBasename() throws {
        let renamed = try row(lines(ReportFixtures.report(ReportFixtures.example)), containing: "TreePath.swift")
        #expect(renamed.contains("R  TreePath.swift ← Path.swift (96%)"))
        #expect(!renamed.contains("Model/Path.swift"))
    }

    @Test func renameFromOtherDirectoryShowsFullOldPath() throws {
        let moved = try row(lines(ReportFixtures.report(ReportFixtures.mixed)), containing: "Guide.md")
        #expect(moved.hasSuffix("R  Guide.md ← Manual/Guide.md (100%)"))
    }

    @Test func binaryFileShowsBinary() throws {
        let logo = try row(lines(ReportFixtures.report(ReportFixtures.mixed)), containing: "logo.png")
        #expect(logo.hasSuffix(" binary"))
        #expect(logo.hasPrefix("└── M  logo.png") || logo.hasPrefix("├── M  logo.png"))
    }

    @Test func statColumnsAreRightAligned() {
        let rows = lines(ReportFixtures.report(ReportFixtures.mixed)).dropFirst().filter { !$0.isEmpty }
        let plusEnds = Set(rows.compactMap { row -> Int? in
            guard let plus = row.range(of: " +") else { return nil }
            let end = row[plus.upperBound...].firstIndex(of: " ") ?? row.endIndex
            return TerminalText.displayWidth(of: String(row[..<end]))
        })
        let lineEnds = Set(rows.filter { $0.contains("−") || $0.hasSuffix("binary") }.map(TerminalText.displayWidth(of:)))
        #expect(plusEnds.count == 1)
        #expect(lineEnds.count == 1)
    }

    @Test func statsStartTwoColumnsAfterTheWidestRow() throws {
        let rows = lines(ReportFixtures.report(ReportFixtures.example))
        let renamed = try row(rows, containing: "TreePath.swift")
        let widest = TerminalText.displayWidth(of: "│   └── R  TreePath.swift ← Path.swift (96%)")
        #expect(renamed == "│   └── R  TreePath.swift ← Path.swift (96%)    +4  −2")
        let top = try #require(rows[1].range(of: "+310"))
        #expect(TerminalText.displayWidth(of: String(rows[1][..<top.lowerBound])) == widest + 2)
    }

    @Test func flattensDirectoryOnlyChains() {
        let flat = lines(ReportFixtures.report(ReportFixtures.example))
        #expect(flat[1].hasPrefix("Sources/TreeReview/ "))
        #expect(flat.contains { $0.hasPrefix("Tests/TreeReviewTests/ ") })
        let nested = lines(ReportFixtures.report(ReportFixtures.example), flatten: false)
        #expect(nested[1].hasPrefix("Sources/ "))
        #expect(nested[2].hasPrefix("└── TreeReview/ "))
        #expect(nested[3].hasPrefix("    ├── Model/ "))
    }

    @Test func noStatHasNoStatsColumn() {
        let changes = ReportFixtures.example.map {
            FileChange(status: $0.status, path: $0.path, oldPath: $0.oldPath, similarity: $0.similarity)
        }
        let rows = lines(ReportFixtures.report(changes, linesCounted: false))
        #expect(rows[0] == "main...feature · 6 files changed (2 added, 2 modified, 1 deleted, 1 renamed)")
        #expect(rows.allSatisfy { !$0.contains("+") && !$0.contains("−") && !$0.hasSuffix(" ") })
        #expect(rows.contains("│   └── R  TreePath.swift ← Path.swift (96%)"))
    }

    @Test func escapesUnsafeNames() throws {
        let evil = FileChange(status: .added, path: RawPath(bytes: Array("x\u{1B}]0;pwned\u{07}\r.txt".utf8) + [0xFF]),
                              insertions: 1, deletions: 0, binary: false)
        let text = ReportFixtures.render(TreeRenderer(), ReportFixtures.report([evil]))
        #expect(!text.utf8.contains(0x1B))
        #expect(!text.utf8.contains(0x07))
        #expect(!text.utf8.contains(0x0D))
        #expect(text.contains("A  x\\e]0;pwned\\x07\\r.txt\\xff  +1"))
    }

    @Test func colorsOnlyWhenAsked() throws {
        let plain = lines(ReportFixtures.report(ReportFixtures.mixed))
        #expect(!plain.joined().contains("\u{1B}"))
        let colored = lines(ReportFixtures.report(ReportFixtures.mixed), color: true)
        let old = try row(colored, containing: "Old/")
        #expect(old.hasPrefix("\u{1B}[1;31mOld/\u{1B}[0m"))
        let assets = try row(colored, containing: "Assets/")
        #expect(assets.hasPrefix("\u{1B}[1;34mAssets/\u{1B}[0m"))
        let unmerged = try row(colored, containing: "conflict.txt")
        #expect(unmerged.hasPrefix("\u{1B}[1;31mU\u{1B}[0m  conflict.txt"))
        #expect(unmerged.contains("\u{1B}[32m+5\u{1B}[0m   \u{1B}[31m−5\u{1B}[0m"))
    }

    @Test func wideNamesAlignByDisplayWidth() {
        let changes = [
            ReportFixtures.text(.modified, "日本語.txt", 1, 0),
            ReportFixtures.text(.modified, "abcdefghij.txt", 2, 0),
        ]
        let rows = lines(ReportFixtures.report(changes)).dropFirst().filter { !$0.isEmpty }
        #expect(Set(rows.map(TerminalText.displayWidth(of:))).count == 1)
        #expect(rows.contains("M  日本語.txt      +1"))
    }
}

import Render
import Testing
import TestSupport
import TreeModel

/// `--max-bytes` is never exceeded: over many limits, on generated changes of thousands of
/// files, the output fits, reads back as every change (each file listed, or counted in the
/// roll-up of a directory shown rolled up), rolls up the deepest directories first, and says
/// what it rolled up.
struct MarkdownByteLimitTests {
    /// A change of `count` files over a seeded random tree up to seven levels deep.
    static func generatedChanges(count: Int, seed: UInt64, topLevelFiles: Bool = false) -> [FileChange] {
        var random = SeededGenerator(state: seed)
        let words = ["app", "core", "docs", "lib", "model", "net", "ui", "util", "view", "test", "data", "io"]
        let statuses: [ChangeStatus] = [.added, .modified, .modified, .modified, .deleted, .renamed, .typeChanged]
        var paths: Set<String> = []
        while paths.count < count {
            let depth = topLevelFiles ? 0 : Int(random.next() % 7)
            let pieces = (0..<depth).map { _ in words[Int(random.next() % UInt64(words.count))] }
            paths.insert((pieces + ["file\(random.next() % 100_000).swift"]).joined(separator: "/"))
        }
        return paths.sorted().map { path in
            let status = statuses[Int(random.next() % UInt64(statuses.count))]
            let oldPath = status == .renamed ? "old/" + path : nil
            return ReportFixtures.text(status, path, Int(random.next() % 300), Int(random.next() % 50),
                                       from: oldPath, similarity: oldPath == nil ? nil : 60 + Int(random.next() % 40))
        }
    }

    /// Renders `changes` within `maxBytes` and checks everything the limit promises.
    static func check(_ changes: [FileChange], maxBytes: Int, fullSize: Int,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let markdown = MarkdownRendererTests.render(ReportFixtures.report(changes), maxBytes: maxBytes)
        #expect(markdown.count <= maxBytes, "\(markdown.count) bytes for a limit of \(maxBytes)", sourceLocation: sourceLocation)
        let shown = try RenderedMarkdown(parsing: markdown)
        #expect(shown.tree.headerDifferences(from: changes) == [], sourceLocation: sourceLocation)
        guard maxBytes < fullSize else {
            #expect(markdown.count == fullSize && shown.note == nil && shown.rolledUp.isEmpty, sourceLocation: sourceLocation)
            return
        }
        let note = try #require(shown.note, "a report that was cut says so", sourceLocation: sourceLocation)
        if note.hasPrefix("The tree of ") {
            #expect(shown.tree.rows.isEmpty, sourceLocation: sourceLocation)
            #expect(note == "The tree of \(changes.count.formatted()) files does not fit in \(maxBytes.formatted()) bytes (--max-bytes): only the totals are shown.",
                    sourceLocation: sourceLocation)
            let topLevelOnly = MarkdownRendererTests.render(
                Report(comparison: ReportFixtures.report([]).comparison,
                       view: TreeView(changeTree: ChangeTree(changes: changes), depth: 0), linesCounted: true))
            #expect(topLevelOnly.count > maxBytes - 200, "the top level alone would have fit", sourceLocation: sourceLocation)
            return
        }
        #expect(shown.tree.differences(from: changes) == [], sourceLocation: sourceLocation)
        let count = shown.rolledUp.count
        #expect(note == "\(count.formatted()) \(count == 1 ? "directory" : "directories") shown rolled up to fit \(maxBytes.formatted()) bytes (--max-bytes).",
                sourceLocation: sourceLocation)
        let rows = shown.tree.rows
        let shallowestRolledUp = try #require(shown.rolledUp.map { rows[$0].level }.min(), sourceLocation: sourceLocation)
        let deepestOpen = rows.filter { $0.isDirectory && $0.rollUp == nil }.map(\.level).max() ?? -1
        #expect(deepestOpen <= shallowestRolledUp, "a directory open below the level rolled up", sourceLocation: sourceLocation)
    }

    @Test func neverExceededOverManyLimits() throws {
        let changes = Self.generatedChanges(count: 1000, seed: 7)
        let fullSize = MarkdownRendererTests.render(ReportFixtures.report(changes)).count
        #expect(fullSize > 40_000)
        var random = SeededGenerator(state: 11)
        var limits = [4096, 4097, 8192, 16_384, fullSize - 1, fullSize, fullSize + 1]
        limits += (0..<3).map { _ in 4096 + Int(random.next() % UInt64(fullSize - 4096)) }
        for maxBytes in limits {
            try Self.check(changes, maxBytes: maxBytes, fullSize: fullSize)
        }
    }

    @Test func oneByteTooFewRollsUpOnlyOnTheDeepestLevel() throws {
        let changes = Self.generatedChanges(count: 600, seed: 3)
        let fullSize = MarkdownRendererTests.render(ReportFixtures.report(changes)).count
        let shown = try RenderedMarkdown(parsing: MarkdownRendererTests.render(ReportFixtures.report(changes), maxBytes: fullSize - 1))
        let deepestDirectory = try #require(shown.tree.rows.filter(\.isDirectory).map(\.level).max())
        #expect(!shown.rolledUp.isEmpty && shown.rolledUp.count <= 3, "enough to make room for the note, no more")
        #expect(shown.rolledUp.allSatisfy { shown.tree.rows[$0].level == deepestDirectory })
    }

    @Test func topLevelFilesThatDoNotFitLeaveTheTotals() throws {
        let changes = Self.generatedChanges(count: 3000, seed: 5, topLevelFiles: true)
        let fullSize = MarkdownRendererTests.render(ReportFixtures.report(changes)).count
        for maxBytes in [4096, 65_536, fullSize - 1] {
            try Self.check(changes, maxBytes: maxBytes, fullSize: fullSize)
        }
    }

    @Test func ownerSectionsKeepTheLimitAndSayWhatIsLeftOut() throws {
        let changes = Self.generatedChanges(count: 1200, seed: 9)
        var report = ReportFixtures.report(changes)
        let owners = changes.indices.map { ["@team\($0 % 7)"] + ($0 % 3 == 0 ? ["@extra"] : []) }
        report.annotations = ReportAnnotations(view: report.view, files: FileAnnotations(count: changes.count, owners: owners,
                                                                                         codeOwnersPath: "CODEOWNERS"))
        func render(_ maxBytes: Int) -> [UInt8] {
            var output: [UInt8] = []
            MarkdownRenderer().render(report, options: RenderOptions(markdownMaxBytes: maxBytes, markdownGroupsByOwner: true), into: &output)
            return output
        }
        let whole = render(100_000_000)
        let items = { (output: [UInt8]) in String(decoding: output, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("- ") }.count }
        #expect(items(whole) == 1600)
        #expect(try CommonMark.parse(whole, .gitHub).all.filter { $0.kind == "heading" }.count == 9)
        for maxBytes in [4096, 10_000, 50_000, whole.count - 1] {
            let output = render(maxBytes)
            #expect(output.count <= maxBytes)
            let note = try #require(String(decoding: output, as: UTF8.self).firstMatch(of: /([\d,]+) more items? not shown/))
            #expect(Int(note.output.1.filter(\.isNumber))! + items(output) == 1600)
        }
    }

    @Test func aLimitBelowTheSmallestIsRaisedToIt() throws {
        let changes = Self.generatedChanges(count: 300, seed: 1)
        let markdown = MarkdownRendererTests.render(ReportFixtures.report(changes), maxBytes: 10)
        #expect(markdown.count <= MarkdownRenderer.smallestMaxBytes && markdown.count > 1000)
    }
}

import TestSupport
import Render
import Testing
import TreeModel

/// Generated and vendored files folded out of the tree: an example drawn in full, and on
/// random trees (any flattening, depth and search) the rows that remain, their guides, and
/// the folded files' totals checked against the view they come from.
struct FoldedRowsTests {
    static func change(_ path: String, _ insertions: Int) -> FileChange {
        FileChange(status: .modified, path: RawPath(path), insertions: insertions, deletions: 0, binary: false,
                   oldMode: .regular, newMode: .regular)
    }

    static func report(_ entries: [(String, Int, FileAnnotations.Kinds)], flatten: Bool = true, depth: Int? = nil,
                       query: String? = nil, mode: SearchMode = .hide, includesGenerated: Bool = false) -> Report {
        let changes = entries.map { change($0.0, $0.1) }
        let files = FileAnnotations(count: changes.count, kinds: entries.map(\.2))
        let tree = ChangeTree(changes: changes)
        let view = TreeView(changeTree: tree, flatten: flatten, depth: depth, query: query.flatMap(SearchQuery.init),
                            searchMode: mode, counts: includesGenerated ? nil : files.countedFiles(in: tree.tree))
        let annotations = ReportAnnotations(view: view, files: files, includesGenerated: includesGenerated)
        return Report(comparison: ComparisonLabel(kind: .commits, spec: "a..b", old: nil, new: nil, title: "a..b"),
                      view: view, linesCounted: true, annotations: annotations)
    }

    static func render(_ report: Report) -> [String] {
        var output: [UInt8] = []
        TreeRenderer().render(report, options: RenderOptions(), into: &output)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func foldedFilesBecomeTheLastRowOfTheirDirectory() {
        let report = Self.report([
            ("src/a.c", 1, []), ("src/gen/x.pb.go", 40, .generated), ("src/gen/y.pb.go", 2, .generated),
            ("src/lock.json", 7, .generated), ("src/z.c", 3, []), ("vendor/lib/v.c", 5, .vendored),
            ("web/app.js", 2, []), ("web/app.min.js", 9, .vendored), ("web/bundle.gen.js", 1, .generated), ("top.txt", 1, []),
        ])
        #expect(Self.render(report) == [
            "a..b · 4 files changed, +7 −0 (4 modified) · 4 generated and 2 vendored files not counted",
            "src/                                   +4",
            "├── gen/ (2 generated files)          +42",
            "├── M  a.c                             +1",
            "├── M  z.c                             +3",
            "└── lock.json (generated)              +7",
            "vendor/lib/ (1 vendored file: v.c)     +5",
            "web/                                   +2",
            "├── M  app.js                          +2",
            "└── 1 generated and 1 vendored files  +10",
            "M  top.txt                             +1",
        ])
    }

    @Test func includedGeneratedFilesAreOrdinaryRows() {
        let report = Self.report([("a/x.c", 1, []), ("a/y.c", 2, .generated)], includesGenerated: true)
        #expect(report.annotations?.foldedRows(of: report.view) == nil)
        #expect(Self.render(report) == [
            "a..b · 2 files changed, +3 −0 (2 modified)",
            "a/                      +3",
            "├── M  x.c              +1",
            "└── M  y.c (generated)  +2",
        ])
    }

    /// What the random reports covered, summed over the seeds.
    struct Exploration {
        var nothingFolded = 0, foldedFileRows = 0, foldedDirectoryRows = 0, wholeTreeShown = 0
        var modes = Set<String>(), depths = Set<Int?>(), queries = Set<String?>(), flattened = Set<Bool>()
    }

    @Test func foldedRowsKeepTheViewsOtherRowsAndCountEveryLeftOutFile() throws {
        var exploration = Exploration()
        for seed in 0..<60 { try checkFoldedRows(seed: seed, &exploration) }
        #expect(exploration.nothingFolded >= 3, "reports with nothing left out")
        #expect(exploration.foldedFileRows >= 30, "rows of folded files")
        #expect(exploration.foldedDirectoryRows >= 30, "folded directories")
        #expect(exploration.wholeTreeShown >= 10, "every directory open or folded, so the folded rows hold every left-out file")
        #expect(exploration.modes.count == 3 && exploration.depths.count == 4 && exploration.queries.count == 4
                && exploration.flattened.count == 2, "every search mode, depth, query and flattening")
    }

    private func checkFoldedRows(seed: Int, _ exploration: inout Exploration) throws {
        let context = Comment(rawValue: "seed \(seed)")
        var generator = SeededGenerator(state: UInt64(seed) &* 7919 &+ 17)
        var paths = Set<String>()
        for _ in 0..<Int.random(in: 1...40, using: &generator) {
            let depth = Int.random(in: 0...3, using: &generator)
            let directories = (0..<depth).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
            paths.insert((directories + ["f\(Int.random(in: 0..<6, using: &generator))"]).joined(separator: "/"))
        }
        let kinds: [FileAnnotations.Kinds] = [[], [], .generated, .vendored, [.generated, .vendored]]
        let entries = paths.sorted().map { ($0, Int.random(in: 0...9, using: &generator), kinds.randomElement(using: &generator)!) }
        let flatten = Bool.random(using: &generator)
        let depth = [nil, 0, 1, 2].randomElement(using: &generator)!
        let query = [nil, "a", "f1", "b/"].randomElement(using: &generator)!
        let mode: SearchMode = [.hide, .collapse, .expand].randomElement(using: &generator)!
        exploration.flattened.insert(flatten)
        exploration.depths.insert(depth)
        exploration.queries.insert(query)
        exploration.modes.insert("\(mode)")
        let report = Self.report(entries, flatten: flatten, depth: depth, query: query, mode: mode)
        let annotations = try #require(report.annotations, context)
        guard let rows = annotations.foldedRows(of: report.view) else {
            #expect(annotations.leftOut(below: FileTree.root).files == 0, context)
            exploration.nothingFolded += 1
            return
        }
        let viewRows = Array(report.view.visibleRows)
        var insideFolded = Int.max
        let expected = viewRows.filter { row in
            if row.level > insideFolded { return false }
            insideFolded = Int.max
            if row.isDirectory, annotations.isFolded(directory: row.node, in: report.view) {
                insideFolded = row.level
                return true
            }
            return row.isDirectory || !annotations.isLeftOut(file: row.node)
        }
        #expect(rows.filter { if case .foldedFiles = $0.kind { false } else { true } }.map(\.row.projected) == expected.map(\.projected),
                context)
        var folded = LeftOutFiles()
        for row in rows {
            switch row.kind {
            case .view: break
            case .foldedFiles(let files), .foldedDirectory(let files):
                if case .foldedFiles = row.kind { exploration.foldedFileRows += 1 } else { exploration.foldedDirectoryRows += 1 }
                folded.generated.add(files.generated)
                folded.vendored.add(files.vendored)
            }
        }
        var reached = LeftOutFiles()
        insideFolded = Int.max
        for row in viewRows {
            if row.level > insideFolded { continue }
            insideFolded = Int.max
            if row.isDirectory, annotations.isFolded(directory: row.node, in: report.view) {
                let below = annotations.leftOut(below: row.node)
                reached.generated.add(below.generated)
                reached.vendored.add(below.vendored)
                insideFolded = row.level
            } else if !row.isDirectory, annotations.isLeftOut(file: row.node) {
                reached.add(report.tree.change(at: row.node)!, kinds: annotations.kinds(ofFile: row.node))
            }
        }
        #expect(folded == reached, context)
        if viewRows.allSatisfy({ !$0.isDirectory || $0.isExpanded || annotations.isFolded(directory: $0.node, in: report.view) }) {
            #expect(folded == annotations.leftOut(below: FileTree.root), context)
            exploration.wholeTreeShown += 1
        }
        #expect(Self.guideProblems(rows.map(\.row)) == [], context)
    }

    /// Every row whose last-sibling mark or guides disagree with the rows around it.
    static func guideProblems(_ rows: [VisibleRow]) -> [String] {
        var problems: [String] = []
        for (index, row) in rows.enumerated() {
            let laterSibling = rows[(index + 1)...].prefix { $0.level >= row.level }.contains { $0.level == row.level }
            if row.isLast == laterSibling { problems.append("row \(index): isLast \(row.isLast)") }
            guard row.guides.count == row.level else {
                problems.append("row \(index): \(row.guides.count) guides on level \(row.level)")
                continue
            }
            for level in 0..<row.level {
                let ancestor = rows[..<index].last { $0.level == level }
                if row.guides[level] != (ancestor.map { !$0.isLast } ?? false) { problems.append("row \(index): guide \(level)") }
            }
        }
        return problems
    }
}

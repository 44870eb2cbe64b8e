import Render
import TreeModel

/// Builders for the hand-made reports the renderer tests share.
enum ReportFixtures {
    /// A text change with line counts.
    static func text(
        _ status: ChangeStatus, _ path: String, _ insertions: Int, _ deletions: Int,
        from oldPath: String? = nil, similarity: Int? = nil
    ) -> FileChange {
        FileChange(
            status: status, path: RawPath(path), oldPath: oldPath.map(RawPath.init), similarity: similarity,
            insertions: insertions, deletions: deletions, binary: false,
            oldMode: status == .added || status == .untracked ? nil : .regular,
            newMode: status == .deleted ? nil : .regular
        )
    }

    /// A binary change: no line counts.
    static func binary(_ status: ChangeStatus, _ path: String) -> FileChange {
        FileChange(
            status: status, path: RawPath(path), binary: true,
            oldMode: status == .added ? nil : .regular, newMode: status == .deleted ? nil : .regular
        )
    }

    /// A report of `changes`, sorted by path bytes as the caller of a renderer does.
    static func report(
        _ changes: [FileChange], linesCounted: Bool = true, title: String = "main...feature"
    ) -> Report {
        Report(
            comparison: ComparisonLabel(kind: .mergeBase, spec: title, old: "1111111", new: "2222222", title: title),
            tree: ChangeTree(changes: changes.sorted { $0.path < $1.path }),
            linesCounted: linesCounted
        )
    }

    /// The changes of the product page's example.
    static let example: [FileChange] = [
        text(.added, "Sources/TreeReview/Model/PreparedTree.swift", 210, 0),
        text(.renamed, "Sources/TreeReview/Model/TreePath.swift", 4, 2,
             from: "Sources/TreeReview/Model/Path.swift", similarity: 96),
        text(.modified, "Sources/TreeReview/Renderer.swift", 96, 41),
        text(.deleted, "Sources/TreeReview/Legacy.swift", 0, 17),
        text(.added, "Tests/TreeReviewTests/PreparedTreeTests.swift", 80, 0),
        text(.modified, "README.md", 22, 6),
    ]

    /// Every status, a binary file, renames within and across directories, a deleted
    /// directory, an untracked directory and a pure (0/0) rename.
    static let mixed: [FileChange] = [
        binary(.modified, "Assets/logo.png"),
        text(.added, "Assets/icons/new.svg", 12, 0),
        text(.renamed, "Docs/Guide.md", 0, 0, from: "Manual/Guide.md", similarity: 100),
        text(.copied, "Docs/API.md", 3, 1, from: "Docs/Reference.md", similarity: 88),
        text(.deleted, "Old/a.c", 0, 120),
        text(.deleted, "Old/b.c", 0, 3),
        text(.typeChanged, "bin/run", 1, 1),
        text(.unmerged, "conflict.txt", 5, 5),
        text(.untracked, "scratch/notes.txt", 7, 0),
        text(.modified, "src/main/java/org/example/App.java", 1234, 567),
    ]

    /// Plain bytes of `text`.
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Renders `report` with `renderer` to text.
    /// The same report, with directory-only chains flattened or not.
    static func flattened(_ report: Report, _ flatten: Bool) -> Report {
        Report(comparison: report.comparison, tree: report.tree, linesCounted: report.linesCounted, flatten: flatten)
    }

    static func render(_ renderer: some ReportRenderer, _ report: Report, options: RenderOptions = RenderOptions()) -> String {
        var output: [UInt8] = []
        renderer.render(report, options: options, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

import Testing
@testable import TreeBrowser
import TreeModel

/// A browser built from the change tree the renderers use
/// (Docs/TreeModel.md#status-and-roll-ups, Docs/TreeModel.md#mutations-and-resets): each row
/// reaches its file's change, its directory's roll-up and its icon; mutations take changes
/// and keep the roll-ups right; a change set may name a file and a directory alike.
struct TreeBrowserChangeTests {
    static let changes = [
        FileChange(status: .modified, path: RawPath("src/app/main.swift"), insertions: 3, deletions: 1, binary: false),
        FileChange(status: .added, path: RawPath("src/app/view.swift"), insertions: 10, deletions: 0, binary: false),
        FileChange(status: .renamed, path: RawPath("docs/guide.md"), oldPath: RawPath("docs/old.md"), similarity: 90,
                   insertions: 1, deletions: 1, binary: false),
        FileChange(status: .deleted, path: RawPath("logo.png"), binary: true),
    ]

    func model(_ changes: [FileChange] = Self.changes) throws -> TreeBrowserModel {
        try TreeBrowserModel(changes: changes, flatten: false, expansion: .expanded)
    }

    @Test func rowsReachChangesRollUpsAndIcons() throws {
        let model = try model()
        #expect(model.rowIdentities == [
            "docs/", "docs/guide.md", "src/", "src/app/", "src/app/main.swift", "src/app/view.swift", "logo.png",
        ])
        let guide = model.row(at: 1)
        #expect(guide.change?.status == .renamed && guide.change?.oldPath == RawPath("docs/old.md"))
        #expect(guide.icon == IconResolver().resolveFile(named: "guide.md"))
        let src = model.row(at: 2)
        #expect(src.change == nil)
        #expect(src.summary.files == 2 && src.summary.insertions == 13 && src.summary.deletions == 1)
        #expect(src.summary.count(.added) == 1 && src.summary.count(.modified) == 1)
        #expect(src.icon == IconResolver().resolveDirectory(expanded: true))
        #expect(model.total == ChangeSummary(Self.changes))
        #expect(model.total.binary == 1)
    }

    @Test func theRollUpsAreTheChangeTreesOwn() throws {
        let changeTree = ChangeTree(changes: Self.changes)
        let model = try TreeBrowserModel(changeTree: changeTree, expansion: .expanded)
        for node in changeTree.tree.nodes.indices.dropFirst() {
            let path = try TreePath(RawPath(bytes: changeTree.tree.identity(of: node)))
            #expect(model.summary(of: path) == changeTree.summaries[node])
            #expect(model.change(of: path) == changeTree.change(at: node))
        }
    }

    @Test func aFileAndADirectoryMayShareANameInAChangeSet() throws {
        let changes = [
            FileChange(status: .deleted, path: RawPath("src")),
            FileChange(status: .added, path: RawPath("src/a.c"), insertions: 2, deletions: 0, binary: false),
        ]
        var model = try model(changes)
        #expect(model.allowsFileAndDirectory)
        #expect(model.rowIdentities == ["src/", "src/a.c", "src"])
        #expect(model.change(of: tp("src"))?.status == .deleted)
        #expect(model.summary(of: tp("src/"))?.files == 1)
        try model.add(FileChange(status: .added, path: RawPath("src/a.c/inner.h")))
        #expect(model.contains(tp("src/a.c")) && model.contains(tp("src/a.c/")))
        #expect(model.rows == referenceRows(of: model))
        #expect(throws: TreePathError.fileAndDirectory(RawPath("src/a.c"))) {
            try TreeBrowserModel(paths: ["src", "src/a.c"])
        }
    }

    @Test func addingAChangeReplacesTheFilesChangeAndRedrawsItsAncestors() throws {
        var model = try model()
        let before = model.rows
        let update = try model.add(FileChange(status: .modified, path: RawPath("src/app/view.swift"), insertions: 4,
                                              deletions: 4, binary: false))
        #expect(update.rows == nil, "no row changed shape")
        #expect(update.decorations == 2..<6, "src/, src/app/ and the file (and the row between)")
        #expect(model.summary(of: tp("src/"))?.insertions == 7)
        #expect(model.summary(of: tp("src/"))?.count(.added) == 0)
        #expect(applying(update, to: before, from: model.rows) == model.rows)
        #expect(try model.add(FileChange(status: .modified, path: RawPath("src/app/view.swift"), insertions: 4,
                                         deletions: 4, binary: false)).isEmpty, "the same change again changes nothing")
        #expect(throws: TreeMutationError.notAFile(tp("src/"))) { try model.add(FileChange(status: .added, path: RawPath("src/"))) }
    }

    @Test func mutationsKeepRollUpsAlongTheirAncestors() throws {
        var model = try model()
        try model.batch([
            .move(tp("src/app/"), to: tp("docs/app/")),
            .remove(tp("logo.png")),
            .addChange(FileChange(status: .added, path: RawPath("docs/new.md"), insertions: 5, deletions: 0, binary: false)),
        ])
        #expect(model.summary(of: tp("docs/"))?.files == 4)
        #expect(model.summary(of: tp("docs/"))?.insertions == 19)
        #expect(model.summary(of: tp("docs/app/"))?.files == 2)
        #expect(model.change(of: tp("docs/app/main.swift"))?.path == RawPath("docs/app/main.swift"))
        #expect(model.summary(of: tp("src/"))?.files == 0)
        #expect(model.total.files == 4 && model.total.binary == 0)
        #expect(model.rows == referenceRows(of: model))
    }

    @Test func aFailedBatchLeavesTheRollUpsAsTheyWere() throws {
        var model = try model()
        let before = model.paths.map { model.summary(of: $0) }
        #expect(throws: TreeMutationError.self) {
            try model.batch([
                .addChange(FileChange(status: .added, path: RawPath("src/x.c"), insertions: 9, deletions: 0, binary: false)),
                .addChange(FileChange(status: .deleted, path: RawPath("src/app/main.swift"))),
                .remove(tp("missing")),
            ])
        }
        #expect(model.paths.map { model.summary(of: $0) } == before)
    }

    @Test func aResetFromChangesKeepsStateAndRedrawsChangedRollUps() throws {
        var model = try model()
        model.collapse(tp("src/app/"))
        var changes = Self.changes
        changes[1].insertions = 20
        let before = model.rows
        let update = try model.reset(changeTree: ChangeTree(changes: changes))
        #expect(!model.isExpanded(tp("src/app/")))
        #expect(update.rows == nil)
        #expect(update.decorations == 2..<4, "src/ and the collapsed src/app/")
        #expect(applying(update, to: before, from: model.rows) == model.rows)
    }
}

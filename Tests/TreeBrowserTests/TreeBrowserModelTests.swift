import Testing
@testable import TreeBrowser
import TreeModel

/// Docs/TreeModel.md#paths-and-identities to #ordering as the interactive model applies them:
/// building from paths, identities, ordering, and rejection.
struct TreeBrowserModelTests {
    @Test func buildsFilesDirectoriesAndSynthesizedParents() throws {
        let model = try TreeBrowserModel(paths: ["Sources/App.swift", "docs/", "README.md"], expansion: .expanded)
        #expect(model.count == 4)
        #expect(model.paths.map(\.description) == ["Sources/", "Sources/App.swift", "docs/", "README.md"])
        #expect(model.contains(tp("Sources/")))
        #expect(!model.contains(tp("Sources")))
        #expect(model.parent(of: tp("Sources/App.swift")) == tp("Sources/"))
        #expect(model.parent(of: tp("README.md")) == nil)
        #expect(model.children(of: tp("docs/")).isEmpty)
        #expect(model.picture == ["▾ Sources", "    App.swift", "▾ docs", "  README.md"])
    }

    @Test func normalizesAndMergesDuplicates() throws {
        let model = try TreeBrowserModel(paths: ["a//b.txt", "./a/b.txt", "a/./c.txt", "a/"], order: .input, expansion: .expanded)
        #expect(model.rowIdentities == ["a/", "a/b.txt", "a/c.txt"])
    }

    @Test(arguments: [
        (TreeOrder.foldersFirst, ["z/", "z/f", "B.txt", "a.txt", "file10", "file2"]),
        (TreeOrder.name, ["B.txt", "a.txt", "file10", "file2", "z/", "z/f"]),
        (TreeOrder.input, ["file2", "z/", "z/f", "a.txt", "file10", "B.txt"]),
    ])
    func ordersSiblingsByteWise(order: TreeOrder, expected: [String]) throws {
        let model = try TreeBrowserModel(
            paths: ["file2", "z/f", "a.txt", "file10", "B.txt"], order: order, expansion: .expanded)
        #expect(model.rowIdentities == expected)
    }

    @Test func caseIsNotFolded() throws {
        let model = try TreeBrowserModel(paths: ["Src/a", "src/b"], flatten: false, expansion: .collapsed)
        #expect(model.rowIdentities == ["Src/", "src/"])
    }

    @Test func keepsNonUTF8BytesExact() throws {
        let raw = RawPath(bytes: [0x64, 0x2F, 0xE9])
        let model = try TreeBrowserModel(paths: [raw], expansion: .expanded)
        #expect(model.row(at: 1).identity.normalized == raw)
    }

    @Test func rejectsAPathThatIsBothFileAndDirectory() {
        #expect(throws: TreePathError.fileAndDirectory(RawPath("src/a.c"))) {
            try TreeBrowserModel(paths: ["src", "src/a.c"])
        }
        #expect(throws: TreePathError.fileAndDirectory(RawPath("src"))) {
            try TreeBrowserModel(paths: ["src/a.c", "src"])
        }
        #expect(throws: TreePathError.fileAndDirectory(RawPath("x/"))) {
            try TreeBrowserModel(paths: ["x", "x/"])
        }
        #expect(throws: TreePathError.fileAndDirectory(RawPath("a/b/c"))) {
            try TreeBrowserModel(paths: ["a/b", "a/b/c"])
        }
    }

    @Test func rejectsTheFirstInvalidPath() {
        #expect(throws: TreePathError.absolute(RawPath("/etc"))) {
            try TreeBrowserModel(paths: ["ok", "/etc", "../x"])
        }
        #expect(throws: TreePathError.parentReference(RawPath("a/../b"))) {
            try TreeBrowserModel(paths: ["a/../b"])
        }
        #expect(throws: TreePathError.empty(RawPath("./"))) { try TreeBrowserModel(paths: ["./"]) }
    }

    @Test func anEmptyInputHasNoRows() throws {
        var model = try TreeBrowserModel(paths: [String]())
        #expect(model.rowCount == 0)
        #expect(model.focusNext().isEmpty)
        #expect(model.focus == nil)
    }
}

import Testing
import TreeBrowser
import TreeModel

/// Docs/TreeModel.md#ranked-find: normalize by lowercasing and removing spaces, `&`, `-`,
/// `_`; score exact 1000, prefix 500, contains 300, tag 100 (tags are status and file type).
struct FindQueryTests {
    func candidate(_ path: String, tags: [String] = []) -> FindCandidate {
        FindCandidate(path: tp(path), tags: tags)
    }

    func match(_ query: String, _ candidate: FindCandidate) -> FindMatch? {
        FindQuery(query).flatMap { $0.match(candidate) }
    }

    @Test func scores() {
        #expect(FindMatch.exact.score == 1000)
        #expect(FindMatch.prefix.score == 500)
        #expect(FindMatch.contains.score == 300)
        #expect(FindMatch.tag.score == 100)
        #expect(FindMatch.allCases.sorted(by: >) == [.exact, .prefix, .contains, .tag])
    }

    @Test func exactIsTheWholeName() {
        let view = candidate("Sources/TreeModel/TreeView.swift")
        #expect(match("TreeView.swift", view) == .exact)
        #expect(match("treeview.swift", view) == .exact)
        // A directory's name is matched without its `/`.
        #expect(match("treemodel", candidate("Sources/TreeModel/")) == .exact)
    }

    @Test func prefixIsTheStartOfTheName() {
        let view = candidate("Sources/TreeModel/TreeView.swift")
        #expect(match("tree", view) == .prefix)
        #expect(match("TreeV", view) == .prefix)
        #expect(match("tree", candidate("Sources/TreeModel/")) == .prefix)
    }

    @Test func containsLooksAtTheFullIdentity() {
        let view = candidate("Sources/TreeModel/TreeView.swift")
        #expect(match("view", view) == .contains)
        #expect(match(".swift", view) == .contains)
        // The names of its directories find a file too, and the path's slashes count.
        #expect(match("model", view) == .contains)
        #expect(match("treemodel/treeview", view) == .contains)
        #expect(match("sources/", candidate("Sources/")) == .contains)
    }

    @Test func tagMatchesStatusAndFileType() {
        let old = candidate("Docs/Old.md", tags: ["deleted", "lang-markdown"])
        #expect(match("deleted", old) == .tag)
        #expect(match("delete", old) == .tag)
        #expect(match("markdown", old) == .tag)
        #expect(match("langmarkdown", old) == .tag)
        #expect(match("added", old) == nil)
        // typeChanged is found however it is spelled.
        #expect(match("type changed", candidate("bin/tool", tags: ["typeChanged"])) == .tag)
    }

    @Test func theBestApplicableScoreWins() {
        // Name prefix, path contains and tag all apply: the prefix counts, not the sum.
        let readme = candidate("readme/README.md", tags: ["readme-ish"])
        #expect(match("readme", readme) == .prefix)
        #expect(match("readme.md", readme) == .exact)
        #expect(match("me/read", readme) == .contains)
    }

    @Test func noMatchIsNil() {
        #expect(match("zzz", candidate("Sources/App.swift", tags: ["modified", "lang-swift"])) == nil)
    }

    @Test func normalizationLowercasesAndRemovesSpacesAmpersandsDashesAndUnderscores() {
        let readme = candidate("readme.md")
        #expect(match("Read Me", readme) == .prefix)
        #expect(match("READ_ME.md", readme) == .exact)
        let treeView = candidate("Sources/TreeView.swift")
        #expect(match("tree-view", treeView) == .prefix)
        #expect(match("Tree & View", treeView) == .prefix)
        #expect(match("tree_view.swift", treeView) == .exact)
        // Candidates are normalized alike.
        #expect(match("readme", candidate("docs/read-me.txt")) == .prefix)
        #expect(match("rock&roll", candidate("Rock & Roll/")) == .exact)
        #expect(FindQuery("Tree & View-_x")?.normalized == Array("treeviewx".utf8))
    }

    @Test func normalizationLowercasesBeyondASCII() throws {
        #expect(match("ÉTÉ", candidate("docs/été.md")) == .prefix)
        #expect(FindQuery("Été - Plan_B")?.normalized == Array("étéplanb".utf8))
        // Bytes that are not UTF-8 do not stop the rest of the name from matching.
        let invalid = try TreePath(RawPath(bytes: [0xFF] + Array("Notes.TXT".utf8)))
        #expect(match("notes.txt", FindCandidate(path: invalid)) == .contains)
    }

    @Test func aQueryWithNothingLeftIsNoQuery() {
        #expect(FindQuery("") == nil)
        #expect(FindQuery("   ") == nil)
        #expect(FindQuery(" - & _ ") == nil)
        #expect(FindQuery(" a ")?.text == " a ")
    }

    @Test func candidatesKnowTheirParentDirectory() {
        #expect(candidate("Sources/App/View.swift").parent == tp("Sources/App/"))
        #expect(candidate("Sources/App/").parent == tp("Sources/"))
        #expect(candidate("README.md").parent == nil)
        #expect(candidate("Docs/").parent == nil)
    }
}

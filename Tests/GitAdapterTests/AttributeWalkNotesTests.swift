import Annotations
import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// A cold comparison's `.gitattributes` files found from what its own tree walk saw
/// (``TreeWalkNotes``) against the same lookup reading the tree (``AttributeLookup/walkTrees(_:along:)``),
/// on a repository whose attributes files sit in nested, added, deleted and renamed
/// directories, behind a symbolic link, beside a submodule and where a file and a
/// directory trade places.
struct AttributeWalkNotesTests {
    static let names = ["linguist-generated", "linguist-vendored"]

    static func makeRepository() throws -> String {
        let repo = try Fixtures.temporaryDirectory() + "/notes"
        try CacheDifferentialTests.script(repo, """
            mkdir -p a/b/c del/inner ren link dt keep
            echo '*.gen linguist-generated' > .gitattributes
            echo '*.txt linguist-vendored' > a/.gitattributes
            echo '*.txt -linguist-vendored linguist-generated' > a/b/.gitattributes
            lines 3 c > a/b/c/f.txt; lines 3 g > a/b/c/g.gen; lines 2 s > a/b/s.txt; lines 2 t > a/t.txt
            echo '*.txt linguist-generated' > del/.gitattributes; lines 2 d > del/x.txt; lines 2 i > del/inner/y.txt
            echo '*.txt linguist-generated' > ren/.gitattributes; lines 4 r > ren/r.txt
            echo '*.txt linguist-generated' > real.attributes; ln -s ../real.attributes link/.gitattributes; lines 2 l > link/l.txt
            lines 2 t > tc
            echo '*.txt linguist-generated' > dt/.gitattributes; lines 2 u > dt/u.txt
            lines 2 k > keep/k.txt
            git init -q -b main sub; (cd sub && lines 1 s > s.txt && commit one)
            git -c advice.addEmbeddedRepo=false add sub; commit base
            git checkout -q -b feature
            lines 4 c > a/b/c/f.txt; lines 4 g > a/b/c/g.gen; lines 3 t > a/t.txt
            mkdir -p new/deep; echo '*.txt linguist-generated' > new/deep/.gitattributes; lines 2 n > new/deep/n.txt
            echo '*.gen -linguist-generated' > new/.gitattributes; lines 1 m > new/m.gen
            git rm -rq del
            git mv ren moved; lines 5 r > moved/r2.txt
            lines 3 l > link/l.txt
            rm tc; mkdir tc; echo '*.txt linguist-vendored' > tc/.gitattributes; lines 2 t > tc/t.txt
            git rm -rq dt; lines 2 dt > dt
            (cd sub && lines 2 s > s.txt && commit two)
            commit feature
            lines 6 c > a/b/c/f.txt; git add a/b/c/f.txt; lines 7 c > a/b/c/f.txt; lines 3 w > new/deep/w.txt
            """)
        return repo
    }

    /// Every comparison form, with and without pathspecs (`.staged`, the working tree and
    /// `main` against it have no tree on the new side: no notes).
    static let requests: [(revisions: [String], staged: Bool, pathspecs: [String], tree: Bool)] = [
        (["main..feature"], false, [], true), (["main...feature"], false, [], true),
        (["main", "feature"], false, [], true), (["feature..main"], false, [], true),
        (["main..feature"], false, ["a/b", "tc", "dt"], true), (["main..feature"], false, [":(exclude)a"], true),
        (["main..feature"], false, ["*.txt"], true), (["main..feature"], false, ["new/deep/n.txt", "del"], true),
        ([], true, [], false), ([], false, [], false), (["main"], false, [], false), ([], true, ["a"], false),
    ]

    @Test(arguments: requests.indices, [false, true])
    func theWalksNotesGiveWhatReadingTheTreeGives(_ index: Int, _ cache: Bool) throws {
        let (revisions, staged, pathspecs, tree) = Self.requests[index]
        let repo = try Self.makeRepository()
        let environment = TestEnvironment.variables(adding: ["XDG_CACHE_HOME": try Fixtures.temporaryDirectory()])
        let repository = try Repository.open(at: repo, environment: environment)
        let request = ComparisonRequest(revisions: revisions, staged: staged, pathspecs: pathspecs, useCache: cache)
        let changeSet = try repository.changes(for: request)
        let paths = changeSet.changes.map(\.path.bytes)
        #expect(!paths.isEmpty)
        guard tree else {
            #expect(changeSet.newTreeNotes == nil)
            return
        }
        let notes = try #require(changeSet.newTreeNotes)
        let newTree = try #require(changeSet.newTree)
        #expect(notes.tree == newTree)
        var noted = AttributeLookup(repository: repository, side: .tree(newTree), config: try repository.readConfig())
        noted.walkNotes = notes
        let walking = AttributeLookup(repository: repository, side: .tree(newTree), config: try repository.readConfig())
        let found = try noted.attributeFilesAndSource(along: paths)
        #expect(found.source == .foundByWalk)
        #expect(found.files == (try walking.walkTrees(newTree, along: paths)))
        let (states, source) = try noted.statesAndSource(of: paths, names: Self.names)
        #expect(source == .foundByWalk)
        #expect(states == (try walking.states(of: paths, names: Self.names)))
        if pathspecs.isEmpty { #expect(states.contains { $0 != nil }, "some attributes apply") }

        changeSet.pendingSave?.wait()
        let warm = try repository.changes(for: request)
        let stored = cache && pathspecs.isEmpty
        #expect(stored == (warm.newTreeNotes == nil), "a comparison read from the cache (no pathspec) was not walked")
    }

    /// Paths in directories the walk did not enter are found by reading the tree.
    @Test func directoriesTheWalkDidNotEnterAreRead() throws {
        let repo = try Self.makeRepository()
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables())
        let changeSet = try repository.changes(for: ComparisonRequest(revisions: ["main..feature"], useCache: false))
        let newTree = try #require(changeSet.newTree)
        var lookup = AttributeLookup(repository: repository, side: .tree(newTree), config: try repository.readConfig())
        lookup.walkNotes = changeSet.newTreeNotes
        let paths = (changeSet.changes.map(\.path.bytes) + [Array("keep/k.txt".utf8)]).sorted { $0.lexicographicallyPrecedes($1) }
        #expect(changeSet.newTreeNotes?.attributeFiles(along: paths) == nil)
        let found = try lookup.attributeFilesAndSource(along: paths)
        #expect(found.source == .walked)
        #expect(found.files == (try lookup.walkTrees(newTree, along: paths)))

        var otherTree = AttributeLookup(repository: repository, side: .tree(try repository.treeID(of: "main")),
                                        config: try repository.readConfig())
        otherTree.walkNotes = changeSet.newTreeNotes
        #expect(try otherTree.attributeFilesAndSource(along: [Array("a/t.txt".utf8)]).source == .walked, "notes of another tree")
    }

    /// The binary: a cold run finds the files from the walk's notes, a warm one (the
    /// comparison read from the cache) by reading the tree, with the same output.
    @Test func aColdRunUsesTheNotesAndPrintsWhatAWarmRunPrints() throws {
        let repo = try Self.makeRepository()
        let cache = try Fixtures.temporaryDirectory()
        func run() throws -> (output: [UInt8], attributes: String) {
            let result = try Shell.run(Binary.path, ["--format", "json", "--include-generated", "main..feature"], in: repo,
                                       environment: ["XDG_CACHE_HOME": cache, "TREEREVIEW_TRACE": "1"])
            #expect(result.status == 0, "\(result.error)")
            let line = result.error.split(separator: "\n").first { $0.contains(": attributes ") }.map(String.init) ?? ""
            return (result.output, line)
        }
        let cold = try run()
        #expect(cold.attributes.contains("(found by the walk)"), "\(cold.attributes)")
        let warm = try run()
        #expect(warm.attributes.contains("(walked)"), "\(warm.attributes)")
        let same = cold.output == warm.output
        #expect(same, "the cold and the warm run print the same")
        let text = String(decoding: cold.output, as: UTF8.self)
        #expect(text.contains("generated") && text.contains("vendored"))
    }
}

import Annotations
import Foundation
import Testing
import TestSupport
import TreeModel
@testable import GitAdapter

/// The adapter's attribute lookup as of each side of a comparison against `git check-attr`
/// on the same side: `--cached` for the index, plain for the working tree, and for a
/// commit `--cached` over a temporary index read from its tree (git 2.39 has no `--source`).
struct AttributeLookupTests {
    static let names = ["linguist-generated", "linguist-vendored", "diff"]

    static func gitStates(_ repository: String, paths: [String], side: GitCheckAttr.Side = .workingTree) throws -> [[AttributeState]] {
        try GitCheckAttr.states(repository, paths: paths, names: names, side: side).map { $0.map(AttributeState.init(checkAttrOutput:)) }
    }

    static func ours(_ repository: String, side: (Repository) throws -> ComparedSide, paths: [String]) throws -> [[AttributeState]] {
        let opened = try Repository.open(at: repository, environment: TestEnvironment.variables())
        let lookup = AttributeLookup(repository: opened, side: try side(opened), config: try opened.readConfig())
        let unspecified = names.map { _ in AttributeState.unspecified }
        return try lookup.states(of: paths.map { Array($0.utf8) }, names: names).map { $0 ?? unspecified }
    }

    /// `basic`: the linguist attributes every way they can be given; `macros`: macros (also
    /// one defined where git does not allow it), negation, anchored, directory and nested patterns.
    @Test(arguments: ["basic", "macros"], ["tree", "index", "worktree"])
    func attributeFixtureGivesGitsStatesOnEverySide(_ fixture: String, _ side: String) throws {
        let repository = try Fixtures.temporaryDirectory() + "/" + fixture
        let script = Fixtures.directory + "/annotations/check-attr.sh"
        let recorded = try Shell.run("bash", [script, fixture, repository])
        #expect(recorded.status == 0, "\(recorded.error)")
        let paths = try String(contentsOfFile: Fixtures.directory + "/annotations/\(fixture).paths", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let theirs = try Self.gitStates(repository, paths: paths)
        let ours = try Self.ours(repository, side: { repository in
            switch side {
            case "tree": .tree(try repository.treeID(of: "HEAD"))
            case "index": .index
            default: .workingTree
            }
        }, paths: paths)
        #expect(ours.count == paths.count && paths.count > 15)
        for (path, (mine, git)) in zip(paths, zip(ours, theirs)) {
            if Self.libgit2Differences.contains(path) {
                #expect(mine != git, "\(path) now agrees with git: take it off the list and Docs/Annotations.md")
            } else {
                #expect(mine == git, "\(path)")
            }
        }
        if fixture == "basic" {
            #expect(ours[paths.firstIndex(of: "vendor/github.com/x/y.go")!] == [.value("yes"), .value("false"), .unspecified])
        } else {
            #expect(ours[paths.firstIndex(of: "gen/a.go")!] == [.set, .unspecified, .unset])
        }
    }

    /// Paths of the `macros` fixture where libgit2 answers otherwise than git: a macro unset
    /// (`-generated-code`) in a deeper file still gives, in libgit2, the attributes a
    /// shallower line's macro sets (`Docs/Annotations.md#attributes`).
    static let libgit2Differences: Set<String> = ["gen/plain.go", "external/pkg/y.c"]

    static let annotationPaths = [
        ".gitattributes", "CODEOWNERS", "README.md", "api/schema.json", "assets/table.dat", "dist/bundle.js",
        "lib/dep/dep.c", "node_modules/left-pad/index.js", "package-lock.json", "src/app.c", "src/extra.gen",
        "src/model.gen", "src/notes.txt", "nowhere/new.c", "lib/other.txt",
    ]

    @Test(arguments: ["main", "feature", "HEAD"])
    func attributesAreThoseOfTheComparedCommit(_ revision: String) throws {
        let repository = try Fixtures.repository("annotations")
        let theirs = try Self.gitStates(repository, paths: Self.annotationPaths, side: .revision(revision))
        let ours = try Self.ours(repository, side: { .tree(try $0.treeID(of: revision)) }, paths: Self.annotationPaths)
        #expect(ours == theirs)
        let model = Self.annotationPaths.firstIndex(of: "src/model.gen")!
        #expect(ours[model][0] == (revision == "main" ? .set : .unset))
    }

    @Test func attributesOfTheIndexAreTheIndexFiles() throws {
        let repository = try Fixtures.repository("annotations")
        let theirs = try Self.gitStates(repository, paths: Self.annotationPaths, side: .index)
        let ours = try Self.ours(repository, side: { _ in .index }, paths: Self.annotationPaths)
        #expect(ours == theirs)
        #expect(ours[Self.annotationPaths.firstIndex(of: "src/app.c")!][0] == .set)
    }

    @Test func attributesOfTheWorkingTreeAreItsFiles() throws {
        let repository = try Fixtures.repository("annotations")
        let theirs = try Self.gitStates(repository, paths: Self.annotationPaths)
        let ours = try Self.ours(repository, side: { _ in .workingTree }, paths: Self.annotationPaths)
        #expect(ours == theirs)
        #expect(ours[Self.annotationPaths.firstIndex(of: "src/app.c")!][1] == .set)
    }

    @Test func aWorkingTreeAttributesFileMissingThereIsReadFromTheIndex() throws {
        let repository = try Fixtures.fresh("annotations")
        try FileManager.default.removeItem(atPath: repository + "/.gitattributes")
        let theirs = try Self.gitStates(repository, paths: Self.annotationPaths)
        let ours = try Self.ours(repository, side: { _ in .workingTree }, paths: Self.annotationPaths)
        #expect(ours == theirs)
        #expect(ours[Self.annotationPaths.firstIndex(of: "src/app.c")!][0] == .set)
    }

    @Test func infoAttributesReachEveryPath() throws {
        let repository = try Fixtures.fresh("annotations")
        try "*.json linguist-vendored\n".write(toFile: repository + "/.git/info/attributes", atomically: true, encoding: .utf8)
        let theirs = try Self.gitStates(repository, paths: Self.annotationPaths, side: .revision("feature"))
        let ours = try Self.ours(repository, side: { .tree(try $0.treeID(of: "feature")) }, paths: Self.annotationPaths)
        #expect(ours == theirs)
        #expect(ours[Self.annotationPaths.firstIndex(of: "package-lock.json")!][1] == .set)
    }

    @Test func aBareRepositoryReadsTheCommitsAttributes() throws {
        let source = try Fixtures.repository("annotations")
        let bare = try Fixtures.temporaryDirectory() + "/bare.git"
        try Shell.git(["clone", "-q", "--bare", source, bare], in: source)
        let ours = try Self.ours(bare, side: { .tree(try $0.treeID(of: "main")) }, paths: Self.annotationPaths)
        let theirs = try Self.gitStates(source, paths: Self.annotationPaths, side: .revision("main"))
        #expect(ours == theirs)
    }

    @Test func noAttributesFileMeansNoLookup() throws {
        let repository = try Fixtures.repository("branches")
        let opened = try Repository.open(at: repository, environment: TestEnvironment.variables())
        let lookup = AttributeLookup(repository: opened, side: .tree(try opened.treeID(of: "feature")), config: try opened.readConfig())
        let states = try lookup.states(of: [Array("Sources/App/Tree.swift".utf8), Array("README.md".utf8)], names: Self.names)
        #expect(states.allSatisfy { $0 == nil })
    }

    /// Segment files under `directory`.
    static func segmentFiles(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".seg") }
    }

    @Test(arguments: ["main", "feature"])
    func aTreesAttributesFilesAreKeptForItsDirectoriesAndReadBack(_ revision: String) throws {
        let repository = try Fixtures.repository("annotations")
        let cache = try Fixtures.temporaryDirectory()
        var environment = TestEnvironment.variables()
        environment["XDG_CACHE_HOME"] = cache
        let opened = try Repository.open(at: repository, environment: environment)
        let tree = try opened.treeID(of: revision)
        var lookup = AttributeLookup(repository: opened, side: .tree(tree), config: try opened.readConfig())
        lookup.usesCache = true
        let paths = Self.annotationPaths.map { Array($0.utf8) }
        _ = try lookup.attributeFiles(along: paths)
        #expect(Self.segmentFiles(cache).isEmpty, "a few directories are not worth a record")

        lookup.cachedFromDirectories = 0
        let walked = try lookup.attributeFiles(along: paths)
        var threaded = AttributeLookup(repository: opened, side: .tree(tree), config: try opened.readConfig())
        threaded.pathsPerThread = 2
        #expect(try Set(threaded.attributeFiles(along: paths).files.map(\.directory)) == Set(walked.files.map(\.directory)))
        #expect(walked.files.map(\.directory).contains([]) && walked.files.allSatisfy { $0.blob != nil })
        let key = CacheKey(.attributeFiles, tree, AttributeLookup.digest(ofDirectoriesOf: paths).0)
        let results = try #require(ResultCache(for: opened))
        let stored = withExtendedLifetime(results) { results.store.value(for: key).flatMap(AttributeFiles.init(encoded:)) }
        #expect(stored == walked)
        let written = Self.segmentFiles(cache)
        #expect(written.count == 1)

        let theirs = try Self.gitStates(repository, paths: Self.annotationPaths, side: .revision(revision))
        let unspecified = Self.names.map { _ in AttributeState.unspecified }
        #expect(try lookup.states(of: paths, names: Self.names).map { $0 ?? unspecified } == theirs)
        #expect(Self.segmentFiles(cache) == written, "the second lookup found the record")

        let planted = try #require(ResultCache(for: opened))
        planted.add(value: AttributeFiles().encoded, for: key)
        planted.save()
        #expect(try lookup.states(of: paths, names: Self.names).allSatisfy { $0 == nil }, "the record is what is read")
        #expect(try lookup.states(of: paths.reversed(), names: Self.names).contains { $0 != nil }, "other directories, another record")
    }
}

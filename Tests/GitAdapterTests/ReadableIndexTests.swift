import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Indexes libgit2 1.5 refuses but git reads: a sparse index (`sdir`, its directory entries
/// expanded from their trees), one whose checksum is damaged (git does not check it); and a
/// comparison of two trees, which reads no index at all. Every comparison against git 2.39
/// on the same repository, the index file never written.
struct ReadableIndexTests {
    private func changes(_ repo: String, _ request: ComparisonRequest, environment: [String: String] = [:]) throws -> [FileChange] {
        try Repository.open(at: repo, environment: TestEnvironment.variables(adding: environment)).changes(for: request).changes
    }

    /// The comparisons tried on each repository (the `sparse` fixture, whose `ORIG_HEAD` is
    /// the commit its index holds): treereview's request, git's arguments, whether git's
    /// answer includes untracked files.
    static let comparisons: [(ComparisonRequest, [String], Bool)] = [
        (.init(), ["HEAD"], true), (.init(staged: true), ["--cached"], false),
        (.init(revisions: ["ORIG_HEAD"]), ["ORIG_HEAD"], true),
        (.init(revisions: ["ORIG_HEAD"], staged: true), ["--cached", "ORIG_HEAD"], false),
        (.init(revisions: ["HEAD..ORIG_HEAD"]), ["HEAD..ORIG_HEAD"], false),
    ]

    private func expectEveryComparisonAsGit(_ repo: String, indexFile: String? = nil) throws {
        let path = indexFile ?? repo + "/.git/index"
        let environment = indexFile.map { ["GIT_INDEX_FILE": $0] } ?? [:]
        let index = try Data(contentsOf: URL(fileURLWithPath: path))
        for (request, arguments, untracked) in Self.comparisons {
            let mine = try changes(repo, request, environment: environment).map(EntryKindDifferentialTests.comparable)
            let theirs = try GitOracle.changes(in: repo, arguments, untracked: untracked, environment: environment)
            #expect(mine == theirs, "\(arguments)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == index, "the index file is never written")
    }

    @Test func aSparseIndexIsReadForEveryComparison() throws {
        let repo = try Fixtures.fresh("sparse")
        try Shell.git(["sparse-checkout", "set", "--sparse-index", "in"], in: repo)
        #expect(try Shell.git(["ls-files", "--sparse"], in: repo).text.contains("out/far/\n"), "a directory entry")
        try expectEveryComparisonAsGit(repo)
        let staged = try changes(repo, .init(staged: true))
        #expect(staged.contains { $0.path == RawPath("out/new.txt") }, "a file of a sparse directory's tree")
    }

    @Test func aSparseIndexNamedByGitIndexFileIsReadForEveryComparison() throws {
        let repo = try Fixtures.fresh("sparse")
        try Shell.git(["sparse-checkout", "set", "--sparse-index", "in"], in: repo)
        let index = try Fixtures.temporaryDirectory() + "/sparse-index"
        try FileManager.default.moveItem(atPath: repo + "/.git/index", toPath: index)
        #expect(try Shell.run("git", ["ls-files", "--sparse"], in: repo, environment: ["GIT_INDEX_FILE": index]).text
                    .contains("out/far/\n"), "a directory entry")
        try expectEveryComparisonAsGit(repo, indexFile: index)
        let staged = try changes(repo, .init(staged: true), environment: ["GIT_INDEX_FILE": index])
        #expect(staged.contains { $0.path == RawPath("out/new.txt") }, "a file of a sparse directory's tree")
        #expect(!FileManager.default.fileExists(atPath: repo + "/.git/index"))
    }

    @Test func aSparseIndexWithEveryFileOutsideTheCone() throws {
        let repo = try Fixtures.fresh("sparse")
        try FileManager.default.removeItem(atPath: repo + "/out/deep/present.txt")
        try Shell.git(["sparse-checkout", "set", "--sparse-index", "in"], in: repo)
        #expect(try Shell.git(["ls-files", "--sparse"], in: repo).text.contains("out/\n"), "all of out/ is one entry")
        try expectEveryComparisonAsGit(repo)
    }

    @Test(arguments: [false, true])
    func aDamagedChecksumIsReadAsGitReadsIt(namedByGitIndexFile: Bool) throws {
        let repo = try Fixtures.fresh("sparse")
        var path = repo + "/.git/index"
        if namedByGitIndexFile {
            let moved = try Fixtures.temporaryDirectory() + "/index"
            try FileManager.default.moveItem(atPath: path, toPath: moved)
            path = moved
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 1] ^= 1
        try bytes.write(to: URL(fileURLWithPath: path))
        try expectEveryComparisonAsGit(repo, indexFile: namedByGitIndexFile ? path : nil)
    }

    /// Index files git refuses, in git 2.39's words (`do_read_index`, `verify_hdr`), for the
    /// repository's own index and for one `GIT_INDEX_FILE` names.
    @Test(arguments: [false, true])
    func aDamagedHeaderIsToldInGitsWords(namedByGitIndexFile: Bool) throws {
        let repo = try Fixtures.fresh("branches")
        let good = try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index"))
        let path = try namedByGitIndexFile ? Fixtures.temporaryDirectory() + "/index" : repo + "/.git/index"
        let environment = namedByGitIndexFile ? ["GIT_INDEX_FILE": path] : [:]
        var badSignature = good, badVersion = good
        badSignature.replaceSubrange(0..<4, with: Data("XIRC".utf8))
        badVersion[7] = 5
        let damaged: [(bytes: Data, words: String)] = [
            (Data(), "index file smaller than expected"), (good.prefix(31), "index file smaller than expected"),
            (badSignature, "bad signature 0x43524958"), (badVersion, "bad index version 5"),
        ]
        for (bytes, words) in damaged {
            try bytes.write(to: URL(fileURLWithPath: path))
            for (request, arguments) in [(ComparisonRequest(), ["HEAD"]), (.init(staged: true), ["--cached"])] {
                let git = try Shell.run("git", ["diff"] + arguments, in: repo, environment: environment)
                #expect(git.status == 128 && git.error.contains(words), "\(arguments): \(git.error)")
                do {
                    _ = try changes(repo, request, environment: environment)
                    Issue.record("\(arguments) read a damaged index: \(words)")
                } catch {
                    #expect("\(error)".hasPrefix("'\(path)': ") && "\(error)".contains(words), "\(arguments): \(error)")
                }
            }
            #expect(try changes(repo, .init(revisions: ["main..feature"]), environment: environment).count > 0,
                    "two trees read no index")
        }
    }

    @Test func twoTreesReadNoIndex() throws {
        let repo = try Fixtures.fresh("branches")
        try Data().write(to: URL(fileURLWithPath: repo + "/.git/index"))
        let mine = try changes(repo, .init(revisions: ["main..feature"])).map(EntryKindDifferentialTests.comparable)
        #expect(mine == (try GitOracle.changes(in: repo, ["main..feature"])))
        #expect(!mine.isEmpty && mine.allSatisfy { $0.insertions != nil || $0.binary == true }, "with line counts")
        #expect(throws: AdapterError.corruptIndex(path: repo + "/.git/index", problem: .tooSmall)) { try changes(repo, .init()) }
        #expect(try Shell.run("git", ["-C", repo, "diff", "HEAD"]).status != 0, "git fails there too")
    }

    @Test func attributesOnlyInTheIndexDoNotApplyBetweenTrees() throws {
        let repo = try Fixtures.fresh("branches")
        try "* -diff\n".write(toFile: repo + "/.gitattributes", atomically: false, encoding: .utf8)
        try Shell.git(["add", ".gitattributes"], in: repo)
        try FileManager.default.removeItem(atPath: repo + "/.gitattributes")
        let mine = try changes(repo, .init(revisions: ["main..feature"])).map(EntryKindDifferentialTests.comparable)
        #expect(mine == (try GitOracle.changes(in: repo, ["main..feature"])))
        #expect(mine.contains { $0.binary == false }, "git reads no index between two trees")
    }
}

import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Comparisons limited by pathspecs, run from subdirectories of `Fixtures/repos/pathspec.sh`,
/// against `git diff` run there (paths stay relative to the top, as git prints them) and, for
/// untracked files, `git status` (whose exclusion-only pathspecs start from the top, as
/// `git diff`'s do): every comparison, every magic, renames paired after the pathspec.
struct PathspecDifferentialTests {
    static let pathspecs: [[String]] = [
        ["."], ["src"], ["../../common"], [":/common"], [":!src"], [":^test"], [":(exclude)*.ts"], ["*.ts"],
        [":(glob)*.ts"], [":(glob)**/*.ts"], [":(icase)SHARED"], [":(top,icase,glob)**/readme*"], [":/odd/a*b.txt"],
        [":(top,literal)odd/a*b.txt"], [":(attr:lang=typescript)"], [":(attr:diff=cpp)"], [":(attr:-diff)"],
        [":(attr:!diff)"], [":(attr:binary)"], [":(attr:review)"], [":(attr:!review)"], [":(exclude,attr:lang=typescript)"],
        [":/packages/*/src"], ["fresh/"], [":/**"], [":/packages", ":!*.ts"], ["src", "../ui"], [":/odd/[[]x].md"],
    ]

    /// The comparisons: `git diff`'s arguments, the request's revisions, whether the new side
    /// is the working tree (untracked files listed) and whether it is the index.
    static let comparisons: [(git: [String], revisions: [String], untracked: Bool, staged: Bool)] = [
        (["main", "feature"], ["main..feature"], false, false),
        (["main...feature"], ["main...feature"], false, false),
        (["main"], ["main"], true, false),
        (["HEAD"], [], true, false),
        (["--cached"], [], false, true),
    ]

    private func directory(_ relative: String) throws -> String {
        let repo = try Fixtures.repository("pathspec")
        return relative.isEmpty ? repo : repo + "/" + relative
    }

    /// Untracked files as `git status` lists them for `pathspecs` run in `directory`.
    static func untracked(in directory: String, pathspecs: [String], environment: [String: String] = [:]) throws -> [FileChange] {
        let result = try Shell.run("git", ["status", "--porcelain", "-z", "--untracked-files=all", "--"] + pathspecs,
                                   in: directory, environment: environment)
        var records = result.output.split(separator: 0).map(Array.init)[...]
        var found: [FileChange] = []
        while let record = records.popFirst() {
            if record.starts(with: "?? ".utf8) {
                found.append(FileChange(status: .untracked, path: RawPath(bytes: Array(record.dropFirst(3)))))
            } else if record.first == UInt8(ascii: "R") || record.first == UInt8(ascii: "C") {
                _ = records.popFirst()
            }
        }
        return found
    }

    private func ours(_ request: ComparisonRequest, from directory: String,
                      environment: [String: String] = [:]) throws -> [FileChange] {
        var request = request
        request.pathspecBase = directory
        let repository = try Repository.open(at: directory, environment: TestEnvironment.variables(adding: environment))
        return try repository.changes(for: request).changes.map(GitOracle.comparable)
    }

    @Test(arguments: ["", "packages/core", "common/util"])
    func everyComparisonFromADirectoryMatchesGit(_ relative: String) throws {
        let start = try directory(relative)
        var nonEmpty = 0
        for comparison in Self.comparisons {
            for pathspec in Self.pathspecs where !(relative.isEmpty && pathspec.contains { $0.hasPrefix("../") }) {
                var theirs = try GitOracle.changes(in: start, ["-M"] + comparison.git, pathspecs: pathspec)
                if comparison.untracked {
                    theirs = (theirs + (try Self.untracked(in: start, pathspecs: pathspec))).sorted { $0.path < $1.path }
                }
                let request = ComparisonRequest(revisions: comparison.revisions, staged: comparison.staged, pathspecs: pathspec)
                let mine = try ours(request, from: start)
                #expect(mine == theirs, "\(comparison.git) -- \(pathspec) from '\(relative)'")
                if !theirs.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > Self.comparisons.count * Self.pathspecs.count / 3, "too few comparisons found anything")
    }

    @Test func aRenameFromOutsideThePathspecIsAnAddition() throws {
        let start = try directory("packages/core")
        let changes = try ours(.init(revisions: ["main..feature"], pathspecs: ["src"]), from: start)
        let moved = try #require(changes.first { $0.path == RawPath("packages/core/src/moved.c") })
        #expect(moved.status == .added && moved.oldPath == nil)
        let both = try ours(.init(revisions: ["main..feature"], pathspecs: ["src", ":/common"]), from: start)
        #expect(both.first { $0.path == RawPath("packages/core/src/moved.c") }?.oldPath == RawPath("common/util/moving.c"))
        let source = try ours(.init(revisions: ["main..feature"], pathspecs: [":/common/util"]), from: start)
        #expect(source.contains { $0.path == RawPath("common/util/moving.c") && $0.status == .deleted })
    }

    @Test func untrackedFilesBelowADirectoryThePathspecRefusesAreLeftOutAsGitDoes() throws {
        let start = try directory("packages/core")
        let paths = try ours(.init(pathspecs: [":(attr:!review)"]), from: start).filter { $0.status == .untracked }.map(\.path)
        #expect(paths == [RawPath("packages/core/loose.ts"), RawPath("packages/core/src/.gitattributes")],
                "src/fresh/ has the review attribute (a directory pattern): git does not go in, though its files lack it")
        #expect(paths == (try Self.untracked(in: start, pathspecs: [":(attr:!review)"])).map(\.path))
    }

    @Test func withoutABaseThePathspecsStartFromTheTop() throws {
        let repository = try Repository.open(at: try directory("packages/core"), environment: TestEnvironment.variables())
        let changes = try repository.changes(for: .init(revisions: ["main..feature"], pathspecs: ["common"])).changes
        #expect(!changes.isEmpty && changes.allSatisfy { $0.path.bytes.starts(with: "common/".utf8) })
    }

    /// Every path `git diff --name-status` names (both of a rename), run in `directory`.
    private func gitPaths(_ arguments: [String], in directory: String, environment: [String: String]) throws -> Set<String> {
        let output = try Shell.run("git", ["diff", "-M", "-z", "--name-status"] + arguments, in: directory, environment: environment).output
        var fields = output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }[...]
        var paths = Set<String>()
        while let code = fields.popFirst() {
            let count = code.hasPrefix("R") || code.hasPrefix("C") ? 2 : 1
            for _ in 0..<count { if let path = fields.popFirst() { paths.insert(path) } }
        }
        return paths
    }

    @Test(arguments: [
        ["GIT_ICASE_PATHSPECS": "1"], ["GIT_GLOB_PATHSPECS": "1"], ["GIT_NOGLOB_PATHSPECS": "1"], ["GIT_LITERAL_PATHSPECS": "1"],
    ])
    func environmentVariablesLimitAsInGit(_ environment: [String: String]) throws {
        let start = try directory("packages")
        for pathspec in [["*.ts"], ["CORE"], [":(glob)*/src/*"], [":!ui", "*"], ["core/src/*.ts"], [":(literal)*"]] {
            for comparison in Self.comparisons {
                var theirs = try gitPaths(comparison.git + ["--"] + pathspec, in: start, environment: environment)
                if comparison.untracked {
                    let untracked = try Self.untracked(in: start, pathspecs: pathspec, environment: environment)
                    theirs.formUnion(untracked.map { String(decoding: $0.path.bytes, as: UTF8.self) })
                }
                let request = ComparisonRequest(revisions: comparison.revisions, staged: comparison.staged, pathspecs: pathspec)
                let changes = try ours(request, from: start, environment: environment)
                let mine = Set(changes.flatMap { [$0.path] + ($0.oldPath.map { [$0] } ?? []) }.map { String(decoding: $0.bytes, as: UTF8.self) })
                #expect(mine == theirs, "\(environment) \(comparison.git) -- \(pathspec)")
            }
        }
    }
}

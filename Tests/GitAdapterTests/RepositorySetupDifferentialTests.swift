import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Repositories found and opened as git finds them, against `git diff` run with the same
/// directory and environment on `Fixtures/repos/pathspec.sh` (a monorepo-like tree and a
/// branch `feature`): a bare clone and a git directory entered directly (no work tree, so
/// pathspecs are from the top), `GIT_DIR` alone (the current directory is the work tree),
/// `GIT_INDEX_FILE`, `GIT_OBJECT_DIRECTORY`, `GIT_ALTERNATE_OBJECT_DIRECTORIES` and
/// `GIT_COMMON_DIR`.
struct RepositorySetupDifferentialTests {
    static let pathspecs = ["packages/core", ":(exclude)*.md", ":(glob)**/B*.tsx", "packages/*/src/*", ":(top)odd"]

    /// git's `--name-status` and `--numstat` for `arguments`, one line per file
    /// (`M\tpath\t3\t1`), sorted; with `untracked`, `ls-files --others` as `?` lines.
    private func git(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                     untracked: Bool = false) throws -> [String] {
        func run(_ extra: [String]) throws -> [String] {
            let result = try Shell.run("git", extra, in: directory, environment: environment)
            #expect(result.status == 0, "git \(extra) failed: \(result.error)")
            return result.text.split(separator: "\n").map(String.init)
        }
        var counts: [String: String] = [:]
        for line in try run(["diff", "--numstat", "--no-renames"] + arguments) {
            let parts = line.split(separator: "\t", maxSplits: 2).map(String.init)
            counts[parts[2]] = parts[0] + "\t" + parts[1]
        }
        var lines = try run(["diff", "--name-status", "--no-renames"] + arguments).map { line -> String in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return parts[0] + "\t" + parts[1] + (counts[parts[1]].map { "\t" + $0 } ?? "")
        }
        if untracked {
            let pathspec = arguments.firstIndex(of: "--").map { Array(arguments[$0...]) } ?? []
            lines += try run(["ls-files", "--others", "--exclude-standard"] + pathspec).map { "?\t" + $0 }
        }
        return lines.sorted()
    }

    /// Ours, in the same lines.
    private func ours(_ request: ComparisonRequest, in directory: String, environment: [String: String] = [:]) throws -> [String] {
        var request = request
        request.renames = .off
        request.pathspecBase = directory
        let set = try Repository.open(at: directory, environment: TestEnvironment.variables(adding: environment)).changes(for: request)
        return set.changes.map { change in
            let letter = change.status.map { $0 == .untracked ? "?" : String($0.letter) } ?? "?"
            let counts = change.status == .untracked || !request.countLines ? ""
                : "\t" + (change.insertions.map(String.init) ?? "-") + "\t" + (change.deletions.map(String.init) ?? "-")
            return letter + "\t" + change.path.description + counts
        }.sorted()
    }

    private func clone(bare: Bool) throws -> String {
        let source = try Fixtures.repository("pathspec")
        let target = try Fixtures.temporaryDirectory() + "/vue.git"
        if bare {
            try Shell.git(["clone", "-q", "--bare", source, target], in: source)
        } else {
            try FileManager.default.copyItem(atPath: source + "/.git", toPath: target)
        }
        return target
    }

    @Test(arguments: [true, false])
    func pathspecsInAGitDirectoryAreFromTheTop(bare: Bool) throws {
        let repo = try clone(bare: bare)
        #expect(try Shell.git(["config", "core.bare"], in: repo).text == (bare ? "true\n" : "false\n"))
        for pathspec in Self.pathspecs {
            let theirs = try git(["main..feature", "--", pathspec], in: repo)
            #expect(!theirs.isEmpty, "\(pathspec) should match changed files")
            #expect(try ours(.init(revisions: ["main..feature"], pathspecs: [pathspec]), in: repo) == theirs, "\(pathspec)")
        }
        let inside = repo + "/refs"
        let theirs = try git(["main..feature", "--", "packages/ui"], in: inside)
        #expect(try ours(.init(revisions: ["main..feature"], pathspecs: ["packages/ui"]), in: inside) == theirs)
    }

    @Test func aGitDirectoryEnteredDirectlyHasNoWorkTree() throws {
        let repo = try clone(bare: false)
        #expect(throws: AdapterError.bareRepository(repo)) {
            try ours(.init(), in: repo)
        }
        let result = try Shell.run("git", ["diff", "HEAD"], in: repo)
        #expect(result.status == 128 && result.error.contains("must be run in a work tree"))
    }

    @Test func gitDirAloneMakesTheCurrentDirectoryTheWorkTree() throws {
        let repo = try Fixtures.fresh("pathspec")
        let here = repo + "/packages"
        let environment = ["GIT_DIR": "../.git"]
        let theirs = try git(["HEAD"], in: here, environment: environment, untracked: true)
        #expect(theirs.contains("?\tcore/src/index.ts"), "git sees packages/ as the top")
        let mine = try ours(.init(revisions: ["HEAD"], countLines: false), in: here, environment: environment)
        #expect(mine == theirs.map { $0.split(separator: "\t").prefix(2).joined(separator: "\t") })
        let tracked = try git(["main..feature", "--", "core"], in: here, environment: environment)
        #expect(try ours(.init(revisions: ["main..feature"], pathspecs: ["core"]), in: here, environment: environment) == tracked)
    }

    @Test func gitDirWithAFalseImplicitWorkTreeHasNone() throws {
        let repo = try Fixtures.repository("pathspec")
        let environment = ["GIT_DIR": repo + "/.git", "GIT_IMPLICIT_WORK_TREE": "0"]
        #expect(throws: AdapterError.bareRepository(repo + "/packages")) {
            try ours(.init(), in: repo + "/packages", environment: environment)
        }
        let theirs = try git(["main..feature", "--", "packages/core"], in: repo + "/packages", environment: environment)
        #expect(try ours(.init(revisions: ["main..feature"], pathspecs: ["packages/core"]), in: repo + "/packages",
                         environment: environment) == theirs)
    }

    @Test func gitIndexFileIsTheIndexCompared() throws {
        let repo = try Fixtures.fresh("pathspec")
        let index = try Fixtures.temporaryDirectory() + "/other-index"
        let environment = ["GIT_INDEX_FILE": index]
        #expect(try Shell.run("git", ["read-tree", "main"], in: repo, environment: environment).status == 0)
        let theirs = try git(["--cached", "HEAD"], in: repo, environment: environment)
        #expect(theirs.contains { $0.hasPrefix("D\tpackages/core/src/new.ts") }, "the fixture is on feature")
        #expect(try ours(.init(revisions: ["HEAD"], staged: true), in: repo, environment: environment) == theirs)
        #expect(try ours(.init(revisions: ["HEAD"], staged: true), in: repo) == (try git(["--cached", "HEAD"], in: repo)))
        try FileManager.default.copyItem(atPath: index, toPath: repo + "/.git/other-index")
        for relative in [".git/other-index", "../.git/other-index"] {
            let here = repo + "/packages"
            let environment = ["GIT_INDEX_FILE": relative]
            #expect(try ours(.init(revisions: ["HEAD"], staged: true), in: here, environment: environment)
                    == (try git(["--cached", "HEAD"], in: here, environment: environment)), "from the top, as git: \(relative)")
        }
    }

    @Test func objectDirectoriesFromTheEnvironmentAreRead() throws {
        let repo = try Fixtures.fresh("pathspec")
        let objects = try Fixtures.temporaryDirectory() + "/objects"
        try FileManager.default.moveItem(atPath: repo + "/.git/objects", toPath: objects)
        try FileManager.default.createDirectory(atPath: repo + "/.git/objects", withIntermediateDirectories: false)
        let request = ComparisonRequest(revisions: ["main..feature"], pathspecs: ["packages"])
        for environment in [["GIT_OBJECT_DIRECTORY": objects], ["GIT_ALTERNATE_OBJECT_DIRECTORIES": "/no/such:\"\(objects)\""]] {
            let theirs = try git(["main..feature", "--", "packages"], in: repo, environment: ["GIT_OBJECT_DIRECTORY": objects])
            #expect(!theirs.isEmpty)
            #expect(try ours(request, in: repo, environment: environment) == theirs, "\(environment)")
        }
        let relative = ["GIT_OBJECT_DIRECTORY": "../../" + URL(fileURLWithPath: objects).deletingLastPathComponent().lastPathComponent + "/objects"]
        let here = repo + "/packages"
        if FileManager.default.fileExists(atPath: here + "/" + relative["GIT_OBJECT_DIRECTORY"]!) {
            let theirs = try git(["main..feature", "--", "core"], in: here, environment: relative)
            #expect(try ours(.init(revisions: ["main..feature"], pathspecs: ["core"]), in: here, environment: relative) == theirs,
                    "relative to the current directory, as git")
        }
        #expect(throws: AdapterError.self) { try ours(request, in: repo) }
        #expect(try Shell.run("git", ["diff", "main..feature"], in: repo).status == 128)
    }

    @Test func theAlternatesListIsSplitAsGitSplitsIt() {
        #expect(ObjectDirectories.entries(Array("/a:/b::\"/c:d\":e".utf8)) == ["/a", "/b", "/c:d", "e"])
        #expect(ObjectDirectories.entries(Array("\"/x\\ty\"".utf8)) == ["/x\ty"])
    }

    @Test func gitCommonDirIsTheWorktreesOwnOrNoRepository() throws {
        let repo = try Fixtures.repository("linked-worktree")
        let gitDirectory = try Shell.git(["rev-parse", "--absolute-git-dir"], in: repo).text.trimmingCharacters(in: .newlines)
        let common = try Shell.git(["rev-parse", "--git-common-dir"], in: repo).text.trimmingCharacters(in: .newlines)
        let commonPath = common.hasPrefix("/") ? common : repo + "/" + common
        let same = ["GIT_DIR": gitDirectory, "GIT_COMMON_DIR": commonPath, "GIT_WORK_TREE": repo]
        let theirs = try git(["HEAD", "main"], in: repo, environment: same)
        #expect(!theirs.isEmpty)
        #expect(try ours(.init(revisions: ["HEAD", "main"]), in: repo, environment: same) == theirs)
        var other = same
        other["GIT_COMMON_DIR"] = try Fixtures.temporaryDirectory()
        #expect(try Shell.run("git", ["diff", "HEAD", "main"], in: repo, environment: other).status != 0)
        #expect(throws: AdapterError.self) { try ours(.init(revisions: ["HEAD", "main"]), in: repo, environment: other) }
    }

    /// A git directory of its own (HEAD detached at `main` with a reflog, an index holding
    /// `feature`, a `refs/bisect/bad` and a branch `topic`) whose common directory is the
    /// repository's: objects, configuration and `info/` from `GIT_COMMON_DIR`; per-worktree
    /// files, and (git's ref store reads the git directory's own common directory) every ref,
    /// from `GIT_DIR`.
    @Test func gitCommonDirNamesTheSharedPartsOfAnotherGitDirectory() throws {
        let repo = try Fixtures.fresh("pathspec")
        let gitDirectory = try Fixtures.temporaryDirectory() + "/private"
        try FileManager.default.createDirectory(atPath: gitDirectory, withIntermediateDirectories: false)
        func revision(_ name: String) throws -> String {
            try Shell.git(["rev-parse", name], in: repo).text.trimmingCharacters(in: .newlines)
        }
        let main = try revision("main"), feature = try revision("feature")
        try (feature + "\n").write(toFile: gitDirectory + "/HEAD", atomically: false, encoding: .utf8)
        try "*.md -diff\n".write(toFile: repo + "/.git/info/attributes", atomically: false, encoding: .utf8)
        let environment = ["GIT_DIR": gitDirectory, "GIT_COMMON_DIR": repo + "/.git", "GIT_WORK_TREE": repo]
        for arguments in [["update-ref", "--no-deref", "-m", "moved", "HEAD", main], ["update-ref", "refs/bisect/bad", feature],
                          ["update-ref", "refs/heads/topic", feature], ["read-tree", feature]] {
            let result = try Shell.run("git", arguments, in: repo, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
        #expect(FileManager.default.fileExists(atPath: gitDirectory + "/refs/heads/topic"), "git's ref store is GIT_DIR's")
        #expect(!FileManager.default.fileExists(atPath: repo + "/.git/refs/heads/topic"))
        let before = try FileManager.default.subpathsOfDirectory(atPath: gitDirectory).sorted()
        let cases: [(git: [String], ours: ComparisonRequest, untracked: Bool)] = [
            (["--cached", "HEAD"], .init(revisions: ["HEAD"], staged: true), false),
            (["HEAD"], .init(revisions: ["HEAD"]), true),
            (["HEAD@{1}", "HEAD"], .init(revisions: ["HEAD@{1}", "HEAD"]), false),
            (["refs/bisect/bad", "HEAD"], .init(revisions: ["refs/bisect/bad", "HEAD"]), false),
            (["HEAD..topic", "--", "packages"], .init(revisions: ["HEAD..topic"], pathspecs: ["packages"]), false),
        ]
        for (arguments, request, untracked) in cases {
            let theirs = try git(arguments, in: repo, environment: environment, untracked: untracked)
            #expect(!theirs.isEmpty, "\(arguments)")
            #expect(try ours(request, in: repo, environment: environment) == theirs, "\(arguments)")
        }
        #expect(try git(["HEAD@{1}", "HEAD"], in: repo, environment: environment).contains { $0.hasSuffix("\t-\t-") },
                "info/attributes is the common directory's")
        #expect(try git(["--cached", "HEAD"], in: repo) != (try git(["--cached", "HEAD"], in: repo, environment: environment)),
                "the repository's own HEAD and index say otherwise")
        #expect(try Shell.run("git", ["rev-parse", "main"], in: repo, environment: environment).status != 0)
        #expect(throws: AdapterError.self) { try ours(.init(revisions: ["main", "HEAD"]), in: repo, environment: environment) }
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables(adding: environment))
        let real = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path + "/" }
        #expect(repository.commonGitDirectory == real(repo + "/.git"), "the viewed marks' directory")
        #expect(repository.gitDirectory == real(gitDirectory))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: gitDirectory).sorted() == before, "nothing written")
    }

    /// The private directories made for `GIT_COMMON_DIR` are in `TMPDIR` and gone when the run
    /// ends; one a killed run left is removed by the next; the repository is untouched.
    @Test func gitCommonDirLeavesNothingBehind() throws {
        let repo = try Fixtures.fresh("pathspec")
        let gitDirectory = try Fixtures.temporaryDirectory() + "/private"
        try FileManager.default.createDirectory(atPath: gitDirectory, withIntermediateDirectories: false)
        let head = try Shell.git(["rev-parse", "main"], in: repo).text
        try head.write(toFile: gitDirectory + "/HEAD", atomically: false, encoding: .utf8)
        let temporary = try Fixtures.temporaryDirectory()
        let abandoned = temporary + "/treereview-gitdir.2147483646.AbCdEf"
        try FileManager.default.createDirectory(atPath: abandoned + "/git", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: abandoned + "/git/HEAD", withDestinationPath: gitDirectory + "/HEAD")
        let environment = ["GIT_DIR": gitDirectory, "GIT_COMMON_DIR": repo + "/.git", "GIT_WORK_TREE": repo, "TMPDIR": temporary]
        let before = try FileManager.default.subpathsOfDirectory(atPath: repo + "/.git").sorted()
        let result = try Shell.run(Binary.path, ["--format", "plain", "HEAD"], in: repo, environment: environment)
        #expect(result.status == 0, "\(result.error)")
        let theirs = try git(["HEAD"], in: repo, environment: environment, untracked: true)
        let listed = Set(result.text.split(separator: "\n").map(String.init))
        #expect(!listed.isEmpty && listed == Set(theirs.map { line in String(line.split(separator: "\t")[1]) }),
                "a git directory with no refs: HEAD against no index")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
        #expect(FileManager.default.fileExists(atPath: gitDirectory + "/HEAD"), "links removed, not what they point to")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: repo + "/.git").sorted() == before)
    }

    @Test func safeBareRepositoryExplicitRefusesABareRepositoryFound() throws {
        let repo = try clone(bare: true)
        let global = try Fixtures.temporaryDirectory() + "/gitconfig"
        try "[safe]\n\tbareRepository = explicit\n".write(toFile: global, atomically: true, encoding: .utf8)
        let environment = ["GIT_CONFIG_GLOBAL": global]
        let refusal = try Shell.run("git", ["rev-parse", "HEAD"], in: repo, environment: environment)
        #expect(refusal.status == 128 && refusal.error.hasPrefix("fatal: cannot use bare repository '\(repo)' (safe.bareRepository is 'explicit')"))
        #expect(throws: AdapterError.repository("cannot use bare repository '\(repo)' (safe.bareRepository is 'explicit')")) {
            try ours(.init(revisions: ["main..feature"]), in: repo, environment: environment)
        }
        var named = environment
        named["GIT_DIR"] = repo
        #expect(try ours(.init(revisions: ["main..feature"]), in: repo, environment: named)
                == (try git(["main..feature"], in: repo, environment: named)), "GIT_DIR names it explicitly")
    }
}

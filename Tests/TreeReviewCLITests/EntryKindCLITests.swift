import Foundation
import Testing
import TestSupport

/// What the command does with repositories of unusual shapes: a comparison git can make is
/// made without touching the repository; one treereview cannot make is one line on stderr,
/// exit 2, nothing on stdout, the repository as it was.
struct EntryKindCLITests {
    /// Runs treereview successfully and checks that `.git` is unchanged (and that of `main`,
    /// the main worktree of a linked one, whose `.git` is only a file).
    private func success(_ arguments: [String], in repo: String, main: String? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let roots = [repo] + (main.map { [$0] } ?? [])
        let before = try roots.map(GitDirectorySnapshot.init)
        let outcome = CLIRunner.run(arguments, in: repo)
        #expect(outcome.status == 0, "\(outcome.error)", sourceLocation: sourceLocation)
        #expect(try roots.map(GitDirectorySnapshot.init) == before, "the repository was modified", sourceLocation: sourceLocation)
        return outcome.text
    }

    private func id(_ revision: String, in repo: String) throws -> String {
        try Shell.git(["rev-parse", revision], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aPartialCloneNamesTheBlobItNeverFetched() throws {
        let repo = try Fixtures.fresh("partial")
        let blob = try id("HEAD~2:f1", in: repo + "-source")
        let expected = "'f1': object \(blob) is not in this partial clone (git would fetch it from 'origin'; treereview does not fetch: --no-stat --no-renames compares without reading file contents)"
        #expect(try CLIRunner.failure(["HEAD~2..HEAD"], in: repo) == expected)
        #expect(try CLIRunner.failure(["HEAD~2"], in: repo) == expected)
        let names = try success(["--no-stat", "--no-renames", "--format", "json", "HEAD~2..HEAD"], in: repo)
        #expect(names.contains(#""path":"g3","status":"added""#) && names.contains(#""path":"f4","status":"deleted""#))
    }

    @Test func aShallowCloneEndsWhereGitSeesItEnd() throws {
        let repo = try Fixtures.fresh("shallow")
        #expect(try CLIRunner.failure(["HEAD~3", "--"], in: repo) == "unknown revision 'HEAD~3'")
        #expect(try CLIRunner.failure(["HEAD~3"], in: repo).hasPrefix("ambiguous argument 'HEAD~3': unknown revision or path"))
        #expect(try CLIRunner.failure(["main...other"], in: repo) == "main...other: no merge base")
        #expect(try CLIRunner.failure(["HEAD~2^-"], in: repo) == "unknown revision 'HEAD~2^-'")
        let json = try success(["--format", "json", "--no-stat", "main...side"], in: repo)
        #expect(json.contains(#""old":"\#(try id("main~2", in: repo))""#), "the base is the shallow commit c2")
    }

    @Test func aSparseIndexIsRead() throws {
        let repo = try Fixtures.fresh("sparse")
        let full = try success(["--format", "json"], in: repo)
        try Shell.git(["sparse-checkout", "set", "--sparse-index", "in"], in: repo)
        #expect(try success(["--format", "json"], in: repo) == full)
    }

    @Test func anUnknownSubmoduleIgnoreSettingIsOneLine() throws {
        let repo = try Fixtures.fresh("submodules")
        try Shell.git(["config", "diff.ignoreSubmodules", "sometimes"], in: repo)
        #expect(try CLIRunner.failure([], in: repo) == "bad diff.ignoreSubmodules value 'sometimes': expected none, untracked, dirty or all")
    }

    @Test(arguments: ["conflicts", "sparse", "intent-to-add", "submodules", "linked-worktree"])
    func readingLeavesTheRepositoryAsItWas(_ fixture: String) throws {
        let repo = try Fixtures.fresh(fixture)
        let main = fixture == "linked-worktree" ? repo + "-main" : nil
        for arguments in [[], ["--staged"], ["--format", "json", "HEAD"]] {
            #expect(!(try success(arguments, in: repo, main: main)).isEmpty)
        }
    }
}

/// Submodules in the formats: JSON's `kind` and commits.
struct EntryKindFormatTests {
    private func id(_ revision: String, in repo: String) throws -> String {
        try Shell.git(["rev-parse", revision], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func jsonGivesASubmoduleItsKindAndCommits() throws {
        let repo = try Fixtures.repository("submodules")
        let document = try CLIRunner.json(["HEAD~1"], in: repo)
        let files = try #require(document["files"] as? [[String: Any]])
        let sub = try #require(files.first { $0["path"] as? String == "sub" })
        #expect(sub["kind"] as? String == "submodule")
        #expect(sub["oldCommit"] as? String == (try id("HEAD~1:sub", in: repo)))
        #expect(sub["newCommit"] as? String == (try id("HEAD", in: repo + "/sub")))
        let gitmodules = try #require(files.first { $0["path"] as? String == ".gitmodules" })
        #expect(gitmodules["kind"] == nil && gitmodules["oldCommit"] == nil)
    }

    @Test func theTreeShowsASubmodulesCommitsAbbreviated() throws {
        let repo = try Fixtures.repository("submodules")
        let old = String(try id("HEAD~1:sub", in: repo).prefix(7))
        let checkedOut = String(try id("HEAD", in: repo + "/sub").prefix(7))
        let committed = String(try id("HEAD:sub", in: repo).prefix(7))
        let gone = String(try id("HEAD~1:gone", in: repo).prefix(7))
        let lines = CLIRunner.run(["HEAD~1"], in: repo).text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("M  sub (submodule \(old) → \(checkedOut))") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("D  gone (submodule \(gone))") })
        #expect(lines.contains { $0.hasPrefix("T  becomes-sub (file → submodule)") && !$0.contains("(submodule ") })
        let ascii = CLIRunner.run(["--charset", "ascii", "HEAD~1..HEAD"], in: repo).text
        #expect(ascii.contains("(submodule \(old) -> \(committed))"))
    }

    @Test func aSymlinkHasTheSymlinkIconUnlessTheUserNamesOne() throws {
        let repo = try Fixtures.fresh("symlinks")
        func icons() throws -> [String: String] {
            let files = try #require(try CLIRunner.json(["HEAD~1..HEAD"], in: repo)["files"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: files.map { ($0["path"] as! String, $0["icon"] as! String) })
        }
        let before = try icons()
        #expect(before["retarget"] == "file-symlink-duo" && before["file-becomes-link"] == "file-symlink-duo")
        #expect(before["link-becomes-file"] == "file-duo", "a symlink that became a file is a file")
        #expect(CLIRunner.run(["--icons", "names", "HEAD~1..HEAD"], in: repo).text.contains("M  file-symlink-duo retarget"))
        try Shell.git(["config", "treereview.icon", "basename:retarget=lang-swift"], in: repo)
        #expect(try icons()["retarget"] == "lang-swift")
    }
}

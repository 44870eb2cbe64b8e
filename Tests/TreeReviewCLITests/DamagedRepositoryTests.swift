import Foundation
import Testing
import TestSupport

/// A damaged repository (a missing object, a corrupt pack, a corrupt index, an unreadable
/// file): one line on stderr in git's words naming the object (and the path where known),
/// exit 2, nothing on stdout, no libgit2 call or error number, and the repository as it was.
/// Each test damages a fresh copy of a fixture, and git fails on the same damage.
struct DamagedRepositoryTests {
    /// git's own failure for `git <arguments>`: its exit status must say it failed too.
    private func gitFailure(_ arguments: [String], in repo: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try Shell.run("git", arguments, in: repo)
        #expect(result.status != 0, "git should fail on the same damage", sourceLocation: sourceLocation)
        return result.error
    }

    private func objectFile(_ id: String, in repo: String) -> String {
        repo + "/.git/objects/" + id.prefix(2) + "/" + id.dropFirst(2)
    }

    @Test func aMissingBlobIsNamedWithItsPath() throws {
        let repo = try Fixtures.fresh("branches")
        let blob = try Shell.git(["rev-parse", "feature:README.md"], in: repo).text.trimmed
        try FileManager.default.removeItem(atPath: objectFile(blob, in: repo))
        let message = try CLIRunner.failure(["main..feature"], in: repo)
        #expect(message == "'README.md': unable to read \(blob)")
        #expect(try gitFailure(["diff", "--numstat", "main", "feature"], in: repo).contains("unable to read \(blob)"))
    }

    @Test func aMissingTreeIsNamedWithItsPath() throws {
        let repo = try Fixtures.fresh("branches")
        let tree = try Shell.git(["rev-parse", "feature:Sources/App"], in: repo).text.trimmed
        try FileManager.default.removeItem(atPath: objectFile(tree, in: repo))
        #expect(try CLIRunner.failure(["--no-stat", "main..feature"], in: repo) == "'Sources/App': unable to read tree \(tree)")
        #expect(try CLIRunner.failure(["--no-stat", "main..feature", "--", "Sources"], in: repo) == "'Sources/App': unable to read tree \(tree)",
                "libgit2's own diff (with a pathspec) fails without naming the object; the walk names it")
        #expect(try gitFailure(["diff", "--name-status", "main", "feature"], in: repo).contains("unable to read tree \(tree)"))
    }

    @Test func aMissingCommitIsABadObject() throws {
        let repo = try Fixtures.fresh("branches")
        let commit = try Shell.git(["rev-parse", "feature"], in: repo).text.trimmed
        try FileManager.default.removeItem(atPath: objectFile(commit, in: repo))
        #expect(try CLIRunner.failure(["main..feature"], in: repo) == "bad object feature")
        #expect(try gitFailure(["diff", "main", "feature"], in: repo).contains("fatal: bad object feature"))
    }

    @Test func aCorruptLooseObjectNamesItsFile() throws {
        let repo = try Fixtures.fresh("branches")
        let tree = try Shell.git(["rev-parse", "feature:Sources/App"], in: repo).text.trimmed
        let file = objectFile(tree, in: repo)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        try Data(count: 20).write(to: URL(fileURLWithPath: file))
        let message = try CLIRunner.failure(["--no-stat", "main..feature"], in: repo)
        #expect(message == "'Sources/App': loose object \(tree) (stored in \(file)) is corrupt")
        #expect(try gitFailure(["diff", "--name-status", "main", "feature"], in: repo).contains("loose object \(tree)"))
    }

    @Test func aCorruptPackNamesThePackedObject() throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["repack", "-q", "-a", "-d"], in: repo)
        try Shell.git(["prune-packed"], in: repo)
        let tree = try Shell.git(["rev-parse", "feature:Sources/App"], in: repo).text.trimmed
        let packs = try FileManager.default.contentsOfDirectory(atPath: repo + "/.git/objects/pack")
        let pack = repo + "/.git/objects/pack/" + packs.first { $0.hasSuffix(".pack") }!
        let index = String(pack.dropLast(".pack".count)) + ".idx"
        let entry = try Shell.git(["verify-pack", "-v", index], in: repo).text.split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .first { $0.first.map(String.init) == tree }
        let fields = try #require(entry)
        try #require(fields.count == 5, "the tree is stored whole, not as a delta")
        let offset = try #require(Int(fields[4])), stored = try #require(Int(fields[3]))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pack)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: pack))
        try handle.seek(toOffset: UInt64(offset + stored / 2))
        try handle.write(contentsOf: Data([0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF]))
        try handle.close()
        #expect(try CLIRunner.failure(["--no-stat", "main..feature"], in: repo) == "'Sources/App': packed object \(tree) is corrupt")
        #expect(try gitFailure(["diff", "--name-status", "main", "feature"], in: repo).contains("packed object \(tree)"))
    }

    @Test func aCorruptIndexIsNamed() throws {
        let repo = try Fixtures.fresh("worktree")
        let index = repo + "/.git/index"
        try Data("not an index file, not at all, not in the least".utf8).write(to: URL(fileURLWithPath: index))
        for arguments in [["--staged"], [], ["HEAD"]] {
            #expect(try CLIRunner.failure(arguments, in: repo) == "'\(index)': index file corrupt (bad signature 0x20746f6e)")
        }
        let git = try gitFailure(["diff", "--cached"], in: repo)
        #expect(git.contains("bad signature 0x20746f6e") && git.contains("index file corrupt"), "\(git)")
        #expect(CLIRunner.run(["--format", "plain", "HEAD~0..HEAD"], in: repo).status == 0, "comparing commits needs no index")
    }

    @Test func anUnreadableWorkingTreeFileIsNamed() throws {
        let repo = try Fixtures.fresh("worktree")
        let home = try Unprivileged.home(trusting: repo)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: repo + "/lib/b.c")
        let before = try GitDirectorySnapshot(repo)
        let ours = try Unprivileged.run([Unprivileged.binary, "--format", "plain"], in: repo, home: home)
        #expect(ours.status == 2)
        #expect(ours.output.isEmpty)
        #expect(ours.error == "treereview: cannot hash 'lib/b.c': Permission denied\n")
        let git = try Unprivileged.run(["git", "diff", "--numstat", "HEAD"], in: repo, home: home)
        #expect(git.status == 128)
        #expect(git.error.contains("cannot hash lib/b.c"))
        #expect(try GitDirectorySnapshot(repo) == before)
        let names = try Unprivileged.run([Unprivileged.binary, "--format", "plain", "--no-stat", "--no-untracked"], in: repo, home: home)
        let gitNames = try Unprivileged.run(["git", "diff", "--name-only", "HEAD"], in: repo, home: home)
        #expect(names.status == 0)
        #expect(names.text.split(separator: "\n").sorted() == gitNames.text.split(separator: "\n").sorted(),
                "without line counts nothing needs the content, as for git")
    }
}

extension DamagedRepositoryTests {
    @Test func anUnreadableFileOfTheSameSizeIsNamedToo() throws {
        let repo = try Fixtures.fresh("branches")
        let home = try Unprivileged.home(trusting: repo)
        let file = repo + "/README.md"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "readme line 1 ", with: "README LINE 1 ").write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o000, .modificationDate: Date(timeIntervalSinceNow: 3600)],
                                              ofItemAtPath: file)
        // Same size, newer time: libgit2's own diff must read the file to know whether it changed.
        let ours = try Unprivileged.run([Unprivileged.binary, "--format", "plain"], in: repo, home: home)
        #expect(ours.status == 2 && ours.output.isEmpty)
        #expect(ours.error == "treereview: cannot hash 'README.md': Permission denied\n")
        let git = try Unprivileged.run(["git", "diff", "--numstat", "HEAD"], in: repo, home: home)
        #expect(git.status == 128 && git.error.contains("cannot hash README.md"))
    }
}

/// Every file under `.git`, with its content: equal snapshots mean nothing was written.
struct GitDirectorySnapshot: Equatable {
    let files: [String: Data]

    init(_ repository: String) throws {
        let root = repository + "/.git"
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
            files[relative] = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative))
        }
        self.files = files
    }
}

private extension String {
    /// Without surrounding white space and newlines.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

import Foundation
import Testing
import TestSupport

/// Output of git commands that is not a change list is refused with one line that says what
/// it looks like and what to pipe instead (exit 2, nothing on stdout), never read as paths;
/// and path lists that merely look odd are still read.
struct StdinRefusalTests {
    /// A repository with a PGP block in a tag's message and an SSH-signed tag.
    static let signedTags: Result<String, Error> = Result {
        let target = try Fixtures.temporaryDirectory() + "/signed-tags"
        let result = try Shell.run("bash", [Fixtures.directory + "/stdin/signed-tags.sh", target])
        guard result.status == 0 else { throw CLIFailure(message: "signed-tags.sh failed: \(result.error)") }
        return target
    }

    static func expectRefused(_ input: [UInt8], _ arguments: [String] = [], saying words: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let outcome = CLIRunner.run(["--stdin"] + arguments, in: "/", input: input)
        #expect(outcome.status == 2, "exit \(outcome.status) for input: \(String(decoding: input.prefix(200), as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(outcome.output.isEmpty, sourceLocation: sourceLocation)
        #expect(outcome.errorLines.count == 1, "\(outcome.error)", sourceLocation: sourceLocation)
        #expect(outcome.error.hasPrefix("treereview: stdin: "), "\(outcome.error)", sourceLocation: sourceLocation)
        #expect(outcome.error.contains(words), "\(outcome.error)", sourceLocation: sourceLocation)
        #expect(outcome.error.contains("instead") || outcome.error.contains("without color"), "\(outcome.error)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (["diff", "--stat", "main...feature"], "`git diff --stat`"),
        (["diff", "--stat", "--summary", "main...feature"], "`git diff --stat`"),
        (["diff", "--shortstat", "main...feature"], "`git diff --stat`"),
        (["diff", "--summary", "main...feature"], "`git diff --stat`, `--summary` or `--dirstat` output"),
        (["diff", "--dirstat=files,0", "main...feature"], "`git diff --stat`, `--summary` or `--dirstat` output"),
        (["diff", "--stat=40", "--color=always", "main...feature"], "colored output"),
        (["diff", "--numstat", "main...feature"], "`git diff --numstat` output"),
        (["diff", "main...feature"], "a patch"),
        (["diff", "--raw", "-p", "main...feature"], "a patch"),
        (["format-patch", "-1", "--stdout", "feature"], "a patch"),
        (["log", "-1", "feature"], "`git log` or `git show` output"),
        (["log", "-3", "--name-status", "feature"], "`git log` or `git show` output"),
        (["log", "--graph", "-3", "feature"], "`git log` or `git show` output"),
        (["log", "--oneline", "--name-status", "-2", "feature"], "`git log` or `git show` output"),
        (["log", "--format=raw", "-1", "feature"], "`git log` or `git show` output"),
        (["show", "feature"], "`git log` or `git show` output"),
        (["show", "--name-status", "feature"], "`git log` or `git show` output"),
        (["show", "--stat", "feature"], "`git log` or `git show` output"),
        (["cat-file", "-p", "feature"], "`git log` or `git show` output"),
        (["status"], "`git status` output"),
        (["status", "--porcelain=v2", "--branch"], "`git status --porcelain=v2` output"),
        (["status", "--porcelain=v2"], "`git status --porcelain=v2` output"),
        (["-c", "color.status=always", "status", "--short"], "colored output"),
    ])
    func gitOutputThatIsNotAChangeListIsRefused(command: [String], looksLike: String) throws {
        let repo = try Fixtures.repository(command.contains("status") ? "worktree" : "branches")
        let output = try Shell.git(["--no-optional-locks"] + command, in: repo).output
        #expect(!output.isEmpty)
        Self.expectRefused(output, saying: "this looks like " + looksLike)
    }

    @Test(arguments: ["pgp-block", "ssh-signed"], [["show"], ["show", "--name-status"], ["show", "--format=", "--name-status"], ["cat-file", "tag"]])
    func signedTagsAreRefused(tag: String, command: [String]) throws {
        let repo = try Self.signedTags.get()
        let output = try Shell.git(command + [tag], in: repo).output
        Self.expectRefused(output, saying: "this looks like a signed tag")
    }

    @Test(arguments: ["pgp-block", "ssh-signed"])
    func aSignatureAloneIsRefused(tag: String) throws {
        let repo = try Self.signedTags.get()
        let text = try Shell.git(["cat-file", "tag", tag], in: repo).text
        let signature = text.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("-----BEGIN") }
        #expect(signature.count >= 3)
        Self.expectRefused(Array(signature.joined(separator: "\n").utf8), saying: "this looks like a signature")
    }

    /// A change list followed by something else names the line where the other output starts.
    @Test(arguments: [
        (["diff", "--raw", "--stat", "main...feature"], "this looks like `git diff --stat`"),
        (["diff", "--raw", "--numstat", "main...feature"], "this looks like `git diff --numstat` output"),
    ])
    func aChangeListFollowedByOtherOutputNamesTheLine(command: [String], message: String) throws {
        let repo = try Fixtures.repository("branches")
        let output = try Shell.git(command, in: repo).output
        let outcome = CLIRunner.run(["--stdin"], in: "/", input: output)
        #expect(outcome.status == 2 && outcome.output.isEmpty && outcome.errorLines.count == 1)
        #expect(outcome.error.range(of: "stdin: line [0-9]+: ", options: .regularExpression) != nil, "\(outcome.error)")
        #expect(outcome.error.contains(message), "\(outcome.error)")
    }

    /// `git diff-tree -c <merge>`: the merge's id, then `::` lines with a mode and id per parent.
    @Test func aMergesCombinedListingIsRefused() {
        let lines = "0123456789abcdef0123456789abcdef01234567\n::100644 100644 100644 1234567 89abcde 0123456 MM\tboth.c\n"
        Self.expectRefused(Array(lines.utf8), saying: "a merge's combined `--raw` listing")
    }

    @Test func nulSeparatedWithoutDashZIsRead() throws {
        let repo = try Fixtures.repository("hostile-names")
        let nul = try Shell.git(["diff", "--name-status", "-z", "HEAD~1..HEAD"], in: repo).output
        let withZ = CLIRunner.run(["--stdin", "-z", "--format", "json"], in: "/", input: nul)
        let without = CLIRunner.run(["--stdin", "--format", "json"], in: "/", input: nul)
        #expect(withZ.status == 0 && without.status == 0)
        #expect(withZ.output == without.output)
    }

    @Test func dashZOnNewlineSeparatedInputIsRefused() {
        let outcome = CLIRunner.run(["--stdin", "-z"], in: "/", input: Array("M\ta.txt\nA\tb.txt\n".utf8))
        #expect(outcome.status == 2 && outcome.output.isEmpty && outcome.errorLines.count == 1)
        #expect(outcome.error.contains("-z was given, but the input has no NUL byte"))
    }

    @Test func aPathspecLimitsTheListRatherThanBeingIgnored() {
        let outcome = CLIRunner.run(["--stdin", "--format", "plain", "--", "src"], in: "/", input: Array("src/a.c\ndocs/b.md\n".utf8))
        #expect(outcome.status == 0)
        #expect(outcome.text == "src/a.c\n")
    }

    /// Lists that hold a file called `commit`, a ` | `, a lone marker line: read as paths.
    @Test(arguments: [
        "commit\nAuthor\nsrc/commit.c\n",
        "commit 0123456789abcdef0123456789abcdef01234567\nsrc/a.c\n",
        "src/commit 0123456789abcdef0123456789abcdef01234567\nAuthor: me\n",
        "docs/a | b.md\nsrc/x | 12 +-\n",
        " x | 12 +-\nsrc/a.c\n",
        "tag v1\nsrc/a.c\n",
        "diff --git a/x b/x\nsrc/y\n",
        "--- a\nsrc/+++ b\n",
        "-----BEGIN PGP SIGNATURE-----\nsrc/a.c\n",
        "AD 2024 report.pdf\nnotes.txt\n",
        "On branch main\nsrc/a.c\n",
        "1234567 fix things\nsrc/a.c\n",
    ])
    func oddPathListsAreStillPaths(list: String) throws {
        let json = try CLIRunner.json(["--stdin"], in: "/", input: Array(list.utf8))
        let paths = (json["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.sorted() == list.split(separator: "\n").map(String.init).sorted())
    }

    /// `--stdin=paths` reads every line as a path, whatever it looks like.
    @Test(arguments: [[], ["-z"]])
    func formPathsReadsAnythingAsPaths(separator: [String]) throws {
        let repo = try Fixtures.repository("branches")
        let stat = try Shell.git(["diff", "--stat", "main...feature"] + (separator.isEmpty ? [] : ["-z"]), in: repo).output
        let lines = String(decoding: stat, as: UTF8.self).split(separator: separator.isEmpty ? "\n" : "\0")
        let input = Array(lines.joined(separator: separator.isEmpty ? "\n" : "\0").utf8) + (separator.isEmpty ? [10] : [0])
        let json = try CLIRunner.json(["--stdin=paths"] + separator, in: "/", input: input)
        #expect((json["files"] as? [[String: Any]])?.count == Set(lines).count)
        #expect((json["files"] as? [[String: Any]] ?? []).allSatisfy { $0["status"] == nil })
    }

    @Test(arguments: [("name-status", "A\tnew.txt\n", "raw", "not a `git diff --raw` line"),
                      ("raw", ":000000 100644 0000000 1234567 A\tnew.txt\n", "name-status", "':000000 100644 0000000 1234567 A' is not a git status"),
                      ("paths", "new.txt\n", "porcelain", "not a `git status --porcelain` line")])
    func aNamedFormIsHeldToIt(form: String, input: String, other: String, message: String) throws {
        #expect(try CLIRunner.json(["--stdin=\(form)"], in: "/", input: Array(input.utf8))["files"] as? [Any] != nil)
        let outcome = CLIRunner.run(["--stdin=\(other)"], in: "/", input: Array(input.utf8))
        #expect(outcome.status == 2 && outcome.output.isEmpty && outcome.errorLines.count == 1)
        #expect(outcome.error.contains("stdin: line 1: " + message), "\(outcome.error)")
    }

    /// `git diff-tree` without `-r` lists directories; they are refused, not shown as files.
    @Test func nonRecursiveDiffTreeIsRefused() throws {
        let repo = try Fixtures.repository("branches")
        let input = try Shell.git(["diff-tree", "main", "feature"], in: repo).output
        let outcome = CLIRunner.run(["--stdin"], in: "/", input: input)
        #expect(outcome.status == 2 && outcome.output.isEmpty && outcome.errorLines.count == 1)
        #expect(outcome.error.contains("is a directory (mode 040000): list files, as git diff-tree -r does"), "\(outcome.error)")
    }

    /// An empty input, or one of blank lines, is no changes, as before.
    @Test(arguments: [("", []), ("\n\n", []), ("\r\n", []), ("", ["-z"])])
    func emptyInputIsNoChanges(input: String, separator: [String]) {
        let outcome = CLIRunner.run(["--stdin", "--exit-code"] + separator, in: "/", input: Array(input.utf8))
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text == "stdin · no changes\n")
    }
}

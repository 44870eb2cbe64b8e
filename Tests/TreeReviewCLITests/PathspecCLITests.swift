import Foundation
import Testing
import TestSupport

/// Pathspecs on the command line: relative to the directory treereview runs in (or `-C`'s),
/// paths printed from the top as `git diff` prints them, git's errors as one line, and
/// `--stdin` lists limited the same way.
struct PathspecCLITests {
    private var repo: String { get throws { try Fixtures.repository("pathspec") } }

    private func paths(_ outcome: CLIRunner.Outcome) -> [String] {
        outcome.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.sorted()
    }

    /// `git diff --name-only` (renames paired) run in `directory`: top-relative paths, sorted.
    private func gitNames(_ arguments: [String], in directory: String) throws -> [String] {
        try Shell.git(["diff", "-M", "-z", "--name-only"] + arguments, in: directory).output
            .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.sorted()
    }

    @Test func pathspecsStartFromTheCurrentDirectoryAndPathsFromTheTop() throws {
        let common = try repo + "/common"
        let fromThere = CLIRunner.run(["-z", "main..feature", "--", "util", "../README.md"], in: common)
        #expect(fromThere.status == 0, "\(fromThere.error)")
        let git = try gitNames(["main..feature", "--", "util", "../README.md"], in: common)
        #expect(paths(fromThere) == git)
        #expect(git == ["README.md", "common/util/moving.c", "common/util/strings.c", "common/util/strings.h"],
                "moving.c, renamed out of the pathspec, is a deletion")
        #expect(paths(CLIRunner.run(["-z", "-C", "common", "main..feature", "--", "util", "../README.md"], in: try repo)) == git)
        #expect(paths(CLIRunner.run(["-z", "-C", "../common", "main..feature", "--", "util", "../README.md"],
                                    in: try repo + "/odd")) == git, "-C's relative path starts from the current directory")
        let fromTop = CLIRunner.run(["-z", "main..feature", "--", "util"], in: try repo)
        #expect(fromTop.status == 0 && fromTop.output.isEmpty, "at the top, util names nothing")
    }

    @Test func theWorkingTreeAndUntrackedFilesFromADirectory() throws {
        let core = try repo + "/packages/core"
        let outcome = CLIRunner.run(["-z", "--", ":(glob)**/*.ts", ":!test"], in: core)
        #expect(outcome.status == 0, "\(outcome.error)")
        var git = try gitNames(["HEAD", "--", ":(glob)**/*.ts", ":!test"], in: core)
        git += try PathspecStatus.untracked(in: core, [":(glob)**/*.ts", ":!test"])
        #expect(paths(outcome) == git.sorted())
        #expect(paths(outcome).contains("packages/core/src/fresh/deep/f.ts"))
    }

    @Test(arguments: [
        "../../../x", ":(foo)x", ":#x", ":(top", "", ":(literal,glob)x", ":(attr:)x", ":(attr:a,attr:b)x",
        ":(attr:a=b\\)x", ":(attr:-)x", ":(prefix:x)y", "/nowhere/x",
    ])
    func aBadPathspecIsOneLineOfGitsWordsAndExitTwo(_ pathspec: String) throws {
        let common = try repo + "/common"
        let outcome = CLIRunner.run(["main..feature", "--", "x", pathspec], in: common)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines.count == 1)
        let git = try Shell.run("git", ["diff", "main..feature", "--", "x", pathspec], in: common)
        #expect(git.status == 128)
        let words = String(git.error.split(separator: "\n").first ?? "").replacingOccurrences(of: "fatal: ", with: "")
        #expect(["treereview: " + words, "treereview: \(pathspec): " + words].contains(outcome.error.trimmingCharacters(in: .newlines)),
                "git: \(words)")
    }

    @Test func aBadVariableIsAnErrorOnlyWithAPathspec() throws {
        let outcome = CLIRunner.run(["main..feature", "--", "x"], in: try repo, environment: ["GIT_GLOB_PATHSPECS": "1", "GIT_NOGLOB_PATHSPECS": "1"])
        #expect(outcome.status == 2 && outcome.output.isEmpty)
        #expect(outcome.error == "treereview: global 'glob' and 'noglob' pathspec settings are incompatible\n")
        #expect(CLIRunner.run(["main..feature"], in: try repo, environment: ["GIT_LITERAL_PATHSPECS": "maybe"]).status == 0)
    }

    @Test func aPathspecMatchingNothingIsNoError() throws {
        let outcome = CLIRunner.run(["--exit-code", "--format", "plain", "main..feature", "--", "no/such/path", ":(glob)**/*.nothing"], in: try repo)
        #expect(outcome.status == 0 && outcome.output.isEmpty && outcome.error.isEmpty)
        #expect(try gitNames(["main..feature", "--", "no/such/path"], in: try repo).isEmpty)
    }

    @Test func aStdinListIsLimitedRelativeToTheCurrentDirectory() throws {
        let core = try repo + "/packages/core"
        let list = try Shell.git(["diff", "-M", "-z", "--name-status", "main..feature"], in: try repo).output
        for pathspec in [["src"], [":(exclude)src", "."], [":/common"], [":/common", "src"], [":(attr:lang=typescript)"]] {
            let outcome = CLIRunner.run(["--stdin", "-z", "--format", "json", "--"] + pathspec, in: core, input: list)
            #expect(outcome.status == 0, "\(outcome.error)")
            let json = try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [String: Any]
            let files = (json?["files"] as? [[String: Any]] ?? []).map { file in
                [file["status"] as? String ?? "", file["oldPath"] as? String ?? "", file["path"] as? String ?? ""]
            }
            let git = try Shell.git(["diff", "-M", "-z", "--name-status", "main..feature", "--"] + pathspec, in: core).output
            var expected: [[String]] = []
            var fields = git.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }[...]
            let names = ["A": "added", "M": "modified", "D": "deleted", "R": "renamed", "T": "typeChanged"]
            while let code = fields.popFirst() {
                let status = names[String(code.prefix(1))] ?? code
                expected.append(code.hasPrefix("R") ? [status, fields.popFirst()!, fields.popFirst()!] : [status, "", fields.popFirst()!])
            }
            #expect(files.sorted { $0[2] < $1[2] } == expected.sorted { $0[2] < $1[2] }, "\(pathspec)")
        }
    }

    @Test func aBarePathListIsLimitedToo() throws {
        let input = Array("packages/core/src/a.ts\0packages/ui/b.tsx\0common/c.c\0".utf8)
        let inRepository = CLIRunner.run(["--stdin", "--format", "plain", "-z", "--", "src", "../ui"], in: try repo + "/packages/core", input: input)
        #expect(paths(inRepository) == ["packages/core/src/a.ts", "packages/ui/b.tsx"])
        let scratch = try Fixtures.temporaryDirectory()
        let outside = CLIRunner.run(["--stdin", "--format", "plain", "-z", "--", ":!packages"], in: scratch, input: input)
        #expect(paths(outside) == ["common/c.c"])
        let attr = CLIRunner.run(["--stdin", "--", ":(attr:diff)x"], in: scratch, input: input)
        #expect(attr.status == 2 && attr.output.isEmpty)
        #expect(attr.error == "treereview: :(attr:diff)x: pathspec magic not supported without a repository: 'attr'\n")
        let climbing = CLIRunner.run(["--stdin", "--", "../x"], in: scratch, input: input)
        #expect(climbing.status == 2 && climbing.errorLines == ["treereview: ../x: '../x' is outside the paths listed"])
    }
}

/// Untracked files as `git status` lists them (top-relative, as `git diff` prints paths).
enum PathspecStatus {
    static func untracked(in directory: String, _ pathspecs: [String]) throws -> [String] {
        let output = try Shell.git(["status", "--porcelain", "-z", "--untracked-files=all", "--"] + pathspecs, in: directory).output
        return output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .filter { $0.hasPrefix("?? ") }.map { String($0.dropFirst(3)) }
    }
}

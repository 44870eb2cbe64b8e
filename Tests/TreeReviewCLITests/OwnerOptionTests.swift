import Foundation
import Testing
import TestSupport

/// `--owner` keeps the files CODEOWNERS gives to an owner, `--owners` shows owners, and
/// every problem with the CODEOWNERS file is a warning, never a failure.
struct OwnerOptionTests {
    static func paths(_ arguments: [String], in repository: String) throws -> [String] {
        try (CLIRunner.json(arguments, in: repository)["files"] as! [[String: Any]]).map { $0["path"] as! String }
    }

    @Test func ownerKeepsThatOwnersFilesInAnyCase() throws {
        let repository = try Fixtures.repository("annotations")
        let expected = AnnotationJSONTests.feature.owners.filter { $0.value.contains("@org/src-team") }.keys.sorted()
        #expect(try Self.paths(["--owner", "@org/src-team", "main..feature"], in: repository) == expected)
        #expect(try Self.paths(["--owner=@ORG/Src-Team", "main..feature"], in: repository) == expected)
        #expect(try Self.paths(["--owner", "@Worktree-src"], in: repository) == ["src/app.c"])
    }

    @Test func ownersGivenTwiceKeepTheFilesOfEither() throws {
        let repository = try Fixtures.repository("annotations")
        #expect(try Self.paths(["--owner", "lib@example.com", "--owner", "@nobody", "main..feature"], in: repository) == ["lib/dep/dep.c"])
        let both = try Self.paths(["--owner", "@lib-owner", "--owner", "@org/src-team", "main..feature"], in: repository)
        #expect(both == ["lib/dep/dep.c", "src/app.c", "src/extra.gen", "src/model.gen", "src/notes.txt"])
    }

    @Test func theHeaderCountsOnlyTheFilesKept() throws {
        let repository = try Fixtures.repository("annotations")
        let outcome = CLIRunner.run(["--owner", "@org/src-team", "main..feature"], in: repository)
        let changes = try GitOracle.changes(in: repository, ["main..feature", "--", "src/app.c", "src/extra.gen", "src/model.gen"])
        let header = String(outcome.text.prefix { $0 != "\n" })
        var expected = RenderedHeader.expected(for: changes, title: "main..feature")
        let unfiltered = try CLIRunner.json(["main..feature"], in: repository)
        expected.comparisonFiles = (unfiltered["summary"] as? [String: Any])?["files"] as? Int
        expected.filters = ["owner @org/src-team"]
        expected.notCounted = "1 generated file not counted"
        #expect(try RenderedHeader(parsing: header) == expected)
        #expect(header.hasSuffix(" · owner @org/src-team · 1 generated file not counted"))
        let main = try Shell.git(["rev-parse", "main"], in: repository).text.prefix(12)
        #expect(outcome.errorLines == [#"treereview: warning: docs/CODEOWNERS of the base side (revision \#(main)) line 5: negation with "!" is not supported; the line is skipped"#])
    }

    @Test func withoutCodeOwnersOwnerKeepsNothingAndSaysWhy() throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--owner", "@someone", "--exit-code", "main..feature"], in: repository)
        #expect(outcome.status == 0)
        let all = try GitOracle.changes(in: repository, ["main..feature"])
        #expect(outcome.text == "main..feature · 0 of \(all.count) files changed · owner @someone\n")
        let main = try Shell.git(["rev-parse", "main"], in: repository).text.prefix(12)
        let base = "of the base side (revision \(main))"
        #expect(outcome.errorLines == ["treereview: warning: no CODEOWNERS file in .github/, at the top or in docs/ \(base); --owner keeps no file"])
        let shown = CLIRunner.run(["--owners", "main..feature"], in: repository)
        #expect(shown.status == 0 && !shown.text.isEmpty)
        #expect(shown.errorLines == ["treereview: warning: no CODEOWNERS file in .github/, at the top or in docs/ \(base); no file has owners"])
    }

    @Test func aCodeOwnersFileGitHubWouldNotLoadGivesNoOwners() throws {
        let repository = try Fixtures.fresh("annotations")
        let size = 3 * 1024 * 1024
        try String(repeating: "# padding line\n", count: size / 15 + 1).write(toFile: repository + "/.github/CODEOWNERS",
                                                                              atomically: true, encoding: .utf8)
        let outcome = CLIRunner.run(["--format", "json"], in: repository)
        #expect(outcome.status == 0)
        #expect(!outcome.text.contains(#""owners""#))
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.hasPrefix("treereview: warning: .github/CODEOWNERS of the new side (the working tree) has "))
        #expect(outcome.error.contains("GitHub ignores a CODEOWNERS file of 3 MiB or more"))
    }

    @Test func aBadOwnerIsOneLine() {
        let outcome = CLIRunner.run(["--owner", "team"], in: NSTemporaryDirectory())
        #expect(outcome.status == 2 && outcome.output.isEmpty)
        #expect(outcome.errorLines == ["treereview: invalid owner 'team' for --owner: expected @user, @org/team or an email address"])
    }

    @Test(arguments: ["--owners", "--owner=@a", "--include-generated", "--owners-from=new"])
    func stdinTakesNoAnnotationOption(_ option: String) {
        let outcome = CLIRunner.run(["--stdin", option], in: NSTemporaryDirectory(), input: Array("a.txt\n".utf8))
        #expect(outcome.status == 2 && outcome.output.isEmpty)
        let name = option.split(separator: "=")[0]
        #expect(outcome.errorLines == ["treereview: \(name) does not apply to --stdin: generated files and owners are read from a repository's compared side"])
    }
}

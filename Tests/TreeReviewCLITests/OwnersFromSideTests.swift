import Annotations
import Foundation
import Testing
import TestSupport
import TreeModel

/// Owners read as GitHub reads them: from the base of a comparison of revisions (`A` of
/// `A...B` and `A..B`, not the merge base), from the index's and the working tree's own file
/// for local comparisons, and from the new side with `--owners-from=new`; on the
/// `owners-sides` fixture, whose branches name themselves, delete, add and move CODEOWNERS.
/// Each run's owners are checked against the file git shows on the side expected.
struct OwnersFromSideTests {
    /// What a comparison reads CODEOWNERS from, as git names it.
    enum Place: Sendable {
        /// A revision's tree (`git show <name>:<path>`).
        case revision(String)
        /// The index (`git show :<path>`).
        case index
        /// The working tree's files.
        case workingTree
    }

    /// One comparison and what it should read.
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let side: String
        let place: Place
        /// The file found there.
        let path: String?
        /// `src/app.c`'s owners, written out (`nil`: no file, so no owners at all).
        let appOwners: [String]?

        var testDescription: String { arguments.isEmpty ? "(working tree)" : arguments.joined(separator: " ") }
    }

    static let cases = [
        Case(arguments: ["main...self"], side: "base", place: .revision("main"), path: "docs/CODEOWNERS", appOwners: ["@src-lead"]),
        Case(arguments: ["main..self"], side: "base", place: .revision("main"), path: "docs/CODEOWNERS", appOwners: ["@src-lead"]),
        Case(arguments: ["--merge-base", "main", "self"], side: "base", place: .revision("main"), path: "docs/CODEOWNERS",
             appOwners: ["@src-lead"]),
        Case(arguments: ["main", "self"], side: "base", place: .revision("main"), path: "docs/CODEOWNERS", appOwners: ["@src-lead"]),
        Case(arguments: ["fork..self"], side: "base", place: .revision("fork"), path: "docs/CODEOWNERS", appOwners: ["@src-owner"]),
        Case(arguments: ["self^!"], side: "base", place: .revision("self^"), path: "docs/CODEOWNERS", appOwners: ["@src-owner"]),
        Case(arguments: ["--owners-from=new", "main...self"], side: "new", place: .revision("self"), path: "docs/CODEOWNERS",
             appOwners: ["@branch-author"]),
        Case(arguments: ["main...delete"], side: "base", place: .revision("main"), path: "docs/CODEOWNERS", appOwners: ["@src-lead"]),
        Case(arguments: ["--owners-from", "new", "main...delete"], side: "new", place: .revision("delete"), path: nil, appOwners: nil),
        Case(arguments: ["start...add"], side: "base", place: .revision("start"), path: nil, appOwners: nil),
        Case(arguments: ["--owners-from=new", "start...add"], side: "new", place: .revision("add"), path: "CODEOWNERS",
             appOwners: ["@newcomer"]),
        Case(arguments: ["main...move"], side: "base", place: .revision("main"), path: "docs/CODEOWNERS", appOwners: ["@src-lead"]),
        Case(arguments: ["--owners-from=new", "main...move"], side: "new", place: .revision("move"), path: ".github/CODEOWNERS",
             appOwners: ["@mover"]),
        Case(arguments: ["--staged"], side: "new", place: .index, path: "docs/CODEOWNERS", appOwners: ["@staged-owner"]),
        Case(arguments: [], side: "new", place: .workingTree, path: "docs/CODEOWNERS", appOwners: ["@worktree-owner"]),
        Case(arguments: ["--staged", "--owners-from=base"], side: "base", place: .revision("HEAD"), path: "docs/CODEOWNERS",
             appOwners: ["@branch-author"]),
        Case(arguments: ["--owners-from=base"], side: "base", place: .revision("HEAD"), path: "docs/CODEOWNERS",
             appOwners: ["@branch-author"]),
        Case(arguments: ["--merge-base", "main"], side: "new", place: .workingTree, path: "docs/CODEOWNERS",
             appOwners: ["@worktree-owner"]),
        Case(arguments: ["--merge-base", "main", "--owners-from=base"], side: "base", place: .revision("main"),
             path: "docs/CODEOWNERS", appOwners: ["@src-lead"]),
    ]

    /// The bytes of `path` at `place` as git shows them; `nil` when there is no such file.
    static func contents(_ path: String, at place: Place, in repository: String) throws -> [UInt8]? {
        switch place {
        case .workingTree:
            return FileManager.default.contents(atPath: repository + "/" + path).map(Array.init)
        case .index, .revision:
            let object = if case .revision(let name) = place { "\(name):\(path)" } else { ":\(path)" }
            let shown = try Shell.run("git", ["cat-file", "blob", object], in: repository)
            return shown.status == 0 ? shown.output : nil
        }
    }

    /// The CODEOWNERS file GitHub would use at `place`, found by asking git for each place
    /// in turn: its path and its rules.
    static func codeOwners(at place: Place, in repository: String) throws -> (path: String, rules: CodeOwners)? {
        for path in [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"] {
            if let bytes = try contents(path, at: place, in: repository) { return (path, CodeOwners(parsing: bytes)) }
        }
        return nil
    }

    static func revision(_ name: String, in repository: String) throws -> String {
        String(try Shell.git(["rev-parse", "--verify", "\(name)^{commit}"], in: repository).text.prefix(40))
    }

    @Test(arguments: cases)
    func ownersComeFromTheSideExpected(_ test: Case) throws {
        let repository = try Fixtures.repository("owners-sides")
        let document = try CLIRunner.json(test.arguments, in: repository)
        let source = try #require((document["comparison"] as? [String: Any])?["codeOwners"] as? [String: Any])
        #expect(source["side"] as? String == test.side)
        switch test.place {
        case .revision(let name):
            #expect(source["read"] as? String == "revision")
            #expect(source["revision"] as? String == (try Self.revision(name, in: repository)))
        case .index:
            #expect(source["read"] as? String == "index" && source["revision"] is NSNull)
        case .workingTree:
            #expect(source["read"] as? String == "workingTree" && source["revision"] is NSNull)
        }
        #expect(source["path"] as? String == test.path && (test.path != nil || source["path"] is NSNull))
        #expect(source["tooLarge"] as? Bool == false)
        let found = try Self.codeOwners(at: test.place, in: repository)
        #expect(found?.path == test.path)
        let files = AnnotationJSONTests.files(document)
        #expect(files["src/app.c"]?["owners"] as? [String] == test.appOwners)
        #expect(files.count >= 2)
        for (path, file) in files {
            #expect(file["owners"] as? [String] == found?.rules.owners(of: RawPath(path)), "\(path)")
        }
    }

    @Test func theBaseIsTheFirstRevisionNotTheMergeBase() throws {
        let repository = try Fixtures.repository("owners-sides")
        let mergeBase = String(try Shell.git(["merge-base", "main", "self"], in: repository).text.prefix(40))
        let comparison = try CLIRunner.json(["main...self"], in: repository)["comparison"] as! [String: Any]
        #expect(comparison["old"] as? String == mergeBase)
        let source = comparison["codeOwners"] as! [String: Any]
        #expect(source["revision"] as? String == (try Self.revision("main", in: repository)))
        let atMergeBase = try #require(try Self.codeOwners(at: .revision(mergeBase), in: repository))
        #expect(atMergeBase.rules.owners(of: RawPath("src/app.c")) == ["@src-owner"], "the fixture's main moved on since")
    }

    @Test func warningsNameTheFileAndTheSide() throws {
        let repository = try Fixtures.repository("owners-sides")
        let main = try Self.revision("main", in: repository).prefix(12)
        let branch = try Self.revision("self", in: repository).prefix(12)
        let base = CLIRunner.run(["--owners", "main...self"], in: repository)
        #expect(base.status == 0)
        #expect(base.errorLines == [#"treereview: warning: docs/CODEOWNERS of the base side (revision \#(main)) line 3: character ranges with "[ ]" are not supported; the line is skipped"#])
        let new = CLIRunner.run(["--owners", "--owners-from=new", "main...self"], in: repository)
        #expect(new.errorLines == [#"treereview: warning: docs/CODEOWNERS of the new side (revision \#(branch)) line 3: negation with "!" is not supported; the line is skipped"#])
        let deleted = try Self.revision("delete", in: repository).prefix(12)
        let none = CLIRunner.run(["--owners", "--owners-from=new", "main...delete"], in: repository)
        #expect(none.errorLines == ["treereview: warning: no CODEOWNERS file in .github/, at the top or in docs/ of the new side (revision \(deleted)); no file has owners"])
        let start = try Self.revision("start", in: repository).prefix(12)
        let kept = CLIRunner.run(["--owner", "@newcomer", "start...add"], in: repository)
        #expect(kept.errorLines == ["treereview: warning: no CODEOWNERS file in .github/, at the top or in docs/ of the base side (revision \(start)); --owner keeps no file"])
        #expect(CLIRunner.run(["--owners"], in: repository).error.isEmpty, "the working tree's own file has no bad line")
    }

    @Test func ownerKeepsTheFilesOfTheSideRead() throws {
        let repository = try Fixtures.repository("owners-sides")
        #expect(try OwnerOptionTests.paths(["--owner", "@src-lead", "main...self"], in: repository) == ["src/app.c"])
        #expect(try OwnerOptionTests.paths(["--owner", "@branch-author", "main...self"], in: repository) == [])
        #expect(try OwnerOptionTests.paths(["--owner", "@branch-author", "--owners-from=new", "main...self"], in: repository)
            == ["src/app.c"])
        #expect(try OwnerOptionTests.paths(["--owner", "@mover", "main...move"], in: repository) == [])
        #expect(try OwnerOptionTests.paths(["--owner", "@mover", "--owners-from=new", "main...move"], in: repository)
            == [".github/CODEOWNERS", "docs/CODEOWNERS", "src/app.c"])
    }

    @Test func ownersShowTheSideRead() throws {
        let repository = try Fixtures.repository("owners-sides")
        let base = CLIRunner.run(["--owners", "--no-flatten", "main...self"], in: repository).text
        #expect(base.contains("M  app.c  @src-lead "), "\(base)")
        #expect(base.contains("M  CODEOWNERS  @base-team "), "\(base)")
        #expect(!base.contains("@branch-author"))
        let new = CLIRunner.run(["--owners", "--no-flatten", "--owners-from=new", "main...self"], in: repository).text
        #expect(new.contains("M  app.c  @branch-author "), "\(new)")
        #expect(!new.contains("@src-lead"))
    }

    @Test func markdownGroupsByTheOwnersOfTheSideRead() throws {
        let repository = try Fixtures.repository("owners-sides")
        let base = CLIRunner.run(["--format", "markdown", "--group-by", "owner", "main...self"], in: repository)
        #expect(base.status == 0, "\(base.error)")
        #expect(try MarkdownAnnotationTests.ownerSections(base.output) == ["@base-team": ["docs/CODEOWNERS"], "@src-lead": ["src/app.c"]])
        let main = try Self.revision("main", in: repository).prefix(12)
        #expect(try Self.paragraphs(base.output) == ["Owners from docs/CODEOWNERS of the base side (revision \(main))."])
        let new = CLIRunner.run(["--format", "markdown", "--group-by", "owner", "--owners-from=new", "start...add"], in: repository)
        #expect(try MarkdownAnnotationTests.ownerSections(new.output) == ["@newcomer": ["CODEOWNERS", "src/app.c"]])
        let add = try Self.revision("add", in: repository).prefix(12)
        #expect(try Self.paragraphs(new.output) == ["Owners from CODEOWNERS of the new side (revision \(add))."])
        let none = CLIRunner.run(["--format", "markdown", "--group-by", "owner", "start...add"], in: repository)
        #expect(try Self.paragraphs(none.output).isEmpty, "no file read, no line")
    }

    /// The text of the top-level paragraphs of Markdown output, as `cmark-gfm` reads them.
    static func paragraphs(_ output: [UInt8]) throws -> [String] {
        try CommonMark.parse(output, .gitHub).children.filter { $0.kind == "paragraph" }.map(\.plainText)
    }

    @Test func aCachedRunDoesNotServeTheOtherSidesOwners() throws {
        let repository = try Fixtures.fresh("owners-sides")
        let environment = ["XDG_CACHE_HOME": try Fixtures.temporaryDirectory()]
        func appOwners(_ arguments: [String]) throws -> [String]? {
            let outcome = CLIRunner.run(["--format", "json"] + arguments + ["main...self"], in: repository, environment: environment)
            #expect(outcome.status == 0, "\(outcome.error)")
            let document = try JSONSerialization.jsonObject(with: Data(outcome.output)) as! [String: Any]
            return AnnotationJSONTests.files(document)["src/app.c"]?["owners"] as? [String]
        }
        #expect(try appOwners(["--owners-from=new"]) == ["@branch-author"])
        #expect(try appOwners([]) == ["@src-lead"])
        #expect(try appOwners(["--owners-from=new"]) == ["@branch-author"])
        let cache = environment["XDG_CACHE_HOME"]! + "/treereview"
        #expect(FileManager.default.fileExists(atPath: cache), "the runs used the cache")
    }

    @Test func aBadSideIsOneLine() {
        let outcome = CLIRunner.run(["--owners-from=old"], in: NSTemporaryDirectory())
        #expect(outcome.status == 2 && outcome.output.isEmpty)
        #expect(outcome.errorLines == ["treereview: invalid value 'old' for --owners-from: expected one of base, new"])
        let interactive = CLIRunner.run(["-i", "--owners-from=new"], in: NSTemporaryDirectory())
        #expect(interactive.status == 2 && interactive.errorLines == ["treereview: --owners-from does not apply to --interactive"])
    }
}

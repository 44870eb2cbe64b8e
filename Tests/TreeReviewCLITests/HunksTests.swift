import Foundation
import Testing
import TestSupport
import TreeModel

/// `--format json --hunks` against `git diff -U0`, file by file, in every kind of
/// comparison of the `hunks` fixture, with the same isolated configuration on both sides.
struct HunksTests {
    /// A comparison as treereview takes it and as `git diff` takes it.
    struct Comparison: Sendable, CustomTestStringConvertible {
        let treereview: [String]
        let git: [String]
        var testDescription: String { treereview.isEmpty ? "(working tree)" : treereview.joined(separator: " ") }
    }

    static let comparisons = [
        Comparison(treereview: ["main..feature"], git: ["main..feature"]),
        Comparison(treereview: ["main", "feature"], git: ["main", "feature"]),
        Comparison(treereview: ["main...feature"], git: ["main...feature"]),
        Comparison(treereview: ["--staged"], git: ["--staged"]),
        Comparison(treereview: [], git: ["HEAD"]),
        Comparison(treereview: ["main"], git: ["main"]),
    ]

    /// What one comparison's files showed, for the checks that the fixture explores.
    struct Seen {
        var insertionsOnly = 0, deletionsOnly = 0, both = 0, atTop = 0, noHunks = 0, binary = 0, renamed = 0
    }

    @Test(arguments: comparisons)
    func hunksAreGitDiffsHunks(_ comparison: Comparison) throws {
        let repository = try Fixtures.repository("hunks")
        let seen = try Self.compare(in: repository, comparison)
        #expect(seen.insertionsOnly > 0 && seen.deletionsOnly > 0 && seen.both > 0)
    }

    @Test func theFixtureExploresEveryShapeOfHunk() throws {
        let seen = try Self.compare(in: try Fixtures.repository("hunks"), Self.comparisons[0])
        #expect(seen.atTop > 0, "a hunk at the first line")
        #expect(seen.noHunks > 0, "a mode-only change and an emptied-out empty file")
        #expect(seen.binary == 1)
        #expect(seen.renamed == 1)
    }

    /// git drops the tail both sides share before a diff without context, which aligns
    /// `tail.h` otherwise than its whole-file diff: the hunks and the counts are `-U0`'s.
    @Test func theCommonTailIsTrimmedAsGitDoes() throws {
        let repository = try Fixtures.repository("hunks")
        let whole = try GitOracle.changes(in: repository, ["main..feature"]).first { $0.path == RawPath("tail.h") }
        #expect(whole?.insertions == 11 && whole?.deletions == 9, "git's --numstat of the whole files")
        let outcome = CLIRunner.run(["--format", "json", "--hunks", "main..feature"], in: repository)
        let tail = try #require(try Self.files(outcome.output)["tail.h"])
        #expect(tail["insertions"] as? Int == 10 && tail["deletions"] as? Int == 8)
        #expect(try Self.hunks(of: tail) == GitOracle.hunks(in: repository, ["main..feature"], paths: ["tail.h"]))
        let plain = CLIRunner.run(["--format", "json", "main..feature"], in: repository)
        #expect(try Self.files(plain.output)["tail.h"]?["insertions"] as? Int == 11, "without --hunks, --numstat's count")
    }

    /// The indent heuristic and the patience algorithm change git's hunks on the fixture, and
    /// treereview follows `diff.indentHeuristic` and `diff.algorithm` as git does.
    @Test(arguments: [("diff.indentHeuristic", "false", "indent.txt"), ("diff.algorithm", "patience", "patience.c"),
                      ("diff.algorithm", "minimal", "patience.c")])
    func diffSettingsApply(key: String, value: String, file: String) throws {
        let repository = try Fixtures.fresh("hunks")
        let before = try GitOracle.hunks(in: repository, ["main..feature"], paths: [file])
        #expect(try Shell.git(["config", key, value], in: repository).status == 0)
        let after = try GitOracle.hunks(in: repository, ["main..feature"], paths: [file])
        if value != "minimal" { #expect(before != after, "\(key)=\(value) changes git's hunks of \(file)") }
        _ = try Self.compare(in: repository, Self.comparisons[0])
    }

    /// Other fixtures' entries: submodules (a new commit, a dirty working tree), symlinks
    /// and modes, working-tree conversions (CRLF, filters, encodings).
    @Test(arguments: [("submodules", Comparison(treereview: [], git: ["HEAD"])),
                      ("submodules", Comparison(treereview: ["HEAD~1..HEAD"], git: ["HEAD~1..HEAD"])),
                      ("symlinks", Comparison(treereview: [], git: ["HEAD"])),
                      ("symlinks", Comparison(treereview: ["HEAD~1..HEAD"], git: ["HEAD~1..HEAD"])),
                      ("conversion", Comparison(treereview: [], git: ["HEAD"])),
                      ("autocrlf", Comparison(treereview: [], git: ["HEAD"]))])
    func otherFixturesToo(fixture: String, comparison: Comparison) throws {
        _ = try Self.compare(in: try Fixtures.repository(fixture), comparison)
    }

    /// Line counts kept in the results cache by a run without `--hunks` do not stand in for
    /// the diff: the hunks are there all the same.
    @Test func hunksAfterARunThatCachedTheCounts() throws {
        let repository = try Fixtures.fresh("hunks")
        let environment = ["XDG_CACHE_HOME": try Fixtures.temporaryDirectory()]
        #expect(CLIRunner.run(["--format", "json", "main..feature"], in: repository, environment: environment).status == 0)
        let outcome = CLIRunner.run(["--format", "json", "--hunks", "main..feature"], in: repository, environment: environment)
        #expect(outcome.status == 0)
        let files = try Self.files(outcome.output)
        let many = try #require(files["many.txt"])
        #expect(many["hunks"] as? [[String: Any]] != nil)
        #expect(try Self.hunks(of: many) == GitOracle.hunks(in: repository, ["main..feature"], paths: ["many.txt"]))
    }

    @Test(arguments: [
        (["--hunks"], "--hunks applies to --format json, not tree"),
        (["--hunks", "--format", "plain"], "--hunks applies to --format json, not plain"),
        (["--hunks", "-z"], "--hunks applies to --format json, not plain"),
        (["--format", "json", "--hunks", "--no-stat"], "--hunks cannot go with --no-stat: hunks come from the diff that counts lines"),
        (["--format", "json", "--hunks", "--stdin"], "--hunks does not apply to --stdin: hunks are read from a repository's content"),
        (["-i", "--hunks"], "--hunks does not apply to --interactive: the diff pane shows each file's hunks"),
    ])
    func hunksNeedJSONAndContent(arguments: [String], message: String) throws {
        let outcome = CLIRunner.run(arguments, in: try Fixtures.repository("hunks"))
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines.map(String.init) == ["treereview: " + message])
    }

    @Test func theFormatMayComeFromConfig() throws {
        let outcome = CLIRunner.run(["--hunks", "main..feature"], in: try Fixtures.repository("hunks"),
                                    environment: ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "treereview.format",
                                                  "GIT_CONFIG_VALUE_0": "json"])
        #expect(outcome.status == 0)
        #expect(outcome.text.contains(#""hunks":[{"oldStart":"#))
    }

    @Test func withoutTheOptionThereAreNoHunks() throws {
        let outcome = CLIRunner.run(["--format", "json", "main..feature"], in: try Fixtures.repository("hunks"))
        #expect(outcome.status == 0)
        #expect(!outcome.text.contains(#""hunks""#))
    }

    // MARK: - The comparison

    /// Checks every file of the comparison against git and says what was seen.
    static func compare(in repository: String, _ comparison: Comparison) throws -> Seen {
        let outcome = CLIRunner.run(["--format", "json", "--hunks"] + comparison.treereview, in: repository)
        guard outcome.status == 0 else { throw CLIFailure(message: outcome.error) }
        let files = try files(outcome.output)
        #expect(!files.isEmpty)
        var seen = Seen()
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            let status = file["status"] as? String
            let insertions = file["insertions"] as? Int, deletions = file["deletions"] as? Int
            guard let hunks = file["hunks"] as? [[String: Int]] else {
                #expect(file["hunks"] is NSNull && file["insertions"] is NSNull, "\(path): hunks null exactly when the counts are")
                if status == "untracked" { continue }
                #expect(try GitOracle.hunks(in: repository, comparison.git, paths: [path]) == .binary, "\(path)")
                seen.binary += 1
                continue
            }
            let ours = hunks.map { [$0["oldStart"]!, $0["oldLines"]!, $0["newStart"]!, $0["newLines"]!] }
            if file["kind"] as? String == "submodule", file["oldCommit"] as? String == file["newCommit"] as? String {
                #expect(ours.isEmpty && insertions == 0, "\(path): a dirty submodule counts 0 and 0, as git's --numstat")
                continue
            }
            #expect(ours.reduce(0) { $0 + $1[3] } == insertions, "\(path): hunks add up to insertions")
            #expect(ours.reduce(0) { $0 + $1[1] } == deletions, "\(path): hunks add up to deletions")
            let oldPath = file["oldPath"] as? String
            if oldPath != nil { seen.renamed += 1 }
            let theirs = try GitOracle.hunks(in: repository, comparison.git, paths: [oldPath, path].compactMap { $0 })
            if status == "typeChanged" {
                guard case .hunks(_, let sections) = theirs else { Issue.record("\(path): type change"); continue }
                #expect(sections == 2, "\(path): git splits a type change in two")
                continue
            }
            #expect(theirs.sections >= 1, "\(path): git shows the file")
            #expect(theirs == .hunks(ours, sections: theirs.sections), "\(comparison.testDescription): \(path)")
            for hunk in ours {
                if hunk[1] == 0 { seen.insertionsOnly += 1 } else if hunk[3] == 0 { seen.deletionsOnly += 1 } else { seen.both += 1 }
                if hunk[2] == 1 || hunk[0] == 1 { seen.atTop += 1 }
            }
            if ours.isEmpty { seen.noHunks += 1 }
        }
        return seen
    }

    /// The `files` entries by path.
    static func files(_ output: [UInt8]) throws -> [String: [String: Any]] {
        let document = try JSONSerialization.jsonObject(with: Data(output)) as! [String: Any]
        let files = document["files"] as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: files.map { ($0["path"] as! String, $0) })
    }

    static func hunks(of file: [String: Any]) throws -> GitOracle.FileHunks {
        let hunks = try #require(file["hunks"] as? [[String: Int]])
        return .hunks(hunks.map { [$0["oldStart"]!, $0["oldLines"]!, $0["newStart"]!, $0["newLines"]!] }, sections: 1)
    }
}

extension GitOracle.FileHunks {
    /// The number of `diff --git` sections (0 for a binary file's).
    var sections: Int {
        if case .hunks(_, let sections) = self { return sections }
        return 0
    }

    /// The same hunks, counted as `sections` sections (a mode-only change's header is no hunk).
    func withSections(_ sections: Int) -> Self {
        if case .hunks(let hunks, _) = self { return .hunks(hunks, sections: sections) }
        return self
    }
}

/// The schema's rules for `hunks` bite: a real `--hunks` document, valid, with one thing
/// broken at a time.
struct HunksSchemaTests {
    @Test(arguments: ["a hunk without lines", "a hunk with an extra key", "a new start of 0 with new lines",
                      "null hunks beside line counts", "hunks on a tree node", "hunks given as text"])
    func brokenHunksAreRejected(change: String) throws {
        let outcome = CLIRunner.run(["--format", "json", "--hunks", "main..feature"], in: try Fixtures.repository("hunks"))
        #expect(try SchemaValidator.errors(outcome.output) == [])
        var document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [String: Any])
        var files = document["files"] as! [[String: Any]]
        let text = try #require(files.firstIndex { ($0["hunks"] as? [Any])?.isEmpty == false })
        var hunks = files[text]["hunks"] as! [[String: Any]]
        var expected = "/files/\(text)/hunks"
        switch change {
        case "a hunk without lines": hunks[0] = ["oldStart": 3, "oldLines": 0, "newStart": 3, "newLines": 0]
        case "a hunk with an extra key": hunks[0]["header"] = "@@ -1 +1 @@"
        case "a new start of 0 with new lines": hunks[0] = ["oldStart": 1, "oldLines": 1, "newStart": 0, "newLines": 2]
        case "null hunks beside line counts":
            files[text]["hunks"] = NSNull()
            expected = "/files/\(text)/insertions"
        case "hunks on a tree node":
            var tree = document["tree"] as! [[String: Any]]
            let node = try #require(tree.firstIndex { $0["kind"] as? String == "file" })
            tree[node]["hunks"] = []
            document["tree"] = tree
            expected = "/tree/\(node)"
        default: files[text]["hunks"] = "1,2"
        }
        if files[text]["hunks"] is [Any] { files[text]["hunks"] = hunks }
        document["files"] = files
        let errors = try SchemaValidator.errors(Array(try JSONSerialization.data(withJSONObject: document)))
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }
}

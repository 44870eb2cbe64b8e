import Foundation
import Testing
import TreeModel
import TestSupport

/// `Scripts/action-run`, the GitHub Action's run step, on fixture repositories, with
/// `$GITHUB_OUTPUT` and `$GITHUB_STEP_SUMMARY` in temporary files.
///
/// `--format markdown` and `--directories` do not exist in the command line yet: until they
/// do, `Fixtures/annotations/stub-treereview.sh` answers them and hands every other call
/// (`--format json`) to the real binary.
struct ActionStepTests {
    struct Run {
        let result: Shell.Result
        let outputs: [String: String]
        let summary: String
        let calls: [String]

        func list(_ name: String) throws -> [String] {
            try JSONDecoder().decode([String].self, from: Data((outputs[name] ?? "").utf8))
        }
    }

    static let script = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().appendingPathComponent("Scripts/action-run").path

    static func run(in repository: String, _ environment: [String: String] = [:]) throws -> Run {
        let scratch = try Fixtures.temporaryDirectory()
        let output = scratch + "/output", summary = scratch + "/summary", log = scratch + "/calls"
        for file in [output, summary, log] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        var merged = [
            "GITHUB_OUTPUT": output, "GITHUB_STEP_SUMMARY": summary,
            "TREEREVIEW": Fixtures.directory + "/annotations/stub-treereview.sh",
            "TREEREVIEW_REAL": Binary.path, "TREEREVIEW_STUB_LOG": log,
            "INPUT_BASE": "", "INPUT_HEAD": "", "INPUT_DEPTH": "", "INPUT_SUMMARY": "", "INPUT_ARGS": "", "INPUT_PATH": "",
            "EVENT_PR_BASE_SHA": "", "EVENT_BEFORE": "", "EVENT_DEFAULT_BRANCH": "",
        ]
        merged.merge(environment) { $1 }
        let result = try Shell.run("bash", [script], in: repository, environment: merged)
        return Run(
            result: result,
            outputs: try parseOutputs(String(contentsOfFile: output, encoding: .utf8)),
            summary: try String(contentsOfFile: summary, encoding: .utf8),
            calls: try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init))
    }

    /// Reads `$GITHUB_OUTPUT` as GitHub does: `name=value` lines and `name<<DELIMITER` blocks.
    static func parseOutputs(_ text: String) throws -> [String: String] {
        var outputs: [String: String] = [:]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst(), !line.isEmpty {
            if let marker = line.range(of: "<<") {
                let delimiter = line[marker.upperBound...]
                var value: [Substring] = []
                while let next = lines.popFirst(), next != delimiter { value.append(next) }
                outputs[String(line[..<marker.lowerBound])] = value.joined(separator: "\n")
            } else if let equals = line.firstIndex(of: "=") {
                outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return outputs
    }

    static func revision(_ spec: String, in repository: String) throws -> String {
        try Shell.git(["rev-parse", spec], in: repository).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// git's changed paths (new side, renames found as treereview finds them), sorted.
    static func gitPaths(_ arguments: [String], in repository: String) throws -> [String] {
        let names = try Shell.git(["diff", "-z", "--name-only", "-M"] + arguments, in: repository).output
        return names.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.sorted()
    }

    /// The `directories` output's meaning: each path's directory, cut to `depth` pieces.
    static func directories(_ paths: [String], depth: Int) -> [String] {
        Set(paths.map { path in
            let pieces = path.split(separator: "/").dropLast()
            return pieces.isEmpty ? "." : pieces.prefix(depth).joined(separator: "/")
        }).sorted()
    }

    @Test func pullRequestComparesTheBaseWithTheHead() throws {
        let repository = try Fixtures.repository("branches")
        let base = try Self.revision("main", in: repository), head = try Self.revision("feature", in: repository)
        let run = try Self.run(in: repository, ["EVENT_PR_BASE_SHA": base, "INPUT_HEAD": "feature"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        let paths = try Self.gitPaths(["main...feature"], in: repository)
        #expect(run.outputs["base"] == base)
        #expect(run.outputs["head"] == head)
        #expect(run.outputs["any-changed"] == "true")
        #expect(run.outputs["count"] == String(paths.count))
        #expect(try run.list("files").sorted() == paths)
        #expect(try run.list("directories") == Self.directories(paths, depth: 1))
        #expect(run.summary == "### treereview (stub)\n\n\(paths.count) files changed\n")
        #expect(run.calls.allSatisfy { $0.contains("\(base)...\(head)") })
        #expect(run.calls.count == 3)
    }

    @Test func depthAndArgsReachEveryCall() throws {
        let repository = try Fixtures.repository("branches")
        let run = try Self.run(in: repository, [
            "INPUT_BASE": "main", "INPUT_HEAD": "feature", "INPUT_DEPTH": "3",
            "INPUT_ARGS": "--status=d -- \"Sources/App\"",
        ])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        let paths = try Self.gitPaths(["--diff-filter=d", "main...feature", "--", "Sources/App"], in: repository)
        #expect(!paths.isEmpty)
        #expect(try run.list("files").sorted() == paths)
        #expect(try run.list("directories") == Self.directories(paths, depth: 3))
        #expect(run.calls.count == 3)
        #expect(run.calls.allSatisfy { $0.hasSuffix(" --status=d -- Sources/App") })
    }

    @Test func pushComparesWithTheCommitBeforeIt() throws {
        let repository = try Fixtures.fresh("branches")
        try Shell.git(["checkout", "-q", "feature"], in: repository)
        let before = try Self.revision("main", in: repository)
        let run = try Self.run(in: repository, ["EVENT_BEFORE": before, "INPUT_SUMMARY": "false"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(run.outputs["base"] == before)
        #expect(run.outputs["count"] == String(try Self.gitPaths(["main...feature"], in: repository).count))
        #expect(run.summary.isEmpty)
        #expect(run.calls.count == 2)
    }

    @Test func newBranchPushComparesWithTheDefaultBranch() throws {
        let origin = try Fixtures.repository("branches")
        let clone = try Fixtures.temporaryDirectory() + "/clone"
        try Shell.git(["clone", "-q", "--branch", "feature", origin, clone], in: origin)
        let run = try Self.run(in: clone, ["EVENT_BEFORE": String(repeating: "0", count: 40), "EVENT_DEFAULT_BRANCH": "main"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(run.outputs["base"] == (try Self.revision("main", in: origin)))
    }

    @Test func withoutEventTheParentOfHEADIsTheBase() throws {
        let repository = try Fixtures.fresh("branches")
        try Shell.git(["checkout", "-q", "feature"], in: repository)
        let run = try Self.run(in: repository, ["EVENT_DEFAULT_BRANCH": "main"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(run.outputs["base"] == (try Self.revision("feature~1", in: repository)))
    }

    @Test func shallowCloneFetchesWhatTheComparisonNeeds() throws {
        let origin = try Fixtures.repository("branches")
        let clone = try Fixtures.temporaryDirectory() + "/shallow"
        try Shell.git(["clone", "-q", "--depth", "1", "--branch", "feature", "file://" + origin, clone], in: origin)
        let base = try Self.revision("main", in: origin)
        let missing = try Shell.run("git", ["cat-file", "-e", base], in: clone)
        #expect(missing.status != 0)
        let run = try Self.run(in: clone, ["EVENT_PR_BASE_SHA": base])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        let paths = try Self.gitPaths(["main...feature"], in: origin)
        #expect(try run.list("files").sorted() == paths)
        #expect(run.outputs["base"] == base)
    }

    @Test func noChanges() throws {
        let repository = try Fixtures.repository("branches")
        let run = try Self.run(in: repository, ["INPUT_BASE": "main", "INPUT_HEAD": "main", "INPUT_SUMMARY": "false"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(run.outputs["any-changed"] == "false")
        #expect(run.outputs["count"] == "0")
        #expect(try run.list("files").isEmpty)
        #expect(try run.list("directories").isEmpty)
    }

    @Test func hostileNamesSurviveTheOutputs() throws {
        let repository = try Fixtures.repository("hostile-names")
        let run = try Self.run(in: repository, ["INPUT_BASE": "HEAD~1", "INPUT_SUMMARY": "false"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        let paths = try Self.gitPaths(["HEAD~1...HEAD"], in: repository)
        #expect(try run.list("files").sorted() == paths.sorted())
        #expect(try run.list("files").contains("new\nline.txt"))
        #expect(try run.list("directories") == Self.directories(paths, depth: 1))
    }

    @Test(arguments: [
        (["INPUT_BASE": "no-such-revision"], "base 'no-such-revision' is not a commit"),
        (["INPUT_BASE": "main", "INPUT_HEAD": "nope"], "head 'nope' is not a commit"),
        (["INPUT_BASE": "main", "INPUT_DEPTH": "0"], "depth must be a whole number"),
        (["INPUT_BASE": "main", "INPUT_SUMMARY": "yes"], "summary must be true or false"),
        (["INPUT_BASE": "main", "INPUT_ARGS": "--search 'unclosed"], "args cannot be split"),
    ])
    func badInputsFailWithOneError(environment: [String: String], message: String) throws {
        let run = try Self.run(in: try Fixtures.repository("branches"), environment)
        #expect(run.result.status == 2)
        #expect(run.result.text.contains("::error title=treereview::\(message)"), "\(run.result.text)")
        #expect(run.outputs.isEmpty)
        #expect(run.summary.isEmpty)
    }
}

import Foundation
import Testing
import TreeModel
import TestSupport

/// `Scripts/action-run`, the GitHub Action's run step, on fixture repositories, with
/// `$GITHUB_OUTPUT` and `$GITHUB_STEP_SUMMARY` in temporary files, running the real binary
/// (through a wrapper that logs each call's arguments). The outputs are compared with git's
/// answer, and the step summary is parsed by `cmark-gfm` (``RenderedMarkdown``) and compared
/// with git's changes, file by file.
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
        let wrapper = scratch + "/treereview"
        for file in [output, summary, log] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        try ExecutableFile.write(Self.loggingWrapper, to: wrapper)
        var merged = [
            "GITHUB_OUTPUT": output, "GITHUB_STEP_SUMMARY": summary,
            "TREEREVIEW": wrapper, "TREEREVIEW_REAL": Binary.path, "TREEREVIEW_CALL_LOG": log,
            "INPUT_BASE": "", "INPUT_HEAD": "", "INPUT_DEPTH": "", "INPUT_SUMMARY": "", "INPUT_ARGS": "", "INPUT_PATH": "",
            "INPUT_FILTERS": "", "INPUT_PREDICATE_QUANTIFIER": "", "INPUT_PACKAGES": "",
            "GITHUB_EVENT_NAME": "", "GITHUB_EVENT_PATH": "", "RUNNER_TEMP": scratch,
        ]
        merged.merge(environment) { $1 }
        let result = try Shell.run("bash", [script], in: repository, environment: merged)
        return Run(
            result: result,
            outputs: try parseOutputs(String(contentsOfFile: output, encoding: .utf8)),
            summary: try String(contentsOfFile: summary, encoding: .utf8),
            calls: try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init))
    }

    /// Appends its arguments to `$TREEREVIEW_CALL_LOG`, one line per call, then runs the binary.
    static let loggingWrapper = """
        #!/usr/bin/env bash
        printf '%s\\n' "$*" >> "$TREEREVIEW_CALL_LOG"
        exec "$TREEREVIEW_REAL" "$@"

        """

    /// The summary's title for two sides: `feature 1a2b3c4 → main 5d6e7f8` (the base's id is the merge base's).
    static func title(head: (name: String, id: String), base: (name: String, id: String)) -> String {
        "\(head.name) \(head.id.prefix(7)) → \(base.name) \(base.id.prefix(7))"
    }

    /// Checks the step summary against git's changes for `arguments`: the title is `title`
    /// compared, every file is listed with its status, origin and line counts, and the totals agree.
    static func checkSummary(_ summary: String, title: String, gitArguments: [String], pathspecs: [String] = [],
                             in repository: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shown = try RenderedMarkdown(parsing: Array(summary.utf8))
        let changes = try GitOracle.changes(in: repository, ["-M"] + gitArguments, pathspecs: pathspecs)
        #expect(shown.title == title, sourceLocation: sourceLocation)
        #expect(shown.note == nil, sourceLocation: sourceLocation)
        #expect(shown.tree.differences(from: changes) == [], sourceLocation: sourceLocation)
        #expect(shown.tree.headerDifferences(from: changes) == [], sourceLocation: sourceLocation)
        #expect(shown.tree.files.count == changes.count, sourceLocation: sourceLocation)
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

    /// The base and head inputs are compared as `base...head`: the base output is their
    /// merge base, and every call compares the same two commits.
    @Test func baseAndHeadInputsAreComparedFromTheirMergeBase() throws {
        let repository = try Fixtures.repository("branches")
        let main = try Self.revision("main", in: repository), head = try Self.revision("feature", in: repository)
        let run = try Self.run(in: repository, ["INPUT_BASE": "main", "INPUT_HEAD": "feature"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        let paths = try Self.gitPaths(["main...feature"], in: repository)
        #expect(run.outputs["base"] == (try Shell.git(["merge-base", "main", "feature"], in: repository).text.trimmingCharacters(in: .newlines)))
        #expect(run.outputs["head"] == head)
        #expect(run.outputs["base-reason"] == "the base input: main, the head input: feature")
        #expect(run.outputs["any-changed"] == "true")
        #expect(run.outputs["count"] == String(paths.count))
        #expect(try run.list("files").sorted() == paths)
        #expect(try run.list("directories") == Self.directories(paths, depth: 1))
        let base = try Shell.git(["merge-base", "main", "feature"], in: repository).text.trimmingCharacters(in: .newlines)
        try Self.checkSummary(run.summary, title: Self.title(head: ("feature", head), base: ("main", base)),
                              gitArguments: ["main...feature"], in: repository)
        #expect(run.calls.allSatisfy { $0.contains("\(main)...\(head)") })
        #expect(run.calls.count == 1)
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
        #expect(run.calls.count == 1)
        #expect(run.calls.allSatisfy { $0.hasSuffix(" --status=d -- Sources/App") })
        let base = try Shell.git(["merge-base", "main", "feature"], in: repository).text.trimmingCharacters(in: .newlines)
        let title = Self.title(head: ("feature", try Self.revision("feature", in: repository)), base: ("main", base))
        try Self.checkSummary(run.summary, title: title, gitArguments: ["--diff-filter=d", "main...feature"],
                              pathspecs: ["Sources/App"], in: repository)
    }

    /// With a filter in args, the summary's heading and the log say what it kept of how many
    /// files changed, as git counts them.
    @Test func theSummarySaysWhatTheFiltersKeptOfWhatChanged() throws {
        let repository = try Fixtures.repository("branches")
        let run = try Self.run(in: repository, ["INPUT_BASE": "main", "INPUT_HEAD": "feature", "INPUT_ARGS": "--status=d"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        let all = try Self.gitPaths(["main...feature"], in: repository)
        let kept = try Self.gitPaths(["--diff-filter=d", "main...feature"], in: repository)
        #expect(kept.count < all.count)
        let shown = try RenderedMarkdown(parsing: Array(run.summary.utf8))
        #expect(shown.headline == "\(kept.count) of \(all.count) files changed · status not D")
        #expect(run.outputs["count"] == String(kept.count))
        #expect(run.result.text.contains("treereview: \(kept.count) of \(all.count) files kept by status\n"), "\(run.result.text)")
    }

    @Test func withoutEventTheParentOfHEADIsTheBase() throws {
        let repository = try Fixtures.fresh("branches")
        try Shell.git(["checkout", "-q", "feature"], in: repository)
        let run = try Self.run(in: repository)
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(run.outputs["base"] == (try Self.revision("feature~1", in: repository)))
        #expect(run.outputs["head"] == (try Self.revision("feature", in: repository)))
        let head = try Self.revision("feature", in: repository), parent = try Self.revision("feature~1", in: repository)
        #expect(run.outputs["base-reason"] == "no event: \(head.prefix(7)) against its parent \(parent.prefix(7))")
    }

    /// One treereview run: a Markdown option in args (the README's `--max-bytes 65536`)
    /// applies to the summary, and a CODEOWNERS warning prints once.
    @Test func markdownOptionsInArgsAndOneWarning() throws {
        let repository = try Fixtures.fresh("branches")
        try Shell.git(["checkout", "-q", "main"], in: repository)
        try FileManager.default.createDirectory(atPath: repository + "/.github", withIntermediateDirectories: true)
        try "* @acme/all\n!Sources @nobody\n".write(toFile: repository + "/.github/CODEOWNERS", atomically: true, encoding: .utf8)
        try Shell.git(["add", ".github/CODEOWNERS"], in: repository)
        try Shell.git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "owners"], in: repository)
        let run = try Self.run(in: repository, ["INPUT_BASE": "main", "INPUT_HEAD": "feature", "INPUT_ARGS": "--max-bytes 65536"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(run.calls.count == 1)
        #expect(run.summary.utf8.count <= 65536, "\(run.summary.utf8.count) bytes")
        #expect(try run.list("files").sorted() == (try Self.gitPaths(["main...feature"], in: repository)))
        let warnings = run.result.error.split(separator: "\n").filter { $0.contains("CODEOWNERS") }
        #expect(warnings.count == 1, "\(run.result.error)")
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
        let run = try Self.run(in: repository, ["INPUT_BASE": "HEAD~1"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        let paths = try Self.gitPaths(["HEAD~1...HEAD"], in: repository)
        let title = Self.title(head: ("HEAD", try Self.revision("HEAD", in: repository)), base: ("HEAD~1", try Self.revision("HEAD~1", in: repository)))
        try Self.checkSummary(run.summary, title: title, gitArguments: ["HEAD~1...HEAD"], in: repository)
        let kinds = Set(try CommonMark.parse(Array(run.summary.utf8), .gitHub).all.map(\.kind))
        #expect(kinds.isDisjoint(with: ["link", "emph", "strong", "html_inline", "strikethrough", "code_block"]), "\(kinds)")
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

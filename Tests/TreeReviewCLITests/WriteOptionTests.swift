import Foundation
import Testing
import TestSupport

/// `--write <format>=<file>`: one run writes several formats from one comparison, each file
/// byte for byte what a run with that `--format` alone writes, warnings printed once, and an
/// option of one format applied to that format only.
struct WriteOptionTests {
    static let comparison = "main..feature"

    /// The CODEOWNERS warnings of `outcome`: the `annotations` fixture's main has lines GitHub rejects.
    static func ownerWarnings(_ outcome: CLIRunner.Outcome) -> [Substring] {
        outcome.errorLines.filter { $0.hasPrefix("treereview: warning: docs/CODEOWNERS") }
    }

    /// Runs `shared` with `--format <stdout>` and a `--write` of each of `files`, then each
    /// format alone with `shared` and its own options, and checks that every output agrees.
    func check(stdout: String, files: [(format: String, own: [String])], shared: [String],
               sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIRunner.Outcome {
        let repository = try Fixtures.repository("annotations")
        let directory = try Fixtures.temporaryDirectory()
        let writes = files.flatMap { ["--write", "\($0.format)=\(directory)/\($0.format)"] }
        let own = files.flatMap(\.own)
        let combined = CLIRunner.run(["--format", stdout] + writes + own + shared + [Self.comparison], in: repository)
        #expect(combined.status == 0, "\(combined.error)", sourceLocation: sourceLocation)
        for (format, options) in files {
            let alone = CLIRunner.run(["--format", format] + options + shared + [Self.comparison], in: repository)
            #expect(alone.status == 0, "\(alone.error)", sourceLocation: sourceLocation)
            let written = try #require(FileManager.default.contents(atPath: "\(directory)/\(format)"), sourceLocation: sourceLocation)
            #expect(!written.isEmpty, sourceLocation: sourceLocation)
            if Array(written) != alone.output {
                let difference = Golden.lineDiff(expected: alone.text, actual: String(decoding: written, as: UTF8.self))
                Issue.record("\(format) differs from --format \(format) \(options):\n\(difference)", sourceLocation: sourceLocation)
            }
        }
        let ownOfStdout = files.first { $0.format == stdout }?.own ?? []
        let alone = CLIRunner.run(["--format", stdout] + ownOfStdout + shared + [Self.comparison], in: repository)
        if combined.output != alone.output {
            let difference = Golden.lineDiff(expected: alone.text, actual: combined.text)
            Issue.record("standard output differs:\n\(difference)", sourceLocation: sourceLocation)
        }
        return combined
    }

    @Test func everyFormatWrittenIsWhatItsOwnRunWrites() throws {
        let combined = try check(stdout: "tree", files: [("json", []), ("markdown", []), ("plain", []), ("tree", [])], shared: [])
        #expect(Self.ownerWarnings(combined).count == 1, "once, though JSON, Markdown and the tree are written: \(combined.error)")
        let repository = try Fixtures.repository("annotations")
        let json = CLIRunner.run(["--format", "json", Self.comparison], in: repository)
        #expect(Self.ownerWarnings(json) == Self.ownerWarnings(combined))
    }

    @Test func anOptionOfOneFormatAppliesToItOnly() throws {
        let combined = try check(stdout: "json", files: [
            ("markdown", ["--max-bytes", "4096", "--title", "feature → main",
                          "--link-template", "https://github.com/o/r/blob/{commit}/{path}"]),
            ("plain", ["-z"]),
            ("json", ["--hunks"]),
        ], shared: ["--include-generated"])
        #expect(Self.ownerWarnings(combined).count == 1)
        let repository = try Fixtures.repository("annotations")
        let refused = CLIRunner.run(["--format", "json", "--max-bytes", "65536", Self.comparison], in: repository)
        #expect(refused.status == 2)
        #expect(refused.error == "treereview: --max-bytes applies to --format markdown, not json\n")
    }

    /// Groups, sections and owners: the Markdown run alone reads no CODEOWNERS, and its
    /// sections say nothing of owners though the JSON written beside it read them.
    @Test func groupSectionsAreAsTheirOwnRunShowsThem() throws {
        let filters = try Fixtures.temporaryDirectory() + "/filters.yml"
        try "src:\n  - 'src/**'\ndocs:\n  - '**/*.md'\n".write(toFile: filters, atomically: true, encoding: .utf8)
        _ = try check(stdout: "json", files: [("markdown", ["--group-by", "group"]), ("tree", ["--group-by", "group"])],
                      shared: ["--filters", filters])
    }

    /// `--directories` applies to plain and JSON, the formats that list directories, and not to Markdown.
    @Test func directoriesGoToEveryFormatThatListsThem() throws {
        let repository = try Fixtures.repository("annotations")
        let directory = try Fixtures.temporaryDirectory()
        let outcome = CLIRunner.run(["--format", "json", "--write", "plain=\(directory)/dirs", "--write", "markdown=\(directory)/md",
                                     "--directories=2", Self.comparison], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        func alone(_ arguments: [String]) -> [UInt8] { CLIRunner.run(arguments + [Self.comparison], in: repository).output }
        #expect(outcome.output == alone(["--format", "json", "--directories=2"]))
        #expect(FileManager.default.contents(atPath: directory + "/dirs").map(Array.init) == alone(["--directories=2"]))
        #expect(FileManager.default.contents(atPath: directory + "/md").map(Array.init) == alone(["--format", "markdown"]))
    }

    @Test func aRelativeFileIsFromTheDirectoryOfDashC() throws {
        let repository = try Fixtures.fresh("branches")
        let parent = (repository as NSString).deletingLastPathComponent
        let name = (repository as NSString).lastPathComponent
        let outcome = CLIRunner.run(["-C", name, "--write", "plain=changed.txt", "main..feature"], in: parent)
        #expect(outcome.status == 0, "\(outcome.error)")
        let plain = CLIRunner.run(["--format", "plain", "main..feature"], in: repository)
        #expect(FileManager.default.contents(atPath: repository + "/changed.txt").map(Array.init) == plain.output)
        #expect(!FileManager.default.fileExists(atPath: parent + "/changed.txt"))
    }

    /// Standard output keeps the format the configuration chooses; `--write` only adds files.
    @Test func standardOutputKeepsTheConfiguredFormat() throws {
        let repository = try Fixtures.fresh("branches")
        try Shell.git(["config", "treereview.format", "markdown"], in: repository)
        let file = try Fixtures.temporaryDirectory() + "/changes.json"
        let outcome = CLIRunner.run(["--write", "json=\(file)", "--max-bytes", "8192", "main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output == CLIRunner.run(["--max-bytes", "8192", "main..feature"], in: repository).output)
        #expect(outcome.text.hasPrefix("### `main..feature` · "))
        #expect(FileManager.default.contents(atPath: file).map(Array.init)
            == CLIRunner.run(["--format", "json", "main..feature"], in: repository).output)
    }

    @Test func anExistingFileIsEmptiedFirst() throws {
        let repository = try Fixtures.repository("branches")
        let file = try Fixtures.temporaryDirectory() + "/out"
        try String(repeating: "old text that is longer than the report\n", count: 200).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(CLIRunner.run(["--write", "plain=\(file)", "main..feature"], in: repository).status == 0)
        #expect(FileManager.default.contents(atPath: file).map(Array.init)
            == CLIRunner.run(["--format", "plain", "main..feature"], in: repository).output)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badCases: [BadCase] = [
        BadCase(arguments: ["--write", "markdown=/"], message: "--write markdown=/: Is a directory"),
        BadCase(arguments: ["--write", "json=/no/such/directory/x.json"], message: "--write json=/no/such/directory/x.json: No such file or directory"),
        BadCase(arguments: ["--write", "markdown=-"], message: "--write markdown=-: standard output carries --format's report; name a file"),
        BadCase(arguments: ["--write", "summary.md"], message: "invalid value 'summary.md' for --write: expected <format>=<file>, the format one of tree, json, markdown, plain"),
        BadCase(arguments: ["--write", "markdwn=x"], message: "invalid format 'markdwn' for --write: expected one of tree, json, markdown, plain (did you mean 'markdown'?)"),
        BadCase(arguments: ["--write", "json="], message: "empty file name for --write json="),
        BadCase(arguments: ["--write", "json=x", "--write", "plain=x"], message: "--write names 'x' twice"),
        BadCase(arguments: ["--format", "json", "--write", "plain=/dev/null", "--max-bytes", "65536"],
                message: "--max-bytes applies to --format markdown, not json; no --write writes markdown either"),
        BadCase(arguments: ["--format", "tree", "--write", "json=/dev/null", "-z"],
                message: "-z cannot go with --format tree: without --stdin, -z means plain output with NUL-terminated paths; no --write writes plain either"),
        BadCase(arguments: ["--format", "tree", "--write", "markdown=/dev/null", "--hunks"],
                message: "--hunks applies to --format json, not tree; no --write writes json either"),
        BadCase(arguments: ["--format", "json", "--write", "plain=/dev/null", "--title", "x"],
                message: "--title applies to --format markdown, not json; no --write writes markdown either"),
        BadCase(arguments: ["--format", "json", "--write", "plain=/dev/null", "--group-by", "owner"],
                message: "--group-by owner applies to --format markdown, not json; no --write writes markdown either"),
        BadCase(arguments: ["-i", "--write", "json=/dev/null"], message: "--write does not apply to --interactive"),
        BadCase(arguments: ["--write", "json=/dev/full"], message: "write failure on '/dev/full': No space left on device"),
    ]

    @Test(arguments: badCases)
    func aBadWriteFailsWithOneLineAndNothingWritten(_ example: BadCase) throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(example.arguments + ["main..feature"], in: repository)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error == "treereview: \(example.message)\n")
    }

    /// A file that cannot be opened stops the run before any other file or standard output is written.
    @Test func aBadFileStopsTheRunBeforeAnythingIsWritten() throws {
        let repository = try Fixtures.repository("branches")
        let directory = try Fixtures.temporaryDirectory()
        let outcome = CLIRunner.run(["--write", "json=\(directory)/first.json", "--write", "markdown=\(directory)",
                                     "main..feature"], in: repository)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines == ["treereview: --write markdown=\(directory): Is a directory"])
        #expect(FileManager.default.contents(atPath: directory + "/first.json")?.isEmpty ?? true)
    }
}

import Foundation
import Testing
import TestSupport

/// With filters, `Scripts/action-run` gives each group paths-filter's outputs (`<group>`,
/// `<group>_count`, `<group>_files` in the `list-files` form) and its own (`<group>-count`,
/// `<group>-files`), for names a shell, a CSV reader or JSON must take back exactly.
struct ActionGroupOutputsTests {
    /// The files `Fixtures/repos/shell-names.sh` adds in its last commit.
    static let names = 9

    /// git's paths of the last commit that `'**'` matches: picomatch's `**` matches no
    /// newline (its `.` does not), so neither does the matcher, nor paths-filter.
    static func matchedPaths(_ repository: String) throws -> [String] {
        let paths = try ActionStepTests.gitPaths(["HEAD~1", "HEAD"], in: repository)
        #expect(paths.count == Self.names)
        return paths.filter { !$0.contains("\n") }
    }

    static let filters = "all: '**'\ndocs: 'docs/**'\nfiles: '*.txt'\n\"we=ird\": '**'\nCount: '*.txt'\nall_count: '**'\n"

    static func run(_ repository: String, listFiles: String) throws -> ActionStepTests.Run {
        let run = try ActionStepTests.run(in: repository, [
            "INPUT_BASE": "HEAD~1", "INPUT_HEAD": "HEAD", "INPUT_FILTERS": filters, "INPUT_LIST_FILES": listFiles,
        ])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        return run
    }

    /// What a shell makes of `value` as a command's arguments.
    static func shellWords(_ value: String) throws -> [String] {
        let words = try Shell.run("bash", ["-c", "eval \"set -- $1\"; printf '%s\\0' \"$@\"", "words", value]).output
        return words.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// What Python's csv module reads from `value`, one record.
    static func csvFields(_ value: String) throws -> [String] {
        let script = "import csv, json, sys; print(json.dumps(next(csv.reader([sys.argv[1]], strict=True))))"
        return try JSONDecoder().decode([String].self, from: Data(try Shell.run("python3", ["-c", script, value]).output))
    }

    @Test func eachGroupHasPathsFiltersOutputsAndTheActionsOwn() throws {
        let repository = try Fixtures.repository("shell-names")
        let paths = try Self.matchedPaths(repository)
        let run = try Self.run(repository, listFiles: "json")
        #expect(run.outputs["all"] == "true")
        #expect(run.outputs["all_count"] == String(paths.count) && run.outputs["all-count"] == String(paths.count))
        #expect(try run.list("all-files").sorted() == paths)
        #expect(try run.list("all_files").sorted() == paths)
        #expect(run.outputs["docs"] == "false" && run.outputs["docs_count"] == "0" && run.outputs["docs-files"] == "[]")
        #expect(try run.list("changes") == ["all", "files", "we=ird", "Count", "all_count"])
        #expect(run.outputs["count"] == String(Self.names) && run.outputs["Count"] == nil, "GitHub reads Count as count")
        #expect(run.result.text.contains("group 'Count' has no outputs of its own: 'Count' is one of the action's outputs"))
        #expect(run.result.text.contains("group 'all_count' has no outputs of its own: 'all_count' is group 'all''s"))
        #expect(try run.list("files").count == Self.names)
        #expect(run.outputs["files_count"] == nil && run.outputs["files-count"] == nil)
        #expect(!run.outputs.keys.contains { $0.hasPrefix("we") })
        #expect(run.result.text.contains("::warning title=treereview::group 'files' has no outputs of its own: 'files' is one of the action's outputs"))
        #expect(run.result.text.contains("::warning title=treereview::group 'we=ird' has no outputs of its own"))
    }

    @Test(arguments: ["csv", "shell", "escape", "none"])
    func listFilesGivesTheFilesInPathsFiltersForms(form: String) throws {
        let repository = try Fixtures.repository("shell-names")
        let paths = try Self.matchedPaths(repository)
        let run = try Self.run(repository, listFiles: form)
        #expect(try run.list("all-files").sorted() == paths)
        let value = run.outputs["all_files"]
        switch form {
        case "csv": #expect(try Self.csvFields(try #require(value)).sorted() == paths)
        case "none": #expect(value == nil)
        default: #expect(try Self.shellWords(try #require(value)).sorted() == paths, "\(value ?? "")")
        }
        #expect(run.outputs["docs_files"] == (form == "none" ? nil : ""))
    }

    @Test func aBadListFilesIsOneError() throws {
        let run = try ActionStepTests.run(in: try Fixtures.repository("shell-names"), ["INPUT_LIST_FILES": "yaml"])
        #expect(run.result.status == 2)
        #expect(run.result.text == "::error title=treereview::list-files must be json, csv, shell, escape or none, not 'yaml'\n")
    }
}

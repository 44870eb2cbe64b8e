import Foundation
import Testing
import TestSupport

/// Each output option on a real fixture (JSON pretty-printed, as at a terminal), against golden files in `Fixtures/CLI/golden/`
/// (`TREEREVIEW_RECORD=1` re-records them).
struct OutputOptionTests {
    static let goldens: [(name: String, arguments: [String])] = [
        ("default", []),
        ("depth-0", ["--depth", "0"]),
        ("depth-1", ["--depth", "1"]),
        ("search-hide", ["--search", "MODEL"]),
        ("search-collapse", ["--search", "swift", "--search-mode", "collapse"]),
        ("search-expand-color", ["--search", "List", "--search-mode", "expand", "--color=always"]),
        ("search-none", ["--search", "nothing-like-this"]),
        ("ascii", ["--charset", "ascii"]),
        ("no-flatten", ["--no-flatten"]),
        ("sort-name", ["--sort", "name"]),
        ("status-filter", ["--status", "AR"]),
        ("status-drop", ["--status", "md"]),
        ("no-stat", ["--no-stat"]),
        ("plain", ["--format", "plain"]),
        ("plain-search", ["--format", "plain", "--search", "app/model"]),
        ("icons-nerd", ["--icons", "nerd"]),
        ("json", ["--format", "json"]),
        ("json-search-collapse", ["--format", "json", "--search", "views", "--search-mode", "collapse", "--no-flatten"]),
        ("icons-names-depth", ["--icons", "names", "--depth", "1"]),
    ]

    @Test(arguments: goldens.map(\.name))
    func matchesTheGolden(name: String) throws {
        let arguments = Self.goldens.first { $0.name == name }!.arguments
        let repo = try Fixtures.repository("branches")
        let isJSON = arguments.contains("json")
        let outcome = CLIRunner.run(arguments + ["main...feature"], in: repo, terminal: isJSON)
        #expect(outcome.status == 0, "\(outcome.error)")
        Golden.check(outcome.text, named: "\(name).txt", area: "CLI")
    }

    @Test func longNamesAreShortenedToTheTerminalWidthButNeverWhenPiped() throws {
        let repo = try Fixtures.repository("branches")
        let terminal = CLIRunner.run(["--color=never", "main...feature"], in: repo, terminal: true, width: 36)
        let rows = terminal.text.split(separator: "\n").dropFirst()
        #expect(rows.contains { $0.contains("…") })
        for row in rows { #expect(row.count <= 36, "\(row)") }
        Golden.check(terminal.text, named: "width-36.txt", area: "CLI")
        let piped = CLIRunner.run(["main...feature"], in: repo, terminal: false, width: 36)
        #expect(!piped.text.contains("…"))
        let columns = CLIRunner.run(["--color=never", "main...feature"], in: repo, environment: ["COLUMNS": "30"], terminal: true, width: 200)
        for row in columns.text.split(separator: "\n").dropFirst() { #expect(row.count <= 30, "\(row)") }
    }

    @Test func hideModeListsOnlyMatchingFilesInJSON() throws {
        let repo = try Fixtures.repository("branches")
        let json = try CLIRunner.json(["--search", "model", "main...feature"], in: repo)
        let paths = (json["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == ["Sources/App/Model/New/Added.swift", "Sources/App/Model/TreePath.swift"])
        #expect((json["summary"] as? [String: Any])?["files"] as? Int == 2)
    }

    @Test func statusFilterAppliesToJSON() throws {
        let repo = try Fixtures.repository("branches")
        let json = try CLIRunner.json(["--status", "D", "main...feature"], in: repo)
        let statuses = Set((json["files"] as? [[String: Any]])?.compactMap { $0["status"] as? String } ?? [])
        #expect(statuses == ["deleted"])
    }
}

import Foundation
import Testing
import TestSupport

/// `treereview explain --filters`: each path's matching rules name the group, the file's line
/// that holds the pattern, and whether it put the path in or left it out; the groups it puts
/// a path in are those the report's `groups` list the path in, for every file git lists as
/// changed (a rename by its new path, also matched at its old one).
struct ExplainGroupsTests {
    @Test func theRulesMatchedAreThoseThatPutEachFileInTheReportsGroups() throws {
        let repository = try Fixtures.repository("groups")
        let filters = try String(contentsOfFile: repository + "/.github/filters.yml", encoding: .utf8)
        let changed = try Shell.git(["diff", "-M", "--name-only", "main...feature"], in: repository).text
            .split(separator: "\n").map(String.init)
        #expect(changed.count == 5)
        let report = CLIRunner.run(["--format", "json", "--filters", ".github/filters.yml", "main...feature"], in: repository)
        #expect(report.status == 0, "\(report.error)")
        let groups = try #require((try JSONSerialization.jsonObject(with: Data(report.output)) as? [String: Any])?["groups"] as? [String: [String: Any]])
        let document = try ExplainCommandTests.explanation(["--filters", ".github/filters.yml", "main...feature", "--"] + changed,
                                                           in: repository)
        let paths = try ExplainCommandTests.paths(document)
        #expect(paths.count == changed.count)
        var rulesSeen = 0
        for path in paths {
            let name = try #require(path["path"] as? String)
            let rules = try #require(path["groups"] as? [[String: Any]])
            for rule in rules {
                let line = try #require(rule["line"] as? Int)
                let pattern = try #require(rule["pattern"] as? String)
                #expect(ExplainCommandTests.line(line, of: filters)?.contains(pattern) == true, "\(name): line \(line) \(pattern)")
                #expect(rule["filtersFile"] as? String == ".github/filters.yml")
                rulesSeen += 1
            }
            let putIn = Set(rules.filter { $0["matched"] as? Bool == true }.map { $0["group"] as! String })
                .subtracting(rules.filter { $0["matched"] as? Bool == false }.map { $0["group"] as! String })
            let holding = Set(groups.filter { ($0.value["files"] as? [String])?.contains(name) == true }.map(\.key))
            #expect(putIn == holding, "\(name)")
        }
        #expect(rulesSeen >= 5)
        let legacy = try #require(paths.first { $0["path"] as? String == "tools/legacy.go" })
        #expect((legacy["groups"] as? [[String: Any]])?.contains { $0["group"] as? String == "backend" } == true,
                "a rename out of backend/ is matched at its old path")

        let text = CLIRunner.run(["explain", "--filters", ".github/filters.yml", "main...feature", "--", "backend/api.go", "README.md"],
                                 in: repository)
        #expect(text.status == 0, "\(text.error)")
        #expect(text.text.contains("    in backend: pattern backend/** (.github/filters.yml line 2)"), "\(text.text)")
        #expect(text.text.contains("  Groups: no group of the filters file matches it."), "\(text.text)")
        let missing = CLIRunner.run(["explain", "--filters", "nowhere.yml", "main...feature", "--", "README.md"], in: repository)
        #expect(missing.status == 2 && missing.output.isEmpty && missing.errorLines.count == 1, "\(missing.error)")
    }
}

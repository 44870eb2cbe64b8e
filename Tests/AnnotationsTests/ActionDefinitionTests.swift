import Foundation
import Testing
import TestSupport

/// `action.yml` and the scripts it runs agree: every variable the run script reads is
/// passed, every output it writes is declared, and the cache key follows the sources.
struct ActionDefinitionTests {
    static let root = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func matches(of pattern: String, in text: String) throws -> Set<String> {
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return Set(expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    /// Every input of action.yml is passed on by the entry point (`Scripts/action-main.js`)
    /// to the run script as `INPUT_<NAME>` (`-` as `_`), and the script reads exactly those.
    @Test func everyInputIsPassedAndRead() throws {
        let script = try Self.text("Scripts/action-run") + Self.text("Scripts/action-base.bash")
        let main = try Self.text("Scripts/action-main.js")
        let action = try ActionWorkflowTests.action()
        #expect(action.inputs.count == 10)
        let listed = try Self.matches(of: "const inputs = \\[([^\\]]*)\\]", in: main).first ?? ""
        let passed = Set(listed.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " '")) })
        #expect(passed == action.inputs)
        let read = try Self.matches(of: "\\$\\{?(INPUT_[A-Z_]+)", in: script)
        #expect(read == Set(action.inputs.map { "INPUT_" + $0.uppercased().replacingOccurrences(of: "-", with: "_") }))
    }

    /// A JavaScript action, so that the run script's outputs need not all be declared (one per group).
    @Test func theActionRunsTheEntryPointOnNode() throws {
        let action = try ActionWorkflowTests.yaml(try Self.text("action.yml"))
        let runs = try #require(action["runs"] as? [String: Any])
        #expect(runs["using"] as? String == "node24")
        #expect(runs["main"] as? String == "Scripts/action-main.js")
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Scripts/action-main.js").path))
    }

    /// The event is read from its payload, not from expressions.
    @Test func theEventComesFromItsPayload() throws {
        let action = try Self.text("action.yml"), base = try Self.text("Scripts/action-base.bash")
        #expect(!action.contains("github.event"))
        #expect(base.contains("\"$GITHUB_EVENT_PATH\""))
    }

    /// Every output the run script writes by name is declared (those of each group cannot be).
    @Test func everyOutputWrittenIsDeclared() throws {
        let script = try Self.text("Scripts/action-run")
        let written = try Self.matches(of: "write_output ([a-z-]+) ", in: script)
        #expect(written == ["any-changed", "count", "counted", "files", "added", "modified", "deleted", "renamed",
                            "deleted-by-rename", "directories", "groups", "changes", "packages", "affected",
                            "base", "head", "base-reason"])
        #expect(written == (try ActionWorkflowTests.action()).outputs)
        let builtin = try Self.matches(of: "declare -A taken\nfor own in ([a-z \\\\\n-]+); do", in: script).first ?? ""
        #expect(Set(builtin.split(whereSeparator: { " \\\n".contains($0) }).map(String.init)) == written)
    }

    @Test func cacheKeyFollowsTheSources() throws {
        let copy = try Fixtures.temporaryDirectory()
        try Shell.run("cp", ["-R", Self.root.appendingPathComponent("Sources").path, Self.root.appendingPathComponent("Package.swift").path, copy])
        let script = Self.root.appendingPathComponent("Scripts/action-cache-key").path
        let first = try Shell.run("bash", [script, copy]).text
        #expect(first.hasPrefix("swift=6.3.1\nkey=treereview-"))
        #expect(try Shell.run("bash", [script, copy]).text == first)
        try "// changed\n".write(toFile: copy + "/Sources/treereview/extra.swift", atomically: true, encoding: .utf8)
        let second = try Shell.run("bash", [script, copy]).text
        #expect(second != first)
        #expect(second.dropLast(17) == first.dropLast(17))
    }
}

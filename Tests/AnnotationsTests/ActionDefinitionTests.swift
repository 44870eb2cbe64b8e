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

    /// Every input is passed to the run step as `INPUT_<NAME>` (`-` as `_`), and the script
    /// reads exactly those.
    @Test func everyInputIsPassedAndRead() throws {
        let script = try Self.text("Scripts/action-run") + Self.text("Scripts/action-base.bash"), action = try Self.text("action.yml")
        let read = try Self.matches(of: "\\$\\{?(INPUT_[A-Z_]+)", in: script)
        let passed = try Self.matches(of: "\\n +(INPUT_[A-Z_]+): \\$\\{\\{", in: action)
        #expect(read == passed)
        let declared = try Self.matches(of: "\\n  ([a-z-]+):\\n    description:", in: action.components(separatedBy: "\noutputs:")[0])
        #expect(declared.count == 9)
        let mapped = try Self.matches(of: "INPUT_([A-Z_]+): \\$\\{\\{ inputs\\.([a-z-]+) \\}\\}", in: action)
        #expect(mapped.count == declared.count)
        for input in declared {
            let name = "INPUT_" + input.uppercased().replacingOccurrences(of: "-", with: "_")
            #expect(action.contains("\(name): ${{ inputs.\(input) }}"), "\(input) is not passed as \(name)")
        }
    }

    /// The event is read from its payload, not from expressions.
    @Test func theEventComesFromItsPayload() throws {
        let action = try Self.text("action.yml"), base = try Self.text("Scripts/action-base.bash")
        #expect(!action.contains("github.event"))
        #expect(base.contains("\"$GITHUB_EVENT_PATH\""))
    }

    @Test func everyOutputWrittenIsDeclared() throws {
        let script = try Self.text("Scripts/action-run"), action = try Self.text("action.yml")
        let written = try Self.matches(of: "write_output ([a-z-]+) ", in: script)
        let declared = try Self.matches(of: "\\n  ([a-z-]+):\\n    description:[^\\n]*\\n    value: \\$\\{\\{ steps\\.run\\.outputs\\.([a-z-]+) \\}\\}", in: action)
        let values = try Self.matches(of: "value: \\$\\{\\{ steps\\.run\\.outputs\\.([a-z-]+) \\}\\}", in: action)
        #expect(written == ["any-changed", "count", "counted", "files", "added", "modified", "deleted", "renamed",
                            "deleted-by-rename", "directories", "groups", "changes", "packages", "affected",
                            "base", "head", "base-reason"])
        #expect(written == declared)
        #expect(written == values)
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

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

    @Test func everyVariableTheScriptReadsIsPassed() throws {
        let script = try Self.text("Scripts/action-run"), action = try Self.text("action.yml")
        let read = try Self.matches(of: "\\$\\{?((?:INPUT|EVENT)_[A-Z_]+)", in: script)
        let passed = try Self.matches(of: "\\n +((?:INPUT|EVENT)_[A-Z_]+): \\$\\{\\{", in: action)
        #expect(read == passed)
        #expect(read.count == 9)
        let inputs = try Self.matches(of: "INPUT_([A-Z]+): \\$\\{\\{ inputs\\.([a-z]+) \\}\\}", in: action)
        #expect(inputs.count == 6)
    }

    @Test func everyOutputWrittenIsDeclared() throws {
        let script = try Self.text("Scripts/action-run"), action = try Self.text("action.yml")
        let written = try Self.matches(of: "write_output ([a-z-]+) ", in: script)
        let declared = try Self.matches(of: "value: \\$\\{\\{ steps\\.run\\.outputs\\.([a-z-]+) \\}\\}", in: action)
        #expect(written == ["any-changed", "count", "files", "directories", "base", "head"])
        #expect(written == declared)
    }

    @Test func cacheKeyFollowsTheSources() throws {
        let copy = try Fixtures.temporaryDirectory()
        try Shell.run("cp", ["-R", Self.root.appendingPathComponent("Sources").path, Self.root.appendingPathComponent("Package.swift").path, copy])
        let script = Self.root.appendingPathComponent("Scripts/action-cache-key").path
        let first = try Shell.run("bash", [script, copy]).text
        #expect(first.hasPrefix("key=treereview-"))
        #expect(try Shell.run("bash", [script, copy]).text == first)
        try "// changed\n".write(toFile: copy + "/Sources/treereview/extra.swift", atomically: true, encoding: .utf8)
        let second = try Shell.run("bash", [script, copy]).text
        #expect(second != first)
        #expect(second.dropLast(17) == first.dropLast(17))
    }
}

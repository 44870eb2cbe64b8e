import Foundation
import PathFilters
import Testing
import TestSupport

/// The shapes groups use most (`**`, `dir/**`, `**/name`, `**/*.ext`, `*.ext`, literal
/// paths), which PathGlobs' fast paths decide, sort changes into groups as picomatch itself
/// does (node, `dot: true`).
@Suite struct GroupMatcherOracleTests {
    static let patterns = ["**", "tools/**", "a/b/**", "**/Dockerfile", "**/*.swift", "**/*.test.ts", "*.md", "src/package1"]
    static let paths = ["tools/a", "tools/a/b.swift", "toolsx/a", "a/tools/x", "a/b/c", "a/bc/d", "a/b/.git/x",
                        "Dockerfile", "x/Dockerfile", "x/xDockerfile", "Dockerfile/x", "a.swift", "x/y/z.swift",
                        "x/.hidden.swift", "x.swift/y", "b.test.ts", "x/b.ts", "README.md", "docs/a.md", ".x.md",
                        "src/package1", "src/package1/index.js", ".env", "a/.b/c"]

    @Test func commonShapesAnswerAsPicomatch() throws {
        try RequiredTool.require("node")
        let script = """
            const pm = require('picomatch');
            const [patterns, paths] = JSON.parse(require('fs').readFileSync(0, 'utf8'));
            process.stdout.write(JSON.stringify(patterns.map(p => paths.filter(x => pm(p, {dot: true})(x)))));
            """
        let input = try JSONSerialization.data(withJSONObject: [Self.patterns, Self.paths])
        let run = try Shell.run("node", ["-e", script], environment: ["NODE_PATH": "/usr/share/nodejs"], input: [UInt8](input))
        #expect(run.status == 0, "node picomatch: \(run.error) (apt-get install nodejs node-picomatch)")
        let expected = try JSONSerialization.jsonObject(with: Data(run.output)) as! [[String]]
        let yaml = Self.patterns.enumerated().map { "g\($0.offset): '\($0.element)'" }.joined(separator: "\n")
        let file = try FiltersFile(contents: Array(yaml.utf8), file: "f.yml")
        let changes = Self.paths.map { FilterChange(path: Array($0.utf8), status: .modified) }
        let groups = GroupMatcher(file).groups(of: changes)
        for (number, pattern) in Self.patterns.enumerated() {
            #expect(groups[number].map { Self.paths[$0] } == expected[number], "\(pattern)")
        }
        #expect(expected.allSatisfy { !$0.isEmpty && $0.count < Self.paths.count - 1 } || expected[0].count == Self.paths.count)
    }
}

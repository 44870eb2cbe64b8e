import Foundation
import Testing
import TestSupport
import TreeModel

/// Generated and vendored files and owners in the tree format, on the `annotations`
/// fixture: golden files, and what they show checked against git's own answer.
struct AnnotationTreeTests {
    static let leftOut = AnnotationJSONTests.feature.generated.union(AnnotationJSONTests.feature.vendored)

    /// The rows that stand for left-out files: `N generated files`, `dir/ (N vendored files)`,
    /// and one such file named: `yarn.lock (generated)`, `dir/ (1 vendored file: x.js)`.
    static func isFolded(_ row: String) -> Bool {
        row.contains(/^\d+ (generated|vendored)/) || row.contains(/\/ \(\d+ (generated|vendored)/)
            || row.contains(/^[^ ]+ \((generated|vendored)\)/)
    }

    /// A row without its guides, and its level.
    static func content(_ line: String) -> (level: Int, isLast: Bool?, text: Substring) {
        var rest = Substring(line)
        var level = 0
        while let unit = ["│   ", "    "].first(where: { rest.hasPrefix($0) }) {
            rest = rest.dropFirst(unit.count)
            level += 1
        }
        for (branch, isLast) in [("├── ", false), ("└── ", true)] where rest.hasPrefix(branch) {
            return (level + 1, isLast, rest.dropFirst(branch.count))
        }
        return (0, nil, rest)
    }

    /// Every way the rows' guides disagree with their levels: a `├──` with no later sibling,
    /// a `└──` with one, a `│` beside an ancestor that has none.
    static func guideProblems(_ lines: [String]) -> [String] {
        let rows = lines.map(content)
        var problems: [String] = []
        for (index, row) in rows.enumerated() where row.level > 0 {
            let laterSibling = rows[(index + 1)...].prefix { $0.level >= row.level }.contains { $0.level == row.level }
            if row.isLast == laterSibling { problems.append("\(lines[index]): branch says last \(row.isLast!), siblings say \(!laterSibling)") }
            let ancestors = (1..<row.level).map { level in rows[..<index].last { $0.level == level }?.isLast == false }
            let drawn = lines[index].prefix(4 * (row.level - 1)).chunked4.map { $0 == "│   " }
            if drawn != ancestors { problems.append("\(lines[index]): guides \(drawn), ancestors \(ancestors)") }
        }
        return problems
    }

    static func output(_ arguments: [String]) throws -> (text: String, lines: [String]) {
        let outcome = CLIRunner.run(arguments, in: try Fixtures.repository("annotations"))
        #expect(outcome.status == 0, "\(outcome.error)")
        let lines = outcome.text.split(separator: "\n").map(String.init)
        return (outcome.text, lines)
    }

    @Test func foldedRowsStandForTheLeftOutFilesAndTheRestIsGitsAnswer() throws {
        let (text, lines) = try Self.output(["main..feature"])
        Golden.check(text, named: "annotations-folded.txt", area: "CLI")
        let suffix = " · 3 generated and 1 vendored files not counted"
        #expect(lines[0].hasSuffix(suffix))
        let changes = try GitOracle.changes(in: try Fixtures.repository("annotations"), ["main..feature"])
        let counted = changes.filter { !Self.leftOut.contains($0.path.description) }
        let kept = [String(lines[0].dropLast(suffix.count))] + lines.dropFirst().filter { !Self.isFolded(String(Self.content($0).text)) }
        let rendered = try RenderedTree(parsing: kept.joined(separator: "\n"))
        #expect(rendered.differences(from: counted) == [])
        #expect(rendered.headerDifferences(from: counted) == [])
        #expect(Self.guideProblems(Array(lines.dropFirst())) == [])
        let folded = lines.dropFirst().map { Self.content($0).text }.filter { Self.isFolded(String($0)) }
        func plus(_ path: String) -> String { "+\(changes.first { $0.path.description == path }!.insertions!)" }
        #expect(folded.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") } == [
            "dist/ (1 vendored file: bundle.js) \(plus("dist/bundle.js"))",
            "node_modules/left-pad/ (1 generated file: index.js) \(plus("node_modules/left-pad/index.js"))",
            "notes.txt (generated) \(plus("src/notes.txt"))",
            "package-lock.json (generated) \(plus("package-lock.json"))",
        ])
    }

    @Test func includingGeneratedFilesShowsThemMarked() throws {
        let (text, lines) = try Self.output(["--include-generated", "main..feature"])
        Golden.check(text, named: "annotations-included.txt", area: "CLI")
        let changes = try GitOracle.changes(in: try Fixtures.repository("annotations"), ["main..feature"])
        let unmarked = [lines[0]] + lines.dropFirst().map { $0.replacing(/\ \((generated|vendored)(, vendored)?\)/, with: "") }
        let rendered = try RenderedTree(parsing: unmarked.joined(separator: "\n"))
        #expect(rendered.differences(from: changes) == [])
        #expect(rendered.headerDifferences(from: changes) == [])
        let marks = lines.compactMap { line in line.firstMatch(of: /(\S+) \((generated|vendored)(, vendored)?\)/).map { "\($0.1) \($0.2)\($0.3 ?? "")" } }
        #expect(marks == ["bundle.js vendored", "index.js generated, vendored", "notes.txt generated", "package-lock.json generated"])
    }

    @Test func ownersFollowNamesAndDirectoriesShowTheirFilesOwners() throws {
        let (text, lines) = try Self.output(["--owners", "main..feature"])
        Golden.check(text, named: "annotations-owners.txt", area: "CLI")
        let owners = AnnotationJSONTests.feature.owners
        for line in lines.dropFirst() {
            let row = Self.content(line).text
            guard let file = row.firstMatch(of: /^[AM]  (?<name>\S+)  (?<owners>[^+]*?)\s*(\+\d+|binary)?$/) else { continue }
            let path = owners.keys.first { $0 == String(file.name) || $0.hasSuffix("/" + file.name) }!
            let expected = owners[path]!.isEmpty ? "(unowned)" : owners[path]!.joined(separator: " ")
            #expect(String(file.owners) == expected, "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("src/  @org/src-team ") })
        #expect(lines.contains { $0.hasPrefix("lib/dep/  @lib-owner lib@example.com ") })
        #expect(lines.contains { $0.hasPrefix("api/  (unowned)") })
    }

    @Test func onlyGeneratedFilesChangedIsSaid() throws {
        let (_, lines) = try Self.output(["main..feature", "--", "node_modules", "package-lock.json"])
        #expect(lines == [
            "main..feature · no changes counted · 2 generated files not counted",
            "node_modules/left-pad/ (1 generated file: index.js)  +1",
            "package-lock.json (generated)                        +1",
        ])
    }
}

/// README.md's `## Owners and generated files`: each example runs on the `annotations`
/// fixture and does what its comment says; its sample is rows of the real `--owners` output.
struct AnnotationReadmeTests {
    static let heading = "## Owners and generated files"

    @Test func examplesDoWhatTheySay() throws {
        let repository = try Fixtures.repository("annotations")
        let commands = ReadmeDocument.block(after: Self.heading).map { String($0.split(separator: " # ")[0]).trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["treereview main...feature --owners", "treereview main...feature --owner @org/src-team",
                             "treereview main...feature --include-generated"])
        var outputs: [String] = []
        for command in commands {
            let result = try ReadmeDocument.run(command, in: repository)
            #expect(result.status == 0, "\(command): \(result.error)")
            outputs.append(result.text)
        }
        guard outputs.count == 3 else { return }
        #expect(outputs[0].contains("├── M  app.c  @org/src-team "))
        let kept = try RenderedTree(parsing: outputs[1].split(separator: "\n").map { $0.replacing(" · 1 generated file not counted", with: "") }
            .filter { !AnnotationTreeTests.isFolded(String(AnnotationTreeTests.content(String($0)).text)) }.joined(separator: "\n"))
        #expect(kept.files.map(\.path.description).allSatisfy { $0.hasPrefix("src/") } && !kept.files.isEmpty)
        let git = try GitOracle.changes(in: repository, ["main...feature"])
        let included = try RenderedTree(parsing: outputs[2].replacing(/\ \((generated|vendored)(, vendored)?\)/, with: ""))
        #expect(included.headerDifferences(from: git) == [])
    }

    @Test func theSampleIsPartOfTheRealOutput() throws {
        let lines = ReadmeDocument.text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: Substring(Self.heading)))
        let fences = lines[start...].indices.filter { lines[$0].hasPrefix("```") }
        try #require(fences.count >= 4)
        let sample = lines[(fences[2] + 1)..<fences[3]].map(String.init)
        let output = CLIRunner.run(["--owners", "main...feature"], in: try Fixtures.repository("annotations")).text
        let rows = output.split(separator: "\n").map(String.init)
        let first = try #require(rows.firstIndex(of: sample[0]))
        #expect(Array(rows[first..<min(rows.count, first + sample.count)]) == sample)
    }
}

extension Substring {
    /// The text in pieces of four characters (guide units).
    fileprivate var chunked4: [Substring] {
        stride(from: 0, to: count, by: 4).map { offset in
            let start = index(startIndex, offsetBy: offset)
            return self[start..<index(start, offsetBy: 4, limitedBy: endIndex)!]
        }
    }
}

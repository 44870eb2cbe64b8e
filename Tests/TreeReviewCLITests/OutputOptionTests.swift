import Foundation
import Testing
import TestSupport
import TreeModel

/// Each output option on a real fixture (`main...feature` of `branches`), against a golden
/// file in `Fixtures/CLI/golden/` (`TREEREVIEW_RECORD=1` re-records them) and, independently,
/// against git: the output is read back (tree rows, plain lines, JSON) and compared with
/// `git diff`'s files, statuses, origins and line counts.
struct OutputOptionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        enum Format: Sendable { case tree, plain, json }
        /// A property of this output beyond agreeing with git.
        enum Property: Sendable { case none, depth(Int), oneNamePerRow, sortedByName, sortedBySize, highlights(String), nerdGlyphs, iconNames }

        let name: String
        let arguments: [String]
        var format: Format = .tree
        /// What git must be asked for the same files (`--diff-filter=...`).
        var gitArguments: [String] = []
        /// A search in `hide` mode: only the matching files are shown and counted.
        var hiddenBy: String? = nil
        var lines = true
        var icons = false
        var property: Property = .none
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "default", arguments: []),
        Case(name: "depth-0", arguments: ["--depth", "0"], property: .depth(0)),
        Case(name: "depth-1", arguments: ["--depth", "1"], property: .depth(1)),
        Case(name: "search-hide", arguments: ["--search", "MODEL"], hiddenBy: "MODEL"),
        Case(name: "search-collapse", arguments: ["--search", "swift", "--search-mode", "collapse"]),
        Case(name: "search-expand-color", arguments: ["--search", "List", "--search-mode", "expand", "--color=always"],
             property: .highlights("list")),
        Case(name: "search-none", arguments: ["--search", "nothing-like-this"], hiddenBy: "nothing-like-this"),
        Case(name: "ascii", arguments: ["--charset", "ascii"]),
        Case(name: "no-flatten", arguments: ["--no-flatten"], property: .oneNamePerRow),
        Case(name: "sort-name", arguments: ["--sort", "name"], property: .sortedByName),
        Case(name: "sort-size", arguments: ["--sort", "size"], property: .sortedBySize),
        Case(name: "status-filter", arguments: ["--status", "AR"], gitArguments: ["--diff-filter=AR"]),
        Case(name: "status-drop", arguments: ["--status", "md"], gitArguments: ["--diff-filter=md"]),
        Case(name: "no-stat", arguments: ["--no-stat"], lines: false),
        Case(name: "plain", arguments: ["--format", "plain"], format: .plain),
        Case(name: "plain-search", arguments: ["--format", "plain", "--search", "app/model"], format: .plain, hiddenBy: "app/model"),
        Case(name: "icons-nerd", arguments: ["--icons", "nerd"], icons: true, property: .nerdGlyphs),
        Case(name: "json", arguments: ["--format", "json"], format: .json),
        Case(name: "json-search-collapse", arguments: ["--format", "json", "--search", "views", "--search-mode", "collapse", "--no-flatten"],
             format: .json),
        Case(name: "icons-names-depth", arguments: ["--icons", "names", "--depth", "1"], icons: true, property: .iconNames),
    ]

    @Test(arguments: cases)
    func matchesItsGoldenAndGit(_ example: Case) throws {
        let repo = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(example.arguments + ["main...feature"], in: repo, terminal: example.format == .json)
        #expect(outcome.status == 0, "\(outcome.error)")
        Golden.check(outcome.text, named: "\(example.name).txt", area: "CLI")

        var git = try GitOracle.changes(in: repo, ["main...feature"] + example.gitArguments)
        if let query = example.hiddenBy { git = git.filter { Self.matches($0.path, query) } }
        switch example.format {
        case .plain:
            #expect(outcome.text.split(separator: "\n").map(String.init) == git.map(\.path).sorted().map(\.description))
        case .json:
            #expect(ReportJSON.differences(try ReportJSON.parse(outcome.output), from: git) == [])
        case .tree:
            let tree = try RenderedTree(parsing: outcome.text, icons: example.icons)
            #expect(tree.differences(from: git, checks: example.lines ? .all : .origins) == [])
            #expect(tree.headerDifferences(from: git, lines: example.lines) == [])
            if !example.lines { #expect(tree.rows.allSatisfy { $0.insertions == nil && $0.deletions == nil && !$0.binary }) }
            if let query = example.hiddenBy {
                #expect(tree.header.filters == ["matching '\(query)'"])
                #expect(tree.header.comparisonFiles == (try GitOracle.changes(in: repo, ["main...feature"]).count))
                if git.isEmpty { #expect(tree.rows.isEmpty) }
            }
            try checkSearch(example, tree: tree, all: git)
            try checkProperty(example.property, tree: tree, colored: outcome.text, all: git)
        }
    }

    /// With a search that does not hide: every match is listed, and no collapsed directory holds one.
    private func checkSearch(_ example: Case, tree: RenderedTree, all git: [FileChange]) throws {
        guard example.hiddenBy == nil, let index = example.arguments.firstIndex(of: "--search") else { return }
        let query = example.arguments[index + 1]
        let matches = git.filter { Self.matches($0.path, query) }.map(\.path)
        #expect(!matches.isEmpty)
        #expect(Set(matches).isSubset(of: tree.files.map(\.path)))
        for row in tree.rows where row.rollUp != nil {
            #expect(!matches.contains { $0.description.hasPrefix(row.path.description + "/") }, "\(row.path) hides a match")
        }
    }

    private func checkProperty(_ property: Case.Property, tree: RenderedTree, colored: String, all git: [FileChange]) throws {
        switch property {
        case .none:
            break
        case .depth(let depth):
            for row in tree.rows where row.isDirectory {
                #expect((row.rollUp != nil) == (row.level == depth), "\(row.text)")
            }
            #expect(tree.rows.allSatisfy { $0.level <= depth })
            #expect(tree.rows.contains { $0.rollUp != nil })
        case .oneNamePerRow:
            let directories = tree.rows.filter(\.isDirectory)
            #expect(directories.allSatisfy { !$0.label.dropLast().contains("/") })
            #expect(Set(directories.map(\.path)) == Set(git.flatMap { Self.directories(of: $0.path) }))
        case .sortedByName:
            var directories: [[UInt8]] = []
            var groups: [[UInt8]: [[UInt8]]] = [:]
            for row in tree.rows {
                directories.removeSubrange(row.level...)
                let parent = directories.last.map { $0 + [UInt8(ascii: "/")] } ?? []
                groups[parent, default: []].append(Array(row.path.bytes.dropFirst(parent.count)))
                if row.isDirectory { directories.append(row.path.bytes) }
            }
            for names in groups.values {
                #expect(names == names.sorted { $0.lexicographicallyPrecedes($1) }, "\(names.map { String(decoding: $0, as: UTF8.self) })")
            }
        case .sortedBySize:
            var open: [(bytes: [UInt8], key: [UInt8])] = []
            var groups: [[UInt8]: [RenderedTree.Row]] = [:]
            for row in tree.rows {
                open.removeSubrange(row.level...)
                groups[open.last?.key ?? [], default: []].append(row)
                if row.isDirectory { open.append((row.path.bytes, row.path.bytes + [UInt8(ascii: "/")])) }
            }
            for siblings in groups.values {
                let size = { (row: RenderedTree.Row) in (row.insertions ?? 0) + (row.deletions ?? 0) }
                let ranked = siblings.enumerated().sorted { a, b in
                    if a.element.isDirectory != b.element.isDirectory { return a.element.isDirectory }
                    if size(a.element) != size(b.element) { return size(a.element) > size(b.element) }
                    return a.element.path.bytes.lexicographicallyPrecedes(b.element.path.bytes)
                }
                #expect(ranked.map(\.offset) == Array(siblings.indices), "\(siblings.map(\.text))")
            }
        case .highlights(let query):
            let underlined = colored.split(separator: "\n").filter { $0.contains("\u{1B}[1;4;") }
            let expected = git.filter { Self.matches($0.path, query) }
            #expect(underlined.count == expected.count)
            for (line, change) in zip(underlined, expected) {
                #expect(line.contains(String(decoding: change.path.basename, as: UTF8.self)))
            }
        case .nerdGlyphs:
            for row in tree.rows {
                let privateUse = row.label.unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) || $0.value >= 0xF0000 }
                #expect(privateUse, "no Nerd Font glyph in \(row.label)")
            }
        case .iconNames:
            for row in tree.rows {
                let label = row.status == nil ? Substring(row.label) : row.label.dropFirst(3)
                #expect(label.prefixMatch(of: /[a-z0-9]+(-[a-z0-9]+)*[ ]/) != nil, "no icon name in \(row.label)")
            }
        }
    }

    /// Whether `path` contains `query`, ignoring case, as `--search` finds.
    static func matches(_ path: RawPath, _ query: String) -> Bool {
        path.description.lowercased().contains(query.lowercased())
    }

    /// Every directory above `path` (`a/b/c` → `a`, `a/b`).
    static func directories(of path: RawPath) -> [RawPath] {
        let pieces = path.bytes.split(separator: UInt8(ascii: "/"))
        return (1..<max(1, pieces.count)).map { RawPath(bytes: Array(pieces[..<$0].joined(separator: [UInt8(ascii: "/")]))) }
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

        // Independently: row for row, the narrow tree is the full one (checked against git
        // by the `default` case) with names shortened in the middle, and the same stats.
        let narrow = try RenderedTree(parsing: terminal.text)
        let full = try RenderedTree(parsing: piped.text)
        #expect(narrow.header == full.header)
        #expect(narrow.rows.count == full.rows.count)
        for (short, long) in zip(narrow.rows, full.rows) {
            #expect(short.level == long.level && short.status == long.status && short.isDirectory == long.isDirectory)
            #expect(short.insertions == long.insertions && short.deletions == long.deletions && short.binary == long.binary)
            #expect(Self.isAbbreviation(short.label, of: long.label), "\(short.label) does not shorten \(long.label)")
        }
    }

    /// Whether `shown` is `full` with parts replaced by `…`.
    static func isAbbreviation(_ shown: String, of full: String) -> Bool {
        let pieces = shown.split(separator: "…", omittingEmptySubsequences: false)
        guard pieces.count > 1 else { return shown == full }
        guard full.hasPrefix(pieces.first!), full.hasSuffix(pieces.last!) else { return false }
        var rest = Substring(full)
        for piece in pieces {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return shown.count <= full.count
    }

    @Test func hideModeListsOnlyMatchingFilesInJSON() throws {
        let repo = try Fixtures.repository("branches")
        let json = try CLIRunner.json(["--search", "model", "main...feature"], in: repo)
        let git = try GitOracle.changes(in: repo, ["main...feature"]).filter { Self.matches($0.path, "model") }
        #expect(git.count == 2)
        #expect(ReportJSON.differences(json, from: git) == [])
    }

    @Test func statusFilterAppliesToJSON() throws {
        let repo = try Fixtures.repository("branches")
        let json = try CLIRunner.json(["--status", "D", "main...feature"], in: repo)
        let git = try GitOracle.changes(in: repo, ["--diff-filter=D", "main...feature"])
        #expect(!git.isEmpty)
        #expect(ReportJSON.differences(json, from: git) == [])
    }
}

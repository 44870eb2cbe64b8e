import Browser
import TerminalUI
import TestSupport
import Testing
import TreeBrowser
import TreeModel

/// The status filter (`f` and a letter, `F`) shows the tree of the files of that status: the
/// same rows, roll-ups and totals as a model built from those files alone, on generated
/// change lists with every status, deep paths and flattened chains.
struct BrowserFilterTests {
    static let letters: [(Character, ChangeStatus)] = [
        ("a", .added), ("m", .modified), ("d", .deleted), ("r", .renamed), ("c", .copied),
        ("t", .typeChanged), ("u", .unmerged), ("?", .untracked),
    ]

    /// Files up to six directories deep, from small name pools (so directories repeat and
    /// single-directory chains form), each path once, with any status and line counts.
    static func changes(seed: Int) -> [FileChange] {
        var random = SeededGenerator(state: UInt64(seed))
        var seen = Set<RawPath>()
        var changes: [FileChange] = []
        for _ in 0..<Int.random(in: 40...120, using: &random) {
            let depth = Int.random(in: 0...6, using: &random)
            var pieces = (0..<depth).map { level in ["src", "lib", "x\(level)", "deep"].randomElement(using: &random)! }
            pieces.append(["a.swift", "b.md", "Makefile", "c"].randomElement(using: &random)!)
            let path = RawPath(pieces.joined(separator: "/"))
            guard seen.insert(path).inserted else { continue }
            let status = ChangeStatus.allCases.randomElement(using: &random)!
            let binary = Int.random(in: 0..<8, using: &random) == 0
            changes.append(FileChange(status: status, path: path,
                                      insertions: binary ? nil : Int.random(in: 0...30, using: &random),
                                      deletions: binary ? nil : Int.random(in: 0...30, using: &random), binary: binary))
        }
        return changes
    }

    @Test(arguments: 0..<12)
    func eachFilterShowsTheTreeOfItsFilesAlone(seed: Int) throws {
        let changes = Self.changes(seed: seed)
        var browser = try Browser(changes: changes, configuration: BrowserConfiguration(title: "t"),
                                  size: TerminalSize(columns: 100, rows: 30))
        let all = browser.model.rows
        for (letter, status) in Self.letters {
            _ = browser.handle(.key(.character("f")))
            _ = browser.handle(.key(.character(letter)))
            let alone = try TreeBrowserModel(changes: changes.filter { $0.status == status }, expansion: .expanded)
            #expect(browser.statusFilter == status)
            #expect(browser.model.rows == alone.rows, "seed \(seed), \(status)")
            #expect(browser.model.total == alone.total)
            _ = browser.handle(.key(.character("F")))
            #expect(browser.model.rows == all)
        }
    }

    @Test func theGeneratedChangesHaveEveryStatusDeepPathsAndChains() throws {
        let changes = (0..<12).flatMap { Self.changes(seed: $0) }
        #expect(Set(changes.map(\.status)) == Set(ChangeStatus.allCases))
        #expect(changes.contains { $0.path.bytes.count(where: { $0 == UInt8(ascii: "/") }) >= 5 })
        let rows = try TreeBrowserModel(changes: Self.changes(seed: 0), expansion: .expanded).rows
        #expect(rows.contains { $0.chain.count > 1 })
    }
}

import TestSupport
import Testing
import TreeBrowser
import TreeModel

/// Seeded random row lists: at every scroll position the pinned stack obeys the rules of
/// ``StickyAncestors``, checked against ancestors found by scanning the rows directly.
struct StickyAncestorsPropertyTests {
    typealias Generator = SeededGenerator

    /// Depth-first rows: a row goes at most one level below the row above, and only below a
    /// directory.
    static func randomRows(count: Int, _ random: inout Generator) -> [(level: Int, isDirectory: Bool)] {
        var rows: [(level: Int, isDirectory: Bool)] = []
        for _ in 0..<count {
            let deepest = rows.last.map { $0.isDirectory ? $0.level + 1 : $0.level } ?? 0
            let level = Int.random(in: 0...deepest, using: &random)
            rows.append((level: level, isDirectory: Bool.random(using: &random)))
        }
        return rows
    }

    /// The ancestors of row `index`, root first, by scanning upwards for lower levels.
    static func ancestors(of index: Int, in rows: [(level: Int, isDirectory: Bool)]) -> [Int] {
        var chain: [Int] = []
        var level = rows[index].level
        var row = index - 1
        while row >= 0 && level > 0 {
            if rows[row].level < level {
                chain.append(row)
                level = rows[row].level
            }
            row -= 1
        }
        return chain.reversed()
    }

    @Test(arguments: 1...8)
    func pinnedStacksFollowTheRules(seed: Int) {
        var random = Generator(state: UInt64(seed))
        let rows = Self.randomRows(count: 60 + seed * 10, &random)
        let sticky = StickyAncestors(rows: rows)
        for top in 0...rows.count {
            let context = Comment(rawValue: "seed \(seed), top \(top)")
            let pinned = sticky.pinned(top: top)
            let k = pinned.count
            if top == 0 || top >= rows.count { #expect(pinned.isEmpty, context) }
            for (line, row) in pinned.enumerated() {
                #expect(row.line == line, context)
                #expect(rows[row.row].isDirectory, context)
                // Line h holds the ancestor at depth h of the row drawn on line h.
                #expect(Self.ancestors(of: top + line, in: rows).dropFirst(line).first == row.row, context)
                #expect(row.offset == 0 || line == k - 1, context)
            }
            guard k > 0, top + k < rows.count else { continue }
            let below = top + k
            let belowDepth = Self.ancestors(of: below, in: rows).count
            // The stack is as deep as it can be: the row seen below has no ancestor at depth k.
            #expect(belowDepth <= k, context)
            if belowDepth == k {
                #expect(pinned.map(\.row) == Self.ancestors(of: below, in: rows), context)
                #expect(pinned[k - 1].offset == 0, context)
            } else {
                #expect(pinned[k - 1].offset == (rows[below].isDirectory ? 1 : 0), context)
                #expect(sticky.pinned(top: top + 1).map(\.row) == pinned.dropLast().map(\.row), context)
            }
        }
    }
}

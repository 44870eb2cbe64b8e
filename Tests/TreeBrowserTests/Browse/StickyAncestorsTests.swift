import Testing
@testable import TreeBrowser
import TreeModel

/// Docs/TreeModel.md#sticky-ancestors: while scrolling, the chain of directories from the root
/// to the top visible row stays pinned above the list, root first; a following sibling
/// directory pushes the deepest pinned row out as it arrives; files are never pinned; only the
/// last pinned row ever moves.
struct StickyAncestorsTests {
    /// A list drawn as text: two spaces per level, a trailing `/` for a directory.
    struct Listing {
        let lines: [String]
        let sticky: StickyAncestors

        init(_ lines: [String]) {
            self.lines = lines
            sticky = StickyAncestors(rows: lines.map { line in
                let indent = line.prefix { $0 == " " }.count
                return (level: indent / 2, isDirectory: line.hasSuffix("/"))
            })
        }

        /// The pinned rows' names, root first; a pushed row is marked `↑`.
        func pinned(top: Int) -> [String] {
            sticky.pinned(top: top).map { pinned in
                let name = lines[pinned.row].drop { $0 == " " }
                return pinned.offset == 0 ? String(name) : "\(name)↑\(pinned.offset)"
            }
        }
    }

    static let nested = Listing([
        "Sources/",             // 0
        "  App/",               // 1
        "    Model/",           // 2
        "      Path.swift",     // 3
        "      Tree.swift",     // 4
        "      Node.swift",     // 5
        "    View.swift",       // 6
        "README.md",            // 7
    ])

    static let siblings = Listing([
        "a/",       // 0
        "  b/",     // 1
        "    x",    // 2
        "    y",    // 3
        "  c/",     // 4
        "    z",    // 5
        "    w",    // 6
        "d.txt",    // 7
    ])

    @Test func scrollingToTheTopPinsNothing() {
        #expect(Self.nested.pinned(top: 0) == [])
        #expect(Self.siblings.pinned(top: 0) == [])
        #expect(Listing([]).pinned(top: 0) == [])
    }

    @Test func scrolledIntoANestedDirectoryPinsTheChainRootFirst() {
        // Lines 0–2 cover Model/, Path.swift and Tree.swift; Node.swift is the first row seen.
        #expect(Self.nested.pinned(top: 2) == ["Sources/", "App/", "Model/"])
        let pinned = Self.nested.sticky.pinned(top: 2)
        #expect(pinned.map(\.row) == [0, 1, 2])
        #expect(pinned.map(\.line) == [0, 1, 2])
        #expect(pinned.map(\.offset) == [0, 0, 0])
        // Each pinned row is the parent of the next.
        #expect(pinned.dropFirst().allSatisfy { Self.nested.sticky.parent(of: $0.row) == $0.row - 1 })
    }

    @Test func aDirectoryInItsPlaceIsNotPinned() {
        // A top-level directory on the first line is in its place: nothing to pin.
        let topLevelDirectory = Listing(["x.txt", "a/", "  y.txt"])
        #expect(topLevelDirectory.pinned(top: 1) == [])
        #expect(topLevelDirectory.pinned(top: 2) == ["a/"])
        // b/, with nothing open below it, is covered by a/ and never pinned; c/ is seen.
        let collapsed = Listing(["a/", "  b/", "  c/", "    f"])
        #expect(collapsed.pinned(top: 1) == ["a/"])
        #expect(collapsed.pinned(top: 2) == ["a/", "c/"])
    }

    @Test func filesAreNeverPinned() {
        // A file on the first line: its directories are pinned, the file is not.
        #expect(Self.nested.pinned(top: 3) == ["Sources/", "App/", "Model/"])
        #expect(Self.nested.pinned(top: 7) == [])
        for listing in [Self.nested, Self.siblings] {
            for top in 0...listing.lines.count {
                #expect(listing.sticky.pinned(top: top).allSatisfy { listing.sticky.rows[$0.row].isDirectory })
            }
        }
        // Even rows indented below a file do not pin it.
        let malformed = Listing(["a/", "  f", "    g", "    h"])
        #expect(malformed.pinned(top: 2) == ["a/"])
    }

    @Test func aFollowingSiblingDirectoryPushesTheDeepestPinnedRowOut() {
        let listing = Self.siblings
        // b/ and x are under the stack; y is seen.
        #expect(listing.pinned(top: 1) == ["a/", "b/"])
        // c/ arrives directly below the stack: b/ is being pushed up by one line.
        #expect(listing.pinned(top: 2) == ["a/", "b/↑1"])
        // One line on, c/ has taken b/'s line; b/ is gone.
        #expect(listing.pinned(top: 3) == ["a/"])
        // Scrolled into c/, it is pinned in turn.
        #expect(listing.pinned(top: 4) == ["a/", "c/"])
        #expect(listing.pinned(top: 5) == ["a/", "c/"])
    }

    @Test func aFollowingFileDoesNotPush() {
        let listing = Self.siblings
        // d.txt, a top-level file, arrives below c/: no push; c/ leaves a line later.
        #expect(listing.pinned(top: 5) == ["a/", "c/"])
        #expect(listing.pinned(top: 6) == ["a/"])
        #expect(listing.pinned(top: 7) == [])
    }

    @Test func aShallowerDirectoryPushesOneRowPerLine() {
        let listing = Listing([
            "a/",           // 0
            "  b/",         // 1
            "    e/",       // 2
            "      f",      // 3
            "      g",      // 4
            "  c/",         // 5
            "    h",        // 6
            "    i",        // 7
        ])
        #expect(listing.pinned(top: 1) == ["a/", "b/", "e/"])
        // c/ is below the stack: it ends both b/ and e/, but only the deepest moves.
        #expect(listing.pinned(top: 2) == ["a/", "b/", "e/↑1"])
        #expect(listing.pinned(top: 3) == ["a/", "b/↑1"])
        #expect(listing.pinned(top: 4) == ["a/"])
        #expect(listing.pinned(top: 5) == ["a/", "c/"])
    }

    @Test func onlyTheLastPinnedRowEverMoves() {
        let listing = Listing([
            "a/", "  b/", "    c/", "      d/", "        f1", "        f2", "      e/", "        f3",
            "    g/", "      f4", "  h/", "    f5", "    i/", "      f6", "j/", "  k/", "    f7", "l.txt",
        ])
        var sawPush = false
        for top in 0...listing.lines.count {
            let pinned = listing.sticky.pinned(top: top)
            #expect(pinned.dropLast().allSatisfy { $0.offset == 0 })
            #expect(pinned.allSatisfy { (0...1).contains($0.offset) })
            #expect(pinned.map(\.line) == Array(pinned.indices))
            sawPush = sawPush || pinned.last?.isPushed == true
        }
        #expect(sawPush)
    }

    @Test func everyPinnedRowIsAProperAncestorOfTheRowItCovers() {
        let listing = Listing([
            "a/", "  b/", "    c/", "      f1", "    f2", "  d/", "    e/", "      f3", "      f4", "f5",
        ])
        let sticky = listing.sticky
        func isProperAncestor(_ ancestor: Int, of row: Int) -> Bool {
            var current = sticky.parent(of: row)
            while let index = current {
                if index == ancestor { return true }
                current = sticky.parent(of: index)
            }
            return false
        }
        for top in 0..<listing.lines.count {
            for pinned in sticky.pinned(top: top) {
                #expect(isProperAncestor(pinned.row, of: top + pinned.line))
                #expect(sticky.depth(of: pinned.row) == pinned.line)
            }
        }
    }

    @Test func aPositionPastTheRowsPinsNothing() {
        #expect(Self.nested.pinned(top: 8) == [])
        #expect(Self.nested.pinned(top: 100) == [])
        #expect(Self.nested.pinned(top: -1) == [])
    }

    @Test func worksOnABrowsersVisibleRows() throws {
        let model = try TreeBrowserModel(
            paths: ["src/lib/core/a.swift", "src/lib/core/b.swift", "src/lib/util/c.swift", "src/lib/main.swift"],
            expansion: .expanded)
        #expect(model.rows.map(\.description) == [
            "▾ src/lib",
            "  ▾ core",
            "      a.swift",
            "      b.swift",
            "  ▾ util",
            "      c.swift",
            "    main.swift",
        ])
        let sticky = StickyAncestors(rows: model.rows)
        func pinned(_ top: Int) -> [String] {
            sticky.pinned(top: top).map { model.row(at: $0.row).label + ($0.isPushed ? "↑" : "") }
        }
        #expect(pinned(0) == [])
        #expect(pinned(1) == ["src/lib", "core"])
        #expect(pinned(2) == ["src/lib", "core↑"])
        #expect(pinned(3) == ["src/lib"])
        #expect(pinned(4) == ["src/lib", "util"])
        #expect(pinned(5) == ["src/lib"])
    }
}

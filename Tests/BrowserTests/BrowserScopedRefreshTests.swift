import Browser
import TerminalUI
import TestSupport
import Testing
import TreeModel

/// A refresh of a few paths (`ChangeRefresh.within`) must leave the browser as the whole
/// list would: random change lists, random moves, collapses and filters, then both ways.
struct BrowserScopedRefreshTests {
    private static let universe = ["a", "a-b", "a.txt", "a/x.c", "a/y.c", "a/b/z.c", "a/b/deep/q.c", "b/one", "b/two",
                                   "c", "c/d/e/f.md", "top.md"]

    @Test(arguments: 0..<40)
    func aScopedRefreshShowsWhatAWholeOneShows(seed: Int) throws {
        var generator = SeededGenerator(state: UInt64(seed) + 1)
        let before = Self.changes(&generator)
        let after = Self.changes(&generator)
        var whole = try BrowserHarness(before)
        var scoped = try BrowserHarness(before)
        let keys = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            [KeyEvent.character("j"), .character("h"), .character("l"), .character("G"), .character("-"), .character("u")]
                .randomElement(using: &generator)!
        }
        for key in keys {
            whole.press(key)
            scoped.press(key)
        }
        if seed % 4 == 0 {
            whole.press(.character("f"), .character("m"))
            scoped.press(.character("f"), .character("m"))
        }
        let paths = Self.scope(covering: before, after, &generator)
        let inside = after.filter { change in paths.contains { Self.path(change.path, isWithin: $0) } }
        let refresh = ChangeRefresh.within(paths: paths, changes: inside)
        #expect(refresh.applied(to: before) == after.sorted { $0.path < $1.path })
        let wholeChanged = whole.browser.update(changes: .all(after))
        let scopedChanged = scoped.browser.update(changes: refresh)
        #expect(wholeChanged == scopedChanged, "seed \(seed)")
        #expect(scoped.screen() == whole.screen(), "seed \(seed): \(paths.map(\.description))")
        #expect(scoped.focused == whole.focused)
    }

    /// A change list over the universe: each path present or not (a file never also a
    /// directory), with a random status and count.
    private static func changes(_ generator: inout SeededGenerator) -> [FileChange] {
        var chosen: [String] = []
        for path in universe.shuffled(using: &generator) where Bool.random(using: &generator) {
            if chosen.contains(where: { $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }) { continue }
            chosen.append(path)
        }
        return chosen.map { path in
            change([.modified, .added, .deleted].randomElement(using: &generator)!, path,
                   Int.random(in: 0...3, using: &generator), 1)
        }
    }

    /// Paths (files and directories) covering every path whose change differs, and some more.
    private static func scope(covering before: [FileChange], _ after: [FileChange],
                              _ generator: inout SeededGenerator) -> [RawPath] {
        var paths = Set(before.filter { !after.contains($0) }.map(\.path) + after.filter { !before.contains($0) }.map(\.path))
        let widened = paths.map { path -> RawPath in
            guard Bool.random(using: &generator), let slash = path.bytes.firstIndex(of: UInt8(ascii: "/")) else { return path }
            return RawPath(bytes: Array(path.bytes[..<slash]))
        }
        paths = Set(widened)
        if let extra = universe.randomElement(using: &generator) { paths.insert(RawPath(extra)) }
        return paths.sorted()
    }

    private static func path(_ path: RawPath, isWithin scope: RawPath) -> Bool {
        path == scope || path.bytes.starts(with: scope.bytes + [UInt8(ascii: "/")])
    }
}

@testable import Packages
import Testing
import TestSupport

/// ``SortedRootCursor`` (paths in byte order) gives every path the package the directory
/// memo (``ContainingPackages``) gives it, on generated trees of nested roots whose names
/// share prefixes and sort around `/` (`a`, `a-b`, `a.b`, `a/b`); out of order it declines.
struct SortedRootCursorTests {
    static let names = ["a", "a-b", "a.b", "ab", "b", "a0", "z"]

    static func randomPath(_ generator: inout SeededGenerator, depth: Int) -> [UInt8] {
        (0..<depth).map { _ in names.randomElement(using: &generator)! }.joined(separator: "/").utf8.map { $0 }
    }

    @Test func agreesWithTheDirectoryMemoOnGeneratedTrees() {
        var generator = SeededGenerator(state: 23)
        var nestedRoots = 0, topFiles = 0, rootedFiles = 0, declined = 0
        for _ in 0..<300 {
            var files: [String: String] = [:]
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                let directory = String(decoding: Self.randomPath(&generator, depth: Int.random(in: 1...3, using: &generator)), as: UTF8.self)
                files[directory + "/package.json"] = #"{"name": "p"}"#
            }
            let graph = PackageGraphTests.graph(files)
            nestedRoots += graph.packages.filter { root in
                graph.packages.contains { $0.path.count > 0 && root.path.count > $0.path.count && root.path.starts(with: $0.path + [UInt8(ascii: "/")]) }
            }.count
            var paths = (0..<40).map { _ in Self.randomPath(&generator, depth: Int.random(in: 1...5, using: &generator)) + Array("/f".utf8) }
            paths.sort { $0.lexicographicallyPrecedes($1) }
            var cursor = SortedRootCursor(graph)
            var memo = ContainingPackages()
            for path in paths {
                let expected = memo.package(containing: path, in: graph)
                #expect(cursor.package(containing: path) == expected, "\(String(decoding: path, as: UTF8.self)) in \(files.keys.sorted())")
                if expected == 0 { topFiles += 1 } else { rootedFiles += 1 }
            }
            if paths.count > 1, paths.first != paths.last, cursor.package(containing: paths[0]) == nil { declined += 1 }
        }
        #expect(nestedRoots > 50 && topFiles > 1000 && rootedFiles > 1000 && declined > 250,
                "nested \(nestedRoots), top \(topFiles), rooted \(rootedFiles), declined \(declined)")
    }
}

import Testing
import TestSupport
import TreeModel
@testable import TreeReviewCLI

/// The browser's lookup of each file's new-side id answers as a table by path would, whether
/// the changes come in byte order (binary search) or not (a table made at the first lookup),
/// and ids recorded later win.
struct NewObjectsByPathTests {
    static func object(_ seed: Int) -> ObjectHash? {
        seed % 5 == 0 ? nil : ObjectHash(bytes: (0..<20).map { UInt8(truncatingIfNeeded: seed &* 31 &+ $0) })
    }

    /// Random paths, some repeated; sorted and each once for even seeds.
    static func paths(seed: Int) -> [RawPath] {
        var random = SeededGenerator(state: UInt64(seed + 1))
        let names = ["a", "b", "a/b", "a-b", "a/c", "Z", "é", "b/x/y"]
        let paths = (0..<Int.random(in: 5...40, using: &random)).map { _ in
            RawPath((0..<Int.random(in: 1...3, using: &random)).map { _ in names.randomElement(using: &random)! }.joined(separator: "/"))
        }
        return seed % 2 == 0 ? Array(Set(paths)).sorted() : paths
    }

    @Test(arguments: 0..<6)
    func answersAsATableByPath(seed: Int) {
        let paths = Self.paths(seed: seed)
        let changes = paths.map { FileChange(status: .modified, path: $0) }
        let objects = paths.indices.map { Self.object($0 + seed) }
        var expected: [RawPath: ObjectHash?] = [:]
        for (path, object) in zip(paths, objects) { expected[path] = object }
        var lookup = NewObjectsByPath(changes: changes, objects: objects)
        for path in paths + [RawPath("missing"), RawPath("a/b/c/d")] {
            #expect(lookup.object(at: path) == (expected[path] ?? nil), "\(path)")
        }
        let recorded = paths[paths.count / 2]
        lookup.record(Self.object(1), at: recorded)
        #expect(lookup.object(at: recorded) == Self.object(1))
    }

    @Test func theGeneratorMakesSortedAndUnsortedListsWithDuplicates() {
        var sawDuplicate = false, sawUnsorted = false
        for seed in 0..<6 where seed % 2 == 1 {
            let paths = Self.paths(seed: seed)
            sawDuplicate = sawDuplicate || Set(paths).count < paths.count
            sawUnsorted = sawUnsorted || paths != paths.sorted()
        }
        #expect(sawDuplicate && sawUnsorted)
    }
}
